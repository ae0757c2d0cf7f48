// SPDX-License-Identifier: MIT
// Plan patches: the JSON merge patch (RFC 7396) that turns one plan into another, and applying
// one. What-ifs, walkthrough steps and search candidates carry their change this way, so a
// script (or the app) can apply exactly the plan whose figures were reported.
#pragma once

#include "core/plan/plan.h"
#include "core/plan/plan_json.h"

#include <string>
#include <string_view>

namespace fourfold::core {

// The smallest merge patch (compact JSON text) that turns `from` into `to`; "{}" when equal.
[[nodiscard]] std::string planPatch(const Plan& from, const Plan& to);
// `plan` with the merge patch applied, read back as a plan file is (diagnostics included).
// A patch that is not a JSON object is an error.
[[nodiscard]] PlanParse applyPlanPatch(const Plan& plan, std::string_view patch);

}  // namespace fourfold::core
