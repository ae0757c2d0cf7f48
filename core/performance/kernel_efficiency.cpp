// SPDX-License-Identifier: MIT
#include "core/performance/kernel_efficiency.h"

#include "core/performance/detail/performance_kernels.h"

namespace fourfold::core {
namespace {

double ownPresetOrGeneric(double own, double preset, double generic) {
    if (own > 0) return own;
    return preset > 0 ? preset : generic;
}

}  // namespace

GpuEfficiency effectiveEfficiency(const Plan& plan) {
    const GpuEfficiency& own = plan.cluster.gpuEfficiency;
    const GpuEfficiency preset = detail::presetEfficiency(plan.cluster.gpu.name);
    return {ownPresetOrGeneric(own.gemm, preset.gemm, detail::kDefaultGemmEfficiency),
            ownPresetOrGeneric(own.gemmFp8, preset.gemmFp8, detail::kDefaultGemmFp8Efficiency),
            ownPresetOrGeneric(own.gemmHalfDim, preset.gemmHalfDim, detail::kDefaultGemmHalfDim),
            ownPresetOrGeneric(own.flashAttention, preset.flashAttention,
                               detail::kDefaultFlashAttentionEfficiency),
            ownPresetOrGeneric(own.hbm, preset.hbm, detail::kDefaultHbmEfficiency)};
}

}  // namespace fourfold::core
