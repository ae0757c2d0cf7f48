// SPDX-License-Identifier: MIT
#include "core/text/language.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace fourfold::core {

std::string_view languageCode(Language language) {
    return language == Language::SimplifiedChinese ? "zh_CN" : "en";
}

bool parseLanguage(std::string_view text, Language* language) {
    std::string key(text);
    std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) {
        return c == '-' ? '_' : static_cast<char>(std::tolower(c));
    });
    if (key == "en" || key == "en_us" || key == "en_gb" || key == "english") {
        *language = Language::English;
        return true;
    }
    if (key == "zh" || key == "zh_cn" || key == "zh_hans" || key == "zh_hans_cn") {
        *language = Language::SimplifiedChinese;
        return true;
    }
    return false;
}

}  // namespace fourfold::core
