// SPDX-License-Identifier: MIT
#include "core/plan.h"

#include <cstdint>

namespace fourfold::core {

std::int64_t worldSize(const Plan& plan) {
    const auto& p = plan.parallel;
    // Absurd degrees must not overflow: validate() reports them; here the product saturates.
    const double product = static_cast<double>(p.dp) * p.tp * p.pp * p.cp;
    if (product >= 9.2e18) return INT64_MAX;
    if (product <= -9.2e18) return INT64_MIN;
    return std::int64_t{p.dp} * p.tp * p.pp * p.cp;
}

int expertTensorParallel(const ParallelSpec& parallel) {
    return parallel.etp > 0 ? parallel.etp : parallel.tp;
}

std::int64_t derivedGlobalBatch(const Plan& plan) {
    return std::int64_t{plan.training.microBatch} * plan.training.gradAccumulation *
           plan.parallel.dp;
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
