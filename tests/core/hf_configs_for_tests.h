// SPDX-License-Identifier: MIT
// Hugging Face config.json files of released checkpoints, written out as the hub serves them
// (keys that do not bear on the shape trimmed). Used by tst_frameworks and the CLI tests.
#pragma once

namespace fourfold::test {

inline constexpr const char* kLlama2_7bConfig = R"({
  "architectures": ["LlamaForCausalLM"], "bos_token_id": 1, "eos_token_id": 2,
  "hidden_act": "silu", "hidden_size": 4096, "initializer_range": 0.02,
  "intermediate_size": 11008, "max_position_embeddings": 4096, "model_type": "llama",
  "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 32,
  "pretraining_tp": 1, "rms_norm_eps": 1e-05, "rope_scaling": null, "tie_word_embeddings": false,
  "torch_dtype": "float16", "transformers_version": "4.31.0.dev0", "use_cache": true,
  "vocab_size": 32000
})";

inline constexpr const char* kMistral7bConfig = R"({
  "architectures": ["MistralForCausalLM"], "bos_token_id": 1, "eos_token_id": 2,
  "hidden_act": "silu", "hidden_size": 4096, "initializer_range": 0.02,
  "intermediate_size": 14336, "max_position_embeddings": 32768, "model_type": "mistral",
  "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8,
  "rms_norm_eps": 1e-05, "rope_theta": 10000.0, "sliding_window": 4096,
  "tie_word_embeddings": false, "torch_dtype": "bfloat16", "vocab_size": 32000
})";

inline constexpr const char* kMixtral8x7bConfig = R"({
  "architectures": ["MixtralForCausalLM"], "attention_dropout": 0.0, "bos_token_id": 1,
  "eos_token_id": 2, "hidden_act": "silu", "hidden_size": 4096, "initializer_range": 0.02,
  "intermediate_size": 14336, "max_position_embeddings": 32768, "model_type": "mixtral",
  "num_attention_heads": 32, "num_experts_per_tok": 2, "num_hidden_layers": 32,
  "num_key_value_heads": 8, "num_local_experts": 8, "output_router_logits": false,
  "rms_norm_eps": 1e-05, "rope_theta": 1000000.0, "router_aux_loss_coef": 0.02,
  "sliding_window": null, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
  "vocab_size": 32000
})";

inline constexpr const char* kQwen2_7bConfig = R"({
  "architectures": ["Qwen2ForCausalLM"], "attention_dropout": 0.0, "bos_token_id": 151643,
  "eos_token_id": 151643, "hidden_act": "silu", "hidden_size": 3584, "initializer_range": 0.02,
  "intermediate_size": 18944, "max_position_embeddings": 131072, "max_window_layers": 28,
  "model_type": "qwen2", "num_attention_heads": 28, "num_hidden_layers": 28,
  "num_key_value_heads": 4, "rms_norm_eps": 1e-06, "rope_theta": 1000000.0,
  "sliding_window": 131072, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
  "use_sliding_window": false, "vocab_size": 152064
})";

inline constexpr const char* kQwen15MoeA27bConfig = R"({
  "architectures": ["Qwen2MoeForCausalLM"], "attention_dropout": 0.0, "bos_token_id": 151643,
  "decoder_sparse_step": 1, "eos_token_id": 151643, "hidden_act": "silu", "hidden_size": 2048,
  "initializer_range": 0.02, "intermediate_size": 5632, "max_position_embeddings": 8192,
  "max_window_layers": 21, "model_type": "qwen2_moe", "moe_intermediate_size": 1408,
  "norm_topk_prob": false, "num_attention_heads": 16, "num_experts": 60,
  "num_experts_per_tok": 4, "num_hidden_layers": 24, "num_key_value_heads": 16,
  "output_router_logits": false, "rms_norm_eps": 1e-06, "rope_theta": 1000000.0,
  "router_aux_loss_coef": 0.001, "shared_expert_intermediate_size": 5632,
  "sliding_window": 32768, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
  "use_sliding_window": false, "vocab_size": 151936
})";

