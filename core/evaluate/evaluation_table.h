// SPDX-License-Identifier: MIT
// The human-readable report fourfold-cli prints by default: the same figures and formula
// text the GUI shows, laid out as plain-text tables.
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/text/format.h"
#include "core/text/language.h"

#include <string>

namespace fourfold::core {

[[nodiscard]] std::string evaluationTable(const Evaluation& evaluation,
                                          ByteUnits units = ByteUnits::Decimal);
// The same table in a language: labels, formulas' notes, what-ifs and diagnostics rendered in
// it (core/text/coded_text.h, core/text/explained_names.h, core/text/diagnostic_text.h); numbers,
// symbols and plan keys as in English.
[[nodiscard]] std::string evaluationTable(const Evaluation& evaluation, ByteUnits units,
                                          Language language);

}  // namespace fourfold::core
