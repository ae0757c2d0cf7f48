// SPDX-License-Identifier: MIT
// Shape rules behind the parameter and FLOP counts: which family has biases, LayerNorm,
// learned positions and dropout, and the size of each part of one transformer layer.
// Units: parameter counts and FLOPs as doubles (exact below 2^53), converted by the callers.
// Sources: GPT-3 (Brown et al. 2020) and Llama 2 (Touvron et al. 2023) shapes;
// Narayanan et al. 2021 eq. 3 for the matmul and attention FLOPs.
#pragma once

#include "core/plan/plan.h"

#include <cstdint>

namespace fourfold::core::detail {

// The GELU family is GPT-style: biases on every projection, LayerNorm with a bias, learned
// absolute positions, dropout. The SwiGLU family is Llama-style: no biases, RMSNorm, rotary
// positions (no parameters), no dropout.
[[nodiscard]] bool gptStyle(const ModelSpec& spec);
[[nodiscard]] bool isMoe(const ModelSpec& spec);
[[nodiscard]] double expertFfn(const ModelSpec& spec);
// Width of the k and v projections: kvHeads × head dimension (h / heads).
[[nodiscard]] double kvWidth(const ModelSpec& spec);

struct LayerShape {
    double attention = 0;  // q, k, v, o (+ biases)
    double mlp = 0;        // dense MLP, or all experts of the layer
    double router = 0;
    double norms = 0;
    double activeMlp = 0;  // MLP weights one token passes through (top-k experts)
    [[nodiscard]] double total() const { return attention + mlp + router + norms; }
};

[[nodiscard]] LayerShape layerShape(const ModelSpec& spec);
// Token embedding (+ learned positions for the GPT family).
[[nodiscard]] double embeddingParameters(const ModelSpec& spec);
[[nodiscard]] double finalNormParameters(const ModelSpec& spec);
// The vocab × hidden output matrix (its own, or the tied copy a last stage keeps).
[[nodiscard]] double lmHeadMatrix(const ModelSpec& spec);
// Largest single module (DeepSpeed's largest_layer_params: one module's own parameters).
[[nodiscard]] double largestModuleParameters(const ModelSpec& spec);

// Forward FLOPs per token of one layer: 2 × matmul weights a token meets (Narayanan et al.
// 2021: 24·h² for GPT) plus the score and value products 4·s·h (QKᵀ and attention × V).
[[nodiscard]] double layerForwardFlopsPerToken(const ModelSpec& spec);
// Forward FLOPs per token of the LM head: 2 × vocab × hidden.
[[nodiscard]] double headForwardFlopsPerToken(const ModelSpec& spec);

// A non-negative double as a byte or parameter count; NaN and negatives give 0, and values
// beyond the range saturate instead of wrapping.
[[nodiscard]] std::uint64_t toCount(double value);
// The value toCount saturates at (1.8e19, just under 2^64): a count this large is not exact.
inline constexpr std::uint64_t kCountLimit = 18'000'000'000'000'000'000ULL;

}  // namespace fourfold::core::detail
