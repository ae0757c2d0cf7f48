// SPDX-License-Identifier: MIT
// The words inside explained figures in other languages: each term's name ("micro-batch size")
// and each note ("kept in CPU memory") keyed by the English the engine writes, so the CLI and
// the app render a formula's legend in the reader's language. Symbols, numbers and sources
// (paper citations) stay as they are. tst_explained_names checks that every name and note the
// engine writes has a rendering.
#pragma once

#include "core/text/language.h"

#include <span>
#include <string_view>

namespace fourfold::core {

// Whether the language renders this English name or note (English always does).
[[nodiscard]] bool hasExplainedText(std::string_view english, Language language);
// A term name or note in a language; the English text when the language has none.
[[nodiscard]] std::string_view explainedText(std::string_view english, Language language);

}  // namespace fourfold::core
