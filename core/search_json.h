// SPDX-License-Identifier: MIT
// A search result as JSON (PLAN_FORMAT.md, "Search": schema fourfold.search/1) and as the
// plain-text table fourfold-cli prints.
#pragma once

#include "core/search.h"

#include <nlohmann/json.hpp>

#include <string>

namespace fourfold::core {

[[nodiscard]] nlohmann::ordered_json searchToJson(const SearchResult& result);
[[nodiscard]] std::string searchTable(const SearchResult& result);

}  // namespace fourfold::core
