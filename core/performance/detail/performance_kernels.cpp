// SPDX-License-Identifier: MIT
#include "core/performance/detail/performance_kernels.h"

namespace fourfold::core::detail {
namespace {

double orDefault(double value, double fallback) { return value > 0 ? value : fallback; }

double sizeFactor(double dimension, double halfDim) {
    if (dimension <= 0) return 0.0;
    return dimension / (dimension + halfDim);
}

// Hopper (GH100) parts: H100, H800 and H200 share the compute die. The B200 has no measured row
// yet; it is given Hopper's shares rather than the A100's, which would flatter it more.
constexpr GpuEfficiency kHopperEfficiency{kHopperGemmEfficiency, kHopperGemmFp8Efficiency, 0,
                                          kHopperFlashAttentionEfficiency, 0};

}  // namespace

GpuEfficiency presetEfficiency(std::string_view gpuName) {
    if (gpuName == "h100-sxm-80gb" || gpuName == "h800-sxm-80gb" || gpuName == "h200-sxm-141gb" ||
        gpuName == "b200-192gb") {
        return kHopperEfficiency;
    }
    return {};
}

KernelRates kernelRates(const Plan& plan) {
    const GpuSpec& gpu = plan.cluster.gpu;
    const GpuEfficiency& e = plan.cluster.gpuEfficiency;
    const GpuEfficiency preset = presetEfficiency(gpu.name);
    const Precision precision = plan.training.precision;
    KernelRates rates;
    rates.gemmPeak = peakFlops(gpu, precision);
    const bool fp8Units = precision == Precision::Fp8 && gpu.peakTflops.fp8 > 0;
    rates.gemmMax = fp8Units
                        ? orDefault(e.gemmFp8, orDefault(preset.gemmFp8, kDefaultGemmFp8Efficiency))
                        : orDefault(e.gemm, orDefault(preset.gemm, kDefaultGemmEfficiency));
    rates.halfDim = orDefault(e.gemmHalfDim, orDefault(preset.gemmHalfDim, kDefaultGemmHalfDim));
    rates.attentionPeak = peakFlops(gpu, precision == Precision::Fp8 ? Precision::Bf16 : precision);
    rates.flashMax = orDefault(e.flashAttention,
                               orDefault(preset.flashAttention, kDefaultFlashAttentionEfficiency));
    rates.memoryBytesPerS =
        gpu.hbmGbps * 1e9 * orDefault(e.hbm, orDefault(preset.hbm, kDefaultHbmEfficiency));
    return rates;
}

double gemmEfficiency(const Gemm& gemm, const KernelRates& rates) {
    return rates.gemmMax * sizeFactor(gemm.m, rates.halfDim) * sizeFactor(gemm.n, rates.halfDim) *
           sizeFactor(gemm.k, rates.halfDim);
}

double gemmSeconds(const Gemm& gemm, const KernelRates& rates) {
    const double rate = rates.gemmPeak * gemmEfficiency(gemm, rates);
    return rate > 0 ? gemm.flops() / rate : 0.0;
}

double flashSeconds(double flops, double queryTokens, const KernelRates& rates) {
    const double rate =
        rates.attentionPeak * rates.flashMax * sizeFactor(queryTokens, rates.halfDim);
    return rate > 0 ? flops / rate : 0.0;
}

double memorySeconds(double bytes, const KernelRates& rates) {
    return rates.memoryBytesPerS > 0 ? bytes / rates.memoryBytesPerS : 0.0;
}

}  // namespace fourfold::core::detail
