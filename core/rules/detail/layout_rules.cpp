// SPDX-License-Identifier: MIT
// The parallel-layout rules (core/rules/layout_rules.h), one function per fact. All arithmetic on
// user numbers is done in 64-bit integers or doubles, so absurd degrees cannot overflow.
#include "core/rules/layout_rules.h"

#include "core/model/pipeline_layout.h"
#include "core/plan/plan_enums.h"
#include "core/topology/topology.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fourfold::core {
namespace detail {
namespace {

bool clusterUsable(const ClusterSpec& cluster) {
    return cluster.nodes >= 1 && cluster.gpusPerNode >= 1 && cluster.nodes <= kMaxNodes &&
           cluster.gpusPerNode <= kMaxGpusPerNode;
}

bool degreesUsable(const ParallelSpec& p) {
    return p.dp >= 1 && p.tp >= 1 && p.pp >= 1 && p.cp >= 1;
}

// dp × tp × pp × cp within the absurd-size bound (the product taken in double first, so huge
// degrees cannot overflow).
bool worldWithinBound(const ParallelSpec& p) {
    return degreesUsable(p) && static_cast<double>(p.dp) * p.tp * p.pp * p.cp <= kMaxRanks;
}

// dp × tp × pp × cp and the cluster's GPU count, with the degrees and node counts quoted.
struct World {
    std::int64_t ranks = 0;
    std::int64_t gpus = 0;
    DiagnosticArgs args;
};

// Expects degrees whose product is within kMaxRanks (checked in double first).
World worldOf(const Plan& plan) {
    const ParallelSpec& p = plan.parallel;
    const ClusterSpec& cluster = plan.cluster;
    World world;
    world.ranks = std::int64_t{p.dp} * p.tp * p.pp * p.cp;
    world.gpus = std::int64_t{cluster.nodes} * cluster.gpusPerNode;
    world.args = {{"dp", p.dp},
                  {"tp", p.tp},
                  {"pp", p.pp},
                  {"cp", p.cp},
                  {"ranks", world.ranks},
                  {"nodes", cluster.nodes},
                  {"gpus_per_node", cluster.gpusPerNode},
                  {"gpus", world.gpus}};
    return world;
}

}  // namespace

// The ranks fit the cluster: dp × tp × pp × cp within the absurd-size bound and the GPUs.
void checkWorldFits(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    if (!degreesUsable(p)) return;  // each degree reported with its range
    const double ranks = static_cast<double>(p.dp) * p.tp * p.pp * p.cp;
    if (ranks > kMaxRanks) {
        sink.error("/parallel", "parallel.world_size_too_large",
                   {{"dp", p.dp},
                    {"tp", p.tp},
                    {"pp", p.pp},
                    {"cp", p.cp},
                    {"ranks", ranks},
                    {"limit", kMaxRanks}});
        return;
    }
    if (!clusterUsable(plan.cluster)) return;  // reported under /cluster
    World world = worldOf(plan);
    if (world.ranks <= world.gpus) return;
    const int perNode = plan.cluster.gpusPerNode;
    world.args.emplace_back("nodes_needed", (world.ranks + perNode - 1) / perNode);
    sink.error("/cluster/nodes", "parallel.world_above_gpus", std::move(world.args));
}

// The ranks tile the cluster evenly: when tp × pp × cp divides the GPUs, so must the world.
void checkWorldTiles(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    if (!worldWithinBound(p) || !clusterUsable(plan.cluster)) return;
    World world = worldOf(plan);
    const std::int64_t modelParallel = std::int64_t{p.tp} * p.pp * p.cp;
    if (world.ranks >= world.gpus) return;
    if (world.gpus % modelParallel != 0 || world.gpus % world.ranks == 0) return;
    world.args.emplace_back("idle", world.gpus - world.ranks);
    sink.warning("/cluster/nodes", "parallel.world_untiled", std::move(world.args));
}

// GPUs left idle by a world that tiles the cluster (or that no dp could make tile it).
void checkIdleGpus(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    if (!worldWithinBound(p) || !clusterUsable(plan.cluster)) return;
    World world = worldOf(plan);
    if (world.ranks >= world.gpus) return;
    const std::int64_t modelParallel = std::int64_t{p.tp} * p.pp * p.cp;
    if (world.gpus % modelParallel == 0 && world.gpus % world.ranks != 0) return;  // untiled
    world.args.emplace_back("idle", world.gpus - world.ranks);
    sink.warning("/cluster/nodes", "parallel.world_below_gpus", std::move(world.args));
}

// Ranks fill whole nodes: the last node of a job is not used only in part.
void checkPartialNode(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const int perNode = plan.cluster.gpusPerNode;
    if (!worldWithinBound(p) || perNode < 1 || perNode > kMaxGpusPerNode) return;
    const std::int64_t whole = std::int64_t{p.dp} * p.tp * p.pp * p.cp;
    if (whole % perNode == 0) return;
    sink.warning("/cluster/gpus_per_node", "topology.partial_node",
                 {{"ranks", whole}, {"gpus_per_node", perNode}});
}

// Megatron-LM gives each TP rank whole heads, whole key/value groups and an equal slice of the
// FFN columns.
void checkTensorParallel(const Plan& plan, DiagnosticSink& sink) {
    const ModelSpec& m = plan.model;
    const int tp = plan.parallel.tp;
    if (tp <= 1) return;
    if (m.heads >= 1 && !divides(tp, m.heads)) {
        DiagnosticArgs args = {{"tp", tp}, {"heads", m.heads}};
        addChoices(args, m.heads);
        sink.error("/parallel/tp", "parallel.tp_divides_heads", std::move(args));
    } else if (m.kvHeads >= 1 && !divides(tp, m.kvHeads)) {
        DiagnosticArgs args = {{"tp", tp}, {"kv_heads", m.kvHeads}};
        addChoices(args, m.kvHeads);
        sink.error("/parallel/tp", "parallel.tp_divides_kv_heads", std::move(args));
    }
    if (m.ffnHidden >= 1 && !divides(tp, m.ffnHidden)) {
        sink.error("/parallel/tp", "parallel.tp_divides_ffn_hidden",
                   {{"tp", tp}, {"ffn_hidden", m.ffnHidden}});
    }
}

// TP all-reduces in every layer, so a TP group belongs inside one node's NVLink domain
// (Narayanan et al. 2021, §3.3): TP at most the node's GPUs, and dividing them.
void checkTensorPlacement(const Plan& plan, DiagnosticSink& sink) {
    const int tp = plan.parallel.tp;
    const int perNode = plan.cluster.gpusPerNode;
    if (tp <= 1 || perNode < 1) return;
    if (tp > perNode) {
        sink.warning("/parallel/tp", "parallel.tp_crosses_nodes",
                     {{"tp", tp}, {"gpus_per_node", perNode}});
    } else if (perNode % tp != 0) {
        sink.warning("/parallel/tp", "topology.tp_divides_node",
                     {{"tp", tp}, {"gpus_per_node", perNode}});
    }
}

// Every pipeline stage holds at least one layer.
void checkPipelineLayers(const Plan& plan, DiagnosticSink& sink) {
    const int pp = plan.parallel.pp;
    const int layers = plan.model.layers;
    if (pp < 1 || pp > kMaxRanks || layers < 1 || layers > kMaxLayers) return;
    if (pp > layers) {
        sink.error("/parallel/pp", "pipeline.pp_above_layers", {{"pp", pp}, {"layers", layers}});
    }
}

// Stages that differ by one layer: the fuller ones set the pace.
void checkUnevenLayers(const Plan& plan, DiagnosticSink& sink) {
    const int pp = plan.parallel.pp;
    const int layers = plan.model.layers;
    if (pp < 1 || pp > layers || layers > kMaxLayers || layers % pp == 0) return;
    if (setsPipelineSplit(plan.parallel)) return;  // the plan places them itself
    sink.info("/parallel/pp", "pipeline.uneven_layers",
              {{"layers", layers},
               {"pp", pp},
               {"most_layers", layers / pp + 1},
               {"fewest_layers", layers / pp}});
}

// Each CP rank holds an equal slice of the tokens, in two mirrored chunks so causal attention
// balances (Megatron-Core): the sequence divides into 2 × CP chunks.
void checkContextParallel(const Plan& plan, DiagnosticSink& sink) {
    const int cp = plan.parallel.cp;
    const int sequence = plan.model.sequence;
    if (sequence < 1 || cp <= 1) return;  // the sequence is reported under /model
    if (!divides(cp, sequence)) {
        sink.error("/parallel/cp", "parallel.cp_divides_sequence",
                   {{"cp", cp}, {"sequence", sequence}});
    } else if (sequence % (2 * std::int64_t{cp}) != 0) {
        sink.info("/parallel/cp", "parallel.cp_load_balance",
                  {{"sequence", sequence}, {"cp", cp}, {"twice_cp", 2 * std::int64_t{cp}}});
    }
}

// Virtual stages interleave model chunks on each stage (Narayanan et al. 2021, §2.2.2): they
// need the interleaved schedule, a pipeline, and layers divisible by pp × v unless an
// uneven-pipeline key says how the chunks differ.
void checkVirtualStages(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const int layers = plan.model.layers;
    if (p.virtualStages <= 1 || p.pp < 1 || p.pp > kMaxRanks || layers < 1 || layers > kMaxLayers) {
        return;
    }
    const bool dualPipe =
        p.schedule == ScheduleKind::DualPipe || p.schedule == ScheduleKind::DualPipeV;
    if (p.schedule != ScheduleKind::Interleaved1F1B && !dualPipe) {
        sink.error("/parallel/virtual_stages", "pipeline.virtual_stages_need_interleaving",
                   {{"virtual_stages", p.virtualStages}, {"schedule", toString(p.schedule)}});
    }
    if (p.pp == 1) {
        sink.error("/parallel/virtual_stages", "pipeline.virtual_stages_need_pipeline",
                   {{"virtual_stages", p.virtualStages}, {"pp", p.pp}});
    } else if (p.pp <= layers && p.schedule != ScheduleKind::DualPipe) {
        // DualPipe's two chunks are copies of one stage (checkPipelineLayers covers them).
        const std::int64_t chunks = std::int64_t{p.pp} * p.virtualStages;
        // An uneven-pipeline key places the layers itself (validatePipelineSplit).
        if (layers % chunks != 0 && !setsPipelineSplit(p)) {
            sink.error("/parallel/virtual_stages", "pipeline.chunks_divide_layers",
                       {{"layers", layers},
                        {"pp", p.pp},
                        {"virtual_stages", p.virtualStages},
                        {"chunks", chunks}});
        }
    }
}

// Megatron-LM's interleaved schedule runs micro-batches in groups of pp.
void checkInterleavedMicroBatches(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const int microBatches = plan.training.gradAccumulation;
    if (p.schedule != ScheduleKind::Interleaved1F1B || p.virtualStages <= 1 || p.pp <= 1 ||
        p.pp > kMaxRanks || microBatches < 1 || microBatches > kMaxBatchFactor) {
        return;
    }
    if (microBatches % p.pp != 0) {
        sink.error("/training/grad_accumulation", "pipeline.interleaved_micro_batches",
                   {{"grad_accumulation", microBatches}, {"pp", p.pp}});
    }
}

// DualPipe and DualPipeV (DeepSeek-V3, arXiv 2412.19437 §3.2.1; deepseek-ai/DualPipe): two
// chunks per rank, at least 2·pp micro-batches, and for DualPipe's two directions pp and the
// micro-batches even (the repository's asserts).
void checkDualPipe(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const bool twoWay = p.schedule == ScheduleKind::DualPipe;
    if ((!twoWay && p.schedule != ScheduleKind::DualPipeV) || p.pp < 1 || p.pp > kMaxRanks) {
        return;
    }
    if (p.virtualStages != 2) {
        sink.error("/parallel/virtual_stages", "pipeline.dualpipe_chunks",
                   {{"schedule", toString(p.schedule)}, {"virtual_stages", p.virtualStages}});
    }
    const int microBatches = plan.training.gradAccumulation;
    if (microBatches < 1 || microBatches > kMaxBatchFactor) return;
    if (twoWay && (p.pp % 2 != 0 || microBatches % 2 != 0)) {
        sink.error("/parallel/pp", "pipeline.dualpipe_even",
                   {{"pp", p.pp}, {"grad_accumulation", microBatches}});
    }
    if (microBatches < 2 * p.pp) {
        sink.error("/training/grad_accumulation", "pipeline.dualpipe_micro_batches",
                   {{"schedule", toString(p.schedule)},
                    {"grad_accumulation", microBatches},
                    {"needed", 2 * p.pp}});
    }
}

// Megatron-Core's expert rank generator carves the expert layers out of a stage's dense ranks:
// etp × ep divides tp × cp × dp, and every EP rank holds experts / ep whole experts. EP may span
// TP ranks (its groups are formed over tp × cp × dp / etp ranks).
void checkExpertParallel(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const MoeSpec& moe = plan.model.moe;
    if (p.ep < 1 || p.etp < 0) return;  // reported with their ranges
    if (moe.experts <= 1) {
        if (p.ep > 1) {
            sink.error("/parallel/ep", "parallel.ep_needs_moe",
                       {{"ep", p.ep}, {"experts", moe.experts}});
        }
        return;
    }
    if (p.ep > 1 && moe.experts % p.ep != 0) {
        DiagnosticArgs args = {{"ep", p.ep}, {"experts", moe.experts}};
        addChoices(args, moe.experts);
        sink.error("/parallel/ep", "parallel.ep_divides_experts", std::move(args));
    }
    if (!degreesUsable(p)) return;  // reported under /parallel
    const std::int64_t denseRanks = std::int64_t{p.dp} * p.cp * p.tp;
    const std::int64_t expertRanks = std::int64_t{expertTensorParallel(p)} * p.ep;
    if (expertRanks >= 1 && denseRanks % expertRanks != 0) {
        sink.error("/parallel/ep", "parallel.expert_ranks_divide_dense_ranks",
                   {{"etp", expertTensorParallel(p)},
                    {"ep", p.ep},
                    {"expert_ranks", expertRanks},
                    {"tp", p.tp},
                    {"cp", p.cp},
                    {"dp", p.dp},
                    {"dense_ranks", denseRanks}});
    }
}

// Each expert's FFN columns split evenly over the expert tensor-parallel ranks.
void checkExpertTensorParallel(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const MoeSpec& moe = plan.model.moe;
    if (p.ep < 1 || p.etp < 0) return;
    if (moe.experts <= 1) {
        if (p.etp > 0 && p.etp != p.tp) {
            sink.info("/parallel/etp", "parallel.etp_dense", {{"etp", p.etp}});
        }
        return;
    }
    const int etp = expertTensorParallel(p);
    const int expertFfn = moe.expertFfnHidden > 0 ? moe.expertFfnHidden : plan.model.ffnHidden;
    if (etp > 1 && expertFfn >= 1 && expertFfn % etp != 0) {
        sink.error("/parallel/etp", "parallel.etp_divides_expert_ffn",
                   {{"etp", etp}, {"expert_ffn_hidden", expertFfn}});
    }
}

// Both rank layouts place the pipeline stages on the same ranks; Megatron-Core refuses a rank
// order for which the expert layout would not.
void checkExpertPipeline(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    if (plan.model.moe.experts <= 1 || p.pp <= 1 || !degreesUsable(p) || p.ep < 1) return;
    const std::int64_t denseRanks = std::int64_t{p.dp} * p.cp * p.tp;
    const std::int64_t expertRanks = std::int64_t{expertTensorParallel(p)} * p.ep;
    if (expertRanks < 1 || denseRanks % expertRanks != 0) return;  // reported above
    const ExpertPipelineCheck check = checkExpertPipelineLayout(plan);
    if (check.agrees) return;
    sink.error("/parallel/order", "topology.expert_pipeline_mismatch",
               {{"order", check.order}, {"expert_dp", check.expertDp}, {"dp", p.dp}});
}

// A sharding group tiles the data-parallel ranks (DeepSpeed's hierarchical partitioning).
void checkShardingGroup(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    if (p.shardingGroup <= 0 || p.dp < 1) return;
    if (!divides(p.shardingGroup, p.dp)) {
        DiagnosticArgs args = {{"sharding_group", p.shardingGroup}, {"dp", p.dp}};
        addChoices(args, p.dp);
        sink.error("/parallel/sharding_group", "parallel.sharding_group_divides_dp",
                   std::move(args));
    }
}

namespace {

constexpr unsigned kData = axisBit(ParallelAxis::Data);
constexpr unsigned kTensor = axisBit(ParallelAxis::Tensor);
constexpr unsigned kPipeline = axisBit(ParallelAxis::Pipeline);
constexpr unsigned kContext = axisBit(ParallelAxis::Context);
constexpr unsigned kWorldShape = kData | kTensor | kPipeline | kContext;

constexpr LayoutRule kRules[] = {
    {"the ranks fit the cluster", &checkWorldFits, kWorldShape},
    {"the ranks tile the cluster evenly", &checkWorldTiles, kData},
    {"GPUs left idle", &checkIdleGpus, 0},
    {"ranks fill whole nodes", &checkPartialNode, 0},
    {"TP splits heads, key/value groups and FFN columns evenly", &checkTensorParallel, kTensor},
    {"TP groups stay inside a node", &checkTensorPlacement, kTensor},
    {"every stage holds a layer", &checkPipelineLayers, kPipeline},
    {"stages hold equal layers", &checkUnevenLayers, 0},
    {"CP splits the sequence into 2 × CP chunks", &checkContextParallel, kContext},
    {"virtual stages interleave equal model chunks", &checkVirtualStages,
     axisBit(ParallelAxis::VirtualStages)},
    {"interleaving runs micro-batches in groups of pp", &checkInterleavedMicroBatches,
     axisBit(ParallelAxis::VirtualStages)},
    {"DualPipe runs two chunks over at least 2·pp micro-batches", &checkDualPipe,
     axisBit(ParallelAxis::VirtualStages)},
    {"expert ranks are carved from a stage's dense ranks", &checkExpertParallel,
     axisBit(ParallelAxis::Expert)},
    {"expert TP splits each expert's FFN evenly", &checkExpertTensorParallel, 0},
    {"both layouts agree on the pipeline", &checkExpertPipeline, 0},
    {"the sharding group tiles the DP ranks", &checkShardingGroup,
     axisBit(ParallelAxis::ShardingGroup)},
};

}  // namespace

std::span<const LayoutRule> layoutRules() { return kRules; }

}  // namespace detail

