// SPDX-License-Identifier: MIT
// A search result as JSON (PLAN_FORMAT.md, "Search": schema fourfold.search/1) and as the
// plain-text table fourfold-cli prints.
#pragma once

#include "core/search/search.h"
#include "core/text/language.h"

#include <nlohmann/json.hpp>

#include <string>

namespace fourfold::core {

[[nodiscard]] nlohmann::ordered_json searchToJson(const SearchResult& result);
[[nodiscard]] std::string searchTable(const SearchResult& result);
// One of SearchResult::notes in a language (the JSON carries the English).
[[nodiscard]] std::string searchNote(const CodedText& note, Language language);
// The same table in a language: its sentences and notes; column keys, plan values and numbers
// as in English.
[[nodiscard]] std::string searchTable(const SearchResult& result, Language language);

}  // namespace fourfold::core