inline constexpr const char* kGpt2Config = R"({
  "activation_function": "gelu_new", "architectures": ["GPT2LMHeadModel"],
  "attn_pdrop": 0.1, "bos_token_id": 50256, "embd_pdrop": 0.1, "eos_token_id": 50256,
  "initializer_range": 0.02, "layer_norm_epsilon": 1e-05, "model_type": "gpt2",
  "n_ctx": 1024, "n_embd": 768, "n_head": 12, "n_layer": 12, "n_positions": 1024,
  "resid_pdrop": 0.1, "summary_activation": null, "summary_first_dropout": 0.1,
  "summary_proj_to_labels": true, "summary_type": "cls_index", "summary_use_proj": true,
  "task_specific_params": {"text-generation": {"do_sample": true, "max_length": 50}},
  "vocab_size": 50257
})";

inline constexpr const char* kPythia160mConfig = R"({
  "architectures": ["GPTNeoXForCausalLM"], "bos_token_id": 0, "eos_token_id": 0,
  "hidden_act": "gelu", "hidden_size": 768, "initializer_range": 0.02,
  "intermediate_size": 3072, "layer_norm_eps": 1e-05, "max_position_embeddings": 2048,
  "model_type": "gpt_neox", "num_attention_heads": 12, "num_hidden_layers": 12,
  "rotary_emb_base": 10000, "rotary_pct": 0.25, "tie_word_embeddings": false,
  "torch_dtype": "float16", "use_cache": true, "use_parallel_residual": true,
  "vocab_size": 50304
})";

inline constexpr const char* kDeepseekV2LiteConfig = R"({
  "architectures": ["DeepseekV2ForCausalLM"], "attention_bias": false,
  "aux_loss_alpha": 0.001, "bos_token_id": 100000, "eos_token_id": 100001,
  "first_k_dense_replace": 1, "hidden_act": "silu", "hidden_size": 2048,
  "initializer_range": 0.02, "intermediate_size": 10944, "kv_lora_rank": 512,
  "max_position_embeddings": 163840, "model_type": "deepseek_v2",
  "moe_intermediate_size": 1408, "moe_layer_freq": 1, "n_group": 1, "n_routed_experts": 64,
  "n_shared_experts": 2, "norm_topk_prob": false, "num_attention_heads": 16,
  "num_experts_per_tok": 6, "num_hidden_layers": 27, "num_key_value_heads": 16,
  "q_lora_rank": null, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64,
  "rms_norm_eps": 1e-06, "rope_theta": 10000, "routed_scaling_factor": 1.0,
  "scoring_func": "softmax", "tie_word_embeddings": false, "topk_group": 1,
  "topk_method": "greedy", "torch_dtype": "bfloat16", "v_head_dim": 128,
  "vocab_size": 102400
})";

inline constexpr const char* kDeepseekV3Config = R"({
  "architectures": ["DeepseekV3ForCausalLM"], "attention_bias": false,
  "bos_token_id": 0, "eos_token_id": 1, "ep_size": 1, "first_k_dense_replace": 3,
  "hidden_act": "silu", "hidden_size": 7168, "initializer_range": 0.02,
  "intermediate_size": 18432, "kv_lora_rank": 512, "max_position_embeddings": 163840,
  "model_type": "deepseek_v3", "moe_intermediate_size": 2048, "moe_layer_freq": 1,
  "n_group": 8, "n_routed_experts": 256, "n_shared_experts": 1, "norm_topk_prob": true,
  "num_attention_heads": 128, "num_experts_per_tok": 8, "num_hidden_layers": 61,
  "num_key_value_heads": 128, "num_nextn_predict_layers": 1, "q_lora_rank": 1536,
  "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "rms_norm_eps": 1e-06,
  "rope_theta": 10000, "routed_scaling_factor": 2.5, "scoring_func": "sigmoid",
  "tie_word_embeddings": false, "topk_group": 4, "topk_method": "noaux_tc",
  "torch_dtype": "bfloat16", "v_head_dim": 128, "vocab_size": 129280
})";

