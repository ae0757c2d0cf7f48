// SPDX-License-Identifier: MIT
#include "core/rules/parallel_edit.h"

#include "core/rules/validate_parts.h"

#include <algorithm>
#include <array>

namespace fourfold::core {
namespace {

constexpr std::array kAllAxes = {ParallelAxis::Data,         ParallelAxis::Tensor,
                                 ParallelAxis::Pipeline,     ParallelAxis::Context,
                                 ParallelAxis::Expert,       ParallelAxis::VirtualStages,
                                 ParallelAxis::ShardingGroup};

bool changesWorldShape(ParallelAxis axis) {
    return axis == ParallelAxis::Tensor || axis == ParallelAxis::Pipeline ||
           axis == ParallelAxis::Context;
}

std::int64_t positive(int value) { return value > 0 ? value : 1; }

std::int64_t worldOf(const Plan& plan) {
    const auto& parallel = plan.parallel;
    return positive(parallel.dp) * positive(parallel.tp) * positive(parallel.pp) *
           positive(parallel.cp);
}

// A dependent degree the change broke drops to its largest valid value not above the old one.
void repairDependent(Plan& plan, ParallelAxis axis, int fallback) {
    const int current = parallelValue(plan, axis);
    if (isValidChoice(plan, axis, current)) return;
    setParallelValue(plan, axis, largestValidChoiceUpTo(plan, axis, current, fallback));
}

void followDataParallel(Plan& plan) {
    const std::int64_t gpus = clusterGpuCount(plan);
    const auto& parallel = plan.parallel;
    const std::int64_t modelParallel =
        positive(parallel.tp) * positive(parallel.pp) * positive(parallel.cp);
    if (gpus < 1) return;
    // No more ranks than the world-size bound allows: on a cluster beyond it, every DP above
    // would be refused, one rule check each.
    const auto rankBound = static_cast<std::int64_t>(detail::kMaxRanks);
    const std::int64_t ceiling = std::min(gpus, rankBound) / modelParallel;
    plan.parallel.dp = largestValidChoiceUpTo(plan, ParallelAxis::Data, ceiling, 1);
}

// Keeps a typed global batch true when DP moved: B = b × a × d (Narayanan et al. 2021 §2).
void followAccumulation(Plan& plan, int previousDp) {
    auto& training = plan.training;
    if (!training.globalBatch || plan.parallel.dp == previousDp) return;
    const std::int64_t perStep = std::int64_t{training.microBatch} * plan.parallel.dp;
    if (perStep < 1 || *training.globalBatch % perStep != 0) return;
    const std::int64_t accumulation = *training.globalBatch / perStep;
    if (accumulation >= 1 && accumulation <= INT32_MAX) {
        training.gradAccumulation = static_cast<int>(accumulation);
    }
}

// True when `edited` breaks no rule on `axis` itself nor on any axis `original` kept.
bool keepsRules(const Plan& original, const Plan& edited, ParallelAxis axis) {
    if (!isValidChoice(edited, axis, parallelValue(edited, axis))) return false;
    return std::all_of(kAllAxes.begin(), kAllAxes.end(), [&](ParallelAxis other) {
        return !isValidChoice(original, other, parallelValue(original, other)) ||
               isValidChoice(edited, other, parallelValue(edited, other));
    });
}

}  // namespace

Plan withParallelDegree(const Plan& plan, ParallelAxis axis, int value) {
    Plan next = plan;
    setParallelValue(next, axis, value);
    if (changesWorldShape(axis)) followDataParallel(next);
    if (axis != ParallelAxis::Expert) repairDependent(next, ParallelAxis::Expert, 1);
    if (axis != ParallelAxis::VirtualStages) repairDependent(next, ParallelAxis::VirtualStages, 1);
    if (axis != ParallelAxis::ShardingGroup) repairDependent(next, ParallelAxis::ShardingGroup, 0);
    followAccumulation(next, plan.parallel.dp);
    return next;
}

std::vector<int> parallelStops(const Plan& plan, ParallelAxis axis) {
    std::vector<int> stops;
    std::vector<int> tiling;
    const std::int64_t gpus = clusterGpuCount(plan);
    for (int value : parallelChoices(plan, axis)) {
        const Plan edited = withParallelDegree(plan, axis, value);
        if (!keepsRules(plan, edited, axis)) continue;
        stops.push_back(value);
        if (worldOf(edited) == gpus) tiling.push_back(value);
    }
    if (changesWorldShape(axis) && !tiling.empty()) {
        const int current = parallelValue(plan, axis);
        const bool currentListed = std::find(stops.begin(), stops.end(), current) != stops.end();
        stops = std::move(tiling);
        if (currentListed && std::find(stops.begin(), stops.end(), current) == stops.end()) {
            stops.insert(std::upper_bound(stops.begin(), stops.end(), current), current);
        }
    }
    if (stops.empty()) {
        const int current = parallelValue(plan, axis);
        stops.push_back(isValidChoice(plan, axis, current)
                            ? current
                            : (axis == ParallelAxis::ShardingGroup ? 0 : 1));
    }
    return stops;
}

}  // namespace fourfold::core
