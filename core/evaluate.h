// SPDX-License-Identifier: MIT
// evaluate(plan): validation, model, schedule, memory and topology composed into one value.
#pragma once

#include "core/evaluation.h"
#include "core/performance.h"
#include "core/plan.h"

namespace fourfold::core {

[[nodiscard]] Evaluation evaluate(const Plan& plan);

// The schedule's stage costs come from the performance model (core/performance.h,
// scheduleCosts), which also turns the simulated pipeline into the step time.

}  // namespace fourfold::core
