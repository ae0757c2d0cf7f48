// SPDX-License-Identifier: MIT
#include "core/memory/detail/memory_buffers.h"

#include "core/memory/detail/figure_terms.h"
#include "core/memory/detail/stage_build.h"
#include "core/model/model_shapes.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace fourfold::core::detail {
namespace {

// The buffers' bytes as parts are added, and (when explaining) each part's product of terms.
class BufferParts {
public:
    explicit BufferParts(const StageBuild& build)
        : build_(build), terms_(figure_, build.in.explain) {}
    BufferParts(const BufferParts&) = delete;
    BufferParts& operator=(const BufferParts&) = delete;

    const StageBuild& build() const { return build_; }
    FigureTerms& term() { return terms_; }

    // Adds `bytes`, and the part's formula (built only when explaining).
    template <class Formula>
    void add(double bytes, Formula&& formula) {
        total_ += bytes;
        addFormula(std::forward<Formula>(formula));
    }
    // A further part of the formula for bytes already added.
    template <class Formula>
    void addFormula(Formula&& formula) {
        if (terms_.explains()) parts_.push_back(formula());
    }

    // The shared terms: bytes per weight and per activation element, the tokens of one
    // micro-batch on this rank, the hidden size, and a division by the sequence-parallel split.
    Expression weight() {
        return terms_("w", "bytes per weight", build_.in.weightBytes, units::kBytesPerParameter);
    }
    Expression element() {
        return terms_("e", "bytes per activation element", build_.in.activationBytes,
                      units::kBytesPerElement);
    }
    Expression tokens(double value) {
        return terms_("T", "tokens of one micro-batch on this rank (b × s / cp)", value,
                      units::kTokens);
    }
    Expression hidden(double value) { return terms_("h", "hidden size", value, units::kCount); }
    Expression split(Expression expression, double sequenceSplit) {
        if (sequenceSplit <= 1) return expression;
        return std::move(expression) /
               terms_("sp", "sequence-parallel split (tp)", sequenceSplit, units::kCount);
    }