namespace {

// What the rules of `axis` report first with it set to `value`, without its sentence.
std::optional<Diagnostic> firstObjection(const Plan& plan, ParallelAxis axis, int value) {
    Plan trial = plan;
    setParallelValue(trial, axis, value);
    // A slider's DP follows TP, PP and CP: the rules see the fewest ranks it could drop to.
    if (axis == ParallelAxis::Tensor || axis == ParallelAxis::Pipeline ||
        axis == ParallelAxis::Context) {
        trial.parallel.dp = 1;
    }
    detail::DiagnosticSink sink(detail::DiagnosticSink::Keep::First);
    const std::string pointer = "/parallel/" + std::string(axisInfo(axis).key);
    if (detail::checkRange(sink, pointer, value)) {
        const unsigned bit = detail::axisBit(axis);
        for (const detail::LayoutRule& rule : detail::layoutRules()) {
            if ((rule.axes & bit) == 0) continue;
            rule.check(trial, sink);
            if (sink.full()) break;
        }
    }
    std::vector<Diagnostic> found = sink.take();
    if (found.empty()) return std::nullopt;
    return std::move(found.front());
}

}  // namespace

Diagnostic axisProblem(const Plan& plan, ParallelAxis axis, int value) {
    std::optional<Diagnostic> found = firstObjection(plan, axis, value);
    if (!found) return {};
    return makeDiagnostic(found->severity, std::move(found->path), std::move(found->code),
                          std::move(found->args));
}

bool axisAccepts(const Plan& plan, ParallelAxis axis, int value) {
    return !firstObjection(plan, axis, value);
}

}  // namespace fourfold::core
