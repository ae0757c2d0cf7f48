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

double kvWidth(const ModelSpec& spec) {
    if (spec.heads <= 0) return positive(spec.hidden);
    return positive(spec.hidden) * positive(spec.kvHeads) / positive(spec.heads);
}

LayerShape layerShape(const ModelSpec& spec) {
    const double h = positive(spec.hidden);
    const double kv = kvWidth(spec);
    LayerShape shape;
    // q and o are h × h; k and v are h × kvWidth (grouped-query attention shrinks them).
    shape.attention = 2.0 * h * h + 2.0 * h * kv;
    if (gptStyle(spec)) shape.attention += h + 2.0 * kv + h;  // qkv bias + output bias
    if (isMoe(spec)) {
        const double experts = positive(spec.moe.experts);
        const double one = mlpParameters(spec, expertFfn(spec));
        shape.mlp = experts * one;
        shape.router = h * experts;
        shape.activeMlp = std::min(positive(spec.moe.topK), experts) * one;
    } else {
        shape.mlp = mlpParameters(spec, positive(spec.ffnHidden));
        shape.activeMlp = shape.mlp;
    }
    // Two norms per layer: LayerNorm has a scale and a bias, RMSNorm a scale only.
    shape.norms = (gptStyle(spec) ? 4.0 : 2.0) * h;
    return shape;
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
    largest = std::max(largest, h * h + bias * h);          // q or output projection
    if (gptStyle(spec)) largest = std::max(largest, 3.0 * h * h + 3.0 * h);  // fused qkv
    return largest;
}

double layerForwardFlopsPerToken(const ModelSpec& spec) {
    // Matmul weights only: biases and norms are element-wise work Narayanan et al. leave out.
    const double h = positive(spec.hidden);
    const double kv = kvWidth(spec);
    const double attentionWeights = 2.0 * h * h + 2.0 * h * kv;
    const double matrices = spec.mlp == MlpKind::Swiglu ? 3.0 : 2.0;
    double mlpWeights = matrices * h * positive(spec.ffnHidden);
    if (isMoe(spec)) {
        const double experts = positive(spec.moe.experts);
        mlpWeights = std::min(positive(spec.moe.topK), experts) * matrices * h * expertFfn(spec) +
                     h * experts;  // top-k experts + router
    }
    return 2.0 * (attentionWeights + mlpWeights) + 4.0 * positive(spec.sequence) * h;
}

double headForwardFlopsPerToken(const ModelSpec& spec) { return 2.0 * lmHeadMatrix(spec); }

std::uint64_t toCount(double value) {
    if (!(value > 0)) return 0;
    if (value >= static_cast<double>(kCountLimit)) return kCountLimit;
    return static_cast<std::uint64_t>(std::nearbyint(value));
}

}  // namespace fourfold::core::detail
