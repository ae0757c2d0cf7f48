// SPDX-License-Identifier: MIT
#include "core/performance/performance_stage.h"

#include "core/memory/memory_common.h"
#include "core/model/model_shapes.h"
#include "core/performance/detail/performance_comm.h"
#include "core/performance/detail/performance_layer.h"

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

double weightBytes(const Plan& plan) {
    return plan.training.precision == Precision::Fp32 ? 4.0 : 2.0;
}

struct Paths {
    GroupPath tp, cp, ep, dp, expertDp, pp;
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
    return paths;
}

// Communication of one layer and one micro-batch, forward and backward, before overlap.
struct LayerComm {
    double tpForward = 0, tpBackward = 0;
    double cpForward = 0, cpBackward = 0;
    double epForward = 0, epBackward = 0;
    double zeroForward = 0, zeroBackward = 0;
};

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
    // Context parallelism (ring attention): cp − 1 key/value blocks pass round the ring in the
    // forward; backward passes keys/values and their gradients.
    if (p.cp > 1) {
        const double keyValue = tokens * 2.0 * kvWidth(m) / stageAtLeastOne(p.tp) * e;
        comm.cpForward = (p.cp - 1) * pointToPointS(keyValue, paths.cp);
        comm.cpBackward = 2.0 * comm.cpForward;
    }
    // Expert parallelism: all-to-all dispatch and combine in each direction.
    if (isMoe(m) && p.ep > 1) {
        const double routed =
            tokens * std::min(stageAtLeastOne(m.moe.topK), stageAtLeastOne(m.moe.experts)) *
            m.hidden * e;
        comm.epForward = 2.0 * allToAllS(routed, paths.ep);
        comm.epBackward = comm.epForward + (fullRecompute ? comm.epForward : 0.0);
    }
    // ZeRO-3 / FSDP: gather the layer before forward and again before backward, then
    // reduce-scatter its gradients.
    if (p.zeroStage >= 3) {
        const double scale = model.scale;
        const double expertSplit = stageAtLeastOne(p.ep) * stageAtLeastOne(expertTensorParallel(p));
        const double local = (static_cast<double>(model.layer.attention) / stageAtLeastOne(p.tp) +
                              static_cast<double>(model.layer.norms + model.layer.router) +
                              static_cast<double>(model.layer.mlp) /
                                  (isMoe(m) ? expertSplit : stageAtLeastOne(p.tp))) *
                             scale;
        const double gather = allGatherS(local * weightBytes(plan), paths.dp);
        const double reduce =
            reduceScatterS(local * precisionBytes(plan.training.gradDtype), paths.dp);
        comm.zeroForward = gather;
        comm.zeroBackward = gather + reduce;
    }
    return comm;
}

}  // namespace

