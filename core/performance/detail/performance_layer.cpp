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
    // The GEMMs op-level selective recompute replays: every other matmul of the layer in
    // forward order (k, the output projection, the second MLP matrix); `replayed` is their share.
    double replayedS = 0;
    double replayedFlops = 0;
    // `share`: the fraction of the layers that run the GEMM (MoE mixed with dense layers).
    auto add = [&](Gemm g, double share = 1.0, double replayed = 0.0) {
        const double seconds = share * gemmSeconds(g, rates);
        gemmS += seconds;
        gemmFlops += share * g.flops();
        replayedS += replayed * seconds;
        replayedFlops += replayed * share * g.flops();
    };
    const double queries = queryWidth(m);
    const double values = valueWidth(m);
    if (latentAttention(m)) {
        // Multi-head latent attention (DeepSeek-V2 section 2.1): down-projections to the q and
        // kv latents (replicated), up-projections to the heads (split by TP), output.
        const double qRank = std::max(0, m.mla.qRank);
        const double kvRank = std::max(0, m.mla.kvRank);
        // In forward order (q down, q up, kv down, kv up, output) op-level recompute replays
        // the second and fourth; without a q latent, the kv down and the output projections.
        const double withQ = qRank > 0 ? 1.0 : 0.0;
        if (qRank > 0) {
            add({t, qRank, h});
            add({t, queries / s.tp, qRank}, 1.0, 1.0);
        } else {
            add({t, queries / s.tp, h});
        }
        add({t, kvRank + std::max(0, m.mla.ropeDim), h}, 1.0, 1.0 - withQ);
        add({t, (layerAtLeastOne(m.heads) * headDim(m) + values) / s.tp, kvRank}, 1.0, withQ);
        add({t, h, values / s.tp}, 1.0, 1.0 - withQ);  // output projection
    } else {
        // q, k, v at the real head size, then the output projection; op-level recompute
        // replays k and the output projection.
        add({t, (queries + 2.0 * kv) / s.tp, h}, 1.0, kv / std::max(1.0, queries + 2.0 * kv));
        add({t, h, values / s.tp}, 1.0, 1.0);
    }
    double elementBytes = 0;
    const double moeShare = moeLayerShare(m);
    if (isMoe(m)) {
        const double experts = layerAtLeastOne(m.moe.experts);
        const double topK = std::min(layerAtLeastOne(m.moe.topK), experts);
        const double localExperts = std::max(1.0, experts / s.ep);
        // Megatron-Core's MoE layer takes each TP rank's sequence-parallel share of the tokens
        // (hidden states [s/tp, b, h]) and gathers them over its expert-TP group, so an expert
        // rank routes t · etp / tp tokens (Megatron-Core MoE docs, token dispatcher).
        const double routedTokens = t * std::min(s.etp, s.tp) / s.tp;
        const double perExpert =
            routedTokens * topK * s.ep / experts;  // tokens a local expert sees
        const double ffn = expertFfn(m) / s.etp;
        add({t / s.tp, experts, h}, moeShare);  // router, on the sequence-parallel share
        add({perExpert, upWidth * ffn, h, localExperts}, moeShare, swiglu ? 0.5 : 0.0);
        add({perExpert, h, ffn, localExperts}, moeShare, swiglu ? 0.0 : 1.0);
        elementBytes += moeShare * (swiglu ? 3.0 : 2.0) * e * routedTokens * topK * ffn;
        // Shared experts: a dense MLP every token passes through (DeepSeekMoE, Dai et al.
        // 2024), split by TP.
        const double shared = sharedExpertWidth(m) / s.tp;
        if (shared > 0) {
            add({t, upWidth * shared, h}, moeShare, swiglu ? 0.5 : 0.0);
            add({t, h, shared}, moeShare, swiglu ? 0.0 : 1.0);
            elementBytes += moeShare * (swiglu ? 3.0 : 2.0) * e * t * shared;
        }
    }
    if (moeShare < 1.0) {
        const double ffn = std::max(0, m.ffnHidden) / s.tp;
        add({t, upWidth * ffn, h}, 1.0 - moeShare, swiglu ? 0.5 : 0.0);
        add({t, h, ffn}, 1.0 - moeShare, swiglu ? 0.0 : 1.0);
        elementBytes +=
            (1.0 - moeShare) * (swiglu ? 3.0 : 2.0) * e * t * ffn;  // bias-GELU or SwiGLU
    }

    // Element-wise work on the hidden stream: two norms (read + write), two residual adds
    // (two reads + a write), GPT-style dropouts (read, write, 1-byte mask), rotary on q and k.
    const double width = s.elementWidth;
    elementBytes += 2.0 * 2.0 * e * t * width + 2.0 * 3.0 * e * t * width;
    if (gptStyle(m)) {
        elementBytes += 2.0 * (2.0 * e + 1.0) * t * width;
    } else {
        elementBytes += 2.0 * e * t * (queries + kv) / s.tp;
    }

    // Attention core: QKᵀ over the query/key head size and attention × V over the value head
    // size for the keys in reach (the sliding window's span in local layers), 4·t·s·h/tp FLOPs
    // with heads of h / heads and full attention, as the model counts them.
    const double span = meanAttentionSpan(m);
    const double attentionFlops = 2.0 * t * span * (queries + values) / s.tp;
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
        const double keyHead = queries / heads;
        const double valueHead = values / heads;
        const double rows = s.sequence / layerAtLeastOne(plan.parallel.cp);
        const Gemm scores{rows, span, keyHead, batch};
        const Gemm weighted{rows, valueHead, span, batch};
        const double elements = batch * rows * span;
        const double perElement = 4.0 * e + (gptStyle(m) ? 2.0 * e + 1.0 : 0.0);
        attentionForward = gemmSeconds(scores, rates) + gemmSeconds(weighted, rates) +
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
    times.weightGemmFlops = gemmFlops;
    switch (plan.training.recompute) {
        case Recompute::Full:
            times.recomputeS = times.forwardS;
            times.recomputeFlops = gemmFlops + attentionFlops;
            break;
        case Recompute::Selective:
            times.recomputeS = attentionForward;
            times.recomputeFlops = attentionFlops;
            break;
        case Recompute::SelectiveOp:
            // Attention is saved; the replayed matmuls and every element-wise op run again.
            times.recomputeS = replayedS + elementS;
            times.recomputeFlops = replayedFlops;
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
    times.weightGemmFlops = head.flops();
    if (m.mtpLayers > 0) {
        // DeepSeek-V3's multi-token-prediction modules run after the last layer on the last
        // stage (DeepSeek-V3 report, section 2.2): each a transformer layer, the projection of
        // [norm(h); norm(embedding)] from 2h to h, and the shared output head with its loss.
        const double modules = m.mtpLayers;
        const WorkTimes layer = layerTimes(plan, rates);
        const Gemm projection{s.tokens, h / s.tp, 2.0 * h};
        const double projectionS = gemmSeconds(projection, rates);
        times.gemmForwardS += modules * (layer.gemmForwardS + projectionS + times.gemmForwardS);
        times.forwardS += modules * (layer.forwardS + projectionS + times.forwardS);
        times.backwardInputS +=
            modules * (layer.backwardInputS + projectionS + times.backwardInputS);
        times.backwardWeightS +=
            modules * (layer.backwardWeightS + projectionS + times.backwardWeightS);
        times.modelFlops +=
            modules * (layer.modelFlops + 3.0 * projection.flops() + times.modelFlops);
    }
    return times;
}

}  // namespace fourfold::core::detail
