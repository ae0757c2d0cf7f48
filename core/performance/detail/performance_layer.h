// SPDX-License-Identifier: MIT
// The work one GPU does for one transformer layer (and for the LM head) per micro-batch, and
// how long it takes: weight GEMMs after the TP / EP splits, the attention core by its kernel,
// and the memory-bound element-wise work (norms, residuals, dropout, activations, softmax
// without flash, cross-entropy) at HBM bandwidth.
// FLOPs follow Narayanan et al. 2021 eq. 3: 2 per multiply-add, attention scores and values
// 4·s·h per token (model FLOPs count the full s × s; a causal flash kernel executes half).
// Backward = input gradient (same GEMMs again) + weight gradient (same again).
#pragma once

#include "core/performance/detail/performance_kernels.h"
#include "core/plan/plan.h"

namespace fourfold::core::detail {

struct WorkTimes {
    double forwardS = 0;
    double backwardInputS = 0;   // input gradients, attention backward, element-wise backward
    double backwardWeightS = 0;  // weight gradients (W of a zero-bubble schedule)
    double gemmForwardS = 0;     // forward GEMM time (what TP overlap can hide behind)
    double attentionForwardS = 0;
    double attentionBackwardS = 0;
    double recomputeS = 0;  // extra forward work backward replays (full or selective)
    double modelFlops = 0;  // forward + backward, model FLOPs on this GPU
    double recomputeFlops = 0;
    double weightGemmFlops = 0;  // forward FLOPs of the weight GEMMs (each backward GEMM: as many)

    bool operator==(const WorkTimes&) const = default;
};

// One transformer layer, one micro-batch, one GPU.
[[nodiscard]] WorkTimes layerTimes(const Plan& plan, const KernelRates& rates);
// Final norm, LM head and cross-entropy, one micro-batch, one GPU of the last stage.
[[nodiscard]] WorkTimes headTimes(const Plan& plan, const KernelRates& rates);
// Bytes of one activation element in the training precision (FP8 runs keep 16-bit activations).
[[nodiscard]] double activationElementBytes(const Plan& plan);

}  // namespace fourfold::core::detail
