// SPDX-License-Identifier: MIT
// The JSON projection of a MemoryReport, as PLAN_FORMAT.md's evaluation object spells it.
#pragma once

#include "core/memory/memory.h"

#include <nlohmann/json.hpp>

namespace fourfold::core {

[[nodiscard]] nlohmann::ordered_json toJson(const MemoryReport& report);

}  // namespace fourfold::core
