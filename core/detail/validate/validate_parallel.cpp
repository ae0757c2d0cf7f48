// SPDX-License-Identifier: MIT
// /parallel rules for the dense axes: degrees, world size = dp x tp x pp x cp against the
// cluster, tensor-parallel divisibility (Megatron-LM splits heads, key/value groups and the FFN
// across TP ranks), context and sequence parallel splits, ZeRO stage, sharding group, offload
// (DeepSpeed ZeRO-Offload / ZeRO-Infinity) and the rank order string (Megatron-Core).
#include "core/detail/validate/validate_common.h"
#include "core/plan_enums.h"

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
    const std::string path = "/parallel/" + name;
    if (value < 1) {
        sink.error(path, name + " is " + numberText(value) + "; a parallel degree is at least 1.");
        return false;
    }
    if (value > kMaxRanks) {
        sink.error(path, name + " " + numberText(value) + " is absurd (more than " +
                             numberText(kMaxRanks) + " ranks).");
        return false;
    }
    return true;
}

void checkWorldSize(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const double world = static_cast<double>(p.dp) * p.tp * p.pp * p.cp;
    const std::string product = "dp " + numberText(p.dp) + " × tp " + numberText(p.tp) + " × pp " +
                                numberText(p.pp) + " × cp " + numberText(p.cp);
    if (world > kMaxRanks) {
        sink.error("/parallel", product + " = " + numberText(world) +
                                    " ranks is absurd (more than " + numberText(kMaxRanks) +
                                    "); lower the degrees.");
        return;
    }
    const ClusterSpec& cluster = plan.cluster;
    if (cluster.nodes < 1 || cluster.gpusPerNode < 1 || cluster.nodes > kMaxNodes ||
        cluster.gpusPerNode > kMaxGpusPerNode) {
        return;  // reported under /cluster
    }
    const std::int64_t ranks = static_cast<std::int64_t>(world);
    const std::int64_t gpus = std::int64_t{cluster.nodes} * cluster.gpusPerNode;
    const std::string clusterText = numberText(cluster.nodes) +
                                    (cluster.nodes == 1 ? " node × " : " nodes × ") +
                                    numberText(cluster.gpusPerNode) + " GPUs = " + numberText(gpus);
    if (ranks > gpus) {
        const std::int64_t nodesNeeded = (ranks + cluster.gpusPerNode - 1) / cluster.gpusPerNode;
        sink.error("/cluster/nodes", product + " = " + numberText(ranks) +
                                         " ranks, but the cluster has " + clusterText +
                                         " GPUs; use " + numberText(nodesNeeded) +
                                         " nodes or lower the parallel degrees.");
    } else if (ranks < gpus) {
        sink.warning("/cluster/nodes", product + " = " + numberText(ranks) + " ranks on " +
                                           clusterText + " GPUs: " + numberText(gpus - ranks) +
                                           " GPUs sit idle; raise dp or use fewer nodes.");
    }
}

void checkTensorParallel(const Plan& plan, DiagnosticSink& sink) {
    const ModelSpec& m = plan.model;
    const int tp = plan.parallel.tp;
    if (tp <= 1) return;
    if (m.heads >= 1 && !divides(tp, m.heads)) {
        sink.error("/parallel/tp", "tp " + numberText(tp) + " does not divide heads " +
                                       numberText(m.heads) +
                                       "; each TP rank takes whole heads, so use tp " +
                                       divisorsText(m.heads) + ".");
    } else if (m.kvHeads >= 1 && !divides(tp, m.kvHeads)) {
        sink.error("/parallel/tp", "tp " + numberText(tp) + " does not divide kv_heads " +
                                       numberText(m.kvHeads) +
                                       "; Megatron-LM gives each TP rank whole key/value groups, "
                                       "so use tp " +
                                       divisorsText(m.kvHeads) + ".");
    }
    if (m.ffnHidden >= 1 && !divides(tp, m.ffnHidden)) {
        sink.error("/parallel/tp", "tp " + numberText(tp) + " does not divide ffn_hidden " +
                                       numberText(m.ffnHidden) +
                                       "; the MLP's columns are split evenly over TP ranks.");
    }
    const int perNode = plan.cluster.gpusPerNode;
    if (perNode >= 1 && tp > perNode) {
        sink.warning("/parallel/tp",
                     "tp " + numberText(tp) + " is more than gpus_per_node " + numberText(perNode) +
                         ", so TP groups cross nodes and their per-layer all-reduces ride the "
                         "inter-node network; keep tp at most " +
                         numberText(perNode) + " and use pp or dp for the rest.");
    }
}

