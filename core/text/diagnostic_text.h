// SPDX-License-Identifier: MIT
// The one table of diagnostic codes and their English sentences. A sentence is a template:
// {name} is replaced by the arg of that name; {name:percent} shows a fraction as "27.3 %" and
// {name:bytes} a byte count as "77.3 GB";
// [[ ... ]] is a clause kept only when every arg it names is present. A translation keeps the
// same codes and arg names and supplies its own templates.
#pragma once

#include "core/text/diagnostic.h"
#include "core/text/language.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

// Every code the core emits, sorted by code, is diagnosticCodes() (core/text/language.h).

// The English template of a code; empty when the code is unknown.
[[nodiscard]] std::string_view diagnosticTemplate(std::string_view code);

// Every code's template in a language: the same codes in the same order as diagnosticCodes().
[[nodiscard]] std::span<const DiagnosticCode> diagnosticCodes(Language language);
// The template of a code in a language; empty when the code is unknown.
[[nodiscard]] std::string_view diagnosticTemplate(std::string_view code, Language language);

// The names of the args a template quotes, in order of first appearance.
[[nodiscard]] std::vector<std::string> templateArgNames(std::string_view text);

// Fills a template with args (the renderer any translation can reuse).
[[nodiscard]] std::string renderTemplate(std::string_view text, const DiagnosticArgs& args);

// The English sentence for a code and its args; an unknown code renders as "code (a=1, ...)".
[[nodiscard]] std::string renderDiagnostic(std::string_view code, const DiagnosticArgs& args);

// The sentence in a language; a code the language lacks falls back to the English sentence.
[[nodiscard]] std::string renderDiagnostic(std::string_view code, const DiagnosticArgs& args,
                                           Language language);
// A diagnostic's sentence in a language; one without a code keeps its message.
[[nodiscard]] std::string renderMessage(const Diagnostic& diagnostic, Language language);
// describe() in a language: severity, line and column, place and sentence, each in its words.
[[nodiscard]] std::string describe(const Diagnostic& diagnostic, Language language);

// How an arg shows in a sentence: integers in full, reals as "0.95" or "6.74e9", text as is.
[[nodiscard]] std::string argText(const DiagnosticArg& arg);

}  // namespace fourfold::core
