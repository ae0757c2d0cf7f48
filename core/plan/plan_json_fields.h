// SPDX-License-Identifier: MIT
// Reading one JSON object of a plan key by key: each read checks type and range and, when the
// value is wrong, records an error naming the JSON pointer, the value found and what was
// expected. Keys never read are reported as unknown (a warning) by reportUnknownKeys().
#pragma once

#include "core/plan/plan_enums.h"
#include "core/text/diagnostic.h"

#include <nlohmann/json.hpp>

#include <climits>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core::detail {

// Read as std::map-backed JSON: nlohmann's ordered_json looks keys up linearly, which turns
// a large object into quadratic parse time. Only the writer needs the documented order.
using Json = nlohmann::json;

// The value as a message shows it: compact JSON, at most 60 characters, valid UTF-8.
[[nodiscard]] std::string shownValue(const Json& value);

// "`/parallel/tp` must be a positive integer, got \"four\"": `code` names what was expected
// (json.expected_*); args gain "pointer" first and "found" (the value as shown) last.
[[nodiscard]] Diagnostic typeError(const std::string& pointer, std::string code, const Json& value,
                                   DiagnosticArgs args = {});

class ObjectReader {
public:
    // `object` must be a JSON object and outlive the reader.
    ObjectReader(const Json& object, std::string pointer, std::vector<Diagnostic>& out);

    [[nodiscard]] const std::string& pointer() const { return pointer_; }
    [[nodiscard]] std::string pointerOf(std::string_view key) const;
    [[nodiscard]] bool has(std::string_view key) const;
    [[nodiscard]] bool hasAny(std::initializer_list<std::string_view> keys) const;
    // The raw value (marking the key as known), or nullptr when absent.
    [[nodiscard]] const Json* take(std::string_view key);
    // A nested object; absent → nullopt; present but not an object → error and nullopt.
    [[nodiscard]] std::optional<ObjectReader> section(std::string_view key);

    // Each read leaves `target` alone unless the key is present and valid; true when it was.
    bool readInt(std::string_view key, int& target, int minimum, int maximum = INT_MAX);
    bool readInt64(std::string_view key, std::int64_t& target, std::int64_t minimum);
    bool readBytes(std::string_view key, std::uint64_t& target);
    // A finite number in [minimum, maximum] (or [minimum, maximum) when maximumExclusive).
    bool readNumber(std::string_view key, double& target, double minimum, double maximum,
                    bool maximumExclusive = false);
    bool readPositiveNumber(std::string_view key, double& target);  // finite and > 0
    bool readBool(std::string_view key, bool& target);
    bool readString(std::string_view key, std::string& target);
    template <typename Enum>
    bool readEnum(std::string_view key, Enum& target);

    // One warning per key present but never read.
    void reportUnknownKeys();
    // An error found by a caller reading a value of its own shape.
    void addError(Diagnostic diagnostic) { out_->push_back(std::move(diagnostic)); }

private:
    void markKnown(std::string_view key);

    const Json& object_;
    std::string pointer_;
    std::vector<Diagnostic>* out_;
    std::vector<std::string> known_;
};

// Integer checks shared with array elements: `value` as an integer in [minimum, maximum].
// On failure pushes an error for `pointer` that describes the range as `expected`.
[[nodiscard]] std::optional<std::int64_t> integerIn(const Json& value, const std::string& pointer,
                                                    std::int64_t minimum, std::int64_t maximum,
                                                    std::vector<Diagnostic>& out);
[[nodiscard]] std::optional<std::uint64_t> byteCount(const Json& value, const std::string& pointer,
                                                     std::vector<Diagnostic>& out);

template <typename Enum>
bool ObjectReader::readEnum(std::string_view key, Enum& target) {
    const Json* value = take(key);
    if (value == nullptr) return false;
    if (value->is_string()) {
        if (const auto parsed = enumFromString<Enum>(value->get_ref<const std::string&>())) {
            target = *parsed;
            return true;
        }
    }
    out_->push_back(typeError(pointerOf(key), "json.expected_one_of", *value,
                              {{"choices", acceptedNames<Enum>()}}));
    return false;
}

}  // namespace fourfold::core::detail
