// SPDX-License-Identifier: MIT
#include "core/plan_json.h"

namespace fourfold::core {

std::string planToJson(const Plan& /*plan*/) { return "{}\n"; }  // placeholder

PlanParse parsePlan(std::string_view /*text*/) { return {}; }  // placeholder

}  // namespace fourfold::core
