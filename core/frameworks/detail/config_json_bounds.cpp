// SPDX-License-Identifier: MIT
// The bounds of a Hugging Face config.json, checked on its text before the reader runs: each key
// the reader takes a count from (docs/frameworks.md, "Hugging Face config.json") may be at most
// the range of the plan field it feeds. The reader counts the checkpoint's parameters layer by
// layer, so a layer count of 2^63 would keep it busy for centuries; this check refuses it first,
// naming the key, the value and the range.
#include "core/frameworks/detail/framework_parts.h"
#include "core/frameworks/detail/framework_table.h"
#include "core/plan/plan_json_text.h"

#include <nlohmann/json.hpp>

#include <string_view>
#include <utility>

namespace fourfold::core::detail {
namespace {

// Each key the config.json reader takes a count from, and the plan field whose range bounds it.
constexpr std::pair<std::string_view, std::string_view> kConfigKeyFields[] = {
    {"num_hidden_layers", "/model/layers"},
    {"n_layer", "/model/layers"},
    {"first_k_dense_replace", "/model/layers"},
    {"moe_layer_freq", "/model/layers"},
    {"decoder_sparse_step", "/model/layers"},
    {"hidden_size", "/model/hidden"},
    {"n_embd", "/model/hidden"},
    {"head_dim", "/model/hidden"},
    {"q_lora_rank", "/model/hidden"},
    {"kv_lora_rank", "/model/hidden"},
    {"qk_nope_head_dim", "/model/hidden"},
    {"qk_rope_head_dim", "/model/hidden"},
    {"v_head_dim", "/model/hidden"},
    {"num_attention_heads", "/model/heads"},
    {"n_head", "/model/heads"},
    {"num_key_value_heads", "/model/kv_heads"},
    {"intermediate_size", "/model/ffn_hidden"},
    {"n_inner", "/model/ffn_hidden"},
    {"moe_intermediate_size", "/model/moe/expert_ffn_hidden"},
    {"shared_expert_intermediate_size", "/model/moe/expert_ffn_hidden"},
    {"vocab_size", "/model/vocab"},
    {"max_position_embeddings", "/model/sequence"},
    {"n_positions", "/model/sequence"},
    {"n_ctx", "/model/sequence"},
    {"num_local_experts", "/model/moe/experts"},
    {"num_experts", "/model/moe/experts"},
    {"n_routed_experts", "/model/moe/experts"},
    {"n_shared_experts", "/model/moe/experts"},
    {"num_experts_per_tok", "/model/moe/top_k"},
};

}  // namespace

std::vector<Diagnostic> huggingFaceBounds(std::string_view text) {
    ImportBuilder builder{{}, {}, {}};
    const nlohmann::json config = nlohmann::json::parse(text, nullptr, false, true);
    if (!config.is_object()) return {};  // the reader says what it is
    for (const auto& [key, field] : kConfigKeyFields) {
        const auto found = config.find(std::string(key));
        if (found == config.end() || !found->is_number()) continue;  // the reader checks types
        const std::int64_t maximum = fieldRange(field).maximum;
        // In double, so no value of any size wraps on the way.
        if (found->get<double>() > static_cast<double>(maximum)) {
            builder.error(std::string(field),
                          outOfRangeProblem("/" + escapePointerToken(key),
                                            shortenUtf8(found->dump(), 60), field, maximum));
        }
    }
    return std::move(builder.diagnostics);
}

}  // namespace fourfold::core::detail
