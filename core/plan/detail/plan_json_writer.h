// SPDX-License-Identifier: MIT
// Plan → JSON value in PLAN_FORMAT.md's key order. Every input is written, so a file is
// complete on its own; presets are written by name only when the spec equals the preset.
#pragma once

#include "core/plan/plan.h"

#include <nlohmann/json.hpp>

namespace fourfold::core::detail {

[[nodiscard]] nlohmann::ordered_json planToJsonValue(const Plan& plan);
// The measured section: only the figures present.
[[nodiscard]] nlohmann::ordered_json measuredJsonValue(const MeasuredFigures& measured);

}  // namespace fourfold::core::detail
