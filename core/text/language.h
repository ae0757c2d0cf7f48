// SPDX-License-Identifier: MIT
// The languages Fourfold speaks: the core renders diagnostics and the names in explained
// figures in each (core/text/diagnostic_text.h, core/text/explained_names.h), so the CLI and the
// app say the same thing. English is the source language; every other one is a table keyed by it.
#pragma once

#include <string_view>

namespace fourfold::core {

enum class Language { English, SimplifiedChinese };

// "en" / "zh_CN", as the command line and the settings write them.
[[nodiscard]] std::string_view languageCode(Language language);
// Parses "en" / "zh_CN" (also "zh", "zh-CN", "zh_Hans", any case); false for anything else.
[[nodiscard]] bool parseLanguage(std::string_view text, Language* language);

}  // namespace fourfold::core
