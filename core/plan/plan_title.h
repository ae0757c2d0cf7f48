// SPDX-License-Identifier: MIT
// A plan's title for windows, reports and file names: its own name, or, when it has none, one
// made from its content ("Llama-3 70B · 32 × A100 40 GB · TP 8 PP 2 DP 2").
#pragma once

#include "core/plan/plan.h"

#include <string>

namespace fourfold::core {

[[nodiscard]] std::string planTitle(const Plan& plan);

}  // namespace fourfold::core