StepCosts stepCosts(const Plan& plan, const ModelReport& model, const TopologyReport* topology) {
    const ParallelSpec& p = plan.parallel;
    const PerformanceOptions& options = plan.performance;
    const double contention = options.overlapContention;
    const int stages = std::max(1, p.pp);
    const int chunks = std::max(1, p.virtualStages);
    const KernelRates rates = kernelRates(plan);
    const WorkTimes layer = layerTimes(plan, rates);
    const WorkTimes head = headTimes(plan, rates);
    const Paths paths = pathsOf(plan, topology);
    const LayerComm comm = layerComm(plan, model, paths);

    // Exposed communication per layer and micro-batch.
    const double tpF = options.overlapTpComm
                           ? exposedOverlapped(comm.tpForward, layer.gemmForwardS, contention)
                           : comm.tpForward;
    const double tpB =
        options.overlapTpComm
            ? exposedOverlapped(comm.tpBackward, 2.0 * layer.gemmForwardS, contention)
            : comm.tpBackward;
    const double cpF = exposedOverlapped(comm.cpForward, layer.attentionForwardS, contention);
    const double cpB = exposedOverlapped(comm.cpBackward, layer.attentionBackwardS, contention);
    const double zeroF = options.overlapParamGather
                             ? exposedOverlapped(comm.zeroForward, layer.forwardS, contention)
                             : comm.zeroForward;
    const double zeroB =
        options.overlapParamGather
            ? exposedOverlapped(comm.zeroBackward, layer.backwardInputS + layer.backwardWeightS,
                                contention)
            : comm.zeroBackward;

    // One micro-batch's boundary activation between neighbouring stages (b × s × h in the
    // training dtype), split over CP ranks, and over TP ranks with sequence parallelism.
    double transferBytes = static_cast<double>(std::max(0, plan.training.microBatch)) *
                           std::max(0, plan.model.sequence) * std::max(0, plan.model.hidden) *
                           activationElementBytes(plan) / stageAtLeastOne(p.cp);
    if (p.sequenceParallel) transferBytes /= stageAtLeastOne(p.tp);
    const double transferS = stages > 1 ? pointToPointS(transferBytes, paths.pp) : 0.0;

    const bool split = p.schedule == ScheduleKind::ZbH1 || p.schedule == ScheduleKind::ZbH2;
    const bool offloaded = p.offload != Offload::None;
    const bool paramsOffloaded =
        p.offload == Offload::OptimizerAndParamsCpu || p.offload == Offload::Nvme;
    const double gradBytes = precisionBytes(plan.training.gradDtype);
    const double wBytes = weightBytes(plan);
    const double master =
        plan.training.masterWeights && plan.training.precision != Precision::Fp32 ? 4.0 : 0.0;
    const double stateBytes = optimizerBytesPerParameter(plan.training.optimizer);
    const double expertSplit = stageAtLeastOne(p.ep) * stageAtLeastOne(expertTensorParallel(p));
    const double denseShards =
        p.zeroStage >= 1 ? (p.shardingGroup > 0 ? p.shardingGroup
                                                : stageAtLeastOne(p.dp) * stageAtLeastOne(p.cp))
                         : 1.0;
    const double expertShards = p.zeroStage >= 1 ? stageAtLeastOne(paths.expertDp.size) : 1.0;

    StepCosts costs;
    const auto slots = static_cast<std::size_t>(stages) * static_cast<std::size_t>(chunks);
    costs.schedule.forwardS.assign(slots, 0.0);
    costs.schedule.backwardS.assign(slots, 0.0);
    costs.schedule.weightGradS.assign(slots, 0.0);
    costs.schedule.transferS = transferS;
    costs.stages.resize(static_cast<std::size_t>(stages));

    for (int rank = 0; rank < stages; ++rank) {
        StageCost& stage = costs.stages[static_cast<std::size_t>(rank)];
        const StageParameters* parameters = static_cast<std::size_t>(rank) < model.stages.size()
                                                ? &model.stages[static_cast<std::size_t>(rank)]
                                                : nullptr;
        const double layers = parameters != nullptr ? parameters->layerCount : 0.0;
        const bool hasHead = parameters != nullptr && parameters->hasHead;

        const double computeF = layers * layer.forwardS + (hasHead ? head.forwardS : 0.0);
        const double weightGrad =
            layers * layer.backwardWeightS + (hasHead ? head.backwardWeightS : 0.0);
        const double computeB = layers * (layer.backwardInputS + layer.recomputeS) +
                                (hasHead ? head.backwardInputS : 0.0) + weightGrad;
        stage.computeS = computeF + computeB;
        stage.tpCommS = layers * (tpF + tpB);
        stage.cpCommS = layers * (cpF + cpB);
        stage.epCommS = layers * (comm.epForward + comm.epBackward);
        stage.zeroCommS = layers * (zeroF + zeroB);

        // Parameters one GPU of the stage holds (dense split over TP, experts over EP × ETP).
        const double stageParams =
            parameters != nullptr ? static_cast<double>(parameters->parameters) : 0.0;
        const double expertParams =
            isMoe(plan.model) ? layers * static_cast<double>(model.layer.mlp) * model.scale : 0.0;
        const double localDense = std::max(0.0, stageParams - expertParams) / stageAtLeastOne(p.tp);
        const double localExpert = expertParams / expertSplit;
        if (paramsOffloaded) {
            // Weights stream in from host memory for forward and again for backward, prefetched
            // behind compute.
            const double stream = 2.0 * wBytes * (localDense + localExpert) / kHostLinkBytesPerS;
            stage.offloadS = exposedBehind(stream, stage.computeS);
        }

        stage.forwardS = computeF + layers * (tpF + cpF + comm.epForward + zeroF) + stage.offloadS;
        stage.backwardS = computeB + layers * (tpB + cpB + comm.epBackward + zeroB);
        stage.weightGradS = split ? weightGrad : 0.0;
        if (split) stage.backwardS -= weightGrad;
        if (stages > 1) {
            // One send per chunk (every chunk but the model's last sends forward, every one but
            // its first sends back). Blocking sends hold the sender as long as the transfer
            // takes; overlapped ones still contend with the compute beside them.
            const double forwardSends = rank + 1 < stages ? chunks : chunks - 1;
            const double backwardSends = rank > 0 ? chunks : chunks - 1;
            const double held = options.overlapP2p ? contention : 1.0;
            stage.forwardS += held * forwardSends * transferS;
            stage.backwardS += held * backwardSends * transferS;
        }

        // Once per step: gradient reduction over data parallel (after the last micro-batch's
        // backward), and for ZeRO-1/2 the all-gather of updated parameters.
        double reduce = 0;
        double gather = 0;
        if (p.zeroStage == 0) {
            reduce = allReduceS(gradBytes * localDense, paths.dp) +
                     allReduceS(gradBytes * localExpert, paths.expertDp);
        } else if (p.zeroStage <= 2) {
            reduce = reduceScatterS(gradBytes * localDense, paths.dp) +
                     reduceScatterS(gradBytes * localExpert, paths.expertDp);
            gather = allGatherS(wBytes * localDense, paths.dp) +
                     allGatherS(wBytes * localExpert, paths.expertDp);
        }
        stage.dpCommS = reduce + gather;
        const double lastBackward = stage.backwardS + stage.weightGradS;
        stage.dpExposedS =
            (options.overlapGradReduce ? exposedOverlapped(reduce, lastBackward, contention)
                                       : reduce) +
            (options.overlapParamGather ? exposedOverlapped(gather, stage.forwardS, contention)
                                        : gather);

        // Optimizer step on this GPU's shard: read gradients, read and write master weights
        // and states, write the working weights (memory-bound).
        const double shard = localDense / denseShards + localExpert / expertShards;
        const double bytesPerParameter =
            gradBytes + (master > 0 ? 2.0 * master + wBytes : 2.0 * wBytes) + 2.0 * stateBytes;
        if (offloaded) {
            stage.optimizerS =
                shard * (gradBytes + wBytes) / kHostLinkBytesPerS + shard / kCpuOptimizerParamsPerS;
            if (p.offload == Offload::Nvme) {
                stage.optimizerS += shard * 2.0 * (stateBytes + master) / kNvmeBytesPerS;
            }
        } else {
            stage.optimizerS = memorySeconds(shard * bytesPerParameter, rates);
        }

        stage.modelFlops = layers * layer.modelFlops + (hasHead ? head.modelFlops : 0.0);
        stage.hardwareFlops = stage.modelFlops + layers * layer.recomputeFlops;

        for (int chunk = 0; chunk < chunks; ++chunk) {
            const auto index = static_cast<std::size_t>(chunk * stages + rank);
            costs.schedule.forwardS[index] = stage.forwardS / chunks;
            costs.schedule.backwardS[index] = stage.backwardS / chunks;
            costs.schedule.weightGradS[index] = stage.weightGradS / chunks;
        }
    }
    return costs;
}

}  // namespace fourfold::core::detail
