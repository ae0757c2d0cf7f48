// SPDX-License-Identifier: MIT
// A TOML file (a torchtitan job config) read with toml++ as a JSON tree the importer walks:
// tables, whether written as [section] headers, dotted keys or inline tables, become objects;
// arrays stay arrays; dates and times keep their TOML text. Each value keeps the line and column
// it starts at. toml++ is compiled in toml_document.cpp alone and its header stays out of this
// one; it runs without exceptions, so a bad file comes back as a diagnostic.
#pragma once

#include "core/frameworks/frameworks.h"
#include "core/text/diagnostic.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace fourfold::core::detail {

// How deep tables and arrays may nest inside one another, each segment of a dotted key or table
// header counting as one table. A job config nests two ([parallelism], then its keys). Deeper
// text is refused before toml++ reads it: toml++ stops at 256 nested arrays or inline tables by
// itself, but a key of some 50,000 dotted segments overflows its stack.
inline constexpr int kMaxTomlNesting = kMaxImportNesting;

struct TomlPosition {
    int line = 0;  // 1-based; 0 when unknown
    int column = 0;

    bool operator==(const TomlPosition&) const = default;
};

struct TomlDocument {
    nlohmann::json root = nlohmann::json::object();
    // Where each value starts, by JSON pointer: "/parallelism/tensor_parallel_degree".
    std::map<std::string, TomlPosition> positions;
    // Why the text could not be read (import.toml_syntax, import.toml_syntax_at_key or
    // import.toml_too_deep, with line and column); root is empty then.
    std::optional<Diagnostic> problem;
};

[[nodiscard]] TomlDocument readToml(std::string_view text);

// Where tables and arrays first nest deeper than `limit` (see kMaxTomlNesting), if they do.
// One pass over the text, iterative: safe on any input (toml_nesting.cpp).
[[nodiscard]] std::optional<TomlPosition> findExcessiveTomlNesting(std::string_view text,
                                                                   int limit);

}  // namespace fourfold::core::detail