// Qwen/Qwen2.5-72B config.json.
inline constexpr const char* kQwen25_72bConfig = R"({
  "architectures": ["Qwen2ForCausalLM"], "attention_dropout": 0.0, "bos_token_id": 151643,
  "eos_token_id": 151643, "hidden_act": "silu", "hidden_size": 8192, "initializer_range": 0.02,
  "intermediate_size": 29568, "max_position_embeddings": 131072, "max_window_layers": 80,
  "model_type": "qwen2", "num_attention_heads": 64, "num_hidden_layers": 80,
  "num_key_value_heads": 8, "rms_norm_eps": 1e-05, "rope_theta": 1000000.0,
  "sliding_window": 131072, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
  "transformers_version": "4.43.1", "use_cache": true, "use_sliding_window": false,
  "vocab_size": 152064
})";

// Qwen/Qwen2.5-0.5B config.json (tied embeddings).
inline constexpr const char* kQwen25_05bConfig = R"({
  "architectures": ["Qwen2ForCausalLM"], "attention_dropout": 0.0, "bos_token_id": 151643,
  "eos_token_id": 151643, "hidden_act": "silu", "hidden_size": 896, "initializer_range": 0.02,
  "intermediate_size": 4864, "max_position_embeddings": 32768, "max_window_layers": 24,
  "model_type": "qwen2", "num_attention_heads": 14, "num_hidden_layers": 24,
  "num_key_value_heads": 2, "rms_norm_eps": 1e-06, "rope_theta": 1000000.0,
  "sliding_window": 32768, "tie_word_embeddings": true, "torch_dtype": "bfloat16",
  "transformers_version": "4.40.1", "use_cache": true, "use_sliding_window": false,
  "vocab_size": 151936
})";

// Qwen/Qwen3-8B config.json.
inline constexpr const char* kQwen3_8bConfig = R"({
  "architectures": ["Qwen3ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 151643, "eos_token_id": 151645, "head_dim": 128, "hidden_act": "silu",
  "hidden_size": 4096, "initializer_range": 0.02, "intermediate_size": 12288,
  "max_position_embeddings": 40960, "max_window_layers": 36, "model_type": "qwen3",
  "num_attention_heads": 32, "num_hidden_layers": 36, "num_key_value_heads": 8,
  "rms_norm_eps": 1e-06, "rope_scaling": null, "rope_theta": 1000000, "sliding_window": null,
  "tie_word_embeddings": false, "torch_dtype": "bfloat16", "transformers_version": "4.51.0",
  "use_cache": true, "use_sliding_window": false, "vocab_size": 151936
})";

// Qwen/Qwen3-0.6B config.json (tied embeddings, heads of 128 in a hidden of 1024).
inline constexpr const char* kQwen3_06bConfig = R"({
  "architectures": ["Qwen3ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 151643, "eos_token_id": 151645, "head_dim": 128, "hidden_act": "silu",
  "hidden_size": 1024, "initializer_range": 0.02, "intermediate_size": 3072,
  "max_position_embeddings": 40960, "max_window_layers": 28, "model_type": "qwen3",
  "num_attention_heads": 16, "num_hidden_layers": 28, "num_key_value_heads": 8,
  "rms_norm_eps": 1e-06, "rope_scaling": null, "rope_theta": 1000000, "sliding_window": null,
  "tie_word_embeddings": true, "torch_dtype": "bfloat16", "transformers_version": "4.51.0",
  "use_cache": true, "use_sliding_window": false, "vocab_size": 151936
})";

// Qwen/Qwen3-30B-A3B config.json.
inline constexpr const char* kQwen3_30bA3bConfig = R"({
  "architectures": ["Qwen3MoeForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 151643, "decoder_sparse_step": 1, "eos_token_id": 151645, "head_dim": 128,
  "hidden_act": "silu", "hidden_size": 2048, "initializer_range": 0.02,
  "intermediate_size": 6144, "max_position_embeddings": 40960, "max_window_layers": 48,
  "mlp_only_layers": [], "model_type": "qwen3_moe", "moe_intermediate_size": 768,
  "norm_topk_prob": true, "num_attention_heads": 32, "num_experts": 128,
  "num_experts_per_tok": 8, "num_hidden_layers": 48, "num_key_value_heads": 4,
  "output_router_logits": false, "rms_norm_eps": 1e-06, "rope_scaling": null,
  "rope_theta": 1000000.0, "router_aux_loss_coef": 0.001, "sliding_window": null,
  "tie_word_embeddings": false, "torch_dtype": "bfloat16", "transformers_version": "4.51.0",
  "use_cache": true, "use_sliding_window": false, "vocab_size": 151936
})";

