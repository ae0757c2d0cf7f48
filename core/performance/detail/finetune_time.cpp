// SPDX-License-Identifier: MIT
#include "core/performance/detail/finetune_time.h"

#include "core/memory/finetune_memory.h"
#include "core/memory/memory_common.h"
#include "core/model/model_shapes.h"

#include <algorithm>

namespace fourfold::core::detail {
namespace {

struct AdapterWork {
    double seconds = 0;  // one pass over the adapters' two GEMMs
    double flops = 0;
};

AdapterWork adapterWork(const Plan& plan, const KernelRates& rates) {
    const double tokens = static_cast<double>(std::max(0, plan.training.microBatch)) *
                          std::max(0, plan.model.sequence) / std::max(1, plan.parallel.cp);
    const double rank = std::max(0, plan.training.loraRank);
    AdapterWork work;
    for (const AdaptedLinear& linear : adaptedLinears(plan)) {
        const double rows = tokens * linear.tokensPerCopy;
        const Gemm down{rows, rank, linear.in, linear.copies};
        const Gemm up{rows, linear.out, rank, linear.copies};
        work.seconds += gemmSeconds(down, rates) + gemmSeconds(up, rates);
        work.flops += down.flops() + up.flops();
    }
    return work;
}

// NF4 weights of one layer on one GPU, dequantised once per pass that reads them.
double dequantiseSeconds(const Plan& plan, const ModelReport& model, const KernelRates& rates) {
    if (plan.training.finetune != FineTune::Qlora) return 0;
    const double tp = std::max(1, plan.parallel.tp);
    const double experts = isMoe(plan.model) ? static_cast<double>(std::max(1, plan.parallel.ep)) *
                                                   std::max(1, expertTensorParallel(plan.parallel))
                                             : tp;
    const double weights = (static_cast<double>(model.layer.attention) / tp +
                            static_cast<double>(model.layer.mlp) / experts) *
                           model.scale;
    const double bytes = nf4BytesPerParameter(plan.training.doubleQuant) +
                         weightBytesPerParameter(plan.training.basePrecision);
    return memorySeconds(weights * bytes, rates);
}

}  // namespace

WorkTimes fineTuneLayerTimes(const Plan& plan, const ModelReport& model, const WorkTimes& full,
                             const KernelRates& rates) {
    if (!trainsAdapters(plan.training)) return full;
    const AdapterWork adapters = adapterWork(plan, rates);
    const double dequantise = dequantiseSeconds(plan, model, rates);
    WorkTimes times = full;
    times.gemmForwardS += adapters.seconds;
    times.forwardS += adapters.seconds + dequantise;
    // dx through B and A, and the base's input gradient with its weights dequantised again.
    times.backwardInputS += adapters.seconds + dequantise;
    // The frozen base computes no weight gradients; the adapters' two remain.
    times.backwardWeightS = adapters.seconds;
    times.modelFlops = full.modelFlops - full.weightGemmFlops + 3.0 * adapters.flops;
    times.weightGemmFlops = adapters.flops;
    if (plan.training.recompute == Recompute::Full) {
        times.recomputeS = times.forwardS;
        times.recomputeFlops += adapters.flops;
    }
    return times;
}

WorkTimes fineTuneHeadTimes(const Plan& plan, const WorkTimes& full) {
    if (!trainsAdapters(plan.training)) return full;
    WorkTimes times = full;
    times.backwardWeightS = 0;
    times.modelFlops = full.modelFlops - full.weightGemmFlops;
    times.weightGemmFlops = 0;
    return times;
}

double trainedAdapterParameters(const Plan& plan, double layers) {
    return layers * adapterParametersPerLayer(plan);
}

OffloadExposure activationOffloadExposure(const Plan& plan, const ModelReport& model,
                                          const StageParameters* stage, double forwardS,
                                          double backwardS, double hostLinkBytesPerS) {
    if (!plan.training.activationOffload || stage == nullptr || hostLinkBytesPerS <= 0) return {};
    const double bytes = offloadedActivationBytesPerMicroBatch(plan, model, *stage);
    const double copyS = bytes / hostLinkBytesPerS;
    return {std::max(0.0, copyS - forwardS), std::max(0.0, copyS - backwardS)};
}

}  // namespace fourfold::core::detail
