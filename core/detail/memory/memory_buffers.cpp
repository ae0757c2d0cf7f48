// SPDX-License-Identifier: MIT
#include "core/detail/memory/memory_buffers.h"

#include "core/detail/model/model_shapes.h"
#include "core/format.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace fourfold::core::detail {
namespace {

// DeepSpeed's reduce_bucket_size and allgather_bucket_size defaults (elements).
constexpr double kDeepSpeedBucketElements = 5e8;

}  // namespace

MemoryItem commBuffers(const MemoryInputs& in, const StageShare& share,
                       const StageParameters& stage) {
    const Plan& plan = *in.plan;
    if (!plan.memory.countCommBuffers) return makeItem(0, "comm buffers: not counted (off)");
    std::vector<std::pair<double, std::string>> parts;
    // The words only when explaining: the layout search estimates memory for every layout.
    const auto words = [&](const auto& build) { return in.explain ? build() : std::string(); };
    const double tokens =
        static_cast<double>(std::max(0, plan.training.microBatch)) * plan.model.sequence / in.cp;
    const double hidden = std::max(0, plan.model.hidden);
    const double sequenceSplit = plan.parallel.sequenceParallel ? in.tp : 1;
    const double e = in.activationBytes;

    const int zero = std::clamp(plan.parallel.zeroStage, 0, 3);
    const bool offload = plan.parallel.offload != Offload::None;
    const bool paramsOffloaded =
        zero == 3 && (plan.parallel.offload == Offload::OptimizerAndParamsCpu ||
                      plan.parallel.offload == Offload::Nvme);
    if (zero >= 2 || offload) {
        // ZeRO-2/3 and ZeRO-Offload are DeepSpeed's: gradients are reduced through a
        // reduce_bucket_size bucket and ZeRO-2 gathers updated weights through an
        // allgather_bucket_size bucket (both 5e8 elements by default), in the 16-bit dtype,
        // never larger than the parameters the GPU holds.
        const double elements = plan.memory.zeroBucketElements > 0
                                    ? static_cast<double>(plan.memory.zeroBucketElements)
                                    : kDeepSpeedBucketElements;
        const double bucket = std::min(elements, share.total()) * in.weightBytes;
        const double buckets = zero == 3 ? 1.0 : 2.0;
        parts.emplace_back(buckets * bucket, words([&] {
                               return formatFixed(buckets, 0) + " × " + bytesText(bucket) +
                                      (zero == 3 ? " reduce bucket (DeepSpeed)"
                                                 : " reduce + all-gather buckets (DeepSpeed)");
                           }));
    } else if (static_cast<double>(in.dp) * in.cp > 1) {
        // Gradients are reduced bucket by bucket; one bucket fills while the other reduces.
        const double bucket = static_cast<double>(plan.memory.ddpBucketBytes);
        parts.emplace_back(2.0 * bucket,
                           words([&] { return "2 × " + bytesText(bucket) + " gradient buckets"; }));
    }
    // With parameters offloaded, each layer is fetched to the GPU before use even when no
    // other rank shares it (ZeRO-Infinity), so the gathered layers count at any dp.
    if (zero == 3 && (in.denseShards > 1 || paramsOffloaded)) {
        // ZeRO-3 gathers the layer it computes plus the prefetched ones, and holds the full
        // gradient of a layer until its reduce-scatter.
        double unit = share.layer;
        if (stage.hasEmbedding) {
            unit =
                std::max(unit, static_cast<double>(in.model->embedding) * in.model->scale / in.tp);
        }
        const double layers = 1.0 + std::max(0, plan.memory.zero3PrefetchLayers);
        const double gathered = layers * unit * in.weightBytes;
        const double gradient = unit * in.gradBytes;
        parts.emplace_back(gathered + gradient, words([&] {
                               return formatFixed(layers, 0) + " × " +
                                      bytesText(unit * in.weightBytes) + " gathered layers + " +
                                      bytesText(gradient) + " layer gradient (ZeRO-3)";
                           }));
    }
    if (in.tp > 1) {
        const double gather = e * tokens * hidden;
        parts.emplace_back(gather, words([&] {
                               return bytesText(gather) + " TP all-gather / all-reduce buffer";
                           }));
    }
    if (in.pp > 1) {
        const double p2p = 2.0 * e * tokens * hidden / sequenceSplit;
        parts.emplace_back(p2p, words([&] { return bytesText(p2p) + " pipeline send/receive"; }));
    }
    if (in.ep > 1 && isMoe(plan.model)) {
        const double routed =
            2.0 * e * tokens * std::max(1, plan.model.moe.topK) * hidden / sequenceSplit;
        parts.emplace_back(routed,
                           words([&] { return bytesText(routed) + " expert dispatch + combine"; }));
    }
    if (!in.explain) {
        double sum = 0;
        for (const auto& part : parts) sum += part.first;
        return makeItem(sum, {});
    }
    if (parts.empty()) return makeItem(0, "comm buffers: none (no data, tensor or pipeline split)");
    double total = 0;
    std::string formula = "comm buffers = ";
    for (std::size_t i = 0; i < parts.size(); ++i) {
        total += parts[i].first;
        formula += (i > 0 ? " + " : "") + parts[i].second;
    }
    return makeItem(total, formula + " = " + bytesText(total));
}

MemoryItem frameworkItem(const MemoryInputs& in) {
    const double bytes = static_cast<double>(in.plan->memory.frameworkBytes);
    if (!in.explain) return makeItem(bytes, {});
    return makeItem(bytes, "framework = CUDA context + framework + library workspaces = " +
                               bytesText(bytes) + " (assumed; adjustable)");
}

MemoryItem fragmentationItem(const MemoryInputs& in, double allocated) {
    const double fraction = std::clamp(in.plan->memory.fragmentation, 0.0, 1.0);
    const double bytes = fraction * allocated;
    if (!in.explain) return makeItem(bytes, {});
    return makeItem(bytes, "fragmentation = " + formatPercent(fraction) + " × " +
                               bytesText(allocated) + " allocated = " + bytesText(bytes));
}

}  // namespace fourfold::core::detail
