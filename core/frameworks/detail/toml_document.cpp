// SPDX-License-Identifier: MIT
// The one file that compiles toml++ (header-only, no exceptions: parse() returns a parse_result),
// kept out of the engine's unity batch by core/CMakeLists.txt so that it is compiled once and
// cached. Everything else reads the JSON tree of core/frameworks/detail/toml_document.h.
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#define TOML_ENABLE_FORMATTERS 0
#include "core/frameworks/detail/toml_document.h"

#include "core/plan/plan_json_text.h"

#include <sstream>
#include <toml++/toml.h>
#include <type_traits>

namespace fourfold::core::detail {
namespace {

using Json = nlohmann::json;

TomlPosition positionOf(const toml::source_position& position) {
    return {static_cast<int>(position.line), static_cast<int>(position.column)};
}

// Copies a toml++ node into JSON, noting where each value starts. Recursion is bounded: the text
// passed the nesting guard.
void copyNode(const toml::node& node, const std::string& pointer, Json& into,
              std::map<std::string, TomlPosition>& positions) {
    positions[pointer] = positionOf(node.source().begin);
    node.visit([&](const auto& value) {
        using Node = std::decay_t<decltype(value)>;
        if constexpr (toml::is_table<Node>) {
            into = Json::object();
            for (auto&& [key, child] : value) {
                const std::string name(key.str());
                copyNode(child, pointer + "/" + escapePointerToken(name), into[name], positions);
            }
        } else if constexpr (toml::is_array<Node>) {
            into = Json::array();
            for (const toml::node& item : value) {
                Json copy;
                copyNode(item, pointer + "/" + std::to_string(into.size()), copy, positions);
                into.push_back(std::move(copy));
            }
        } else if constexpr (toml::is_date<Node> || toml::is_time<Node> ||
                             toml::is_date_time<Node>) {
            std::ostringstream text;  // as TOML writes it: 2026-02-01T12:00:00Z
            text << value.get();
            into = text.str();
        } else {
            into = value.get();  // string, integer, floating point or boolean
        }
    });
}

std::string_view trimmed(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

// The dotted key a problem on `line` is about: "parallelism.tensor_parallel_degree" for a line
// "tensor_parallel_degree = ..." under [parallelism]; "" when the line holds no key.
std::string keyOnLine(std::string_view text, int line) {
    std::string_view table;
    std::string_view key;
    int number = 1;
    for (std::size_t start = 0; start <= text.size() && number <= line; ++number) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const std::string_view content = trimmed(text.substr(start, end - start));
        if (number < line && content.starts_with('[') && content.find('=') == std::string::npos) {
            table = trimmed(content.substr(1, content.find(']') - 1));
            if (table.starts_with('[')) table = trimmed(table.substr(1));
        } else if (number == line && !content.starts_with('[') && !content.starts_with('#')) {
            key = trimmed(content.substr(0, content.find('=')));
            if (content.find('=') == std::string_view::npos) key = {};
        }
        start = end + 1;
    }
    if (key.empty()) return {};
    return table.empty() ? std::string(key) : std::string(table) + "." + std::string(key);
}

Diagnostic syntaxProblem(std::string_view text, const toml::parse_error& error) {
    const TomlPosition at = positionOf(error.source().begin);
    const std::string reason = shortenUtf8(sanitizeUtf8(error.description()), 160);
    const std::string key = shortenUtf8(sanitizeUtf8(keyOnLine(text, at.line)), 80);
    Diagnostic problem =
        key.empty()
            ? makeDiagnostic(Severity::Error, "", "import.toml_syntax", {{"reason", reason}})
            : makeDiagnostic(Severity::Error, "", "import.toml_syntax_at_key",
                             {{"key", key}, {"reason", reason}});
    problem.line = at.line;
    problem.column = at.column;
    return problem;
}

}  // namespace

TomlDocument readToml(std::string_view text) {
    TomlDocument document;
    if (const auto deep = findExcessiveTomlNesting(text, kMaxTomlNesting)) {
        Diagnostic problem = makeDiagnostic(Severity::Error, "", "import.toml_too_deep",
                                            {{"limit", kMaxTomlNesting}});
        problem.line = deep->line;
        problem.column = deep->column;
        document.problem = std::move(problem);
        return document;
    }
    const toml::parse_result parsed = toml::parse(text);
    if (!parsed) {
        document.problem = syntaxProblem(text, parsed.error());
        return document;
    }
    copyNode(parsed.table(), "", document.root, document.positions);
    return document;
}

}  // namespace fourfold::core::detail
