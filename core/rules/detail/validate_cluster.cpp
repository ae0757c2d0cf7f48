// SPDX-License-Identifier: MIT
// /cluster rules: node and GPU counts, the GPU's capacity and peaks (finite, non-negative, and a
// peak for the training precision), links with positive bandwidth where ranks use them, and a
// calibration profile that was not read or was fitted on another GPU, and a checkpoint store
// too slow for the nodes sharing it.
#include "core/plan/plan_enums.h"
#include "core/rules/validate_parts.h"
#include "core/text/format.h"

#include <cmath>
#include <string>
#include <utility>

namespace fourfold::core::detail {
namespace {

void checkGpu(const Plan& plan, DiagnosticSink& sink) {
    const GpuSpec& gpu = plan.cluster.gpu;
    const std::string label = gpu.name.empty() ? std::string("the GPU") : gpu.name;
    if (gpu.memoryBytes == 0) {
        sink.error("/cluster/gpu/memory_bytes", "cluster.gpu_memory_zero", {{"gpu", label}});
    } else {
        checkRange(sink, "/cluster/gpu/memory_bytes", static_cast<double>(gpu.memoryBytes));
    }
    const PeakTflops& peak = gpu.peakTflops;
    bool peaksOk = true;
    for (const auto& [key, value] : {std::pair<const char*, double>{"bf16", peak.bf16},
                                     {"fp16", peak.fp16},
                                     {"fp8", peak.fp8},
                                     {"fp32", peak.fp32}}) {
        peaksOk =
            checkRange(sink, std::string("/cluster/gpu/peak_tflops/") + key, value) && peaksOk;
    }
    checkRange(sink, "/cluster/gpu/hbm_gbps", gpu.hbmGbps);
    if (!peaksOk) return;

    // FP8 plans run at the bf16 rate on GPUs without FP8 (core/plan/plan.h, peakFlops).
    const Precision precision = plan.training.precision;
    const bool fp8Fallback = precision == Precision::Fp8 && peak.fp8 == 0;
    const Precision used = fp8Fallback ? Precision::Bf16 : precision;
    if (peakFlops(gpu, used) <= 0) {
        const std::string key(toString(used));
        sink.error("/cluster/gpu/peak_tflops/" + key, "cluster.gpu_no_peak",
                   {{"gpu", label}, {"dtype", key}, {"precision", toString(precision)}});
    }
}

void checkLink(DiagnosticSink& sink, const std::string& key, const LinkSpec& link, bool used,
               bool intraNode) {
    const std::string path = "/cluster/" + key;
    const std::string label = link.name.empty() ? key : link.name;
    if (!checkRange(sink, path + "/gbps", link.gbps)) {
        // reported with its range
    } else if (used && link.gbps == 0) {
        sink.error(path + "/gbps",
                   intraNode ? "cluster.intra_node_link_zero" : "cluster.inter_node_link_zero",
                   {{"link", label}, {"gbps", link.gbps}});
    }
    checkRange(sink, path + "/latency_us", link.latencyUs);
}

// A profile the plan names but that was not read, or one fitted on another GPU: the figures are
// then the built-in ones, which the plan's reader should know (docs/calibration.md).
void checkProfile(const ClusterSpec& cluster, DiagnosticSink& sink) {
    const ProfileReference& reference = cluster.profile;
    if (!reference.profile) {
        if (!reference.path.empty()) {
            sink.warning("/cluster/profile", "cluster.profile_not_loaded",
                         {{"path", reference.path}});
        }
        return;
    }
    const CalibrationProfile& profile = *reference.profile;
    if (!profile.gpu.empty() && profile.gpu != cluster.gpu.name) {
        sink.warning("/cluster/profile", "cluster.profile_other_gpu",
                     {{"profile_gpu", profile.gpu}, {"gpu", cluster.gpu.name}});
    }
}

// Checkpoint storage is one aggregate bandwidth, kept as the user gives it at any scale; a
// store that leaves each node far less than stores built for large runs do (Llama 3's sustained
// 2 TB/s for 16,384 GPUs, about 1 GB/s per 8-GPU node, Dubey et al. 2024 §3.3.4) is named, since
// its write time then dominates the goodput. A tenth of that per node is the threshold.
constexpr double kCheckpointGbpsPerNodeFloor = 0.1;

void checkCheckpointStorage(const Plan& plan, DiagnosticSink& sink) {
    const double gbps = plan.checkpoint.storageGbps;
    const int nodes = plan.cluster.nodes;
    if (gbps <= 0 || nodes <= 1) return;
    const double perNode = gbps / nodes;
    if (perNode >= kCheckpointGbpsPerNodeFloor) return;
    sink.warning(
        "/checkpoint/storage_gbps", "checkpoint.storage_per_node",
        {{"gbps", formatFixed(gbps, 0)}, {"nodes", nodes}, {"per_node", formatFixed(perNode, 3)}});
}

}  // namespace

void validateCluster(const Plan& plan, DiagnosticSink& sink) {
    const ClusterSpec& cluster = plan.cluster;
    const bool perNodeOk = checkRange(sink, "/cluster/gpus_per_node", cluster.gpusPerNode);
    const bool nodesOk = checkRange(sink, "/cluster/nodes", cluster.nodes);
    if (perNodeOk && nodesOk &&
        static_cast<double>(cluster.nodes) * cluster.gpusPerNode > kMaxGpus) {
        sink.error("/cluster", "cluster.too_many_gpus",
                   {{"nodes", cluster.nodes},
                    {"gpus_per_node", cluster.gpusPerNode},
                    {"gpus", std::int64_t{cluster.nodes} * cluster.gpusPerNode},
                    {"limit", kMaxGpus}});
    }
    checkGpu(plan, sink);
    checkLink(sink, "intra_node", cluster.intraNode, cluster.gpusPerNode > 1, true);
    checkLink(sink, "inter_node", cluster.interNode, cluster.nodes > 1, false);
    checkProfile(cluster, sink);
    checkCheckpointStorage(plan, sink);
}

}  // namespace fourfold::core::detail
