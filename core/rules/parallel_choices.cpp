// SPDX-License-Identifier: MIT
#include "core/rules/parallel_choices.h"

#include <algorithm>
#include <initializer_list>

namespace fourfold::core {
namespace {

// Policy (what each slider offers; every rule names its source):
// - TP: divides the attention heads, the key/value heads and the FFN width (Megatron-LM gives
//   each TP rank whole heads, whole query groups and an equal slice of FFN columns), and
//   divides the GPUs of one node: TP all-reduces in every layer, so a TP group stays on the
//   node's NVLink and groups never straddle a node boundary (Narayanan et al. 2021, §3.3).
// - PP: 1 .. layers (every stage holds at least one layer; stages may differ by one layer).
// - CP: 1, or a value that cuts the sequence into 2 × CP equal chunks (Megatron-Core's
//   load-balanced causal split).
// - DP: the world size dp × tp × pp × cp divides the cluster's GPU count, so the job tiles the
//   cluster evenly; when tp × pp × cp does not divide it, every dp that fits is offered.
// - EP: divides the experts and world / (ETP × PP) (Megatron-Core expert rank generator);
//   a dense model offers EP 1 only.
// - Virtual stages: 1, or with the interleaved schedule and PP > 1, a v for which
//   layers / (PP × v) is whole (Narayanan et al. 2021, §2.2).
// - Sharding group: 0 (all DP ranks) or a divisor of DP.
// Every multi-GPU axis also keeps its product with the others within the cluster.

constexpr std::int64_t kMaxListed = std::int64_t{1} << 16;  // longest list a slider steps through

std::string str(std::int64_t value) { return std::to_string(value); }

std::int64_t atLeastOne(int value) { return value > 0 ? value : 1; }

// Product of positive factors, saturating at 2^62 so absurd degrees cannot overflow.
std::int64_t product(std::initializer_list<std::int64_t> factors) {
    constexpr std::int64_t kSaturated = std::int64_t{1} << 62;
    std::int64_t result = 1;
    for (std::int64_t factor : factors) {
        if (factor > 0 && result > kSaturated / factor) return kSaturated;
        result *= factor;
    }
    return result;
}

std::int64_t budget(const Plan& plan) {
    return std::min(clusterGpuCount(plan), kMaxChoiceClusterGpus);
}

// `describe()` names the product ("PP 4 × TP 8 × CP 1"); called only when there is a problem,
// since the sliders ask about every candidate value at every edit.
template <class Describe>
std::string budgetProblem(const Plan& plan, std::int64_t gpus, const Describe& describe) {
    const std::int64_t available = clusterGpuCount(plan);
    if (gpus <= available) return {};
    return describe() + " = " + str(gpus) + " GPUs, more than the cluster's " + str(available) +
           ".";
}

std::vector<int> upTo(std::int64_t last) {
    std::vector<int> values;
    const std::int64_t end = std::min({last, kMaxListed, std::int64_t{INT32_MAX}});
    for (std::int64_t value = 1; value <= end; ++value) values.push_back(static_cast<int>(value));
    return values;
}

std::string tensorProblem(const Plan& plan, int tp) {
    if (tp < 1) return "TP must be at least 1.";
    const ModelSpec& model = plan.model;
    const auto name = [tp] { return "TP " + str(tp); };
    if (model.heads > 0 && model.heads % tp != 0) {
        return name() + " does not divide the " + str(model.heads) +
               " attention heads; each TP rank holds whole heads.";
    }
    if (model.kvHeads > 0 && model.kvHeads % tp != 0) {
        return name() + " does not divide the " + str(model.kvHeads) +
               " key/value heads; each TP rank holds whole query groups.";
    }
    if (model.ffnHidden > 0 && model.ffnHidden % tp != 0) {
        return name() + " does not divide the FFN width " + str(model.ffnHidden) + ".";
    }
    const int perNode = plan.cluster.gpusPerNode;
    if (perNode > 0 && tp > perNode) {
        return name() + " spans more than one " + str(perNode) +
               "-GPU node; TP communicates in every layer and belongs on one node's NVLink.";
    }
    if (perNode > 0 && perNode % tp != 0) {
        return name() + " does not divide the " + str(perNode) +
               " GPUs of a node, so some TP groups would straddle two nodes.";
    }
    return budgetProblem(plan, tp, name);
}

std::string pipelineProblem(const Plan& plan, int pp) {
    if (pp < 1) return "PP must be at least 1.";
    const int layers = plan.model.layers;
    if (layers > 0 && pp > layers) {
        return "PP " + str(pp) + " leaves stages without a layer: the model has " + str(layers) +
               " layers.";
    }
    const auto& parallel = plan.parallel;
    return budgetProblem(plan, product({pp, atLeastOne(parallel.tp), atLeastOne(parallel.cp)}),
                         [&] {
                             return "PP " + str(pp) + " × TP " + str(atLeastOne(parallel.tp)) +
                                    " × CP " + str(atLeastOne(parallel.cp));
                         });
}

std::string contextProblem(const Plan& plan, int cp) {
    if (cp < 1) return "CP must be at least 1.";
    const int sequence = plan.model.sequence;
    if (cp > 1 && (sequence <= 0 || sequence % (2 * std::int64_t{cp}) != 0)) {
        return "The sequence of " + str(sequence) +
               " tokens does not split into 2 × CP = " + str(2 * std::int64_t{cp}) +
               " equal chunks, which context parallelism needs to balance causal attention.";
    }
    const auto& parallel = plan.parallel;
    return budgetProblem(plan, product({cp, atLeastOne(parallel.tp), atLeastOne(parallel.pp)}),
                         [&] {
                             return "CP " + str(cp) + " × TP " + str(atLeastOne(parallel.tp)) +
                                    " × PP " + str(atLeastOne(parallel.pp));
                         });
}

std::int64_t modelParallelSize(const Plan& plan) {
    const auto& parallel = plan.parallel;
    return product({atLeastOne(parallel.tp), atLeastOne(parallel.pp), atLeastOne(parallel.cp)});
}

std::string dataProblem(const Plan& plan, int dp) {
    if (dp < 1) return "DP must be at least 1.";
    const auto& parallel = plan.parallel;
    const std::int64_t modelParallel = modelParallelSize(plan);
    const std::int64_t world = product({dp, modelParallel});
    const auto describe = [&] {
        return "DP " + str(dp) + " × TP " + str(atLeastOne(parallel.tp)) + " × PP " +
               str(atLeastOne(parallel.pp)) + " × CP " + str(atLeastOne(parallel.cp));
    };
    std::string problem = budgetProblem(plan, world, describe);
    if (!problem.empty()) return problem;
    const std::int64_t gpus = clusterGpuCount(plan);
    if (gpus % modelParallel == 0 && gpus % world != 0) {
        return describe() + " = " + str(world) + " ranks do not tile the cluster's " + str(gpus) +
               " GPUs evenly.";
    }
    return {};
}

std::string expertProblem(const Plan& plan, int ep) {
    if (ep < 1) return "EP must be at least 1.";
    if (ep == 1) return {};
    const int experts = plan.model.moe.experts;
    if (experts <= 1) return "EP applies to mixture-of-experts models only; this one is dense.";
    if (experts % ep != 0) {
        return "EP " + str(ep) + " does not divide the " + str(experts) + " experts.";
    }
    const auto& parallel = plan.parallel;
    const std::int64_t world = product({atLeastOne(parallel.dp), modelParallelSize(plan)});
    const std::int64_t expertTp = atLeastOne(expertTensorParallel(parallel));
    const std::int64_t perExpertGroup = expertTp * atLeastOne(parallel.pp);
    if (world < 1 || world % perExpertGroup != 0 || (world / perExpertGroup) % ep != 0) {
        return "EP " + str(ep) + " does not divide world / (ETP × PP) = " + str(world) + " / " +
               str(perExpertGroup) + ", the ranks experts are spread over.";
    }
    return {};
}

std::string virtualStageProblem(const Plan& plan, int virtualStages) {
    if (virtualStages < 1) return "Virtual stages must be at least 1.";
    if (virtualStages == 1) return {};
    const auto& parallel = plan.parallel;
    if (parallel.schedule != ScheduleKind::Interleaved1F1B) {
        return "Virtual stages need the interleaved 1F1B schedule.";
    }
    if (parallel.pp <= 1) return "Virtual stages need pipeline parallelism (PP above 1).";
    const std::int64_t chunks = std::int64_t{parallel.pp} * virtualStages;
    const int layers = plan.model.layers;
    if (layers <= 0 || layers % chunks != 0) {
        return "The " + str(layers) + " layers do not split into PP × v = " + str(chunks) +
               " equal model chunks.";
    }
    return {};
}

std::string shardingProblem(const Plan& plan, int group) {
    if (group < 0) return "The sharding group cannot be negative.";
    if (group == 0) return {};
    const int dp = plan.parallel.dp;
    if (dp < 1 || dp % group != 0) {
        return "A sharding group of " + str(group) + " does not divide DP " + str(dp) + ".";
    }
    return {};
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

std::string choiceProblem(const Plan& plan, ParallelAxis axis, int value) {
    switch (axis) {
        case ParallelAxis::Data:
            return dataProblem(plan, value);
        case ParallelAxis::Tensor:
            return tensorProblem(plan, value);
        case ParallelAxis::Pipeline:
            return pipelineProblem(plan, value);
        case ParallelAxis::Context:
            return contextProblem(plan, value);
        case ParallelAxis::Expert:
            return expertProblem(plan, value);
        case ParallelAxis::VirtualStages:
            return virtualStageProblem(plan, value);
        case ParallelAxis::ShardingGroup:
            return shardingProblem(plan, value);
    }
    return {};
}

bool isValidChoice(const Plan& plan, ParallelAxis axis, int value) {
    return choiceProblem(plan, axis, value).empty();
}

std::vector<int> parallelChoices(const Plan& plan, ParallelAxis axis) {
    std::vector<int> values = candidates(plan, axis);
    std::erase_if(values, [&](int value) { return !isValidChoice(plan, axis, value); });
    if (values.empty()) values.push_back(axisInfo(axis).neutral);
    return values;
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
