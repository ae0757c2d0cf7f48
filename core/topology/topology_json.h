// SPDX-License-Identifier: MIT
// The JSON projection of a TopologyReport, as PLAN_FORMAT.md's evaluation object spells it.
#pragma once

#include "core/text/json_lists.h"
#include "core/topology/topology.h"

#include <nlohmann/json.hpp>

namespace fourfold::core {

[[nodiscard]] nlohmann::ordered_json toJson(const TopologyReport& report,
                                            ListMode groups = ListMode::Full);

}  // namespace fourfold::core
