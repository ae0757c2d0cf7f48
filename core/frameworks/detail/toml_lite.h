// SPDX-License-Identifier: MIT
// Just enough TOML for a torchtitan job config: [section] and [a.b] headers, key = value with
// strings, integers, floats, booleans and one-line arrays (kept as text), '#' comments.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>

namespace fourfold::core::detail {

// A scalar read from the file; arrays and anything else are kept as their raw text.
using TomlValue = std::variant<std::string, std::int64_t, double, bool>;

struct TomlDocument {
    std::map<std::string, TomlValue> values;  // "section.key" -> value
    std::string error;                        // first problem, "line N: ..."; "" when none
    int errorLine = 0;
};

[[nodiscard]] TomlDocument parseTomlLite(std::string_view text);

}  // namespace fourfold::core::detail
