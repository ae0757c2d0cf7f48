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

}  // namespace fourfold::test
