// SPDX-License-Identifier: MIT
#include "core/plan/plan_json_fields.h"

#include "core/plan/plan_json_text.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fourfold::core::detail {
namespace {

constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();
constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
// 2^63 and 2^64 as doubles: the first values outside int64 and uint64.
constexpr double kTwoTo63 = 9223372036854775808.0;
constexpr double kTwoTo64 = 18446744073709551616.0;
constexpr double kAboveZero = std::numeric_limits<double>::denorm_min();

// The code describing an integer range, and its args (minimum and maximum where quoted).
Diagnostic integerError(const std::string& pointer, const Json& value, std::int64_t minimum,
                        std::int64_t maximum, bool quoteMaximum) {
    const bool unbounded = maximum == kIntMax || maximum == kInt64Max;
    if (!unbounded) {
        return typeError(pointer, "json.expected_integer_between", value,
                         {{"minimum", minimum}, {"maximum", maximum}});
    }
    DiagnosticArgs args;
    if (quoteMaximum) args.emplace_back("maximum", maximum);
    if (minimum == 1) return typeError(pointer, "json.expected_positive_integer", value, args);
    if (minimum == 0) return typeError(pointer, "json.expected_non_negative_integer", value, args);
    args.insert(args.begin(), DiagnosticArg("minimum", minimum));
    return typeError(pointer, "json.expected_integer_at_least", value, args);
}

Diagnostic numberError(const std::string& pointer, const Json& value, double minimum,
                       double maximum, bool maximumExclusive) {
    if (std::isinf(maximum)) {
        if (minimum == kAboveZero)
            return typeError(pointer, "json.expected_positive_number", value);
        if (minimum == 0) return typeError(pointer, "json.expected_non_negative_number", value);
        return typeError(pointer, "json.expected_number_at_least", value, {{"minimum", minimum}});
    }
    return typeError(
        pointer, maximumExclusive ? "json.expected_number_below" : "json.expected_number_between",
        value, {{"minimum", minimum}, {"maximum", maximum}});
}

}  // namespace

std::string shownValue(const Json& value) {
    return shortenUtf8(value.dump(-1, ' ', false, Json::error_handler_t::replace), 60);
}

Diagnostic typeError(const std::string& pointer, std::string code, const Json& value,
                     DiagnosticArgs args) {
    args.insert(args.begin(), DiagnosticArg("pointer", pointer));
    args.emplace_back("found", shownValue(value));
    return makeDiagnostic(Severity::Error, pointer, std::move(code), std::move(args));
}

std::optional<std::int64_t> integerIn(const Json& value, const std::string& pointer,
                                      std::int64_t minimum, std::int64_t maximum,
                                      std::vector<Diagnostic>& out) {
    const auto tooLarge = [&] {
        out.push_back(integerError(pointer, value, minimum, maximum, true));
        return std::nullopt;
    };
    const auto wrong = [&] {
        out.push_back(integerError(pointer, value, minimum, maximum, false));
        return std::nullopt;
    };
    std::int64_t number = 0;
    if (value.is_number_unsigned()) {
        const auto u = value.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(maximum)) return tooLarge();
        number = static_cast<std::int64_t>(u);
    } else if (value.is_number_integer()) {
        number = value.get<std::int64_t>();
    } else if (value.is_number_float()) {
        const double d = value.get<double>();
        if (!std::isfinite(d) || std::floor(d) != d) {
            return wrong();
        }
        if (d >= kTwoTo63 || d > static_cast<double>(maximum)) return tooLarge();
        if (d < -kTwoTo63) {
            return wrong();
        }
        number = static_cast<std::int64_t>(d);
    } else {
        return wrong();
    }
    if (number > maximum) return tooLarge();
    if (number < minimum) {
        return wrong();
    }
    return number;
}

std::optional<std::uint64_t> byteCount(const Json& value, const std::string& pointer,
                                       std::vector<Diagnostic>& out) {
    if (value.is_number_unsigned()) return value.get<std::uint64_t>();
    if (value.is_number_float()) {
        const double d = value.get<double>();
        if (std::isfinite(d) && std::floor(d) == d && d >= 0 && d < kTwoTo64) {
            return static_cast<std::uint64_t>(d);
        }
        if (std::isfinite(d) && std::floor(d) == d && d >= kTwoTo64) {
            out.push_back(typeError(
                pointer, "json.expected_bytes", value,
                {{"maximum", std::to_string(std::numeric_limits<std::uint64_t>::max())}}));
            return std::nullopt;
        }
    }
    out.push_back(typeError(pointer, "json.expected_bytes", value));
    return std::nullopt;
}

