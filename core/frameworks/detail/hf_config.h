// SPDX-License-Identifier: MIT
// A Hugging Face config.json of one of the families Fourfold reads, as the numbers that fix
// the checkpoint's parameter count. Key names follow the transformers configuration classes
// (LlamaConfig, MistralConfig, MixtralConfig, Qwen2Config, Qwen2MoeConfig, GPT2Config,
// GPTNeoXConfig, DeepseekV2Config / DeepseekV3Config).
#pragma once

#include <string>

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
    DeepseekV3
};

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
};

// The checkpoint's parameter count from its configuration (double: exact below 2^53).
[[nodiscard]] double hfParameterCount(const HfConfig& config);

}  // namespace fourfold::core::detail