    MemoryItem item() {
        if (!terms_.explains()) return makeItem(total_);
        if (parts_.empty()) return zeroItem(true, "none: no data, tensor or pipeline split");
        figure_.source = "PyTorch DDP buckets; DeepSpeed ZeRO-3 prefetch; Megatron-LM buffers";
        figure_.expression = std::move(parts_.front());
        for (std::size_t i = 1; i < parts_.size(); ++i) {
            figure_.expression = std::move(figure_.expression) + std::move(parts_[i]);
        }
        return makeItem(total_, std::move(figure_));
    }

private:
    const StageBuild& build_;
    double total_ = 0;
    ExplainedFigure figure_;
    FigureTerms terms_;
    std::vector<Expression> parts_;
};

// Gradients are reduced through buckets. ZeRO-2/3 and ZeRO-Offload are DeepSpeed's: a
// reduce_bucket_size bucket, and for ZeRO-2 an allgather_bucket_size bucket of updated weights
// (both 5e8 elements by default), in the 16-bit dtype, never larger than the parameters the GPU
// holds. Plain data parallelism (PyTorch DDP) fills one bucket while the other reduces.
void addGradientBuckets(BufferParts& parts, int zero) {
    const MemoryInputs& in = parts.build().in;
    const MemoryOptions& options = in.plan->memory;
    if (zero >= 2 || offloadsOptimizer(in.plan->parallel.offload)) {
        const auto elements = static_cast<double>(zeroBucketElements(options));
        const double bucketElements = std::min(elements, parts.build().share.total());
        const double buckets = zero == 3 ? 1.0 : 2.0;
        parts.add(buckets * bucketElements * in.weightBytes, [&] {
            return buckets *
                   parts.term()("N_b",
                                zero == 3 ? "reduce bucket (DeepSpeed), elements"
                                          : "reduce and all-gather bucket (DeepSpeed), elements",
                                bucketElements, units::kParameters) *
                   parts.weight();
        });
    } else if (static_cast<double>(in.dp) * in.cp > 1) {
        const double bucket = static_cast<double>(options.ddpBucketBytes);
        parts.add(2.0 * bucket, [&] {
            return 2.0 * parts.term()("B_g", "gradient bucket", bucket, units::kBytes);
        });
    }
}

// ZeRO-3 gathers the layer it computes plus the prefetched ones, and holds the full gradient of
// a layer until its reduce-scatter. With parameters offloaded, each layer is fetched to the GPU
// before use even when no other rank shares it (ZeRO-Infinity), so they count at any dp.
void addGatheredLayers(BufferParts& parts) {
    const StageBuild& build = parts.build();
    const MemoryInputs& in = build.in;
    double unit = build.share.layer;
    if (build.parameters.hasEmbedding) {
        unit = std::max(unit, static_cast<double>(in.model->embedding) * in.model->scale / in.tp);
    }
    const double prefetch = std::max(0, in.plan->memory.zero3PrefetchLayers);
    const double layers = 1.0 + prefetch;
    const Expression gathered = parts.term()(
        "U", "parameters of the largest gathered layer on this rank", unit, units::kParameters);
    parts.add(layers * unit * in.weightBytes + unit * in.gradBytes, [&] {
        return (numberExpr(1) +
                parts.term()("P", "layers prefetched (ZeRO-3)", prefetch, units::kCount)) *
               gathered * parts.weight();
    });
    parts.addFormula([&] {
        return gathered *
               parts.term()("g", "bytes per gradient", in.gradBytes, units::kBytesPerParameter);
    });
}

// One layer's activations in flight between ranks: the TP all-gather / all-reduce buffer, the
// pipeline's send and receive buffers, and the experts' dispatch and combine buffers.
void addActivationBuffers(BufferParts& parts) {
    const MemoryInputs& in = parts.build().in;
    const Plan& plan = *in.plan;
    const double tokens =
        static_cast<double>(std::max(0, plan.training.microBatch)) * plan.model.sequence / in.cp;
    const double hidden = std::max(0, plan.model.hidden);
    const double sequenceSplit = plan.parallel.sequenceParallel ? in.tp : 1;
    const double e = in.activationBytes;
    if (in.tp > 1) {
        parts.add(e * tokens * hidden,
                  [&] { return parts.element() * parts.tokens(tokens) * parts.hidden(hidden); });
    }
    if (in.pp > 1) {
        parts.add(2.0 * e * tokens * hidden / sequenceSplit, [&] {
            return parts.split(2.0 * parts.element() * parts.tokens(tokens) * parts.hidden(hidden),
                               sequenceSplit);
        });
    }
    if (in.ep > 1 && isMoe(plan.model)) {
        const double topK = std::max(1, plan.model.moe.topK);
        parts.add(2.0 * e * tokens * topK * hidden / sequenceSplit, [&] {
            return parts.split(
                2.0 * parts.element() * parts.tokens(tokens) *
                    parts.term()("k", "experts per token (top-k)", topK, units::kCount) *
                    parts.hidden(hidden),
                sequenceSplit);
        });
    }
}

}  // namespace

MemoryItem commBuffersItem(const StageBuild& build) {
    const MemoryInputs& in = build.in;
    if (!in.plan->memory.countCommBuffers)
        return zeroItem(in.explain, "not counted (switched off)");
    const int zero = std::clamp(in.plan->parallel.zeroStage, 0, 3);
    BufferParts parts(build);
    addGradientBuckets(parts, zero);
    // Weights gathered once per step or kept from forward to backward are counted whole with
    // the model state: no per-layer gather buffer on top.
    const bool gathersLayers = !holdsUnshardedWeights(in.plan->parallel);
    if (zero == 3 && gathersLayers &&
        (in.denseShards > 1 || parametersOffloaded(in.plan->parallel))) {
        addGatheredLayers(parts);
    }
    addActivationBuffers(parts);
    return parts.item();
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
