// SPDX-License-Identifier: MIT
// The human-readable report fourfold-cli prints by default: the same figures and formula
// text the GUI shows, laid out as plain-text tables.
#pragma once

#include "core/evaluation.h"
#include "core/format.h"

#include <string>

namespace fourfold::core {

[[nodiscard]] std::string evaluationTable(const Evaluation& evaluation,
                                          ByteUnits units = ByteUnits::Decimal);

}  // namespace fourfold::core
