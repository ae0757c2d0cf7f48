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
// Width of an MoE layer's shared experts together (shared_ffn_hidden, or their count × the
// expert width); 0 without shared experts.
[[nodiscard]] double sharedExpertWidth(const ModelSpec& spec);
// Width of the k and v projections: kvHeads × head dimension (h / heads, or head_dim).
[[nodiscard]] double kvWidth(const ModelSpec& spec);
// The head dimension: head_dim when the model sets its own, else h / heads.
[[nodiscard]] double headDim(const ModelSpec& spec);
// Width of the queries (heads × head dimension; with latent attention, heads × (head_dim +
// rope_dim)) and of the attention output before its projection (heads × v head dimension).
[[nodiscard]] double queryWidth(const ModelSpec& spec);
[[nodiscard]] double valueWidth(const ModelSpec& spec);
[[nodiscard]] bool latentAttention(const ModelSpec& spec);
// Whether layer `layer` (0-based) has routed experts: from first_dense_layers on, every
// layer_step-th layer (Llama 4 counts from 1: (layer + 1) % step == 0).
[[nodiscard]] bool moeLayer(const ModelSpec& spec, int layer);
// Keys one query attends to in layer `layer`: the sequence, or the sliding window in a local
// layer (Beltagy et al. 2020; Jiang et al. 2023, Mistral 7B, section 2).
[[nodiscard]] double attentionSpan(const ModelSpec& spec, int layer);
// The span averaged over all layers (what the per-layer activation and time models use).
[[nodiscard]] double meanAttentionSpan(const ModelSpec& spec);
// Share of the layers that have routed experts (1 for a plain MoE model, 0 for dense).
[[nodiscard]] double moeLayerShare(const ModelSpec& spec);

struct LayerShape {
    double attention = 0;  // q, k, v, o (+ biases)
    double mlp = 0;        // dense MLP, or all experts of the layer
    double router = 0;
    double norms = 0;
    double activeMlp = 0;  // MLP weights one token passes through (top-k experts)
    [[nodiscard]] double total() const { return attention + mlp + router + norms; }
    bool operator==(const LayerShape&) const = default;
};

// One layer as the model builds it (dense or MoE by its index).
[[nodiscard]] LayerShape layerShapeAt(const ModelSpec& spec, int layer);
// The mean layer: the sum over all layers divided by their count (every layer alike unless
// first_dense_layers or layer_step mix dense and MoE layers).
[[nodiscard]] LayerShape layerShape(const ModelSpec& spec);
// One DeepSeek-V3 multi-token-prediction module (Liu et al. 2024, DeepSeek-V3 report,
// section 2.2): a transformer layer, the 2h × h projection of [norm(h); norm(embedding)] and
// three norms; embedding and output head are shared with the main model.
[[nodiscard]] double mtpModuleParameters(const ModelSpec& spec);
// Token embedding (+ learned positions for the GPT family).
[[nodiscard]] double embeddingParameters(const ModelSpec& spec);
[[nodiscard]] double finalNormParameters(const ModelSpec& spec);
// The vocab × hidden output matrix (its own, or the tied copy a last stage keeps).
[[nodiscard]] double lmHeadMatrix(const ModelSpec& spec);
// Largest single module (DeepSpeed's largest_layer_params: one module's own parameters).
[[nodiscard]] double largestModuleParameters(const ModelSpec& spec);

// Forward FLOPs per token of one layer: 2 × matmul weights a token meets (Narayanan et al.
// 2021: 24·h² for GPT) plus the score and value products 2·span·(queryWidth + valueWidth)
// (4·s·h with heads of h / heads and full attention).
[[nodiscard]] double layerForwardFlopsAt(const ModelSpec& spec, int layer);
// The mean over all layers.
[[nodiscard]] double layerForwardFlopsPerToken(const ModelSpec& spec);
// The score and value products alone (the last term above), summed over all layers.
[[nodiscard]] double attentionCoreForwardFlopsPerToken(const ModelSpec& spec);
// The matmul FLOPs per token op-level selective recompute replays (torchtitan's every other
// matmul: k, the output projection and one MLP matrix of each path), summed over all layers.
[[nodiscard]] double opReplayedForwardFlopsPerToken(const ModelSpec& spec);
// Whether the model has a part the classic shape lacks (own head size, latent attention,
// sliding window, QK-norm, shared experts, mixed dense/MoE layers, MTP): figures then show it.
[[nodiscard]] bool hasModernArchitecture(const ModelSpec& spec);
// One MTP module: its layer, its projection and the shared output head it runs again.
[[nodiscard]] double mtpForwardFlopsPerToken(const ModelSpec& spec);
// Forward FLOPs per token of the LM head: 2 × vocab × hidden.
[[nodiscard]] double headForwardFlopsPerToken(const ModelSpec& spec);

// A non-negative double as a byte or parameter count; NaN and negatives give 0, and values
// beyond the range saturate instead of wrapping.
[[nodiscard]] std::uint64_t toCount(double value);
// The value toCount saturates at (1.8e19, just under 2^64): a count this large is not exact.
inline constexpr std::uint64_t kCountLimit = 18'000'000'000'000'000'000ULL;

}  // namespace fourfold::core::detail
