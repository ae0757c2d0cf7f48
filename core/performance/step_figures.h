// SPDX-License-Identifier: MIT
// The step's figures from the stage costs and the pipeline's makespan, without formula text:
// what analyzePerformance reports (it adds the formulas) and what the layout search ranks by,
// so both come from one code path. Also evaluate's rule for when the pipeline is simulated and
// the closed form used otherwise.
#pragma once

#include "core/model/model.h"
#include "core/performance/performance.h"
#include "core/performance/performance_stage.h"
#include "core/plan/plan.h"
#include "core/schedule/schedule.h"

#include <cstdint>

namespace fourfold::core::detail {

// Beyond this many operations (3 × p × v × m) evaluate costs the pipeline in closed form rather
// than simulating it, so the app stays responsive.
inline constexpr std::int64_t kMaxEvaluatedScheduleOps = 2'000'000;
// Beyond this many ranks evaluate builds no rank map; links then follow the rank order.
inline constexpr std::int64_t kMaxEvaluatedMappedRanks = std::int64_t{1} << 20;
// Tokens one step consumes: global batch × sequence.
[[nodiscard]] double stepTokens(const Plan& plan);
[[nodiscard]] std::int64_t scheduleOperations(const Plan& plan);  // saturating
[[nodiscard]] bool evaluateSimulatesSchedule(const Plan& plan);

// The closed form when the schedule could not be simulated: (m + p − 1) slots of the slowest
// stage's forward + backward (GPipe / 1F1B with uniform stages).
[[nodiscard]] double fallbackMakespan(const Plan& plan, const StepCosts& costs);

// The pipeline time the step is built on: the simulated makespan when the schedule is complete
// and positive, else the closed form.
[[nodiscard]] double pipelineMakespan(const Plan& plan, const StepCosts& costs,
                                      double simulatedMakespanS, bool simulatedComplete);

// Every figure of the PerformanceReport except the three formula strings.
[[nodiscard]] PerformanceReport stepFigures(const Plan& plan, const ModelReport& model,
                                            const StepCosts& costs, double makespan);

}  // namespace fourfold::core::detail
