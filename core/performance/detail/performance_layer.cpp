// SPDX-License-Identifier: MIT
#include "core/performance/detail/performance_layer.h"

#include "core/memory/memory_common.h"
#include "core/model/model_shapes.h"

#include <algorithm>

namespace fourfold::core::detail {
namespace {

double layerAtLeastOne(int value) { return value > 0 ? static_cast<double>(value) : 1.0; }

struct Split {
    double tokens = 0;  // tokens of one micro-batch on this GPU (sequence split over CP)
    double sequence = 0;
    double tp = 1, ep = 1, etp = 1;
    double elementWidth = 0;  // width of the element-wise region per GPU: h, or h/tp with SP
};

Split splitOf(const Plan& plan) {
    const ModelSpec& m = plan.model;
    const ParallelSpec& p = plan.parallel;
    Split split;
    split.sequence = std::max(0, m.sequence);
    split.tokens = std::max(0, plan.training.microBatch) * split.sequence / layerAtLeastOne(p.cp);
    split.tp = layerAtLeastOne(p.tp);
    split.ep = layerAtLeastOne(p.ep);
    split.etp = layerAtLeastOne(expertTensorParallel(p));
    split.elementWidth = std::max(0, m.hidden) / (p.sequenceParallel ? split.tp : 1.0);
    return split;
}

}  // namespace

double activationElementBytes(const Plan& plan) {
    return activationBytesPerElement(plan.training.precision);
}

WorkTimes layerTimes(const Plan& plan, const KernelRates& rates) {
    const ModelSpec& m = plan.model;
    const Split s = splitOf(plan);
    const double h = std::max(0, m.hidden);
    const double kv = kvWidth(m);
    const double heads = layerAtLeastOne(m.heads);
    const double e = activationElementBytes(plan);
    const double t = s.tokens;
    const bool swiglu = m.mlp == MlpKind::Swiglu;
    const double upWidth = swiglu ? 2.0 : 1.0;

    // Weight GEMMs (m = tokens, n = output width on this GPU, k = reduction width).
    double gemmS = 0;
    double gemmFlops = 0;
    auto add = [&](Gemm g) {
        gemmS += gemmSeconds(g, rates);
        gemmFlops += g.flops();
    };
    add({t, (h + 2.0 * kv) / s.tp, h});  // q, k, v
    add({t, h, h / s.tp});               // output projection
    double elementBytes = 0;
    if (isMoe(m)) {
        const double experts = layerAtLeastOne(m.moe.experts);
        const double topK = std::min(layerAtLeastOne(m.moe.topK), experts);
        const double localExperts = std::max(1.0, experts / s.ep);
        const double perExpert = t * topK * s.ep / experts;  // tokens each local expert sees
        const double ffn = expertFfn(m) / s.etp;
        add({t, experts, h});  // router
        add({perExpert, upWidth * ffn, h, localExperts});
        add({perExpert, h, ffn, localExperts});
        elementBytes += (swiglu ? 3.0 : 2.0) * e * t * topK * ffn;
    } else {
        const double ffn = std::max(0, m.ffnHidden) / s.tp;
        add({t, upWidth * ffn, h});
        add({t, h, ffn});
        elementBytes += (swiglu ? 3.0 : 2.0) * e * t * ffn;  // bias-GELU or SwiGLU
    }

    // Element-wise work on the hidden stream: two norms (read + write), two residual adds
    // (two reads + a write), GPT-style dropouts (read, write, 1-byte mask), rotary on q and k.
    const double width = s.elementWidth;
    elementBytes += 2.0 * 2.0 * e * t * width + 2.0 * 3.0 * e * t * width;
    if (gptStyle(m)) {
        elementBytes += 2.0 * (2.0 * e + 1.0) * t * width;
    } else {
        elementBytes += 2.0 * e * t * (h + kv) / s.tp;
    }

    // Attention core: QKᵀ and attention × V, 4·t·s·h/tp FLOPs as the model counts them.
    const double attentionFlops = 4.0 * t * s.sequence * h / s.tp;
    double attentionForward = 0;
    double attentionBackward = 0;
    if (plan.training.flashAttention) {
        // A causal flash kernel skips the masked half; its backward re-forms the scores
        // (five products instead of two: 2.5 × the forward).
        const double executed = 0.5 * attentionFlops;
        attentionForward = flashSeconds(executed, t, rates);
        attentionBackward = 2.5 * attentionForward;
    } else {
        // Unfused: batched GEMMs over heads with the head dimension as one side, and the s × s
        // scores written, soft-maxed (and dropped out) and read again at HBM speed.
        const double batch = std::max(0, plan.training.microBatch) * heads / s.tp;
        const double headDim = h / heads;
        const double queries = s.sequence / layerAtLeastOne(plan.parallel.cp);
        const Gemm scores{queries, s.sequence, headDim, batch};
        const Gemm values{queries, headDim, s.sequence, batch};
        const double elements = batch * queries * s.sequence;
        const double perElement = 4.0 * e + (gptStyle(m) ? 2.0 * e + 1.0 : 0.0);
        attentionForward = gemmSeconds(scores, rates) + gemmSeconds(values, rates) +
                           memorySeconds(perElement * elements, rates);
        attentionBackward = 2.0 * attentionForward;
    }

    WorkTimes times;
    const double elementS = memorySeconds(elementBytes, rates);
    times.gemmForwardS = gemmS;
    times.attentionForwardS = attentionForward;
    times.attentionBackwardS = attentionBackward;
    times.forwardS = gemmS + attentionForward + elementS;
    times.backwardInputS = gemmS + attentionBackward + 2.0 * elementS;
    times.backwardWeightS = gemmS;
    times.modelFlops = 3.0 * (gemmFlops + attentionFlops);
    switch (plan.training.recompute) {
        case Recompute::Full:
            times.recomputeS = times.forwardS;
            times.recomputeFlops = gemmFlops + attentionFlops;
            break;
        case Recompute::Selective:
            times.recomputeS = attentionForward;
            times.recomputeFlops = attentionFlops;
            break;
        case Recompute::None:
            break;
    }
    return times;
}

WorkTimes headTimes(const Plan& plan, const KernelRates& rates) {
    const ModelSpec& m = plan.model;
    const Split s = splitOf(plan);
    const double h = std::max(0, m.hidden);
    const double vocab = std::max(0, m.vocab) / s.tp;
    const double e = activationElementBytes(plan);
    const Gemm head{s.tokens, vocab, h};
    // Final norm, logits written, fp32 softmax and loss (read, write 4-byte values).
    const double bytes = 2.0 * e * s.tokens * s.elementWidth + (e + 8.0) * s.tokens * vocab;
    WorkTimes times;
    times.gemmForwardS = gemmSeconds(head, rates);
    times.forwardS = times.gemmForwardS + memorySeconds(bytes, rates);
    times.backwardInputS = times.gemmForwardS + memorySeconds(bytes, rates);
    times.backwardWeightS = times.gemmForwardS;
    times.modelFlops = 3.0 * head.flops();
    return times;
}

}  // namespace fourfold::core::detail