// Qwen/Qwen3-235B-A22B config.json.
inline constexpr const char* kQwen3_235bA22bConfig = R"({
  "architectures": ["Qwen3MoeForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 151643, "decoder_sparse_step": 1, "eos_token_id": 151645, "head_dim": 128,
  "hidden_act": "silu", "hidden_size": 4096, "initializer_range": 0.02,
  "intermediate_size": 12288, "max_position_embeddings": 40960, "max_window_layers": 94,
  "mlp_only_layers": [], "model_type": "qwen3_moe", "moe_intermediate_size": 1536,
  "norm_topk_prob": true, "num_attention_heads": 64, "num_experts": 128,
  "num_experts_per_tok": 8, "num_hidden_layers": 94, "num_key_value_heads": 4,
  "output_router_logits": false, "rms_norm_eps": 1e-06, "rope_scaling": null,
  "rope_theta": 1000000.0, "router_aux_loss_coef": 0.001, "sliding_window": null,
  "tie_word_embeddings": false, "torch_dtype": "bfloat16", "transformers_version": "4.51.0",
  "use_cache": true, "use_sliding_window": false, "vocab_size": 151936
})";

// google/gemma-7b config.json (Gemma 1: heads of 256, tied embeddings).
inline constexpr const char* kGemma7bConfig = R"({
  "architectures": ["GemmaForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 2, "eos_token_id": 1, "head_dim": 256, "hidden_act": "gelu",
  "hidden_size": 3072, "initializer_range": 0.02, "intermediate_size": 24576,
  "max_position_embeddings": 8192, "model_type": "gemma", "num_attention_heads": 16,
  "num_hidden_layers": 28, "num_key_value_heads": 16, "pad_token_id": 0, "rms_norm_eps": 1e-06,
  "rope_scaling": null, "rope_theta": 10000.0, "torch_dtype": "bfloat16",
  "transformers_version": "4.38.0.dev0", "use_cache": true, "vocab_size": 256000
})";

// google/gemma-2-27b config.json.
inline constexpr const char* kGemma2_27bConfig = R"({
  "architectures": ["Gemma2ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "attn_logit_softcapping": 50.0, "bos_token_id": 2, "cache_implementation": "hybrid",
  "eos_token_id": 1, "final_logit_softcapping": 30.0, "head_dim": 128,
  "hidden_act": "gelu_pytorch_tanh", "hidden_activation": "gelu_pytorch_tanh",
  "hidden_size": 4608, "initializer_range": 0.02, "intermediate_size": 36864,
  "max_position_embeddings": 8192, "model_type": "gemma2", "num_attention_heads": 32,
  "num_hidden_layers": 46, "num_key_value_heads": 16, "pad_token_id": 0,
  "query_pre_attn_scalar": 144, "rms_norm_eps": 1e-06, "rope_theta": 10000.0,
  "sliding_window": 4096, "sliding_window_size": 4096, "torch_dtype": "float32",
  "transformers_version": "4.42.0.dev0", "use_cache": true, "vocab_size": 256000
})";

