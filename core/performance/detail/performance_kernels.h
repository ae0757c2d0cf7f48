// SPDX-License-Identifier: MIT
// How fast one GPU runs each kind of kernel: GEMMs at a size-dependent share of peak, fused
// (flash) attention at its own share, memory-bound kernels at a share of HBM bandwidth, FP8
// GEMMs at their own share of the FP8 peak (not 2× the 16-bit rate).
// The curve: η(m, n, k) = η_max · f(m) · f(n) · f(k), f(d) = d / (d + d½). Small or skinny
// GEMMs (after tensor parallelism, per expert, the head dimension) run further from peak.
// Defaults were calibrated once against every validation row together (Narayanan et al. 2021
// Table 1, Korthikanti et al. 2022 Table 5, MosaicML's MPT throughput on A100 and H100;
// docs/performance.md): the generic figures are the A100's, and catalog GPUs measured to reach
// a different share of their peak carry their own (presetEfficiency). ClusterSpec::gpuEfficiency
// (JSON cluster.gpu.efficiency) overrides each.
#pragma once

#include "core/plan/plan.h"

#include <string_view>

namespace fourfold::core::detail {

inline constexpr double kDefaultGemmEfficiency = 0.73;
inline constexpr double kDefaultGemmFp8Efficiency = 0.57;
inline constexpr double kDefaultGemmHalfDim = 48;
inline constexpr double kDefaultFlashAttentionEfficiency = 0.45;
inline constexpr double kDefaultHbmEfficiency = 0.80;
inline constexpr double kHopperGemmEfficiency = 0.55;
inline constexpr double kHopperFlashAttentionEfficiency = 0.30;
// FP8 GEMMs keep the 16-bit ones' ratio (0.57 / 0.73): FP8 gains 1.2–1.5 × end to end, not 2 ×.
inline constexpr double kHopperGemmFp8Efficiency = 0.43;

struct KernelRates {
    double gemmPeak = 0;       // FLOP/s of the GEMMs' precision
    double gemmMax = 0;        // η_max for those GEMMs
    double halfDim = 0;        // d½
    double attentionPeak = 0;  // FLOP/s of attention kernels (16-bit even in FP8 runs)
    double flashMax = 0;
    double memoryBytesPerS = 0;  // achievable HBM bandwidth

    bool operator==(const KernelRates&) const = default;
};

// The defaults for a catalog GPU by its preset name, where they differ from the generic ones
// (zero fields: the generic default). Hopper parts reach a smaller share of their much higher
// peak: FlashAttention-2 about 35 % (Shah et al. 2024, FlashAttention-3, §1), GEMMs under the
// 700 W limit below their boost-clock peak; fitted to the H100 rows.
[[nodiscard]] GpuEfficiency presetEfficiency(std::string_view gpuName);

[[nodiscard]] KernelRates kernelRates(const Plan& plan);

struct Gemm {
    double m = 0, n = 0, k = 0;
    double count = 1;  // identical GEMMs (batched heads, local experts)
    [[nodiscard]] double flops() const { return 2.0 * m * n * k * count; }
};

[[nodiscard]] double gemmEfficiency(const Gemm& gemm, const KernelRates& rates);
[[nodiscard]] double gemmSeconds(const Gemm& gemm, const KernelRates& rates);
[[nodiscard]] double flashSeconds(double flops, double queryTokens, const KernelRates& rates);
[[nodiscard]] double memorySeconds(double bytes, const KernelRates& rates);

}  // namespace fourfold::core::detail
