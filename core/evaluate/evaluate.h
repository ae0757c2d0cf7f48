// SPDX-License-Identifier: MIT
// evaluate(plan): validation, model, schedule, memory and topology composed into one value.
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/evaluate/side_worker.h"
#include "core/performance/performance.h"
#include "core/plan/plan.h"

#include <cstdint>

namespace fourfold::core {

[[nodiscard]] Evaluation evaluate(const Plan& plan);
// The same evaluation, its what-ifs timing the schedule shapes `schedules` compiled for earlier
// plans: an editor keeps one memo across edits, since a drag revisits the same shapes.
[[nodiscard]] Evaluation evaluate(const Plan& plan, ScheduleMemo& schedules);
// The same again, the parts that run beside the rest (memory estimate, what-ifs, scaling
// curves) on `worker` instead of on threads started for this evaluation.
[[nodiscard]] Evaluation evaluate(const Plan& plan, ScheduleMemo& schedules, SideWorker& worker);

// The pipeline operations evaluate() simulates for a plan: forward, backward and weight
// gradient of every micro-batch on every model chunk of every stage (3 · pp · v · m,
// saturating). An editor uses it to judge how long an evaluation will take.
[[nodiscard]] std::int64_t pipelineOperations(const Plan& plan);

// The schedule's stage costs come from the performance model (core/performance/performance.h,
// scheduleCosts), which also turns the simulated pipeline into the step time.

}  // namespace fourfold::core
