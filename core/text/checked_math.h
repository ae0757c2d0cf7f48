// SPDX-License-Identifier: MIT
// Integer arithmetic that cannot wrap: checked (an empty optional on overflow) and saturating
// (clamped to the type's range, with a flag to say so). The core computes every product and sum
// a plan can push past 64 bits with these, so an overflow becomes a diagnostic, never a number.
#pragma once

#include "core/text/diagnostic.h"

#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace fourfold::core {

// The stable code of the diagnostic an overflowing combination of values raises.
inline constexpr std::string_view kOverflowCode = "arithmetic.overflow";

template <std::integral T>
[[nodiscard]] constexpr std::optional<T> checkedAdd(T a, T b) {
    T sum{};
    if (__builtin_add_overflow(a, b, &sum)) return std::nullopt;
    return sum;
}

template <std::integral T>
[[nodiscard]] constexpr std::optional<T> checkedMul(T a, T b) {
    T product{};
    if (__builtin_mul_overflow(a, b, &product)) return std::nullopt;
    return product;
}

// a − b as a signed count, for differences of byte totals ("saved bytes").
[[nodiscard]] constexpr std::optional<std::int64_t> checkedDifference(std::uint64_t a,
                                                                      std::uint64_t b) {
    std::int64_t difference = 0;
    if (__builtin_sub_overflow(a, b, &difference)) return std::nullopt;
    return difference;
}

// The nearest representable value: the type's maximum or minimum on overflow.
template <std::integral T>
[[nodiscard]] constexpr T saturatingAdd(T a, T b) {
    if (const auto sum = checkedAdd(a, b)) return *sum;
    return (b > T{0}) ? std::numeric_limits<T>::max() : std::numeric_limits<T>::min();
}

template <std::integral T>
[[nodiscard]] constexpr T saturatingMul(T a, T b) {
    if (const auto product = checkedMul(a, b)) return *product;
    const bool negative = (a < T{0}) != (b < T{0});
    return negative ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
}

// A running total that remembers whether it ever overflowed (then it holds the maximum).
template <std::integral T>
struct CheckedSum {
    T value{};
    bool overflow = false;

    constexpr void add(T term) {
        const auto sum = checkedAdd(value, term);
        overflow = overflow || !sum;
        value = sum ? *sum : saturatingAdd(value, term);
    }
};

// The error raised when values combine past 64 bits: `what` names the figure
// ("global batch = micro_batch × grad_accumulation × dp"), path the plan field to lower.
[[nodiscard]] Diagnostic overflowDiagnostic(std::string path, std::string_view what);

}  // namespace fourfold::core