// google/gemma-2-9b config.json (heads of 256: 16 × 256 = 4096 in a hidden of 3584).
inline constexpr const char* kGemma2_9bConfig = R"({
  "architectures": ["Gemma2ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "attn_logit_softcapping": 50.0, "bos_token_id": 2, "cache_implementation": "hybrid",
  "eos_token_id": 1, "final_logit_softcapping": 30.0, "head_dim": 256,
  "hidden_act": "gelu_pytorch_tanh", "hidden_activation": "gelu_pytorch_tanh",
  "hidden_size": 3584, "initializer_range": 0.02, "intermediate_size": 14336,
  "max_position_embeddings": 8192, "model_type": "gemma2", "num_attention_heads": 16,
  "num_hidden_layers": 42, "num_key_value_heads": 8, "pad_token_id": 0,
  "query_pre_attn_scalar": 256, "rms_norm_eps": 1e-06, "rope_theta": 10000.0,
  "sliding_window": 4096, "sliding_window_size": 4096, "torch_dtype": "float32",
  "transformers_version": "4.42.0.dev0", "use_cache": true, "vocab_size": 256000
})";

// google/gemma-3-27b-it config.json: the language model under text_config (Gemma3TextConfig
// defaults fill what it leaves out: the vocabulary), a SigLIP vision tower beside it.
inline constexpr const char* kGemma3_27bConfig = R"({
  "architectures": ["Gemma3ForConditionalGeneration"], "boi_token_index": 255999,
  "eoi_token_index": 256000, "eos_token_id": [1, 106], "image_token_index": 262144,
  "initializer_range": 0.02, "mm_tokens_per_image": 256, "model_type": "gemma3",
  "text_config": {
    "head_dim": 128, "hidden_size": 5376, "intermediate_size": 21504,
    "model_type": "gemma3_text", "num_attention_heads": 32, "num_hidden_layers": 62,
    "num_key_value_heads": 16, "query_pre_attn_scalar": 168,
    "rope_scaling": {"factor": 8.0, "rope_type": "linear"}, "sliding_window": 1024
  },
  "torch_dtype": "bfloat16", "transformers_version": "4.50.0.dev0",
  "vision_config": {
    "hidden_size": 1152, "image_size": 896, "intermediate_size": 4304,
    "model_type": "siglip_vision_model", "num_attention_heads": 16, "num_hidden_layers": 27,
    "patch_size": 14, "vision_use_head": false
  }
})";

// google/gemma-3-4b-it config.json: heads, kv heads and head_dim left to the defaults.
inline constexpr const char* kGemma3_4bConfig = R"({
  "architectures": ["Gemma3ForConditionalGeneration"], "boi_token_index": 255999,
  "eoi_token_index": 256000, "eos_token_id": [1, 106], "image_token_index": 262144,
  "initializer_range": 0.02, "mm_tokens_per_image": 256, "model_type": "gemma3",
  "text_config": {
    "hidden_size": 2560, "intermediate_size": 10240, "model_type": "gemma3_text",
    "num_hidden_layers": 34, "rope_scaling": {"factor": 8.0, "rope_type": "linear"},
    "sliding_window": 1024
  },
  "torch_dtype": "bfloat16", "transformers_version": "4.50.0.dev0",
  "vision_config": {
    "hidden_size": 1152, "image_size": 896, "intermediate_size": 4304,
    "model_type": "siglip_vision_model", "num_attention_heads": 16, "num_hidden_layers": 27,
    "patch_size": 14, "vision_use_head": false
  }
})";

// google/gemma-3-1b-pt config.json: text only.
inline constexpr const char* kGemma3_1bConfig = R"({
  "architectures": ["Gemma3ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "attn_logit_softcapping": null, "bos_token_id": 2, "cache_implementation": "hybrid",
  "eos_token_id": 1, "final_logit_softcapping": null, "head_dim": 256,
  "hidden_activation": "gelu_pytorch_tanh", "hidden_size": 1152, "initializer_range": 0.02,
  "intermediate_size": 6912, "max_position_embeddings": 32768, "model_type": "gemma3_text",
  "num_attention_heads": 4, "num_hidden_layers": 26, "num_key_value_heads": 1,
  "pad_token_id": 0, "query_pre_attn_scalar": 256, "rms_norm_eps": 1e-06,
  "rope_local_base_freq": 10000, "rope_scaling": null, "rope_theta": 1000000,
  "sliding_window": 512, "sliding_window_pattern": 6, "torch_dtype": "bfloat16",
  "transformers_version": "4.50.0.dev0", "use_cache": true, "vocab_size": 262144
})";

