// SPDX-License-Identifier: MIT
// The documented range of every number a plan holds (docs/plan-format.md, "Ranges"). validate()
// reports a value outside its range as an error naming the key, the value and the range. The
// bounds are wide enough for any real run and narrow enough that no plan within them can
// overflow 64-bit byte arithmetic: 10^15 bytes per GPU, at most 10^6 ranks, and the combined
// limits below (parameters, activations, tokens per step), all checked in double.
#pragma once

#include "core/text/diagnostic.h"

#include <span>
#include <string_view>

namespace fourfold::core {

struct KeyRange {
    std::string_view pointer;  // JSON pointer; array elements share their array's entry
    double minimum;
    double maximum;
    bool integer;  // whole numbers only
    // The minimum itself is excluded (a positive real such as step_time_s).
    bool minimumExclusive = false;

    bool operator==(const KeyRange&) const = default;
};

// Every numeric key of a plan, in document order.
[[nodiscard]] std::span<const KeyRange> planKeyRanges();
// The range of a key; nullptr when the pointer names no numeric key.
[[nodiscard]] const KeyRange* findKeyRange(std::string_view pointer);
[[nodiscard]] bool inRange(const KeyRange& range, double value);
// True for an error that puts a number outside its documented range or a product past one of
// the combined limits below (or past 64 bits): a plan no front end should take in as it
// stands. The desktop app refuses to open such a file and keeps its current plan.
[[nodiscard]] bool isBoundsError(const Diagnostic& diagnostic);

// Combined limits, checked in double after each key is in range.
inline constexpr double kMaxShapeParameters = 1e14;  // parameters the shape counts
inline constexpr double kMaxActivationBytes = 1e17;  // activations one stage may hold
inline constexpr double kMaxTokensPerStep = 1e15;    // global batch × sequence
inline constexpr double kMaxWorldSize = 1e6;         // dp × tp × pp × cp
inline constexpr double kMaxGpus = 1e7;              // nodes × gpus_per_node

}  // namespace fourfold::core
