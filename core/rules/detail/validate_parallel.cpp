// SPDX-License-Identifier: MIT
// /parallel rules for the dense axes: degrees, world size = dp x tp x pp x cp against the
// cluster, tensor-parallel divisibility (Megatron-LM splits heads, key/value groups and the FFN
// across TP ranks), context and sequence parallel splits, ZeRO stage, sharding group, offload
// (DeepSpeed ZeRO-Offload / ZeRO-Infinity) and the rank order string (Megatron-Core).
#include "core/plan/plan_enums.h"
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

void checkWorldSize(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const double world = static_cast<double>(p.dp) * p.tp * p.pp * p.cp;
    const DiagnosticArgs degrees = {{"dp", p.dp}, {"tp", p.tp}, {"pp", p.pp}, {"cp", p.cp}};
    if (world > kMaxRanks) {
        DiagnosticArgs args = degrees;
        args.emplace_back("ranks", world);
        args.emplace_back("limit", kMaxRanks);
        sink.error("/parallel", "parallel.world_size_too_large", std::move(args));
        return;
    }
    const ClusterSpec& cluster = plan.cluster;
    if (cluster.nodes < 1 || cluster.gpusPerNode < 1 || cluster.nodes > kMaxNodes ||
        cluster.gpusPerNode > kMaxGpusPerNode) {
        return;  // reported under /cluster
    }
    const std::int64_t ranks = static_cast<std::int64_t>(world);
    const std::int64_t gpus = std::int64_t{cluster.nodes} * cluster.gpusPerNode;
    DiagnosticArgs args = degrees;
    args.emplace_back("ranks", ranks);
    args.emplace_back("nodes", cluster.nodes);
    args.emplace_back("gpus_per_node", cluster.gpusPerNode);
    args.emplace_back("gpus", gpus);
    if (ranks > gpus) {
        args.emplace_back("nodes_needed", (ranks + cluster.gpusPerNode - 1) / cluster.gpusPerNode);
        sink.error("/cluster/nodes", "parallel.world_above_gpus", std::move(args));
    } else if (ranks < gpus) {
        args.emplace_back("idle", gpus - ranks);
        sink.warning("/cluster/nodes", "parallel.world_below_gpus", std::move(args));
    }
}

void checkTensorParallel(const Plan& plan, DiagnosticSink& sink) {
    const ModelSpec& m = plan.model;
    const int tp = plan.parallel.tp;
    if (tp <= 1) return;
    if (m.heads >= 1 && !divides(tp, m.heads)) {
        sink.error("/parallel/tp", "parallel.tp_divides_heads",
                   {{"tp", tp}, {"heads", m.heads}, {"choices", divisorsText(m.heads)}});
    } else if (m.kvHeads >= 1 && !divides(tp, m.kvHeads)) {
        sink.error("/parallel/tp", "parallel.tp_divides_kv_heads",
                   {{"tp", tp}, {"kv_heads", m.kvHeads}, {"choices", divisorsText(m.kvHeads)}});
    }
    if (m.ffnHidden >= 1 && !divides(tp, m.ffnHidden)) {
        sink.error("/parallel/tp", "parallel.tp_divides_ffn_hidden",
                   {{"tp", tp}, {"ffn_hidden", m.ffnHidden}});
    }
    const int perNode = plan.cluster.gpusPerNode;
    if (perNode >= 1 && tp > perNode) {
        sink.warning("/parallel/tp", "parallel.tp_crosses_nodes",
                     {{"tp", tp}, {"gpus_per_node", perNode}});
    }
}

void checkContextAndSequence(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const int sequence = plan.model.sequence;
    if (sequence < 1) return;  // reported under /model
    if (p.cp > 1) {
        if (!divides(p.cp, sequence)) {
            sink.error("/parallel/cp", "parallel.cp_divides_sequence",
                       {{"cp", p.cp}, {"sequence", sequence}});
        } else if (sequence % (2 * std::int64_t{p.cp}) != 0) {
            sink.info("/parallel/cp", "parallel.cp_load_balance",
                      {{"sequence", sequence}, {"cp", p.cp}, {"twice_cp", 2 * std::int64_t{p.cp}}});
        }
    }
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
    } else if (p.shardingGroup > 0 && p.dp >= 1 && !divides(p.shardingGroup, p.dp)) {
        sink.error(
            "/parallel/sharding_group", "parallel.sharding_group_divides_dp",
            {{"sharding_group", p.shardingGroup}, {"dp", p.dp}, {"choices", divisorsText(p.dp)}});
    } else if (p.shardingGroup > 0 && p.zeroStage == 0) {
        sink.info("/parallel/sharding_group", "parallel.sharding_group_without_zero",
                  {{"sharding_group", p.shardingGroup}, {"zero_stage", p.zeroStage}});
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
    if (degreesOk) checkWorldSize(plan, sink);
    checkTensorParallel(plan, sink);
    checkContextAndSequence(plan, sink);
    checkSharding(plan, sink);
    checkOrder(plan, sink);
}

}  // namespace fourfold::core::detail
