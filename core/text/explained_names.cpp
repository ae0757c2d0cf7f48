// SPDX-License-Identifier: MIT
#include "core/text/explained_names.h"

#include <algorithm>

namespace fourfold::core {
namespace {

const ExplainedName* find(std::string_view english, Language language) {
    const auto table = languageInfo(language).explainedNames;
    if (table == nullptr) return nullptr;
    const auto names = table();
    const auto it = std::find_if(names.begin(), names.end(), [english](const ExplainedName& entry) {
        return entry.english == english;
    });
    return it == names.end() ? nullptr : &*it;
}

}  // namespace

bool hasExplainedText(std::string_view english, Language language) {
    return languageInfo(language).explainedNames == nullptr || find(english, language) != nullptr;
}

std::string_view explainedText(std::string_view english, Language language) {
    const ExplainedName* entry = find(english, language);
    return entry != nullptr ? entry->translated : english;
}

}  // namespace fourfold::core
