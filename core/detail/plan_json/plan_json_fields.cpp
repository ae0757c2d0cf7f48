// SPDX-License-Identifier: MIT
#include "core/detail/plan_json/plan_json_fields.h"

#include "core/detail/plan_json/plan_json_text.h"

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

std::string integerKind(std::int64_t minimum, std::int64_t maximum) {
    if (maximum == kIntMax || maximum == kInt64Max) {
        if (minimum == 1) return "a positive integer";
        if (minimum == 0) return "a non-negative integer";
        return "an integer of at least " + std::to_string(minimum);
    }
    return "an integer from " + std::to_string(minimum) + " to " + std::to_string(maximum);
}

std::string numberKind(double minimum, double maximum, bool maximumExclusive) {
    const auto text = [](double v) { return shownValue(Json(v)); };
    if (std::isinf(maximum)) {
        if (minimum == kAboveZero) return "a positive number";
        if (minimum == 0) return "a non-negative number";
        return "a number of at least " + text(minimum);
    }
    return "a number from " + text(minimum) +
           (maximumExclusive ? " up to (not including) " : " to ") + text(maximum);
}

}  // namespace

std::string shownValue(const Json& value) {
    return shortenUtf8(value.dump(-1, ' ', false, Json::error_handler_t::replace), 60);
}

Diagnostic typeError(const std::string& pointer, std::string_view expected, const Json& value) {
    return {Severity::Error, pointer,
            "`" + pointer + "` must be " + std::string(expected) + ", got " + shownValue(value), 0,
            0};
}

std::optional<std::int64_t> integerIn(const Json& value, const std::string& pointer,
                                      std::int64_t minimum, std::int64_t maximum,
                                      std::vector<Diagnostic>& out) {
    const std::string kind = integerKind(minimum, maximum);
    const auto tooLarge = [&] {
        const std::string limit = " no larger than " + std::to_string(maximum);
        out.push_back(
            typeError(pointer, kind + (kind.rfind("an integer from", 0) == 0 ? "" : limit), value));
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
            out.push_back(typeError(pointer, kind, value));
            return std::nullopt;
        }
        if (d >= kTwoTo63 || d > static_cast<double>(maximum)) return tooLarge();
        if (d < -kTwoTo63) {
            out.push_back(typeError(pointer, kind, value));
            return std::nullopt;
        }
        number = static_cast<std::int64_t>(d);
    } else {
        out.push_back(typeError(pointer, kind, value));
        return std::nullopt;
    }
    if (number > maximum) return tooLarge();
    if (number < minimum) {
        out.push_back(typeError(pointer, kind, value));
        return std::nullopt;
    }
    return number;
}

std::optional<std::uint64_t> byteCount(const Json& value, const std::string& pointer,
                                       std::vector<Diagnostic>& out) {
    static const std::string kind = "a non-negative whole number of bytes";
    if (value.is_number_unsigned()) return value.get<std::uint64_t>();
    if (value.is_number_float()) {
        const double d = value.get<double>();
        if (std::isfinite(d) && std::floor(d) == d && d >= 0 && d < kTwoTo64) {
            return static_cast<std::uint64_t>(d);
        }
        if (std::isfinite(d) && std::floor(d) == d && d >= kTwoTo64) {
            out.push_back(typeError(pointer, kind + " no larger than 18446744073709551615", value));
            return std::nullopt;
        }
    }
    out.push_back(typeError(pointer, kind, value));
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
        out_->push_back(typeError(pointerOf(key), "an object", *value));
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
    out_->push_back(
        typeError(pointerOf(key), numberKind(minimum, maximum, maximumExclusive), *value));
    return false;
}

bool ObjectReader::readPositiveNumber(std::string_view key, double& target) {
    return readNumber(key, target, kAboveZero, std::numeric_limits<double>::infinity());
}

bool ObjectReader::readBool(std::string_view key, bool& target) {
    const Json* value = take(key);
    if (value == nullptr) return false;
    if (!value->is_boolean()) {
        out_->push_back(typeError(pointerOf(key), "true or false", *value));
        return false;
    }
    target = value->get<bool>();
    return true;
}

bool ObjectReader::readString(std::string_view key, std::string& target) {
    const Json* value = take(key);
    if (value == nullptr) return false;
    if (!value->is_string()) {
        out_->push_back(typeError(pointerOf(key), "a string", *value));
        return false;
    }
    target = value->get<std::string>();
    return true;
}

void ObjectReader::error(std::string_view key, std::string message) {
    out_->push_back({Severity::Error, pointerOf(key), std::move(message), 0, 0});
}

void ObjectReader::reportUnknownKeys() {
    for (const auto& [key, value] : object_.items()) {
        if (std::find(known_.begin(), known_.end(), key) != known_.end()) continue;
        const std::string where = pointerOf(key);
        out_->push_back(
            {Severity::Warning, where,
             "unknown key \"" + shortenUtf8(key, 60) + "\" at `" + where + "` is ignored", 0, 0});
    }
}

}  // namespace fourfold::core::detail
