// SPDX-License-Identifier: MIT
#include "core/calibrate/detail/fit_parameters.h"

#include "core/performance/kernel_efficiency.h"

#include <array>
#include <cmath>

namespace fourfold::core::detail {
namespace {

using P = CalibrationParameter;
using S = FitScale;

// Bounds: GEMM and attention kernels reach between a fifth and all of their peak; d½ from a tile
// (4) to a large GEMM (1024); HBM between a third and all of its bandwidth; a link between a
// twentieth and 1.2 × its nominal figure (NCCL's bus bandwidth can beat a vendor's round
// number), latency 0.1–200 µs; the contention, framework bytes and fragmentation over their whole
// documented ranges (fragmentation up to 0.5).
// clang-format off
constexpr std::array kSpecs = {
    ParameterSpec{P::Gemm,              "gemm",                  false, S::Log,    1,    0.2,  0.98, false},
    ParameterSpec{P::GemmFp8,           "gemm_fp8",              false, S::Log,    1,    0.15, 0.98, false},
    ParameterSpec{P::GemmHalfDim,       "gemm_half_dim",         false, S::Log,    1,    4,    1024, false},
    ParameterSpec{P::FlashAttention,    "flash_attention",       false, S::Log,    1,    0.1,  0.98, false},
    ParameterSpec{P::Hbm,               "hbm",                   false, S::Log,    1,    0.3,  1.0,  false},
    ParameterSpec{P::IntraNodeGbps,     "intra_node.gbps",       false, S::Log,    1,    0.05, 1.2,  true},
    ParameterSpec{P::IntraNodeLatency,  "intra_node.latency_us", false, S::Log,    1,    0.1,  200,  false},
    ParameterSpec{P::InterNodeGbps,     "inter_node.gbps",       false, S::Log,    1,    0.05, 1.2,  true},
    ParameterSpec{P::InterNodeLatency,  "inter_node.latency_us", false, S::Log,    1,    0.1,  200,  false},
    ParameterSpec{P::OverlapContention, "overlap_contention",    false, S::Linear, 0.5,  0,    1,    false},
    ParameterSpec{P::FrameworkBytes,    "framework_bytes",       true,  S::Linear, 4e9,  0,    4e10, false},
    ParameterSpec{P::Fragmentation,     "fragmentation",         true,  S::Linear, 0.1,  0,    0.5,  false},
};
// clang-format on

// A starting latency of 0 cannot be scaled by a ratio: the fit starts from the lower bound.
double positiveStart(double value, double floor) { return value > 0 ? value : floor; }

}  // namespace

std::span<const ParameterSpec> parameterSpecs() { return kSpecs; }

const ParameterSpec& parameterSpec(CalibrationParameter parameter) {
    return kSpecs[static_cast<std::size_t>(parameter)];
}

double startingValue(CalibrationParameter parameter, const Plan& plan) {
    const GpuEfficiency efficiency = effectiveEfficiency(plan);
    const ClusterSpec& cluster = plan.cluster;
    switch (parameter) {
        case P::Gemm:
            return efficiency.gemm;
        case P::GemmFp8:
            return efficiency.gemmFp8;
        case P::GemmHalfDim:
            return efficiency.gemmHalfDim;
        case P::FlashAttention:
            return efficiency.flashAttention;
        case P::Hbm:
            return efficiency.hbm;
        case P::IntraNodeGbps:
            return cluster.intraNode.gbps;
        case P::IntraNodeLatency:
            return positiveStart(cluster.intraNode.latencyUs, parameterSpec(parameter).lower);
        case P::InterNodeGbps:
            return cluster.interNode.gbps;
        case P::InterNodeLatency:
            return positiveStart(cluster.interNode.latencyUs, parameterSpec(parameter).lower);
        case P::OverlapContention:
            return plan.performance.overlapContention;
        case P::FrameworkBytes:
            return static_cast<double>(plan.memory.frameworkBytes);
        case P::Fragmentation:
            return plan.memory.fragmentation;
    }
    return 0;
}

double lowerBound(const ParameterSpec& spec, const Plan& plan) {
    return spec.relative ? spec.lower * startingValue(spec.parameter, plan) : spec.lower;
}

double upperBound(const ParameterSpec& spec, const Plan& plan) {
    return spec.relative ? spec.upper * startingValue(spec.parameter, plan) : spec.upper;
}

double valueAt(const ParameterSpec& spec, double start, double u) {
    return spec.scale == FitScale::Log ? start * std::exp(u) : start + u * spec.unit;
}

double offsetOf(const ParameterSpec& spec, double start, double value) {
    if (spec.scale == FitScale::Log) return start > 0 && value > 0 ? std::log(value / start) : 0.0;
    return (value - start) / spec.unit;
}

void setProfileValue(CalibrationProfile& profile, CalibrationParameter parameter, double value,
                     const Plan& reference) {
    const auto link = [&](std::optional<LinkSpec>& target, const LinkSpec& own) -> LinkSpec& {
        if (!target) target = own;
        return *target;
    };
    switch (parameter) {
        case P::Gemm:
            profile.efficiency.gemm = value;
            break;
        case P::GemmFp8:
            profile.efficiency.gemmFp8 = value;
            break;
        case P::GemmHalfDim:
            profile.efficiency.gemmHalfDim = value;
            break;
        case P::FlashAttention:
            profile.efficiency.flashAttention = value;
            break;
        case P::Hbm:
            profile.efficiency.hbm = value;
            break;
        case P::IntraNodeGbps:
            link(profile.intraNode, reference.cluster.intraNode).gbps = value;
            break;
        case P::IntraNodeLatency:
            link(profile.intraNode, reference.cluster.intraNode).latencyUs = value;
            break;
        case P::InterNodeGbps:
            link(profile.interNode, reference.cluster.interNode).gbps = value;
            break;
        case P::InterNodeLatency:
            link(profile.interNode, reference.cluster.interNode).latencyUs = value;
            break;
        case P::OverlapContention:
            profile.overlapContention = value;
            break;
        case P::FrameworkBytes:
            profile.frameworkBytes = static_cast<std::uint64_t>(std::llround(std::max(0.0, value)));
            break;
        case P::Fragmentation:
            profile.fragmentation = value;
            break;
    }
}

}  // namespace fourfold::core::detail

namespace fourfold::core {

std::string_view calibrationParameterKey(CalibrationParameter parameter) {
    return detail::parameterSpec(parameter).key;
}

bool calibrationParameterIsMemory(CalibrationParameter parameter) {
    return detail::parameterSpec(parameter).memory;
}

}  // namespace fourfold::core
