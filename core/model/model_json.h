// SPDX-License-Identifier: MIT
// The JSON projection of a ModelReport, as PLAN_FORMAT.md's evaluation object spells it.
#pragma once

#include "core/model/model.h"

#include <nlohmann/json.hpp>

namespace fourfold::core {

[[nodiscard]] nlohmann::ordered_json toJson(const ModelReport& report);

}  // namespace fourfold::core
