// SPDX-License-Identifier: MIT
// Short texts the engine writes beside its figures (a what-if's change, a formula with its
// numbers, a search note) as a stable code plus the values they quote, so the CLI and the app
// render them in the reader's language from one table per language, as diagnostics are
// (core/text/diagnostic_text.h: the same template syntax). The English rendering is the text the
// JSON has always carried.
#pragma once

#include "core/text/diagnostic.h"
#include "core/text/diagnostic_text.h"
#include "core/text/language.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

struct CodedText {
    std::string code;  // "what_if.zero_stage", "formula.goodput", ...
    DiagnosticArgs args{};

    [[nodiscard]] bool empty() const { return code.empty(); }
    bool operator==(const CodedText&) const = default;
};

// Every code in a language, sorted by code (its row of core/text/language.h).
[[nodiscard]] std::span<const DiagnosticCode> codedTexts(Language language);
// The template of a code in a language; empty when the code is unknown.
[[nodiscard]] std::string_view codedTemplate(std::string_view code, Language language);

// The text in a language; a code the language lacks falls back to English, an unknown code
// renders as "code (a=1, ...)" and an empty one as "".
[[nodiscard]] std::string renderCodedText(const CodedText& text, Language language);
// A coded text inside a diagnostic: its code and args added to `args` under "<name>.code" and
// "<name>.<arg>", beside the English text the arg `name` already holds; renderCodedArgs() then
// writes that arg in the diagnostic's language.
void appendCodedArgs(DiagnosticArgs& args, std::string_view name, const CodedText& text);
// The args with every arg that appendCodedArgs() accompanied rendered again in a language.
[[nodiscard]] DiagnosticArgs renderCodedArgs(const DiagnosticArgs& args, Language language);

// One language's catalogue as a function, for reports written word by word from it:
// words("calibrate.report.parameters") → "Parameters".
struct CodedWords {
    Language language = Language::English;
    [[nodiscard]] std::string operator()(std::string code, DiagnosticArgs args = {}) const {
        return renderCodedText({std::move(code), std::move(args)}, language);
    }
};

// Parts joined as one line: "; " in English, "；" in Chinese.
[[nodiscard]] std::string renderCodedLine(const std::vector<CodedText>& parts, Language language);

}  // namespace fourfold::core
