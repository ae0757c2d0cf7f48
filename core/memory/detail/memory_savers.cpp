// SPDX-License-Identifier: MIT
// The activations a stage keeps on the GPU once the frozen base, chunked cross-entropy and
// activation offloading have taken their share (core/memory/finetune_memory.h explains each).
#include "core/memory/detail/figure_terms.h"
#include "core/memory/detail/memory_activations.h"
#include "core/memory/detail/stage_build.h"
#include "core/memory/finetune_memory.h"
#include "core/model/model_shapes.h"

#include <algorithm>
#include <cmath>

namespace fourfold::core::detail {
namespace {

// Layers a GPU keeps on the device under activation offloading: the one computing and the one
// being copied out (forward) or prefetched back (backward), as torchtune's and Megatron-LM's
// offloading overlap one layer's copy with the next layer's compute.
constexpr double kLayersKeptOnGpu = 2;

struct SaverDimensions {
    double tokens = 0;  // b·s / cp
    double hidden = 0;
    double tensorSplit = 1;
    double sequenceSplit = 1;
};

SaverDimensions saverDimensions(const MemoryInputs& in) {
    const Plan& plan = *in.plan;
    SaverDimensions d;
    d.tokens = static_cast<double>(std::max(0, plan.training.microBatch)) *
               std::max(0, plan.model.sequence) / in.cp;
    d.hidden = std::max(0, plan.model.hidden);
    d.tensorSplit = in.tp;
    d.sequenceSplit = plan.parallel.sequenceParallel ? in.tp : 1;
    return d;
}

// Logits one micro-batch keeps without chunking, and what chunking leaves: one chunk's logits and
// the gradient of the head's input, which the fused kernel computes chunk by chunk in forward
// (Liger-Kernel's fused linear cross-entropy; Wijmans et al. 2024, Cut Cross-Entropy).
double chunkedLossSaving(const MemoryInputs& in) {
    const Plan& plan = *in.plan;
    const int chunks = std::max(1, plan.training.lossChunks);
    if (chunks <= 1) return 0;
    const SaverDimensions d = saverDimensions(in);
    const double logits = d.tokens * std::max(0, plan.model.vocab) *
                          std::max(0.0, plan.memory.logitsBytesPerElement) / d.tensorSplit;
    const double inputGradient = in.activationBytes * d.tokens * d.hidden / d.sequenceSplit;
    return logits - logits / chunks - inputGradient;
}

// One layer's activations of one micro-batch as the GPU would keep them without offloading.
double layerBytes(const MemoryInputs& in) {
    return layerActivations(in, in.plan->training.recompute).bytes - frozenBaseSavingPerLayer(in);
}

}  // namespace

double frozenBaseSavingPerLayer(const MemoryInputs& in) {
    const Plan& plan = *in.plan;
    const TrainingSpec& training = plan.training;
    // Under full recompute a layer keeps its input only, which the backward replays from.
    if (!trainsAdapters(training) || training.recompute == Recompute::Full) return 0;
    const SaverDimensions d = saverDimensions(in);
    const double e = in.activationBytes;
    const double T = d.tokens;
    double saving = 0;
    // A linear y = x·W backpropagates dx = dy·Wᵀ with the weight alone; only dW = xᵀ·dy reads x.
    // With W frozen, an input no other backward reads is not stored: PyTorch's autograd saves a
    // matmul operand only for the gradients it must compute. Bitsandbytes' 4-bit matmul
    // (QLoRA) keeps its input whenever one is needed, so a QLoRA base drops nothing.
    if (training.finetune == FineTune::Lora) {
        const unsigned targets = training.loraTargets;
        // The attention norm's output is read only by the q, k, v weight gradients, the MLP
        // norm's by gate and up; the SwiGLU product (GELU output) only by down's.
        if ((targets & (kLoraQuery | kLoraKey | kLoraValue)) == 0) saving += e * T * d.hidden;
        if ((targets & (kLoraGate | kLoraUp)) == 0 && !isMoe(plan.model)) {
            saving += e * T * d.hidden;
        }
        saving /= d.sequenceSplit;
        if ((targets & kLoraDown) == 0 && !isMoe(plan.model)) {
            saving += e * T * std::max(0, plan.model.ffnHidden) / d.tensorSplit;
        }
        // The attention output feeds o alone unless flash attention's backward reads it too
        // (Dao et al. 2022, Algorithm 4: D = rowsum(dO ∘ O)).
        if ((targets & kLoraOutput) == 0 && !training.flashAttention) {
            saving += e * T * valueWidth(plan.model) / d.tensorSplit;
        }
    }
    // Each adapter keeps x·A, r wide, for B's gradient.
    double intermediates = 0;
    for (const AdaptedLinear& linear : adaptedLinears(plan)) {
        intermediates += linear.copies * linear.tokensPerCopy * e * T * training.loraRank;
    }
    return saving - intermediates;
}

double offloadedActivationBytes(const StageBuild& build) {
    const MemoryInputs& in = build.in;
    if (!in.plan->training.activationOffload) return 0;
    const double sets = std::max(0, build.inFlight);
    const double layers = sets * build.parameters.layerCount / in.chunks;
    return std::max(0.0, layers - kLayersKeptOnGpu) * layerBytes(in);
}

double offloadedActivationBytesPerMicroBatch(const Plan& plan, const ModelReport& model,
                                             const StageParameters& stage) {
    if (!plan.training.activationOffload) return 0;
    const MemoryInputs in = memoryInputs(plan, model, false);
    return std::max(0.0, stage.layerCount - kLayersKeptOnGpu) * layerBytes(in);
}

MemoryItem keptActivationsItem(const StageBuild& build) {
    MemoryItem item = activationsItem(build);
    const MemoryInputs& in = build.in;
    const StageParameters& stage = build.parameters;
    const double sets = std::max(0, build.inFlight);
    const double frozen = frozenBaseSavingPerLayer(in);
    const double chunked = stage.hasHead ? chunkedLossSaving(in) : 0.0;
    const double offloaded = offloadedActivationBytes(build);
    if (frozen == 0 && chunked == 0 && offloaded == 0) return item;
    const double layerSets = sets * stage.layerCount / in.chunks;
    const double edgeSets = std::ceil(sets / in.chunks);
    const double bytes =
        static_cast<double>(item.bytes) - layerSets * frozen - edgeSets * chunked - offloaded;
    if (!in.explain) return makeItem(std::max(0.0, bytes));
    // The full accounting's formula (activationsItem) with each saving taken off as a term.
    ExplainedFigure figure = item.explain;
    FigureTerms terms(figure, true);
    Expression expression = figure.expression;
    const auto setsOfLayers = [&] {
        Expression held = terms("n", "activation sets in flight", sets, units::kCount) *
                          terms("L", "layers on this stage", stage.layerCount, units::kCount);
        if (in.chunks > 1)
            held = std::move(held) / terms("v", "model chunks per rank", in.chunks, units::kCount);
        return held;
    };
    if (frozen != 0) {
        expression = std::move(expression) -
                     setsOfLayers() * terms("F",
                                            "stored bytes per layer a frozen base does not need, "
                                            "less the adapters' own (Hu et al. 2021)",
                                            frozen, units::kBytes);
    }
    if (chunked != 0) {
        Expression held = terms("n", "activation sets in flight", sets, units::kCount);
        if (in.chunks > 1) {
            held = ceilExpr(std::move(held) /
                            terms("v", "model chunks per rank", in.chunks, units::kCount));
        }
        expression = std::move(expression) -
                     std::move(held) * terms("Z",
                                             "logits per micro-batch never materialised "
                                             "(chunked cross-entropy)",
                                             chunked, units::kBytes);
    }
    if (offloaded != 0) {
        const double moved = offloaded / layerBytes(in);
        expression =
            std::move(expression) -
            terms("n_o", "layer activation sets moved to host memory (Megatron-LM, torchtune)",
                  moved, units::kCount) *
                terms("a", "activations of one layer and one micro-batch", layerBytes(in),
                      units::kBytes);
    }
    figure.expression = std::move(expression);
    return makeItem(std::max(0.0, bytes), std::move(figure));
}

}  // namespace fourfold::core::detail
