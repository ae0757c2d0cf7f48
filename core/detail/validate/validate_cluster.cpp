// SPDX-License-Identifier: MIT
// /cluster rules: node and GPU counts, the GPU's capacity and peaks (finite, non-negative, and a
// peak for the training precision), and links with positive bandwidth where ranks use them.
#include "core/detail/validate/validate_common.h"
#include "core/plan_enums.h"

#include <cmath>
#include <string>
#include <utility>

namespace fourfold::core::detail {
namespace {

void checkCount(DiagnosticSink& sink, const std::string& key, int value, int limit) {
    const std::string path = "/cluster/" + key;
    if (value < 1) {
        sink.error(path, key + " is " + numberText(value) + "; it must be at least 1.");
    } else if (value > limit) {
        sink.error(path, key + " " + numberText(value) + " is absurd (more than " +
                             numberText(limit) + ").");
    }
}

// A figure that must be finite, >= 0 and at most `limit`; false when it is not.
bool checkFigure(DiagnosticSink& sink, const std::string& path, const std::string& what,
                 double value, double limit) {
    if (!std::isfinite(value) || value < 0) {
        sink.error(path, what + " is " + numberText(value) + "; give a finite value of 0 or more.");
        return false;
    }
    if (value > limit) {
        sink.error(path, what + " " + numberText(value) + " is absurd (more than " +
                             numberText(limit) + ").");
        return false;
    }
    return true;
}

void checkGpu(const Plan& plan, DiagnosticSink& sink) {
    const GpuSpec& gpu = plan.cluster.gpu;
    const std::string label = gpu.name.empty() ? std::string("the GPU") : gpu.name;
    if (gpu.memoryBytes == 0) {
        sink.error("/cluster/gpu/memory_bytes",
                   "memory_bytes of " + label +
                       " is 0; give its capacity in bytes (an 80 GB H100 has 85899345920).");
    } else if (static_cast<double>(gpu.memoryBytes) > kMaxGpuBytes) {
        sink.error("/cluster/gpu/memory_bytes",
                   "memory_bytes " + numberText(static_cast<double>(gpu.memoryBytes)) + " of " +
                       label + " is absurd (more than " + numberText(kMaxGpuBytes) +
                       " bytes); memory_bytes counts bytes, not GB.");
    }
    const PeakTflops& peak = gpu.peakTflops;
    bool peaksOk = true;
    for (const auto& [key, value] : {std::pair<const char*, double>{"bf16", peak.bf16},
                                     {"fp16", peak.fp16},
                                     {"fp8", peak.fp8},
                                     {"fp32", peak.fp32}}) {
        peaksOk = checkFigure(sink, std::string("/cluster/gpu/peak_tflops/") + key,
                              std::string("peak_tflops.") + key, value, kMaxTflops) &&
                  peaksOk;
    }
    checkFigure(sink, "/cluster/gpu/hbm_gbps", "hbm_gbps", gpu.hbmGbps, kMaxLinkGbps);
    if (!peaksOk) return;

    // FP8 plans run at the bf16 rate on GPUs without FP8 (core/plan.h, peakFlops).
    const Precision precision = plan.training.precision;
    const bool fp8Fallback = precision == Precision::Fp8 && peak.fp8 == 0;
    const Precision used = fp8Fallback ? Precision::Bf16 : precision;
    if (peakFlops(gpu, used) <= 0) {
        const std::string key(toString(used));
        sink.error("/cluster/gpu/peak_tflops/" + key,
                   label + " has no " + key + " peak (peak_tflops." + key + " is 0), so a " +
                       std::string(toString(precision)) +
                       " plan has no compute rate; give the dense peak or change precision.");
    }
}

void checkLink(DiagnosticSink& sink, const std::string& key, const LinkSpec& link, bool used,
               const std::string& why) {
    const std::string path = "/cluster/" + key;
    const std::string label = link.name.empty() ? key : link.name;
    if (!std::isfinite(link.gbps) || link.gbps < 0 || link.gbps > kMaxLinkGbps) {
        checkFigure(sink, path + "/gbps", key + ".gbps", link.gbps, kMaxLinkGbps);
    } else if (used && link.gbps == 0) {
        sink.error(path + "/gbps", key + " link " + label + " has 0 GB/s, but " + why +
                                       "; give its one-direction bandwidth per GPU.");
    }
    checkFigure(sink, path + "/latency_us", key + ".latency_us", link.latencyUs, kMaxLatencyUs);
}

}  // namespace

void validateCluster(const Plan& plan, DiagnosticSink& sink) {
    const ClusterSpec& cluster = plan.cluster;
    checkCount(sink, "gpus_per_node", cluster.gpusPerNode, kMaxGpusPerNode);
    checkCount(sink, "nodes", cluster.nodes, kMaxNodes);
    checkGpu(plan, sink);
    checkLink(sink, "intra_node", cluster.intraNode, cluster.gpusPerNode > 1,
              "GPUs of a node talk over it");
    checkLink(sink, "inter_node", cluster.interNode, cluster.nodes > 1, "the nodes talk over it");
}

}  // namespace fourfold::core::detail
