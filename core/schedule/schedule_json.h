// SPDX-License-Identifier: MIT
// The JSON projection of a ScheduleResult, as PLAN_FORMAT.md's evaluation object spells it.
#pragma once

#include "core/schedule/schedule.h"
#include "core/text/json_lists.h"

#include <nlohmann/json.hpp>

namespace fourfold::core {

[[nodiscard]] nlohmann::ordered_json toJson(const ScheduleResult& report,
                                            ListMode operations = ListMode::Full);

}  // namespace fourfold::core
