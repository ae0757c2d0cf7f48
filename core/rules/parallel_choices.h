// SPDX-License-Identifier: MIT
// The values a parallel degree may take for a plan, and why a value is refused: what the DP, TP,
// PP, CP, EP, virtual-stage and sharding-group sliders step through. The rules are validate()'s
// own (core/rules/layout_rules.h), so a slider offers exactly what validate accepts.
#pragma once

#include "core/plan/plan.h"
#include "core/text/diagnostic.h"
#include "core/topology/parallel_axis.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fourfold::core {

// GPUs the cluster offers (gpus per node × nodes, 0 when either is not positive). For the
// lists below a cluster is treated as at most kMaxChoiceClusterGpus GPUs.
inline constexpr std::int64_t kMaxChoiceClusterGpus = std::int64_t{1} << 26;
[[nodiscard]] std::int64_t clusterGpuCount(const Plan& plan);

// Positive divisors of n that fit an int, ascending ({} for n < 1); the cost grows with √n.
[[nodiscard]] std::vector<int> divisorsOf(std::int64_t n);

// Valid values of one axis given every other field of the plan, ascending, never empty
// (a plan whose other fields leave nothing valid still offers the axis' neutral value).
[[nodiscard]] std::vector<int> parallelChoices(const Plan& plan, ParallelAxis axis);
[[nodiscard]] std::vector<int> dataParallelChoices(const Plan& plan);
[[nodiscard]] std::vector<int> tensorParallelChoices(const Plan& plan);
[[nodiscard]] std::vector<int> pipelineParallelChoices(const Plan& plan);
[[nodiscard]] std::vector<int> contextParallelChoices(const Plan& plan);
[[nodiscard]] std::vector<int> expertParallelChoices(const Plan& plan);
[[nodiscard]] std::vector<int> virtualStageChoices(const Plan& plan);
[[nodiscard]] std::vector<int> shardingGroupChoices(const Plan& plan);  // 0 = all DP ranks

// The largest of parallelChoices(plan, axis) not above `ceiling` that is valid, or `fallback`.
// Checks the candidates from the top down, so a cluster of millions of GPUs, where the choices
// number tens of thousands, costs a few rule checks rather than all of them.
[[nodiscard]] int largestValidChoiceUpTo(const Plan& plan, ParallelAxis axis, std::int64_t ceiling,
                                         int fallback);

// The diagnostic (validate()'s code, args and severity) of the rule `value` breaks for this plan;
// an empty code when the value is valid.
[[nodiscard]] Diagnostic choiceProblem(const Plan& plan, ParallelAxis axis, int value);
// True when `value` is one of parallelChoices(plan, axis) (that is, choiceProblem is empty).
[[nodiscard]] bool isValidChoice(const Plan& plan, ParallelAxis axis, int value);

}  // namespace fourfold::core