// allenai/OLMo-2-1124-7B config.json.
inline constexpr const char* kOlmo2_7bConfig = R"({
  "architectures": ["Olmo2ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": null, "eos_token_id": 100257, "hidden_act": "silu", "hidden_size": 4096,
  "initializer_range": 0.02, "intermediate_size": 11008, "max_position_embeddings": 4096,
  "model_type": "olmo2", "num_attention_heads": 32, "num_hidden_layers": 32,
  "num_key_value_heads": 32, "pad_token_id": 100277, "rms_norm_eps": 1e-06,
  "rope_scaling": null, "rope_theta": 500000, "tie_word_embeddings": false,
  "torch_dtype": "float32", "transformers_version": "4.47.0.dev0", "use_cache": true,
  "vocab_size": 100352
})";

// allenai/OLMo-2-1124-13B config.json.
inline constexpr const char* kOlmo2_13bConfig = R"({
  "architectures": ["Olmo2ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": null, "eos_token_id": 100257, "hidden_act": "silu", "hidden_size": 5120,
  "initializer_range": 0.02, "intermediate_size": 13824, "max_position_embeddings": 4096,
  "model_type": "olmo2", "num_attention_heads": 40, "num_hidden_layers": 40,
  "num_key_value_heads": 40, "pad_token_id": 100277, "rms_norm_eps": 1e-06,
  "rope_scaling": null, "rope_theta": 500000, "tie_word_embeddings": false,
  "torch_dtype": "float32", "transformers_version": "4.47.0.dev0", "use_cache": true,
  "vocab_size": 100352
})";

// microsoft/Phi-3-mini-4k-instruct config.json (fused qkv_proj and gate_up_proj).
inline constexpr const char* kPhi3MiniConfig = R"({
  "architectures": ["Phi3ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 1, "embd_pdrop": 0.0, "eos_token_id": 32000, "hidden_act": "silu",
  "hidden_size": 3072, "initializer_range": 0.02, "intermediate_size": 8192,
  "max_position_embeddings": 4096, "model_type": "phi3", "num_attention_heads": 32,
  "num_hidden_layers": 32, "num_key_value_heads": 32, "original_max_position_embeddings": 4096,
  "pad_token_id": 32000, "resid_pdrop": 0.0, "rms_norm_eps": 1e-05, "rope_scaling": null,
  "rope_theta": 10000.0, "sliding_window": 2047, "tie_word_embeddings": false,
  "torch_dtype": "bfloat16", "transformers_version": "4.40.2", "use_cache": true,
  "vocab_size": 32064
})";

// microsoft/phi-4 config.json.
inline constexpr const char* kPhi4Config = R"({
  "architectures": ["Phi3ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 100257, "embd_pdrop": 0.0, "eos_token_id": 100265, "hidden_act": "silu",
  "hidden_size": 5120, "initializer_range": 0.02, "intermediate_size": 17920,
  "max_position_embeddings": 16384, "model_type": "phi3", "num_attention_heads": 40,
  "num_hidden_layers": 40, "num_key_value_heads": 10, "original_max_position_embeddings": 16384,
  "pad_token_id": 100349, "resid_pdrop": 0.0, "rms_norm_eps": 1e-05, "rope_scaling": null,
  "rope_theta": 250000, "sliding_window": null, "tie_word_embeddings": false,
  "torch_dtype": "bfloat16", "transformers_version": "4.47.0", "use_cache": true,
  "vocab_size": 100352
})";

// mistralai/Mistral-Nemo-Base-2407 config.json: head_dim 128, not 5120 / 32 = 160.
inline constexpr const char* kMistralNemoConfig = R"({
  "architectures": ["MistralForCausalLM"], "attention_dropout": 0.0, "bos_token_id": 1,
  "eos_token_id": 2, "head_dim": 128, "hidden_act": "silu", "hidden_size": 5120,
  "initializer_range": 0.02, "intermediate_size": 14336, "max_position_embeddings": 1024000,
  "model_type": "mistral", "num_attention_heads": 32, "num_hidden_layers": 40,
  "num_key_value_heads": 8, "rms_norm_eps": 1e-05, "rope_theta": 1000000.0,
  "sliding_window": null, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
  "transformers_version": "4.43.0.dev0", "use_cache": true, "vocab_size": 131072
})";

