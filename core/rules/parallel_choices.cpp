// SPDX-License-Identifier: MIT
#include "core/rules/parallel_choices.h"

#include "core/rules/layout_rules.h"

#include <algorithm>
#include <initializer_list>

namespace fourfold::core {
namespace {

// Each slider steps through the candidates below that the layout rules of its axis accept
// (core/rules/layout_rules.h): the candidates only bound the search (divisors of the node for
// TP, of the experts for EP, of half the sequence for CP, ...); the rules decide.

constexpr std::int64_t kMaxListed = std::int64_t{1} << 16;  // longest list a slider steps through

std::int64_t atLeastOne(int value) { return value > 0 ? value : 1; }

std::int64_t budget(const Plan& plan) {
    return std::min(clusterGpuCount(plan), kMaxChoiceClusterGpus);
}

std::vector<int> upTo(std::int64_t last) {
    std::vector<int> values;
    const std::int64_t end = std::min({last, kMaxListed, std::int64_t{INT32_MAX}});
    for (std::int64_t value = 1; value <= end; ++value) values.push_back(static_cast<int>(value));
    return values;
}

// tp × pp × cp, at most the cluster (and at least 1), so the lists below stay short.
std::int64_t modelParallelSize(const Plan& plan) {
    const auto& parallel = plan.parallel;
    const std::int64_t size = atLeastOne(parallel.tp) * atLeastOne(parallel.pp);
    const std::int64_t capped = std::min(size, kMaxChoiceClusterGpus + 1);
    return std::min(capped * atLeastOne(parallel.cp), kMaxChoiceClusterGpus + 1);
}

std::vector<int> candidates(const Plan& plan, ParallelAxis axis) {
    const auto& parallel = plan.parallel;
    switch (axis) {
        case ParallelAxis::Tensor:
            return divisorsOf(plan.cluster.gpusPerNode > 0 ? plan.cluster.gpusPerNode : 1);
        case ParallelAxis::Pipeline:
            return upTo(std::min<std::int64_t>(
                atLeastOne(plan.model.layers),
                budget(plan) / (atLeastOne(parallel.tp) * atLeastOne(parallel.cp))));
        case ParallelAxis::Context: {
            std::vector<int> values = {1};
            const int sequence = plan.model.sequence;
            if (sequence > 0 && sequence % 2 == 0) {
                for (int value : divisorsOf(sequence / 2)) {
                    if (value > 1) values.push_back(value);
                }
            }
            return values;
        }
        case ParallelAxis::Data: {
            const std::int64_t modelParallel = modelParallelSize(plan);
            const std::int64_t gpus = budget(plan);
            if (gpus % modelParallel == 0) return divisorsOf(gpus / modelParallel);
            return upTo(gpus / modelParallel);
        }
        case ParallelAxis::Expert:
            return plan.model.moe.experts > 1 ? divisorsOf(plan.model.moe.experts)
                                              : std::vector<int>{1};
        case ParallelAxis::VirtualStages: {
            std::vector<int> values = {1};
            const int layers = plan.model.layers;
            if (parallel.pp > 1 && layers > 0 && layers % parallel.pp == 0) {
                for (int value : divisorsOf(layers / parallel.pp)) {
                    if (value > 1) values.push_back(value);
                }
            }
            return values;
        }
        case ParallelAxis::ShardingGroup: {
            std::vector<int> values = {0};
            for (int value : divisorsOf(parallel.dp)) values.push_back(value);
            return values;
        }
    }
    return {1};
}

}  // namespace

std::int64_t clusterGpuCount(const Plan& plan) {
    const auto& cluster = plan.cluster;
    if (cluster.gpusPerNode <= 0 || cluster.nodes <= 0) return 0;
    return std::int64_t{cluster.gpusPerNode} * cluster.nodes;
}

std::vector<int> divisorsOf(std::int64_t n) {
    std::vector<int> low;
    std::vector<int> high;
    if (n < 1) return low;
    for (std::int64_t d = 1; d <= n / d; ++d) {
        if (n % d != 0) continue;
        if (d <= INT32_MAX) low.push_back(static_cast<int>(d));
        const std::int64_t pair = n / d;
        if (pair != d && pair <= INT32_MAX) high.push_back(static_cast<int>(pair));
    }
    low.insert(low.end(), high.rbegin(), high.rend());
    return low;
}

Diagnostic choiceProblem(const Plan& plan, ParallelAxis axis, int value) {
    return axisProblem(plan, axis, value);
}

bool isValidChoice(const Plan& plan, ParallelAxis axis, int value) {
    return axisAccepts(plan, axis, value);
}

std::vector<int> parallelChoices(const Plan& plan, ParallelAxis axis) {
    std::vector<int> values = candidates(plan, axis);
    std::erase_if(values, [&](int value) { return !isValidChoice(plan, axis, value); });
    if (values.empty()) values.push_back(axisInfo(axis).neutral);
    return values;
}

int largestValidChoiceUpTo(const Plan& plan, ParallelAxis axis, std::int64_t ceiling,
                           int fallback) {
    const std::vector<int> values = candidates(plan, axis);
    for (auto value = values.rbegin(); value != values.rend(); ++value) {
        if (*value <= ceiling && isValidChoice(plan, axis, *value)) return *value;
    }
    // parallelChoices offers the neutral value when no candidate is valid; it counts here only if
    // it is valid itself (when it is a candidate, it was checked above).
    const int neutral = axisInfo(axis).neutral;
    if (neutral > ceiling || std::find(values.begin(), values.end(), neutral) != values.end()) {
        return fallback;
    }
    const bool anyValid = std::any_of(values.begin(), values.end(),
                                      [&](int value) { return isValidChoice(plan, axis, value); });
    return !anyValid && isValidChoice(plan, axis, neutral) ? neutral : fallback;
}

std::vector<int> dataParallelChoices(const Plan& plan) {
    return parallelChoices(plan, ParallelAxis::Data);
}
std::vector<int> tensorParallelChoices(const Plan& plan) {
    return parallelChoices(plan, ParallelAxis::Tensor);
}
std::vector<int> pipelineParallelChoices(const Plan& plan) {
    return parallelChoices(plan, ParallelAxis::Pipeline);
}
std::vector<int> contextParallelChoices(const Plan& plan) {
    return parallelChoices(plan, ParallelAxis::Context);
}
std::vector<int> expertParallelChoices(const Plan& plan) {
    return parallelChoices(plan, ParallelAxis::Expert);
}
std::vector<int> virtualStageChoices(const Plan& plan) {
    return parallelChoices(plan, ParallelAxis::VirtualStages);
}
std::vector<int> shardingGroupChoices(const Plan& plan) {
    return parallelChoices(plan, ParallelAxis::ShardingGroup);
}

}  // namespace fourfold::core
