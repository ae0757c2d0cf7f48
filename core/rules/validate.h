// SPDX-License-Identifier: MIT
// validate(plan): every rule a user can trip on, as diagnostics (severity, JSON pointer,
// a plain sentence naming the values). An invalid plan still evaluates as far as it can.
#pragma once

#include "core/plan/plan.h"
#include "core/text/diagnostic.h"

#include <vector>

namespace fourfold::core {

[[nodiscard]] std::vector<Diagnostic> validate(const Plan& plan);

}  // namespace fourfold::core
