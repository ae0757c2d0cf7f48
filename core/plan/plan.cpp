// SPDX-License-Identifier: MIT
#include "core/plan/plan.h"

#include "core/text/checked_math.h"

#include <cstdint>
#include <limits>

namespace fourfold::core {

namespace {

std::optional<std::int64_t> checkedProduct(std::initializer_list<std::int64_t> factors) {
    std::int64_t product = 1;
    for (const std::int64_t factor : factors) {
        const auto next = checkedMul(product, factor);
        if (!next) return std::nullopt;
        product = *next;
    }
    return product;
}

std::int64_t saturated(const std::optional<std::int64_t>& product,
                       std::initializer_list<std::int64_t> factors) {
    if (product) return *product;
    int negatives = 0;
    for (const std::int64_t factor : factors) negatives += factor < 0 ? 1 : 0;
    return negatives % 2 == 1 ? std::numeric_limits<std::int64_t>::min()
                              : std::numeric_limits<std::int64_t>::max();
}

}  // namespace

std::optional<std::int64_t> checkedWorldSize(const Plan& plan) {
    const auto& p = plan.parallel;
    return checkedProduct({p.dp, p.tp, p.pp, p.cp});
}

std::optional<std::int64_t> checkedGlobalBatch(const Plan& plan) {
    return checkedProduct(
        {plan.training.microBatch, plan.training.gradAccumulation, plan.parallel.dp});
}

std::int64_t worldSize(const Plan& plan) {
    // Absurd degrees must not overflow: validate() reports them; here the product saturates.
    const auto& p = plan.parallel;
    return saturated(checkedWorldSize(plan), {p.dp, p.tp, p.pp, p.cp});
}

int expertTensorParallel(const ParallelSpec& parallel) {
    return parallel.etp > 0 ? parallel.etp : parallel.tp;
}

std::uint64_t zeroBucketElements(const MemoryOptions& memory) {
    return memory.zeroBucketElements > 0 ? memory.zeroBucketElements : kDeepSpeedBucketElements;
}

bool gradSyncPerMicroBatch(const ParallelSpec& parallel) {
    switch (parallel.gradSync) {
        case GradSync::PerStep:
            return false;
        case GradSync::PerMicroBatch:
            return true;
        case GradSync::Auto:
            break;
    }
    if (parallel.zeroStage == 2) return true;
    return parallel.zeroStage >= 3 && !paramGatherPerStep(parallel);
}

bool paramGatherPerStep(const ParallelSpec& parallel) {
    if (parallel.zeroStage < 3) return false;
    switch (parallel.paramGather) {
        case ParamGather::PerStep:
            return true;
        case ParamGather::PerMicroBatch:
            return false;
        case ParamGather::Auto:
            break;
    }
    return parallel.pp > 1;
}

bool holdsUnshardedWeights(const ParallelSpec& parallel) {
    return parallel.zeroStage >= 3 &&
           (paramGatherPerStep(parallel) || !parallel.reshardAfterForward);
}

std::int64_t derivedGlobalBatch(const Plan& plan) {
    return saturated(checkedGlobalBatch(plan),
                     {plan.training.microBatch, plan.training.gradAccumulation, plan.parallel.dp});
}

double peakFlops(const GpuSpec& gpu, Precision precision) {
    switch (precision) {
        case Precision::Fp32:
            return gpu.peakTflops.fp32 * 1e12;
        case Precision::Fp16:
            return gpu.peakTflops.fp16 * 1e12;
        case Precision::Bf16:
            return gpu.peakTflops.bf16 * 1e12;
        case Precision::Fp8:
            // A GPU without FP8 units runs FP8 plans at its 16-bit rate.
            return (gpu.peakTflops.fp8 > 0 ? gpu.peakTflops.fp8 : gpu.peakTflops.bf16) * 1e12;
    }
    return 0;
}

}  // namespace fourfold::core
