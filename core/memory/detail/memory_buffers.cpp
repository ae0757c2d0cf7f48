// SPDX-License-Identifier: MIT
#include "core/memory/detail/memory_buffers.h"

#include "core/memory/detail/stage_build.h"
#include "core/model/model_shapes.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

namespace fourfold::core::detail {
namespace {

// DeepSpeed's reduce_bucket_size and allgather_bucket_size defaults (elements).
constexpr double kDeepSpeedBucketElements = 5e8;

}  // namespace

MemoryItem commBuffersItem(const StageBuild& build) {
    const MemoryInputs& in = build.in;
    const StageShare& share = build.share;
    const StageParameters& stage = build.parameters;
    const Plan& plan = *in.plan;
    if (!plan.memory.countCommBuffers) return zeroItem(in.explain, "not counted (switched off)");
    const double tokens =
        static_cast<double>(std::max(0, plan.training.microBatch)) * plan.model.sequence / in.cp;
    const double hidden = std::max(0, plan.model.hidden);
    const double sequenceSplit = plan.parallel.sequenceParallel ? in.tp : 1;
    const double e = in.activationBytes;

    // Each part adds its bytes and, when explaining, its product of terms.
    double total = 0;
    ExplainedFigure figure;
    std::vector<Expression> parts;
    // Lazily made shared terms, so each symbol appears once in the figure.
    std::optional<Expression> elementTerm, tokenTerm, hiddenTerm, splitTerm, weightTerm;
    const auto weight = [&] {
        if (!weightTerm)
            weightTerm =
                figure.term("w", "bytes per weight", in.weightBytes, units::kBytesPerParameter);
        return *weightTerm;
    };
    const auto element = [&] {
        if (!elementTerm)
            elementTerm =
                figure.term("e", "bytes per activation element", e, units::kBytesPerElement);
        return *elementTerm;
    };
    const auto microTokens = [&] {
        if (!tokenTerm)
            tokenTerm = figure.term("T", "tokens of one micro-batch on this rank (b × s / cp)",
                                    tokens, units::kTokens);
        return *tokenTerm;
    };
    const auto width = [&] {
        if (!hiddenTerm) hiddenTerm = figure.term("h", "hidden size", hidden, units::kCount);
        return *hiddenTerm;
    };
    const auto split = [&](Expression expression) {
        if (sequenceSplit <= 1) return expression;
        if (!splitTerm)
            splitTerm =
                figure.term("sp", "sequence-parallel split (tp)", sequenceSplit, units::kCount);
        return std::move(expression) / *splitTerm;
    };

    const int zero = std::clamp(plan.parallel.zeroStage, 0, 3);
    const bool offload = offloadsOptimizer(plan.parallel.offload);
    const bool paramsOffloaded = parametersOffloaded(plan.parallel);
    if (zero >= 2 || offload) {
        // ZeRO-2/3 and ZeRO-Offload are DeepSpeed's: gradients are reduced through a
        // reduce_bucket_size bucket and ZeRO-2 gathers updated weights through an
        // allgather_bucket_size bucket (both 5e8 elements by default), in the 16-bit dtype,
        // never larger than the parameters the GPU holds.
        const double elements = plan.memory.zeroBucketElements > 0
                                    ? static_cast<double>(plan.memory.zeroBucketElements)
                                    : kDeepSpeedBucketElements;
        const double bucketElements = std::min(elements, share.total());
        const double buckets = zero == 3 ? 1.0 : 2.0;
        total += buckets * bucketElements * in.weightBytes;
        if (in.explain) {
            parts.push_back(buckets *
                            figure.term("N_b",
                                        zero == 3
                                            ? "reduce bucket (DeepSpeed), elements"
                                            : "reduce and all-gather bucket (DeepSpeed), elements",
                                        bucketElements, units::kParameters) *
                            weight());
        }
    } else if (static_cast<double>(in.dp) * in.cp > 1) {
        // Gradients are reduced bucket by bucket; one bucket fills while the other reduces.
        const double bucket = static_cast<double>(plan.memory.ddpBucketBytes);
        total += 2.0 * bucket;
        if (in.explain)
            parts.push_back(2.0 * figure.term("B_g", "gradient bucket", bucket, units::kBytes));
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
        const double prefetch = std::max(0, plan.memory.zero3PrefetchLayers);
        const double layers = 1.0 + prefetch;
        total += layers * unit * in.weightBytes + unit * in.gradBytes;
        if (in.explain) {
            const Expression gathered =
                figure.term("U", "parameters of the largest gathered layer on this rank", unit,
                            units::kParameters);
            parts.push_back((numberExpr(1) + figure.term("P", "layers prefetched (ZeRO-3)",
                                                         prefetch, units::kCount)) *
                            gathered * weight());
            parts.push_back(gathered * figure.term("g", "bytes per gradient", in.gradBytes,
                                                   units::kBytesPerParameter));
        }
    }
    if (in.tp > 1) {
        // The TP all-gather / all-reduce buffer of one layer's activations.
        total += e * tokens * hidden;
        if (in.explain) parts.push_back(element() * microTokens() * width());
    }
    if (in.pp > 1) {
        // Pipeline send and receive buffers.
        total += 2.0 * e * tokens * hidden / sequenceSplit;
        if (in.explain) parts.push_back(split(2.0 * element() * microTokens() * width()));
    }
    if (in.ep > 1 && isMoe(plan.model)) {
        // Expert dispatch and combine buffers.
        const double topK = std::max(1, plan.model.moe.topK);
        total += 2.0 * e * tokens * topK * hidden / sequenceSplit;
        if (in.explain) {
            parts.push_back(split(
                2.0 * element() * microTokens() *
                figure.term("k", "experts per token (top-k)", topK, units::kCount) * width()));
        }
    }
    if (!in.explain) return makeItem(total);
    if (parts.empty()) return zeroItem(true, "none: no data, tensor or pipeline split");
    figure.source = "PyTorch DDP buckets; DeepSpeed ZeRO-3 prefetch; Megatron-LM buffers";
    figure.expression = std::move(parts.front());
    for (std::size_t i = 1; i < parts.size(); ++i) {
        figure.expression = std::move(figure.expression) + std::move(parts[i]);
    }
    return makeItem(total, std::move(figure));
}

MemoryItem frameworkItem(const StageBuild& build) {
    const MemoryInputs& in = build.in;
    const double bytes = static_cast<double>(in.plan->memory.frameworkBytes);
    if (!in.explain) return makeItem(bytes);
    ExplainedFigure figure;
    figure.expression =
        figure.term("F", "CUDA context, framework and library workspaces", bytes, units::kBytes);
    figure.note = "assumed; adjustable";
    return makeItem(bytes, std::move(figure));
}

MemoryItem fragmentationItem(const StageBuild& build) {
    const MemoryInputs& in = build.in;
    double allocated = 0;
    for (const MemoryCategoryInfo& row : kMemoryCategories) {
        if (row.allocated) allocated += itemBytes(build.stage, row.category);
    }
    const double fraction = std::clamp(in.plan->memory.fragmentation, 0.0, 1.0);
    const double bytes = fraction * allocated;
    if (!in.explain) return makeItem(bytes);
    ExplainedFigure figure;
    figure.expression =
        figure.term("f", "fragmentation share", fraction, units::kFraction) *
        figure.term("A", "bytes the caching allocator hands out", allocated, units::kBytes);
    figure.note = "assumed; adjustable";
    return makeItem(bytes, std::move(figure));
}

}  // namespace fourfold::core::detail
