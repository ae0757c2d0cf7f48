// SPDX-License-Identifier: MIT
#include "core/text/language.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace fourfold::core {
namespace {

std::string normalized(std::string_view text) {
    std::string key(text);
    std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) {
        return c == '-' ? '_' : static_cast<char>(std::tolower(c));
    });
    return key;
}

bool isAlias(std::string_view aliases, std::string_view key) {
    while (!aliases.empty()) {
        const std::size_t space = std::min(aliases.find(' '), aliases.size());
        if (aliases.substr(0, space) == key) return true;
        aliases.remove_prefix(std::min(space + 1, aliases.size()));
    }
    return false;
}

}  // namespace

std::string_view languageCode(Language language) { return languageInfo(language).code; }

bool parseLanguage(std::string_view text, Language* language) {
    const std::string key = normalized(text);
    for (const LanguageInfo& info : kLanguages) {
        if (key == normalized(info.code) || isAlias(info.aliases, key)) {
            *language = info.language;
            return true;
        }
    }
    return false;
}

}  // namespace fourfold::core
