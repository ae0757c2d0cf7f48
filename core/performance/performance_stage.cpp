// SPDX-License-Identifier: MIT
#include "core/performance/performance_stage.h"

#include "core/memory/finetune_memory.h"
#include "core/memory/memory_common.h"
#include "core/model/model_shapes.h"
#include "core/performance/detail/finetune_time.h"
#include "core/performance/detail/performance_comm.h"
#include "core/performance/detail/performance_layer.h"
#include "core/schedule/schedule_kinds.h"

#include <algorithm>

namespace fourfold::core::detail {
namespace {

// Host link a GPU reaches its CPU over (PCIe 4.0 x16, ~25 GB/s achieved of 32 GB/s), the rate
// a CPU optimizer updates one GPU's share (DeepSpeed CPU-Adam, Ren et al. 2021: about 1e9
// parameters per second), and an NVMe array's bandwidth per GPU (ZeRO-Infinity, Rajbhandari et
// al. 2021). Assumptions documented in docs/performance.md.
constexpr double kHostLinkBytesPerS = 25e9;
constexpr double kCpuOptimizerParamsPerS = 1e9;
constexpr double kNvmeBytesPerS = 6e9;
double stageAtLeastOne(int value) { return value > 0 ? static_cast<double>(value) : 1.0; }

double exposedBehind(double comm, double compute) { return std::max(0.0, comm - compute); }

// A collective overlapped with compute is not free: its kernels take SMs and HBM bandwidth
// from the compute they run beside, so the hidden part still costs a share of its time
// (performance.overlap_contention, fitted with the kernel efficiencies: docs/performance.md).
double exposedOverlapped(double comm, double compute, double contention) {
    return exposedBehind(comm, compute) + contention * std::min(comm, compute);
}

// dp is the whole data-parallel (× context-parallel) group; shard and replicate split it
// under HSDP (a ZeRO sharding group smaller than dp × cp: shard within a group, replicate
// across groups); without a split, shard is dp and replicate a group of one.
struct Paths {
    GroupPath tp, cp, ep, dp, shard, replicate, expertDp, pp;
};

Paths pathsOf(const Plan& plan, const TopologyReport* topology) {
    const ParallelSpec& p = plan.parallel;
    auto set = [&](GroupKind kind) -> const GroupSet* {
        return topology != nullptr ? &groupSet(*topology, kind) : nullptr;
    };
    const int tp = std::max(1, p.tp);
    const int cp = std::max(1, p.cp);
    const int dp = std::max(1, p.dp);
    const int pp = std::max(1, p.pp);
    const int ep = std::max(1, p.ep);
    const int etp = std::max(1, expertTensorParallel(p));
    const int world = tp * cp * dp * pp;
    const int expertDp = std::max(1, world / std::max(1, etp * ep * pp));
    Paths paths;
    paths.tp = groupPath(plan, set(GroupKind::Tp), tp, 1);
    paths.cp = groupPath(plan, set(GroupKind::Cp), cp, tp);
    paths.ep = groupPath(plan, set(GroupKind::Ep), ep, etp);
    paths.dp = groupPath(plan, set(GroupKind::DataContextParallel), dp * cp, tp);
    paths.expertDp = groupPath(plan, set(GroupKind::ExpertDp), expertDp, etp * ep);
    paths.pp = groupPath(plan, set(GroupKind::Pp), pp, tp * cp * dp);
    paths.shard = paths.dp;
    paths.replicate = groupPath(plan, nullptr, 1, 1);
    const int shard = p.shardingGroup;
    if (p.zeroStage >= 1 && shard > 1 && shard < dp * cp && (dp * cp) % shard == 0) {
        // The rank map has no group of this kind: the shard group's ranks follow the data-
        // parallel group's (tp apart), the replicas sit a whole shard group apart.
        paths.shard = groupPath(plan, nullptr, shard, tp);
        paths.replicate = groupPath(plan, nullptr, dp * cp / shard, tp * shard);
    }
    return paths;
}

// Communication of one layer and one micro-batch, forward and backward, before overlap.
struct LayerComm {
    double tpForward = 0, tpBackward = 0;
    double cpForward = 0, cpBackward = 0;
    double epForward = 0, epBackward = 0;
    double zeroForward = 0, zeroBackward = 0;  // ZeRO-3 parameter gathers
};

// Gradients of `bytes` reduced over data parallelism: an all-reduce without ZeRO; with it, a
// reduce-scatter in the shard group and, under HSDP, an all-reduce of each shard across the
// replicas (PyTorch FSDP's HYBRID_SHARD, Megatron's distributed optimizer instances).
double gradientReduceS(double bytes, int zeroStage, const Paths& paths) {
    if (zeroStage == 0) return allReduceS(bytes, paths.dp);
    return reduceScatterS(bytes, paths.shard) +
           allReduceS(bytes / stageAtLeastOne(paths.shard.size), paths.replicate);
}

LayerComm layerComm(const Plan& plan, const ModelReport& model, const Paths& paths) {
    const ModelSpec& m = plan.model;
    const ParallelSpec& p = plan.parallel;
    const double e = activationElementBytes(plan);
    const double tokens = static_cast<double>(std::max(0, plan.training.microBatch)) *
                          std::max(0, m.sequence) / stageAtLeastOne(p.cp);
    const double activation = tokens * std::max(0, m.hidden) * e;
    const bool fullRecompute = plan.training.recompute == Recompute::Full;
    LayerComm comm;
    // Megatron-LM TP: two all-reduces per layer forward and two backward; with sequence
    // parallelism each becomes an all-gather + reduce-scatter pair (same bytes on a ring).
    const double tpBlock =
        p.sequenceParallel ? allGatherS(activation, paths.tp) + reduceScatterS(activation, paths.tp)
                           : allReduceS(activation, paths.tp);
    comm.tpForward = 2.0 * tpBlock;
    comm.tpBackward = 2.0 * tpBlock + (fullRecompute ? comm.tpForward : 0.0);
    // Op-level recompute keeps the reduce-scattered outputs (torchtitan's save list) but
    // replays the all-gathers that feed the attention and MLP blocks.
    if (plan.training.recompute == Recompute::SelectiveOp && p.sequenceParallel) {
        comm.tpBackward += 2.0 * allGatherS(activation, paths.tp);
    }
    // Context parallelism (ring attention): cp − 1 key/value blocks pass round the ring in the
    // forward; backward passes keys/values and their gradients.
    if (p.cp > 1) {
        const double keyValue = tokens * 2.0 * kvWidth(m) / stageAtLeastOne(p.tp) * e;
        comm.cpForward = (p.cp - 1) * pointToPointS(keyValue, paths.cp);
        // Recompute replays the ring passes with the attention it recomputes: the whole
        // forward (full) or the attention core (selective; Megatron-Core's ring attention runs
        // inside the core-attention module it recomputes); op-level recompute saves attention.
        const bool replaysAttention = plan.training.recompute == Recompute::Full ||
                                      plan.training.recompute == Recompute::Selective;
        comm.cpBackward = 2.0 * comm.cpForward + (replaysAttention ? comm.cpForward : 0.0);
    }
    // Expert parallelism: all-to-all dispatch and combine in each direction.
    if (isMoe(m) && p.ep > 1) {
        // Each TP rank dispatches its sequence-parallel share of the tokens (Megatron-Core's
        // MoE layer works on [s/tp, b, h]).
        const double routed =
            tokens / stageAtLeastOne(p.tp) *
            std::min(stageAtLeastOne(m.moe.topK), stageAtLeastOne(m.moe.experts)) * m.hidden * e;
        comm.epForward = 2.0 * allToAllS(routed, paths.ep);
        comm.epBackward = comm.epForward + (fullRecompute ? comm.epForward : 0.0);
    }
    // ZeRO-3 / FSDP gathering per micro-batch: the layer before forward and, when it was
    // resharded after forward (FSDP2's reshard_after_forward, DeepSpeed's default), again before
    // backward. Its gradients are reduced with the stage's (StageCost::gradReduceS).
    if (p.zeroStage >= 3 && !paramGatherPerStep(p)) {
        const double scale = model.scale;
        const double expertSplit = stageAtLeastOne(p.ep) * stageAtLeastOne(expertTensorParallel(p));
        const double local = (static_cast<double>(model.layer.attention) / stageAtLeastOne(p.tp) +
                              static_cast<double>(model.layer.norms + model.layer.router) +
                              static_cast<double>(model.layer.mlp) /
                                  (isMoe(m) ? expertSplit : stageAtLeastOne(p.tp))) *
                             scale;
        const double gather =
            allGatherS(local * weightBytesPerParameter(plan.training.precision), paths.shard);
        comm.zeroForward = gather;
        comm.zeroBackward = p.reshardAfterForward ? gather : 0.0;
    }
    return comm;
}

// What each layer still exposes per micro-batch once overlap has hidden what it can.
struct ExposedComm {
    double tpForward = 0, tpBackward = 0;
    double cpForward = 0, cpBackward = 0;
    double epForward = 0, epBackward = 0;
    // The all-to-all of a forward (backward) merged with another micro-batch's backward
    // (forward), as Megatron-Core's combined 1F1B step runs them: hidden behind that compute.
    double epForwardPaired = 0, epBackwardPaired = 0;
    double zeroForward = 0, zeroBackward = 0;
};

ExposedComm exposedComm(const LayerComm& comm, const WorkTimes& layer,
                        const PerformanceOptions& options) {
    const double contention = options.overlapContention;
    ExposedComm out;
    out.tpForward = options.overlapTpComm
                        ? exposedOverlapped(comm.tpForward, layer.gemmForwardS, contention)
                        : comm.tpForward;
    out.tpBackward = options.overlapTpComm
                         ? exposedOverlapped(comm.tpBackward, 2.0 * layer.gemmForwardS, contention)
                         : comm.tpBackward;
    out.cpForward = exposedOverlapped(comm.cpForward, layer.attentionForwardS, contention);
    out.cpBackward = exposedOverlapped(comm.cpBackward, layer.attentionBackwardS, contention);
    out.epForward = comm.epForward;
    out.epBackward = comm.epBackward;
    out.epForwardPaired = exposedOverlapped(
        comm.epForward, layer.backwardInputS + layer.backwardWeightS + layer.recomputeS,
        contention);
    out.epBackwardPaired = exposedOverlapped(comm.epBackward, layer.forwardS, contention);
    out.zeroForward = options.overlapParamGather
                          ? exposedOverlapped(comm.zeroForward, layer.forwardS, contention)
                          : comm.zeroForward;
    out.zeroBackward =
        options.overlapParamGather
            ? exposedOverlapped(comm.zeroBackward, layer.backwardInputS + layer.backwardWeightS,
                                contention)
            : comm.zeroBackward;
    return out;
}

// One micro-batch's boundary activation between neighbouring stages (b × s × h in the training
// dtype), split over CP ranks, and over TP ranks with sequence parallelism.
double boundaryTransferS(const Plan& plan, const Paths& paths) {
    const ParallelSpec& p = plan.parallel;
    double transferBytes = static_cast<double>(std::max(0, plan.training.microBatch)) *
                           std::max(0, plan.model.sequence) * std::max(0, plan.model.hidden) *
                           activationElementBytes(plan) / stageAtLeastOne(p.cp);
    if (p.sequenceParallel) transferBytes /= stageAtLeastOne(p.tp);
    return std::max(1, p.pp) > 1 ? pointToPointS(transferBytes, paths.pp) : 0.0;
}

// Bytes per parameter of the state the once-per-step work moves (the memory engine's rules),
// the groups ZeRO shards it over, and where offload puts it.
struct StateBytes {
    double gradient = 0, weight = 0, master = 0, optimizer = 0;
    double expertSplit = 1;  // EP × ETP ranks an expert's weights spread over
    double denseShards = 1;  // the ZeRO group of dense state (1 without ZeRO)
    double expertShards = 1;
    bool optimizerOffloaded = false;
    bool parametersOffloaded = false;
};

StateBytes stateBytes(const Plan& plan, const Paths& paths) {
    const ParallelSpec& p = plan.parallel;
    StateBytes bytes;
    bytes.gradient = precisionBytes(plan.training.gradDtype);
    bytes.weight = weightBytesPerParameter(plan.training.precision);
    bytes.master = masterBytesPerParameter(plan.training);
    bytes.optimizer = optimizerBytesPerParameter(plan.training.optimizer);
    bytes.expertSplit = stageAtLeastOne(p.ep) * stageAtLeastOne(expertTensorParallel(p));
    bytes.denseShards = p.zeroStage >= 1
                            ? (p.shardingGroup > 0 ? p.shardingGroup
                                                   : stageAtLeastOne(p.dp) * stageAtLeastOne(p.cp))
                            : 1.0;
    bytes.expertShards = p.zeroStage >= 1 ? stageAtLeastOne(paths.expertDp.size) : 1.0;
    bytes.optimizerOffloaded = offloadsOptimizer(p.offload);
    // Weights stream from the host whenever the setting moves them, whatever the ZeRO stage.
    bytes.parametersOffloaded = offloadsParameters(p.offload);
    return bytes;
}

// Share of rank `rank`'s forwards (and as many backwards) that Megatron-Core's combined 1F1B
// step pairs with an independent op of another micro-batch, so that one's expert all-to-all
// hides behind the other's compute (--overlap-moe-expert-parallel-comm; megatron/core/
// pipeline_parallel/schedules.py and combined_1f1b.py). Without a pipeline, every micro-batch
// but the first pairs its forward with the previous one's backward. With one, the schedule must
// be interleaved (Megatron-Core refuses the overlap otherwise) and the warm-up takes one forward
// more than interleaved 1F1B's (p − r − 1)·2 + (v − 1)·p, so the steady phase holds m·v minus
// that many pairs. Full recompute is refused too. 0 when the overlap does not run.
// DualPipe and DualPipeV pair forwards and backwards by design, whatever the option (their
// rows give the share, core/schedule/schedule_kinds.h).
double pairedShare(const Plan& plan, int rank) {
    const ParallelSpec& p = plan.parallel;
    if (!isMoe(plan.model) || p.ep <= 1) return 0.0;
    const int micro = std::max(1, plan.training.gradAccumulation);
    const int stages = std::max(1, p.pp);
    const ScheduleKindInfo& schedule = scheduleInfo(p.schedule);
    if (schedule.pairedShare != nullptr) {
        return p.virtualStages == 2 ? schedule.pairedShare(stages, micro, rank) : 0.0;
    }
    if (!plan.performance.overlapMoeA2a || plan.training.recompute == Recompute::Full) {
        return 0.0;
    }
    if (stages == 1) return static_cast<double>(micro - 1) / micro;
    const int chunks = std::max(1, p.virtualStages);
    const bool interleaved =
        p.schedule == ScheduleKind::Interleaved1F1B && chunks > 1 && micro % stages == 0;
    if (!interleaved) return 0.0;
    const double total = static_cast<double>(micro) * chunks;
    const double warmup = 2.0 * (stages - rank - 1) + static_cast<double>(chunks - 1) * stages + 1;
    return std::max(0.0, total - warmup) / total;
}

// What every stage of the step shares.
struct StepContext {
    const Plan& plan;
    const ModelReport& model;
    int stages = 1;
    int chunks = 1;
    KernelRates rates{};
    WorkTimes layer{};
    WorkTimes head{};
    Paths paths{};
    LayerComm comm{};       // one layer, one micro-batch, before overlap
    ExposedComm exposed{};  // after it
    double transferS = 0;
    bool splitWeightGrad = false;  // the schedule runs W apart from B
    bool pairsExpertComm = false;  // an MoE layer with EP > 1: pairedShare may hide its a2a
    StateBytes bytes{};
};

StepContext stepContext(const Plan& plan, const ModelReport& model,
                        const TopologyReport* topology) {
    StepContext step{plan, model};
    step.stages = std::max(1, plan.parallel.pp);
    step.chunks = std::max(1, plan.parallel.virtualStages);
    step.rates = kernelRates(plan);
    step.layer = fineTuneLayerTimes(plan, model, layerTimes(plan, step.rates), step.rates);
    step.head = fineTuneHeadTimes(plan, headTimes(plan, step.rates));
    step.paths = pathsOf(plan, topology);
    step.comm = layerComm(plan, model, step.paths);
    step.exposed = exposedComm(step.comm, step.layer, plan.performance);
    step.transferS = boundaryTransferS(plan, step.paths);
    step.splitWeightGrad = scheduleInfo(plan.parallel.schedule).splitsWeightGrad;
    step.pairsExpertComm = isMoe(plan.model) && plan.parallel.ep > 1;
    step.bytes = stateBytes(plan, step.paths);
    return step;
}

// A stage's compute per micro-batch; the backward includes the weight gradient and recompute.
struct StageCompute {
    double forward = 0, backward = 0, weightGrad = 0;
};

StageCompute stageCompute(const StepContext& step, double layers, bool hasHead) {
    const WorkTimes& layer = step.layer;
    const WorkTimes& head = step.head;
    StageCompute compute;
    compute.forward = layers * layer.forwardS + (hasHead ? head.forwardS : 0.0);
    compute.weightGrad = layers * layer.backwardWeightS + (hasHead ? head.backwardWeightS : 0.0);
    compute.backward = layers * (layer.backwardInputS + layer.recomputeS) +
                       (hasHead ? head.backwardInputS : 0.0) + compute.weightGrad;
    return compute;
}

// Parameters one GPU of the stage holds (dense split over TP, experts over EP × ETP).
struct LocalParameters {
    double dense = 0, expert = 0;
};

LocalParameters localParameters(const StepContext& step, const StageParameters* parameters,
                                double layers) {
    const ModelReport& model = step.model;
    const double stageParams =
        parameters != nullptr ? static_cast<double>(parameters->parameters) : 0.0;
    const double expertParams =
        isMoe(step.plan.model) ? layers * static_cast<double>(model.layer.mlp) * model.scale : 0.0;
    return {std::max(0.0, stageParams - expertParams) / stageAtLeastOne(step.plan.parallel.tp),
            expertParams / step.bytes.expertSplit};
}

// One send per chunk (every chunk but the model's last sends forward, every one but its first
// sends back). Blocking sends hold the sender as long as the transfer takes; overlapped ones
// still contend with the compute beside them.
void addPipelineSends(StageCost& stage, const StepContext& step, int rank) {
    const int chunks = step.chunks;
    const double forwardSends = rank + 1 < step.stages ? chunks : chunks - 1;
    const double backwardSends = rank > 0 ? chunks : chunks - 1;
    const double held =
        step.plan.performance.overlapP2p ? step.plan.performance.overlapContention : 1.0;
    stage.forwardS += held * forwardSends * step.transferS;
    stage.backwardS += held * backwardSends * step.transferS;
}

// Gradients of the stage's parameters reduced over data parallelism (dense over dp or the
// shard group, experts over the expert-data-parallel group), before overlap. They travel in the
// gradient dtype, except ZeRO-2's reduction in every micro-batch: DeepSpeed reduces each bucket
// in the model's 16-bit dtype (communication_data_type defaults to it, stage_1_and_2.py; the
// memory counts its reduce bucket so) and accumulates into the gradient-dtype partition.
double stageGradientReduceS(const StepContext& step, LocalParameters local) {
    const ParallelSpec& parallel = step.plan.parallel;
    const int zeroStage = parallel.zeroStage;
    const bool bucketed = zeroStage == 2 && gradSyncPerMicroBatch(parallel);
    const double gradBytes = bucketed ? step.bytes.weight : step.bytes.gradient;
    const double experts = zeroStage == 0
                               ? allReduceS(gradBytes * local.expert, step.paths.expertDp)
                               : reduceScatterS(gradBytes * local.expert, step.paths.expertDp);
    return gradientReduceS(gradBytes * local.dense, zeroStage, step.paths) + experts;
}

// Once per step: the gradient reduction when it waits for the last micro-batch (DDP's no_sync,
// ZeRO-1, FSDP under pipeline parallelism), the all-gather of updated parameters for ZeRO-1/2,
// and ZeRO-3's gather when it gathers once per step (hidden behind the first forward).
void addDataParallelSync(StageCost& stage, const StepContext& step, LocalParameters local) {
    const ParallelSpec& parallel = step.plan.parallel;
    const Paths& paths = step.paths;
    const double wBytes = step.bytes.weight;
    const double reduce = gradSyncPerMicroBatch(parallel) ? 0.0 : stageGradientReduceS(step, local);
    double gather = 0;
    if ((parallel.zeroStage >= 1 && parallel.zeroStage <= 2) || paramGatherPerStep(parallel)) {
        gather = allGatherS(wBytes * local.dense, paths.shard) +
                 allGatherS(wBytes * local.expert, paths.expertDp);
    }
    const PerformanceOptions& options = step.plan.performance;
    stage.dpCommS = reduce + gather;
    const double lastBackward = stage.backwardS + stage.weightGradS;
    stage.dpExposedS = (options.overlapGradReduce
                            ? exposedOverlapped(reduce, lastBackward, options.overlapContention)
                            : reduce) +
                       (options.overlapParamGather
                            ? exposedOverlapped(gather, stage.forwardS, options.overlapContention)
                            : gather);
}

// The optimizer step on this GPU's shard: read gradients, read and write master weights and
// states, write the working weights (memory-bound); or over the host link on the CPU.
double optimizerSeconds(const StepContext& step, LocalParameters local) {
    const StateBytes& bytes = step.bytes;
    const double shard = local.dense / bytes.denseShards + local.expert / bytes.expertShards;
    if (bytes.optimizerOffloaded) {
        double seconds = shard * (bytes.gradient + bytes.weight) / kHostLinkBytesPerS +
                         shard / kCpuOptimizerParamsPerS;
        if (step.plan.parallel.offload == Offload::Nvme) {
            seconds += shard * 2.0 * (bytes.optimizer + bytes.master) / kNvmeBytesPerS;
        }
        return seconds;
    }
    const double bytesPerParameter =
        bytes.gradient +
        (bytes.master > 0 ? 2.0 * bytes.master + bytes.weight : 2.0 * bytes.weight) +
        2.0 * bytes.optimizer;
    return memorySeconds(shard * bytesPerParameter, step.rates);
}

StageCost stageCost(const StepContext& step, int rank) {
    const std::vector<StageParameters>& stages = step.model.stages;
    const StageParameters* parameters = static_cast<std::size_t>(rank) < stages.size()
                                            ? &stages[static_cast<std::size_t>(rank)]
                                            : nullptr;
    const double layers = parameters != nullptr ? parameters->layerCount : 0.0;
    const bool hasHead = parameters != nullptr && parameters->hasHead;
    const StageCompute compute = stageCompute(step, layers, hasHead);
    const ExposedComm& comm = step.exposed;
    StageCost stage;
    stage.computeS = compute.forward + compute.backward;
    stage.tpCommS = layers * (comm.tpForward + comm.tpBackward);
    stage.cpCommS = layers * (comm.cpForward + comm.cpBackward);
    const double paired = step.pairsExpertComm ? pairedShare(step.plan, rank) : 0.0;
    const double epForward = (1.0 - paired) * comm.epForward + paired * comm.epForwardPaired;
    const double epBackward = (1.0 - paired) * comm.epBackward + paired * comm.epBackwardPaired;
    stage.epCommS = layers * (epForward + epBackward);
    const LocalParameters local = localParameters(step, parameters, layers);
    // Under LoRA and QLoRA the optimizer and the gradient reduction see the adapters alone.
    const LocalParameters trained =
        trainsAdapters(step.plan.training)
            ? LocalParameters{trainedAdapterParameters(step.plan, layers), 0.0}
            : local;
    // Gradients reduced in every micro-batch's backward (DeepSpeed ZeRO-2/3, FSDP without
    // no_sync), hidden behind that backward when overlap_grad_reduce is on.
    double gradReduce = 0;
    double gradReduceExposed = 0;
    if (gradSyncPerMicroBatch(step.plan.parallel)) {
        gradReduce = stageGradientReduceS(step, trained);
        gradReduceExposed = step.plan.performance.overlapGradReduce
                                ? exposedOverlapped(gradReduce, compute.backward,
                                                    step.plan.performance.overlapContention)
                                : gradReduce;
    }
    stage.zeroCommS = layers * (comm.zeroForward + comm.zeroBackward) + gradReduceExposed;
    stage.zeroTrafficS = layers * (step.comm.zeroForward + step.comm.zeroBackward) + gradReduce;
    if (step.bytes.parametersOffloaded) {
        // Weights stream in from host memory for forward and again for backward, prefetched
        // behind compute.
        const double stream =
            2.0 * step.bytes.weight * (local.dense + local.expert) / kHostLinkBytesPerS;
        stage.offloadS = exposedBehind(stream, stage.computeS);
    }
    stage.forwardS = compute.forward +
                     layers * (comm.tpForward + comm.cpForward + epForward + comm.zeroForward) +
                     stage.offloadS;
    stage.backwardS = compute.backward +
                      layers * (comm.tpBackward + comm.cpBackward + epBackward + comm.zeroBackward);
    const OffloadExposure offloaded = activationOffloadExposure(
        step.plan, step.model, parameters, compute.forward, compute.backward, kHostLinkBytesPerS);
    stage.offloadS += offloaded.forwardS + offloaded.backwardS;
    stage.forwardS += offloaded.forwardS;
    stage.backwardS += offloaded.backwardS;
    stage.weightGradS = step.splitWeightGrad ? compute.weightGrad : 0.0;
    if (step.splitWeightGrad) stage.backwardS -= compute.weightGrad;
    // The gradients are complete once the weight gradients are: their reduction ends that pass.
    (step.splitWeightGrad ? stage.weightGradS : stage.backwardS) += gradReduceExposed;
    if (step.stages > 1) addPipelineSends(stage, step, rank);
    addDataParallelSync(stage, step, trained);
    stage.optimizerS = optimizerSeconds(step, trained);
    stage.modelFlops = layers * step.layer.modelFlops + (hasHead ? step.head.modelFlops : 0.0);
    stage.hardwareFlops = stage.modelFlops + layers * step.layer.recomputeFlops;
    return stage;
}

}  // namespace

StepCosts stepCosts(const Plan& plan, const ModelReport& model, const TopologyReport* topology) {
    const StepContext step = stepContext(plan, model, topology);
    const int stages = step.stages;
    const int chunks = step.chunks;
    StepCosts costs;
    const auto slots = static_cast<std::size_t>(stages) * static_cast<std::size_t>(chunks);
    costs.schedule.forwardS.assign(slots, 0.0);
    costs.schedule.backwardS.assign(slots, 0.0);
    costs.schedule.weightGradS.assign(slots, 0.0);
    costs.schedule.transferS = step.transferS;
    costs.stages.reserve(static_cast<std::size_t>(stages));
    const PipelineLayout& layout = model.layout;
    const bool placed = layout.chunks.size() == slots;
    const bool equalChunks = !placed || hasEqualChunks(layout);
    for (int rank = 0; rank < stages; ++rank) {
        const StageCost& stage = costs.stages.emplace_back(stageCost(step, rank));
        // Equal chunks take an equal share of the stage's per-micro-batch time; uneven ones
        // (a layout, or layers not dividing into pp × v) a share by their own compute.
        StageCompute whole;
        if (!equalChunks) {
            for (int chunk = 0; chunk < chunks; ++chunk) {
                const LayoutChunk& held =
                    layout.chunks[static_cast<std::size_t>(chunk * stages + rank)];
                const StageCompute part = stageCompute(step, held.layers, held.loss);
                whole.forward += part.forward;
                whole.backward += part.backward;
                whole.weightGrad += part.weightGrad;
            }
        }
        for (int chunk = 0; chunk < chunks; ++chunk) {
            const auto index = static_cast<std::size_t>(chunk * stages + rank);
            double forwardShare = 1.0 / chunks;
            double backwardShare = 1.0 / chunks;
            double weightGradShare = 1.0 / chunks;
            if (!equalChunks) {
                const LayoutChunk& held = layout.chunks[index];
                const StageCompute part = stageCompute(step, held.layers, held.loss);
                forwardShare = whole.forward > 0 ? part.forward / whole.forward : 0.0;
                backwardShare = whole.backward > 0 ? part.backward / whole.backward : 0.0;
                weightGradShare = whole.weightGrad > 0 ? part.weightGrad / whole.weightGrad : 0.0;
            }
            costs.schedule.forwardS[index] = stage.forwardS * forwardShare;
            costs.schedule.backwardS[index] = stage.backwardS * backwardShare;
            costs.schedule.weightGradS[index] = stage.weightGradS * weightGradShare;
        }
    }
    return costs;
}

}  // namespace fourfold::core::detail