// mistralai/Mixtral-8x22B-v0.1 config.json.
inline constexpr const char* kMixtral8x22bConfig = R"({
  "architectures": ["MixtralForCausalLM"], "attention_dropout": 0.0, "bos_token_id": 1,
  "eos_token_id": 2, "hidden_act": "silu", "hidden_size": 6144, "initializer_range": 0.02,
  "intermediate_size": 16384, "max_position_embeddings": 65536, "model_type": "mixtral",
  "num_attention_heads": 48, "num_experts_per_tok": 2, "num_hidden_layers": 56,
  "num_key_value_heads": 8, "num_local_experts": 8, "output_router_logits": false,
  "rms_norm_eps": 1e-05, "rope_theta": 1000000.0, "router_aux_loss_coef": 0.001,
  "sliding_window": null, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
  "transformers_version": "4.38.0", "use_cache": true, "vocab_size": 32000
})";

// meta-llama/Llama-3.1-8B config.json.
inline constexpr const char* kLlama31_8bConfig = R"({
  "architectures": ["LlamaForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 128000, "eos_token_id": 128001, "hidden_act": "silu", "hidden_size": 4096,
  "initializer_range": 0.02, "intermediate_size": 14336, "max_position_embeddings": 131072,
  "mlp_bias": false, "model_type": "llama", "num_attention_heads": 32,
  "num_hidden_layers": 32, "num_key_value_heads": 8, "pretraining_tp": 1,
  "rms_norm_eps": 1e-05, "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0,
  "high_freq_factor": 4.0, "original_max_position_embeddings": 8192, "rope_type": "llama3"},
  "rope_theta": 500000.0, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
  "transformers_version": "4.43.0.dev0", "use_cache": true, "vocab_size": 128256
})";

// meta-llama/Llama-4-Scout-17B-16E config.json: 16 experts in every layer, a shared expert,
// a vision encoder.
inline constexpr const char* kLlama4ScoutConfig = R"({
  "architectures": ["Llama4ForConditionalGeneration"], "boi_token_index": 200080,
  "eoi_token_index": 200081, "image_token_index": 200092, "model_type": "llama4",
  "text_config": {
    "attention_bias": false, "attention_chunk_size": 8192, "attention_dropout": 0.0,
    "bos_token_id": 200000, "eos_token_id": [200001, 200007, 200008], "head_dim": 128,
    "hidden_act": "silu", "hidden_size": 5120, "initializer_range": 0.02,
    "interleave_moe_layer_step": 1, "intermediate_size": 8192, "intermediate_size_mlp": 16384,
    "max_position_embeddings": 10485760, "model_type": "llama4_text", "num_attention_heads": 40,
    "num_experts_per_tok": 1, "num_hidden_layers": 48, "num_key_value_heads": 8,
    "num_local_experts": 16, "output_router_logits": false, "pad_token_id": 200018,
    "rms_norm_eps": 1e-05, "rope_scaling": {"factor": 16.0, "high_freq_factor": 1.0,
    "low_freq_factor": 1.0, "original_max_position_embeddings": 8192, "rope_type": "llama3"},
    "rope_theta": 500000.0, "router_aux_loss_coef": 0.001, "router_jitter_noise": 0.0,
    "torch_dtype": "bfloat16", "use_cache": true, "use_qk_norm": true, "vocab_size": 202048
  },
  "tie_word_embeddings": false, "torch_dtype": "bfloat16", "transformers_version": "4.51.0.dev0",
  "vision_config": {
    "attention_dropout": 0.0, "hidden_act": "gelu", "hidden_size": 1408, "image_size": 336,
    "initializer_range": 0.02, "intermediate_layers_indices": [], "intermediate_size": 5632,
    "model_type": "llama4_vision_model", "multi_modal_projector_bias": false, "norm_eps": 1e-05,
    "num_attention_heads": 16, "num_channels": 3, "num_hidden_layers": 34, "patch_size": 14,
    "pixel_shuffle_ratio": 0.5, "projector_dropout": 0.0, "projector_input_dim": 4096,
    "projector_output_dim": 4096, "rope_theta": 10000, "vision_feature_layer": -1,
    "vision_feature_select_strategy": "default", "vision_output_dim": 4096
  }
})";