ObjectReader::ObjectReader(const Json& object, std::string pointer, std::vector<Diagnostic>& out)
    : object_(object), pointer_(std::move(pointer)), out_(&out) {}

std::string ObjectReader::pointerOf(std::string_view key) const {
    return pointer_ + "/" + escapePointerToken(key);
}

bool ObjectReader::has(std::string_view key) const {
    return object_.find(std::string(key)) != object_.end();
}

bool ObjectReader::hasAny(std::initializer_list<std::string_view> keys) const {
    return std::any_of(keys.begin(), keys.end(), [this](std::string_view key) { return has(key); });
}

void ObjectReader::markKnown(std::string_view key) {
    if (std::find(known_.begin(), known_.end(), key) == known_.end()) known_.emplace_back(key);
}

const Json* ObjectReader::take(std::string_view key) {
    markKnown(key);
    const auto it = object_.find(std::string(key));
    return it == object_.end() ? nullptr : &*it;
}

std::optional<ObjectReader> ObjectReader::section(std::string_view key) {
    const Json* value = take(key);
    if (value == nullptr) return std::nullopt;
    if (!value->is_object()) {
        out_->push_back(typeError(pointerOf(key), "json.expected_object", *value));
        return std::nullopt;
    }
    return ObjectReader(*value, pointerOf(key), *out_);
}

bool ObjectReader::readInt(std::string_view key, int& target, int minimum, int maximum) {
    const Json* value = take(key);
    if (value == nullptr) return false;
    const auto number = integerIn(*value, pointerOf(key), minimum, maximum, *out_);
    if (!number) return false;
    target = static_cast<int>(*number);
    return true;
}

bool ObjectReader::readInt64(std::string_view key, std::int64_t& target, std::int64_t minimum) {
    const Json* value = take(key);
    if (value == nullptr) return false;
    const auto number = integerIn(*value, pointerOf(key), minimum, kInt64Max, *out_);
    if (!number) return false;
    target = *number;
    return true;
}

bool ObjectReader::readBytes(std::string_view key, std::uint64_t& target) {
    const Json* value = take(key);
    if (value == nullptr) return false;
    const auto bytes = byteCount(*value, pointerOf(key), *out_);
    if (!bytes) return false;
    target = *bytes;
    return true;
}

bool ObjectReader::readNumber(std::string_view key, double& target, double minimum, double maximum,
                              bool maximumExclusive) {
    const Json* value = take(key);
    if (value == nullptr) return false;
    if (value->is_number()) {
        const auto number = value->get<double>();
        const bool belowTop = maximumExclusive ? number < maximum : number <= maximum;
        if (std::isfinite(number) && number >= minimum && belowTop) {
            target = number;
            return true;
        }
    }
    out_->push_back(numberError(pointerOf(key), *value, minimum, maximum, maximumExclusive));
    return false;
}

bool ObjectReader::readPositiveNumber(std::string_view key, double& target) {
    return readNumber(key, target, kAboveZero, std::numeric_limits<double>::infinity());
}

bool ObjectReader::readBool(std::string_view key, bool& target) {
    const Json* value = take(key);
    if (value == nullptr) return false;
    if (!value->is_boolean()) {
        out_->push_back(typeError(pointerOf(key), "json.expected_bool", *value));
        return false;
    }
    target = value->get<bool>();
    return true;
}

bool ObjectReader::readString(std::string_view key, std::string& target) {
    const Json* value = take(key);
    if (value == nullptr) return false;
    if (!value->is_string()) {
        out_->push_back(typeError(pointerOf(key), "json.expected_string", *value));
        return false;
    }
    target = value->get<std::string>();
    return true;
}

void ObjectReader::reportUnknownKeys() {
    for (const auto& [key, value] : object_.items()) {
        if (std::find(known_.begin(), known_.end(), key) != known_.end()) continue;
        const std::string where = pointerOf(key);
        out_->push_back(makeDiagnostic(Severity::Warning, where, "json.unknown_key",
                                       {{"key", shortenUtf8(key, 60)}, {"pointer", where}}));
    }
}

}  // namespace fourfold::core::detail
