// SPDX-License-Identifier: MIT
// Plan ↔ JSON per PLAN_FORMAT.md ("schema": "fourfold.plan/1"). Writing is deterministic
// (documented key order, 2-space indent, final newline); reading never throws and reports
// syntax errors with line and column, semantic ones with the JSON pointer.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/plan.h"

namespace fourfold::core {

inline constexpr int kPlanSchemaVersion = 1;

struct PlanParse {
    std::optional<Plan> plan;  // set unless an error prevents reading the plan
    std::vector<Diagnostic> diagnostics;
};

[[nodiscard]] std::string planToJson(const Plan& plan);
[[nodiscard]] PlanParse parsePlan(std::string_view text);

}  // namespace fourfold::core