// meta-llama/Llama-4-Maverick-17B-128E config.json: 128 experts in every second layer, dense
// MLPs of intermediate_size_mlp between them.
inline constexpr const char* kLlama4MaverickConfig = R"({
  "architectures": ["Llama4ForConditionalGeneration"], "boi_token_index": 200080,
  "eoi_token_index": 200081, "image_token_index": 200092, "model_type": "llama4",
  "text_config": {
    "attention_bias": false, "attention_chunk_size": 8192, "attention_dropout": 0.0,
    "bos_token_id": 200000, "eos_token_id": [200001, 200007, 200008], "head_dim": 128,
    "hidden_act": "silu", "hidden_size": 5120, "initializer_range": 0.02,
    "interleave_moe_layer_step": 2, "intermediate_size": 8192, "intermediate_size_mlp": 16384,
    "max_position_embeddings": 1048576, "model_type": "llama4_text", "num_attention_heads": 40,
    "num_experts_per_tok": 1, "num_hidden_layers": 48, "num_key_value_heads": 8,
    "num_local_experts": 128, "output_router_logits": false, "pad_token_id": 200018,
    "rms_norm_eps": 1e-05, "rope_scaling": null, "rope_theta": 500000.0,
    "router_aux_loss_coef": 0.001, "router_jitter_noise": 0.0, "torch_dtype": "bfloat16",
    "use_cache": true, "use_qk_norm": false, "vocab_size": 202048
  },
  "tie_word_embeddings": false, "torch_dtype": "bfloat16", "transformers_version": "4.51.0.dev0",
  "vision_config": {
    "attention_dropout": 0.0, "hidden_act": "gelu", "hidden_size": 1408, "image_size": 336,
    "initializer_range": 0.02, "intermediate_layers_indices": [], "intermediate_size": 5632,
    "model_type": "llama4_vision_model", "multi_modal_projector_bias": false, "norm_eps": 1e-05,
    "num_attention_heads": 16, "num_channels": 3, "num_hidden_layers": 34, "patch_size": 14,
    "pixel_shuffle_ratio": 0.5, "projector_dropout": 0.0, "projector_input_dim": 4096,
    "projector_output_dim": 4096, "rope_theta": 10000, "vision_feature_layer": -1,
    "vision_feature_select_strategy": "default", "vision_output_dim": 4096
  }
})";

// deepseek-ai/DeepSeek-V2 config.json (236B: q compressed, 2 shared experts, 1 dense layer).
inline constexpr const char* kDeepseekV2Config = R"({
  "architectures": ["DeepseekV2ForCausalLM"], "attention_bias": false,
  "aux_loss_alpha": 0.001, "bos_token_id": 100000, "eos_token_id": 100001,
  "first_k_dense_replace": 1, "hidden_act": "silu", "hidden_size": 5120,
  "initializer_range": 0.02, "intermediate_size": 12288, "kv_lora_rank": 512,
  "max_position_embeddings": 163840, "model_type": "deepseek_v2",
  "moe_intermediate_size": 1536, "moe_layer_freq": 1, "n_group": 8, "n_routed_experts": 160,
  "n_shared_experts": 2, "norm_topk_prob": false, "num_attention_heads": 128,
  "num_experts_per_tok": 6, "num_hidden_layers": 60, "num_key_value_heads": 128,
  "q_lora_rank": 1536, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64,
  "rms_norm_eps": 1e-06, "rope_theta": 10000, "routed_scaling_factor": 16.0,
  "scoring_func": "softmax", "tie_word_embeddings": false, "topk_group": 3,
  "topk_method": "group_limited_greedy", "torch_dtype": "bfloat16", "v_head_dim": 128,
  "vocab_size": 102400
})";

}  // namespace fourfold::test
