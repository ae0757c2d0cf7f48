// SPDX-License-Identifier: MIT
// /parallel rules for the dense axes: degree ranges, then the layout rules of
// core/rules/layout_rules.h (world against the cluster, tensor and context parallelism, the
// sharding group), sequence parallelism, the ZeRO stage, offload (DeepSpeed ZeRO-Offload /
// ZeRO-Infinity) and the rank order string (Megatron-Core).
#include "core/plan/plan_enums.h"
#include "core/rules/layout_rules.h"
#include "core/rules/validate_parts.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fourfold::core::detail {
namespace {

bool checkDegree(DiagnosticSink& sink, const std::string& name, int value) {
    return checkRange(sink, "/parallel/" + name, value);
}

void checkContextAndSequence(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const int sequence = plan.model.sequence;
    if (sequence < 1) return;  // reported under /model
    checkContextParallel(plan, sink);
    if (!p.sequenceParallel) return;
    if (p.tp == 1) {
        sink.info("/parallel/sequence_parallel", "parallel.sequence_parallel_without_tp",
                  {{"tp", p.tp}});
    } else if (p.tp > 1 && p.cp >= 1 && divides(p.cp, sequence)) {
        const int local = sequence / p.cp;
        if (!divides(p.tp, local)) {
            sink.error("/parallel/sequence_parallel", "parallel.sequence_parallel_indivisible",
                       {{"local_tokens", local},
                        {"sequence", sequence},
                        {"cp", p.cp},
                        {"tp", p.tp},
                        {"tp_times_cp", std::int64_t{p.tp} * p.cp}});
        }
    }
}

void checkSharding(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    if (!checkRange(sink, "/parallel/zero_stage", p.zeroStage)) {
        // reported with its range
    } else if (p.zeroStage > 0 && p.dp == 1 && p.cp == 1 && p.offload == Offload::None) {
        sink.info("/parallel/zero_stage", "parallel.zero_without_replicas",
                  {{"zero_stage", p.zeroStage}, {"dp", p.dp}});
    }
    if (p.zeroStage >= 2 && p.zeroStage <= 3 && p.pp > 1) {
        sink.warning("/parallel/zero_stage", "parallel.zero_with_pipeline",
                     {{"zero_stage", p.zeroStage}, {"pp", p.pp}});
    }
    if (!checkRange(sink, "/parallel/sharding_group", p.shardingGroup)) {
        // reported with its range
    } else {
        checkShardingGroup(plan, sink);
        if (p.shardingGroup > 0 && divides(p.shardingGroup, p.dp) && p.zeroStage == 0) {
            sink.info("/parallel/sharding_group", "parallel.sharding_group_without_zero",
                      {{"sharding_group", p.shardingGroup}, {"zero_stage", p.zeroStage}});
        }
    }
    if (p.offload == Offload::OptimizerCpu && p.zeroStage < 1) {
        sink.error("/parallel/offload", "parallel.offload_needs_zero",
                   {{"offload", toString(p.offload)}, {"zero_stage", p.zeroStage}});
    } else if ((p.offload == Offload::OptimizerAndParamsCpu || p.offload == Offload::Nvme) &&
               p.zeroStage != 3) {
        sink.error("/parallel/offload", "parallel.offload_needs_zero3",
                   {{"offload", toString(p.offload)}, {"zero_stage", p.zeroStage}});
    }
}

void checkOrder(const Plan& plan, DiagnosticSink& sink) {
    const std::string& order = plan.parallel.order;
    std::array<std::string_view, 5> expected = {"cp", "dp", "ep", "pp", "tp"};
    std::vector<std::string_view> tokens;
    std::string_view rest = order;
    while (true) {
        const auto dash = rest.find('-');
        tokens.push_back(rest.substr(0, dash));
        if (dash == std::string_view::npos) break;
        rest.remove_prefix(dash + 1);
    }
    std::sort(tokens.begin(), tokens.end());
    if (!std::equal(tokens.begin(), tokens.end(), expected.begin(), expected.end())) {
        sink.error("/parallel/order", "parallel.order_invalid", {{"order", order}});
    }
}

}  // namespace

void validateParallel(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    bool degreesOk = true;
    for (const auto& [name, value] :
         {std::pair<const char*, int>{"dp", p.dp}, {"tp", p.tp}, {"pp", p.pp}, {"cp", p.cp}}) {
        degreesOk = checkDegree(sink, name, value) && degreesOk;
    }
    if (degreesOk) {
        checkWorldFits(plan, sink);
        checkWorldTiles(plan, sink);
        checkIdleGpus(plan, sink);
        checkPartialNode(plan, sink);
    }
    checkTensorParallel(plan, sink);
    checkTensorPlacement(plan, sink);
    checkContextAndSequence(plan, sink);
    checkSharding(plan, sink);
    checkOrder(plan, sink);
}

}  // namespace fourfold::core::detail
