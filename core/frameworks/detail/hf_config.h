// SPDX-License-Identifier: MIT
// A Hugging Face config.json of one of the families Fourfold reads, as the numbers that fix
// the checkpoint's parameter count. Key names follow the transformers configuration classes
// (LlamaConfig, MistralConfig, MixtralConfig, Qwen2Config, Qwen2MoeConfig, Qwen3Config,
// Qwen3MoeConfig, GemmaConfig, Gemma2Config, Gemma3Config / Gemma3TextConfig, Olmo2Config,
// Phi3Config, Llama4Config / Llama4TextConfig, GPT2Config, GPTNeoXConfig, DeepseekV2Config /
// DeepseekV3Config).
#pragma once

#include <string>
#include <vector>

namespace fourfold::core::detail {

enum class HfFamily {
    Llama,
    Mistral,
    Mixtral,
    Qwen2,
    Qwen2Moe,
    Gpt2,
    GptNeox,
    DeepseekV2,
    DeepseekV3,
    Qwen3,
    Qwen3Moe,
    Gemma,
    Gemma2,
    Gemma3,
    Olmo2,
    Phi3,
    Llama4
};

// RMSNorm on queries and keys: none, one scale of the head dimension shared by the heads
// (Qwen3, Gemma 3), or one over the whole q and k projections (OLMo 2).
enum class QkNorm { None, PerHead, Full };

struct HfConfig {
    HfFamily family = HfFamily::Llama;
    std::string modelType;
    long long hidden = 0;
    long long layers = 0;
    long long heads = 0;
    long long kvHeads = 0;
    long long headDim = 0;  // hidden / heads unless the config says otherwise
    long long intermediate = 0;
    long long vocab = 0;
    long long maxPositions = 0;
    bool tied = false;
    bool qkvBias = false;     // biases on q, k, v (Qwen2, Llama attention_bias)
    bool outputBias = false;  // bias on the attention output (Llama attention_bias)
    bool mlpBias = false;     // biases in the MLP (Llama mlp_bias)
    // Mixture of experts.
    long long experts = 0;
    long long topK = 0;
    long long expertIntermediate = 0;
    long long sharedIntermediate = 0;  // Qwen2-MoE: one shared expert of this width
    long long sharedExperts = 0;       // DeepSeek: this many shared experts of expert width
    long long firstDenseLayers = 0;    // DeepSeek first_k_dense_replace
    long long moeEvery = 1;            // DeepSeek moe_layer_freq / Qwen2-MoE decoder_sparse_step
    bool routerBias = false;           // DeepSeek-V3 e_score_correction_bias (noaux_tc)
    // DeepSeek multi-head latent attention.
    long long qLoraRank = 0;
    long long kvLoraRank = 0;
    long long qkNopeDim = 0;
    long long qkRopeDim = 0;
    long long vHeadDim = 0;
    long long mtpLayers = 0;  // DeepSeek-V3 num_nextn_predict_layers (outside the count)
    // Norms and attention span.
    QkNorm qkNorm = QkNorm::None;
    long long layerNorms = 2;            // per layer: 4 for Gemma 2/3's sandwich norms
    long long slidingWindow = 0;         // tokens; 0: full attention
    long long fullAttentionEvery = 0;    // with a window: every n-th layer global
    long long denseIntermediate = 0;     // Llama 4 intermediate_size_mlp (its dense layers)
    std::vector<long long> denseLayers;  // Qwen3-MoE mlp_only_layers
    // Parameters outside the language model of a multimodal checkpoint (vision tower and
    // projector of Gemma 3, Llama 4), counted from vision_config.
    double visionParameters = 0;
};

// The checkpoint's parameter count from its configuration (double: exact below 2^53).
[[nodiscard]] double hfParameterCount(const HfConfig& config);

}  // namespace fourfold::core::detail