void checkContextAndSequence(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const int sequence = plan.model.sequence;
    if (sequence < 1) return;  // reported under /model
    if (p.cp > 1) {
        if (!divides(p.cp, sequence)) {
            sink.error("/parallel/cp", "cp " + numberText(p.cp) + " does not divide sequence " +
                                           numberText(sequence) +
                                           "; each CP rank holds an equal slice of the tokens.");
        } else if (sequence % (2 * std::int64_t{p.cp}) != 0) {
            sink.info("/parallel/cp",
                      "sequence " + numberText(sequence) +
                          " is not divisible by 2 × cp = " + numberText(2 * std::int64_t{p.cp}) +
                          ", so causal attention cannot be load-balanced by "
                          "giving each CP rank two mirrored chunks.");
        }
    }
    if (!p.sequenceParallel) return;
    if (p.tp == 1) {
        sink.info("/parallel/sequence_parallel",
                  "sequence_parallel has no effect with tp 1: it splits the TP group's "
                  "LayerNorm and dropout activations along the sequence.");
    } else if (p.tp > 1 && p.cp >= 1 && divides(p.cp, sequence)) {
        const int local = sequence / p.cp;
        if (!divides(p.tp, local)) {
            sink.error("/parallel/sequence_parallel",
                       "sequence_parallel splits each rank's " + numberText(local) +
                           " tokens (sequence " + numberText(sequence) + " / cp " +
                           numberText(p.cp) + ") over tp " + numberText(p.tp) +
                           ", which does not divide them; choose a sequence divisible by tp × "
                           "cp = " +
                           numberText(std::int64_t{p.tp} * p.cp) + ".");
        }
    }
}

void checkSharding(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    if (p.zeroStage < 0 || p.zeroStage > 3) {
        sink.error("/parallel/zero_stage",
                   "zero_stage " + numberText(p.zeroStage) +
                       " does not exist; use 0 (none), 1 (optimizer states), 2 (+ gradients) or "
                       "3 (+ parameters, FSDP full shard).");
    } else if (p.zeroStage > 0 && p.dp == 1 && p.cp == 1 && p.offload == Offload::None) {
        sink.info("/parallel/zero_stage", "zero_stage " + numberText(p.zeroStage) +
                                              " shards over data-parallel ranks, and dp 1 has "
                                              "none to share with: nothing is saved.");
    }
    if (p.zeroStage >= 2 && p.zeroStage <= 3 && p.pp > 1) {
        sink.warning("/parallel/zero_stage",
                     "zero_stage " + numberText(p.zeroStage) + " with pp " + numberText(p.pp) +
                         ": DeepSpeed's pipeline engine accepts only ZeRO stage 0 or 1; use "
                         "zero_stage 1, or a framework that combines FSDP with pipeline stages.");
    }
    if (p.shardingGroup < 0) {
        sink.error("/parallel/sharding_group",
                   "sharding_group is " + numberText(p.shardingGroup) +
                       "; use 0 for all data-parallel ranks or a divisor of dp.");
    } else if (p.shardingGroup > 0 && p.dp >= 1 && !divides(p.shardingGroup, p.dp)) {
        sink.error("/parallel/sharding_group",
                   "sharding_group " + numberText(p.shardingGroup) + " does not divide dp " +
                       numberText(p.dp) +
                       "; shards must tile the data-parallel ranks, so use 0 "
                       "(all) or " +
                       divisorsText(p.dp) + ".");
    } else if (p.shardingGroup > 0 && p.zeroStage == 0) {
        sink.info("/parallel/sharding_group", "sharding_group " + numberText(p.shardingGroup) +
                                                  " has no effect with zero_stage 0.");
    }
    if (p.offload == Offload::OptimizerCpu && p.zeroStage < 1) {
        sink.error("/parallel/offload",
                   "offload optimizer_cpu needs zero_stage 1 or more (DeepSpeed ZeRO-Offload "
                   "moves the sharded optimizer states); zero_stage is " +
                       numberText(p.zeroStage) + ".");
    } else if ((p.offload == Offload::OptimizerAndParamsCpu || p.offload == Offload::Nvme) &&
               p.zeroStage != 3) {
        sink.error("/parallel/offload",
                   "offload " + std::string(toString(p.offload)) +
                       " moves parameters off the GPU, which needs zero_stage 3 (DeepSpeed "
                       "ZeRO-3 / ZeRO-Infinity); zero_stage is " +
                       numberText(p.zeroStage) + ".");
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
        sink.error("/parallel/order",
                   "order \"" + order +
                       "\" must name tp, cp, ep, dp and pp once each, joined by '-', fastest "
                       "varying first (Megatron-Core's default is \"tp-cp-ep-dp-pp\").");
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
