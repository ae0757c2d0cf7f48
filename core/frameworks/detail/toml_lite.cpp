// SPDX-License-Identifier: MIT
#include "core/frameworks/detail/toml_lite.h"

#include <charconv>
#include <cstdint>

namespace fourfold::core::detail {
namespace {

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) {
        text.remove_suffix(1);
    }
    return text;
}

// The line without a trailing comment ('#' outside a string).
std::string_view stripComment(std::string_view line) {
    char quote = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quote != 0) {
            if (c == '\\' && quote == '"') {
                ++i;
            } else if (c == quote) {
                quote = 0;
            }
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '#') {
            return line.substr(0, i);
        }
    }
    return line;
}

bool parseScalar(std::string_view raw, TomlValue& value) {
    if (raw.size() >= 2 && (raw.front() == '"' || raw.front() == '\'') &&
        raw.back() == raw.front()) {
        value = std::string(raw.substr(1, raw.size() - 2));
        return true;
    }
    if (raw == "true" || raw == "false") {
        value = raw == "true";
        return true;
    }
    if (!raw.empty() && raw.front() == '[') {
        value = std::string(raw);  // arrays stay as text; no key Fourfold reads is an array
        return true;
    }
    std::string digits;
    for (const char c : raw) {
        if (c != '_') digits += c;
    }
    std::int64_t integer = 0;
    const char* end = digits.data() + digits.size();
    if (auto [ptr, ec] = std::from_chars(digits.data(), end, integer);
        ec == std::errc() && ptr == end) {
        value = integer;
        return true;
    }
    double real = 0;
    if (auto [ptr, ec] = std::from_chars(digits.data(), end, real);
        ec == std::errc() && ptr == end) {
        value = real;
        return true;
    }
    return false;
}

}  // namespace

TomlDocument parseTomlLite(std::string_view text) {
    TomlDocument document;
    std::string section;
    int lineNumber = 0;
    while (!text.empty()) {
        const std::size_t newline = text.find('\n');
        const std::string_view rawLine = text.substr(0, newline);
        text = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
        ++lineNumber;
        const std::string_view line = trim(stripComment(rawLine));
        if (line.empty()) continue;
        const auto fail = [&](const std::string& message) {
            document.error = "line " + std::to_string(lineNumber) + ": " + message;
            document.errorLine = lineNumber;
            return document;
        };
        if (line.front() == '[') {
            if (line.back() != ']') return fail("a section header must end with ']'");
            section = std::string(trim(line.substr(1, line.size() - 2)));
            if (!section.empty() && section.front() == '[')
                return fail("arrays of tables are not read");
            continue;
        }
        const std::size_t equals = line.find('=');
        if (equals == std::string_view::npos) return fail("expected key = value");
        const std::string key(trim(line.substr(0, equals)));
        const std::string_view raw = trim(line.substr(equals + 1));
        TomlValue value;
        if (key.empty() || !parseScalar(raw, value)) {
            return fail("cannot read the value of '" + key + "': " + std::string(raw));
        }
        document.values[section.empty() ? key : section + "." + key] = value;
    }
    return document;
}

}  // namespace fourfold::core::detail
