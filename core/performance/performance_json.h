// SPDX-License-Identifier: MIT
// The performance and checkpoint reports as the evaluation JSON's "performance" and
// "checkpoint" objects (PLAN_FORMAT.md).
#pragma once

#include "core/performance/checkpoint.h"
#include "core/performance/performance.h"

#include <nlohmann/json.hpp>

namespace fourfold::core {

[[nodiscard]] nlohmann::ordered_json toJson(const PerformanceReport& performance);
[[nodiscard]] nlohmann::ordered_json toJson(const CheckpointReport& checkpoint);
// {"strong": [points], "weak": [points]}, each point with its GPUs, step, speedup, efficiency.
[[nodiscard]] nlohmann::ordered_json toJson(const ScalingCurves& curves);

}  // namespace fourfold::core
