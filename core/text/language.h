// SPDX-License-Identifier: MIT
// The languages Fourfold speaks, in one table: each row names a language's code, the spellings
// that choose it and its catalogues (diagnostic sentences, coded texts, the names inside
// explained figures), so the CLI and the app say the same thing in it. English is the source
// language: its catalogues hold the codes' own texts, and every other one is keyed by them.
// Adding a language is its catalogue files (core/text/*_<code>.cpp, translations/, the lesson)
// and its row here.
#pragma once

#include <span>
#include <string_view>

namespace fourfold::core {

enum class Language { English, SimplifiedChinese };

// One entry of a catalogue: a code ("parallel.tp_divides_heads") and its template.
struct DiagnosticCode {
    std::string_view code;
    std::string_view text;
};

// A word or note inside an explained figure, keyed by the English the engine writes.
struct ExplainedName {
    std::string_view english;
    std::string_view translated;
};

// The catalogues, each sorted by code (explained names in any order).
[[nodiscard]] std::span<const DiagnosticCode> diagnosticCodes();    // diagnostic_codes.cpp
[[nodiscard]] std::span<const DiagnosticCode> codedTextsEn();       // coded_text.cpp
[[nodiscard]] std::span<const DiagnosticCode> diagnosticCodesZh();  // diagnostic_codes_zh.cpp
[[nodiscard]] std::span<const DiagnosticCode> codedTextsZh();       // coded_text_zh.cpp
[[nodiscard]] std::span<const ExplainedName> explainedNamesZh();    // explained_names_zh.cpp

struct LanguageInfo {
    Language language;
    std::string_view code;     // "zh_CN": --lang, the settings, translation and lesson files
    std::string_view aliases;  // other spellings that choose it, lower case, space-separated
    std::span<const DiagnosticCode> (*diagnostics)();
    std::span<const DiagnosticCode> (*codedTexts)();
    std::span<const ExplainedName> (*explainedNames)();  // nullptr for the source language
};

inline constexpr LanguageInfo kLanguages[] = {
    {Language::English, "en", "en_us en_gb english", &diagnosticCodes, &codedTextsEn, nullptr},
    {Language::SimplifiedChinese, "zh_CN", "zh zh_hans zh_hans_cn", &diagnosticCodesZh,
     &codedTextsZh, &explainedNamesZh},
};

// The table's row for a language (rows are in enum order).
[[nodiscard]] constexpr const LanguageInfo& languageInfo(Language language) {
    return kLanguages[static_cast<int>(language)];
}
static_assert([] {
    for (int index = 0; index < static_cast<int>(std::size(kLanguages)); ++index) {
        if (static_cast<int>(kLanguages[index].language) != index) return false;
    }
    return true;
}());

// "en" / "zh_CN", as the command line and the settings write them.
[[nodiscard]] std::string_view languageCode(Language language);
// Parses a language's code or one of its aliases, in any case, with '-' for '_' ("zh-CN");
// false for anything else.
[[nodiscard]] bool parseLanguage(std::string_view text, Language* language);

}  // namespace fourfold::core
