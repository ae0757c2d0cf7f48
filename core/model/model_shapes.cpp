// SPDX-License-Identifier: MIT
#include "core/model/model_shapes.h"

#include <algorithm>
#include <cmath>

namespace fourfold::core::detail {
namespace {

double positive(int value) { return value > 0 ? static_cast<double>(value) : 0.0; }

// One MLP of the given width: GELU has two matrices (+ biases), SwiGLU three.
double mlpParameters(const ModelSpec& spec, double width) {
    const double h = positive(spec.hidden);
    if (spec.mlp == MlpKind::Swiglu) return 3.0 * h * width;
    return 2.0 * h * width + width + h;
}

}  // namespace

bool gptStyle(const ModelSpec& spec) { return spec.mlp == MlpKind::Gelu; }

bool isMoe(const ModelSpec& spec) { return spec.moe.experts > 1; }

double expertFfn(const ModelSpec& spec) {
    return spec.moe.expertFfnHidden > 0 ? positive(spec.moe.expertFfnHidden)
                                        : positive(spec.ffnHidden);
}

bool latentAttention(const ModelSpec& spec) { return spec.mla.kvRank > 0; }

double headDim(const ModelSpec& spec) {
    if (spec.headDim > 0) return positive(spec.headDim);
    return spec.heads > 0 ? positive(spec.hidden) / positive(spec.heads) : positive(spec.hidden);
}

double kvWidth(const ModelSpec& spec) {
    if (spec.headDim > 0) return positive(spec.kvHeads) * positive(spec.headDim);
    if (spec.heads <= 0) return positive(spec.hidden);
    return positive(spec.hidden) * positive(spec.kvHeads) / positive(spec.heads);
}

double queryWidth(const ModelSpec& spec) {
    if (latentAttention(spec))
        return positive(spec.heads) * (headDim(spec) + positive(spec.mla.ropeDim));
    if (spec.headDim > 0) return positive(spec.heads) * positive(spec.headDim);
    return positive(spec.hidden);
}

double valueWidth(const ModelSpec& spec) {
    if (latentAttention(spec)) {
        const double v = spec.mla.vHeadDim > 0 ? positive(spec.mla.vHeadDim) : headDim(spec);
        return positive(spec.heads) * v;
    }
    if (spec.headDim > 0) return positive(spec.heads) * positive(spec.headDim);
    return positive(spec.hidden);
}

bool moeLayer(const ModelSpec& spec, int layer) {
    if (!isMoe(spec) || layer < spec.moe.firstDenseLayers) return false;
    const int step = std::max(1, spec.moe.layerStep);
    return (layer + 1) % step == 0;
}

double attentionSpan(const ModelSpec& spec, int layer) {
    const double sequence = positive(spec.sequence);
    if (spec.slidingWindow <= 0) return sequence;
    if (spec.fullAttentionEvery > 0 && (layer + 1) % spec.fullAttentionEvery == 0) return sequence;
    return std::min(sequence, positive(spec.slidingWindow));
}

namespace {

// Layers alike: no dense/MoE mix and no local/global mix, so layer 0 stands for all.
bool uniformLayers(const ModelSpec& spec) {
    const bool mixedMoe = isMoe(spec) && (spec.moe.firstDenseLayers > 0 || spec.moe.layerStep > 1);
    const bool mixedSpan = spec.slidingWindow > 0 && spec.fullAttentionEvery > 0;
    return !mixedMoe && !mixedSpan;
}

int layerCount(const ModelSpec& spec) { return std::max(0, spec.layers); }

// The attention matrices: q, k, v, o, or the latent projections of MLA (DeepSeek-V2 paper,
// section 2.1: W^DQ, W^UQ, W^QR, W^DKV, W^UK, W^UV, W^KR, W^O). Weights only.
double attentionWeights(const ModelSpec& spec) {
    const double h = positive(spec.hidden);
    if (!latentAttention(spec)) {
        return h * queryWidth(spec) + 2.0 * h * kvWidth(spec) + valueWidth(spec) * h;
    }
    const double heads = positive(spec.heads);
    const double rank = positive(spec.mla.kvRank);
    const double query = spec.mla.qRank > 0 ? h * positive(spec.mla.qRank) +
                                                  positive(spec.mla.qRank) * queryWidth(spec)
                                            : h * queryWidth(spec);
    const double keyValue =
        h * (rank + positive(spec.mla.ropeDim)) + rank * (heads * headDim(spec) + valueWidth(spec));
    return query + keyValue + valueWidth(spec) * h;
}

// Shared experts of an MoE layer (all of them together).
double sharedExpertParameters(const ModelSpec& spec) {
    if (spec.moe.sharedFfnHidden > 0)
        return mlpParameters(spec, positive(spec.moe.sharedFfnHidden));
    return positive(spec.moe.sharedExperts) * mlpParameters(spec, expertFfn(spec));
}

}  // namespace

double sharedExpertWidth(const ModelSpec& spec) {
    if (spec.moe.sharedFfnHidden > 0) return positive(spec.moe.sharedFfnHidden);
    return positive(spec.moe.sharedExperts) * expertFfn(spec);
}

double meanAttentionSpan(const ModelSpec& spec) {
    if (spec.slidingWindow <= 0 || spec.fullAttentionEvery <= 0) return attentionSpan(spec, 0);
    const int layers = layerCount(spec);
    if (layers == 0) return attentionSpan(spec, 0);
    double sum = 0;
    for (int layer = 0; layer < layers; ++layer) sum += attentionSpan(spec, layer);
    return sum / static_cast<double>(layers);
}

double moeLayerShare(const ModelSpec& spec) {
    if (!isMoe(spec)) return 0.0;
    if (uniformLayers(spec)) return 1.0;
    const int layers = layerCount(spec);
    if (layers == 0) return 1.0;
    int moe = 0;
    for (int layer = 0; layer < layers; ++layer) moe += moeLayer(spec, layer) ? 1 : 0;
    return static_cast<double>(moe) / static_cast<double>(layers);
}

LayerShape layerShapeAt(const ModelSpec& spec, int layer) {
    const double h = positive(spec.hidden);
    const double kv = kvWidth(spec);
    LayerShape shape;
    // q and o are h × (heads × head dim); k and v are h × kvWidth (grouped-query attention
    // shrinks them); latent attention has its own projections.
    shape.attention = attentionWeights(spec);
    if (latentAttention(spec)) {
        // RMSNorms on the kv latent and, when queries are compressed, on the q latent.
        shape.attention += positive(spec.mla.kvRank) + positive(spec.mla.qRank);
    }
    if (gptStyle(spec)) shape.attention += h + 2.0 * kv + h;  // qkv bias + output bias
    // QK norm: one RMSNorm scale of the head dimension for queries and one for keys, shared by
    // the heads (Qwen3, Gemma 3; Dehghani et al. 2023 for the technique).
    if (spec.qkNorm) shape.attention += 2.0 * headDim(spec);
    if (moeLayer(spec, layer)) {
        const double experts = positive(spec.moe.experts);
        const double one = mlpParameters(spec, expertFfn(spec));
        const double shared = sharedExpertParameters(spec);
        shape.mlp = experts * one + shared;
        shape.router = h * experts;
        shape.activeMlp = std::min(positive(spec.moe.topK), experts) * one + shared;
    } else {
        shape.mlp = mlpParameters(spec, positive(spec.ffnHidden));
        shape.activeMlp = shape.mlp;
    }
    // Two norms per layer: LayerNorm has a scale and a bias, RMSNorm a scale only.
    shape.norms = (gptStyle(spec) ? 4.0 : 2.0) * h;
    return shape;
}

LayerShape layerShape(const ModelSpec& spec) {
    if (uniformLayers(spec)) return layerShapeAt(spec, 0);
    const int layers = layerCount(spec);
    LayerShape mean;
    for (int layer = 0; layer < layers; ++layer) {
        const LayerShape one = layerShapeAt(spec, layer);
        mean.attention += one.attention;
        mean.mlp += one.mlp;
        mean.router += one.router;
        mean.norms += one.norms;
        mean.activeMlp += one.activeMlp;
    }
    const double count = std::max(1, layers);
    mean.attention /= count;
    mean.mlp /= count;
    mean.router /= count;
    mean.norms /= count;
    mean.activeMlp /= count;
    return mean;
}

double mtpModuleParameters(const ModelSpec& spec) {
    const double h = positive(spec.hidden);
    return layerShapeAt(spec, std::max(0, spec.layers - 1)).total() + 2.0 * h * h + 3.0 * h;
}

double embeddingParameters(const ModelSpec& spec) {
    const double h = positive(spec.hidden);
    double count = positive(spec.vocab) * h;
    if (gptStyle(spec)) count += positive(spec.sequence) * h;  // learned positions
    return count;
}

double finalNormParameters(const ModelSpec& spec) {
    return (gptStyle(spec) ? 2.0 : 1.0) * positive(spec.hidden);
}

double lmHeadMatrix(const ModelSpec& spec) { return positive(spec.vocab) * positive(spec.hidden); }

double largestModuleParameters(const ModelSpec& spec) {
    const double h = positive(spec.hidden);
    const double bias = gptStyle(spec) ? 1.0 : 0.0;
    const double width = isMoe(spec) ? expertFfn(spec) : positive(spec.ffnHidden);
    double largest = lmHeadMatrix(spec);
    largest = std::max(largest, h * width + bias * width);  // MLP up projection
    if (isMoe(spec) && spec.moe.firstDenseLayers + std::max(1, spec.moe.layerStep) > 1) {
        largest = std::max(largest, h * positive(spec.ffnHidden));  // a dense layer's MLP
    }
    largest = std::max(largest, h * queryWidth(spec) + bias * h);            // q projection
    largest = std::max(largest, valueWidth(spec) * h + bias * h);            // output projection
    if (gptStyle(spec)) largest = std::max(largest, 3.0 * h * h + 3.0 * h);  // fused qkv
    return largest;
}

double layerForwardFlopsAt(const ModelSpec& spec, int layer) {
    // Matmul weights only: biases and norms are element-wise work Narayanan et al. leave out.
    const double h = positive(spec.hidden);
    const double matrices = spec.mlp == MlpKind::Swiglu ? 3.0 : 2.0;
    double mlpWeights = matrices * h * positive(spec.ffnHidden);
    if (moeLayer(spec, layer)) {
        const double experts = positive(spec.moe.experts);
        mlpWeights = std::min(positive(spec.moe.topK), experts) * matrices * h * expertFfn(spec) +
                     matrices * h * sharedExpertWidth(spec) +
                     h * experts;  // top-k experts + shared experts + router
    }
    // QKᵀ over the query/key head size and attention × V over the value head size, for the
    // keys in the layer's span (Vaswani et al. 2017; DeepSeek-V2 section 2.1 for MLA's sizes).
    const double core = 2.0 * attentionSpan(spec, layer) * (queryWidth(spec) + valueWidth(spec));
    return 2.0 * (attentionWeights(spec) + mlpWeights) + core;
}

double layerForwardFlopsPerToken(const ModelSpec& spec) {
    if (uniformLayers(spec)) return layerForwardFlopsAt(spec, 0);
    const int layers = layerCount(spec);
    double sum = 0;
    for (int layer = 0; layer < layers; ++layer) sum += layerForwardFlopsAt(spec, layer);
    return sum / static_cast<double>(std::max(1, layers));
}

double attentionCoreForwardFlopsPerToken(const ModelSpec& spec) {
    const double width = queryWidth(spec) + valueWidth(spec);
    return 2.0 * meanAttentionSpan(spec) * width * static_cast<double>(layerCount(spec));
}

double opReplayedForwardFlopsPerToken(const ModelSpec& spec) {
    const double h = positive(spec.hidden);
    const double moeShare = moeLayerShare(spec);
    double mlpWidth = (1.0 - moeShare) * positive(spec.ffnHidden);
    if (isMoe(spec)) {
        const double routed = std::min(positive(spec.moe.topK), positive(spec.moe.experts));
        mlpWidth += moeShare * (routed * expertFfn(spec) + sharedExpertWidth(spec));
    }
    const double perLayer = 2.0 * h * (kvWidth(spec) + valueWidth(spec) + mlpWidth);
    return perLayer * static_cast<double>(layerCount(spec));
}

bool hasModernArchitecture(const ModelSpec& spec) {
    return spec.headDim > 0 || latentAttention(spec) || spec.slidingWindow > 0 || spec.qkNorm ||
           spec.moe.sharedExperts > 0 || spec.moe.sharedFfnHidden > 0 ||
           spec.moe.firstDenseLayers > 0 || spec.moe.layerStep > 1 || spec.mtpLayers > 0;
}

double headForwardFlopsPerToken(const ModelSpec& spec) { return 2.0 * lmHeadMatrix(spec); }

double mtpForwardFlopsPerToken(const ModelSpec& spec) {
    const double h = positive(spec.hidden);
    return layerForwardFlopsAt(spec, std::max(0, spec.layers - 1)) + 2.0 * 2.0 * h * h +
           headForwardFlopsPerToken(spec);
}

std::uint64_t toCount(double value) {
    if (!(value > 0)) return 0;
    if (value >= static_cast<double>(kCountLimit)) return kCountLimit;
    return static_cast<std::uint64_t>(std::nearbyint(value));
}

}  // namespace fourfold::core::detail
