// SPDX-License-Identifier: MIT
// A Hugging Face config.json into the plan's model. The plan's shape (Llama-style SwiGLU or
// GPT-style GELU, optional MoE) is filled from the config; where the family has parts the
// shape cannot hold (biases on q/k/v, shared experts, latent attention, rotary GPT-NeoX), the
// checkpoint's own count goes into model.parameters so memory uses the released figure.
#include "core/frameworks/detail/framework_parts.h"
#include "core/frameworks/detail/framework_table.h"
#include "core/frameworks/detail/hf_config.h"
#include "core/model/model.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <optional>

namespace fourfold::core::detail {
namespace {

using Json = nlohmann::json;

const std::map<std::string, HfFamily>& familiesByModelType() {
    static const std::map<std::string, HfFamily> kFamilies = {
        {"llama", HfFamily::Llama},           {"mistral", HfFamily::Mistral},
        {"mixtral", HfFamily::Mixtral},       {"qwen2", HfFamily::Qwen2},
        {"qwen2_moe", HfFamily::Qwen2Moe},    {"gpt2", HfFamily::Gpt2},
        {"gpt_neox", HfFamily::GptNeox},      {"deepseek_v2", HfFamily::DeepseekV2},
        {"deepseek_v3", HfFamily::DeepseekV3}};
    return kFamilies;
}

const std::map<std::string, std::string>& modelTypesByArchitecture() {
    static const std::map<std::string, std::string> kTypes = {
        {"LlamaForCausalLM", "llama"},           {"MistralForCausalLM", "mistral"},
        {"MixtralForCausalLM", "mixtral"},       {"Qwen2ForCausalLM", "qwen2"},
        {"Qwen2MoeForCausalLM", "qwen2_moe"},    {"GPT2LMHeadModel", "gpt2"},
        {"GPTNeoXForCausalLM", "gpt_neox"},      {"DeepseekV2ForCausalLM", "deepseek_v2"},
        {"DeepseekV3ForCausalLM", "deepseek_v3"}};
    return kTypes;
}

std::string supportedList() {
    std::string list;
    for (const auto& [name, family] : familiesByModelType()) {
        list += (list.empty() ? "" : ", ") + name;
    }
    return list;
}

class ConfigReader {
public:
    ConfigReader(const Json& json, ImportBuilder& builder) : json_(json), builder_(builder) {}

    // A positive integer, from the first of the keys present; fallback when none is.
    long long integer(std::initializer_list<const char*> keys, std::optional<long long> fallback,
                      const char* pointer) {
        for (const char* key : keys) {
            if (!json_.contains(key) || json_[key].is_null()) continue;
            const Json& value = json_[key];
            if (value.is_number_integer() && value.get<long long>() >= 0) {
                return value.get<long long>();
            }
            builder_.error(pointer, {"import_problem.config_integer",
                                     {{"key", key}, {"found", value.dump()}}});
            return 0;
        }
        if (fallback) return *fallback;
        builder_.error(pointer, {"import_problem.config_missing", {{"key", *keys.begin()}}});
        return 0;
    }

    bool flag(const char* key, bool fallback) const {
        if (!json_.contains(key) || !json_[key].is_boolean()) return fallback;
        return json_[key].get<bool>();
    }

    [[nodiscard]] std::string text(const char* key) const {
        if (!json_.contains(key) || !json_[key].is_string()) return {};
        return json_[key].get<std::string>();
    }

private:
    const Json& json_;
    ImportBuilder& builder_;
};

std::optional<HfConfig> readConfig(const Json& json, ImportBuilder& builder) {
    ConfigReader in(json, builder);
    std::string modelType = in.text("model_type");
    std::string architecture;
    if (json.contains("architectures") && json["architectures"].is_array() &&
        !json["architectures"].empty() && json["architectures"][0].is_string()) {
        architecture = json["architectures"][0].get<std::string>();
    }
    if (modelType.empty()) {
        const auto it = modelTypesByArchitecture().find(architecture);
        if (it != modelTypesByArchitecture().end()) modelType = it->second;
    }
    const auto family = familiesByModelType().find(modelType);
    if (family == familiesByModelType().end()) {
        CodedText problem{"import_problem.unsupported_architecture",
                          {{"model_type", modelType}, {"supported", supportedList()}}};
        if (!architecture.empty()) problem.args.emplace_back("architecture", architecture);
        builder.error("/model", problem);
        return std::nullopt;
    }

    HfConfig c;
    c.family = family->second;
    c.modelType = modelType;
    if (c.family == HfFamily::Gpt2) {
        c.hidden = in.integer({"n_embd", "hidden_size"}, std::nullopt, "/model/hidden");
        c.layers = in.integer({"n_layer", "num_hidden_layers"}, std::nullopt, "/model/layers");
        c.heads = in.integer({"n_head", "num_attention_heads"}, std::nullopt, "/model/heads");
        c.intermediate = in.integer({"n_inner"}, 4 * c.hidden, "/model/ffn_hidden");
        c.maxPositions = in.integer({"n_positions", "n_ctx"}, 1024, "/model/sequence");
        c.tied = in.flag("tie_word_embeddings", true);
        c.qkvBias = c.outputBias = true;
    } else {
        c.hidden = in.integer({"hidden_size"}, std::nullopt, "/model/hidden");
        c.layers = in.integer({"num_hidden_layers"}, std::nullopt, "/model/layers");
        c.heads = in.integer({"num_attention_heads"}, std::nullopt, "/model/heads");
        c.intermediate = in.integer({"intermediate_size"}, std::nullopt, "/model/ffn_hidden");
        c.maxPositions = in.integer({"max_position_embeddings"}, 0, "/model/sequence");
        c.tied = in.flag("tie_word_embeddings", false);
    }
    c.vocab = in.integer({"vocab_size"}, std::nullopt, "/model/vocab");
    c.kvHeads = in.integer({"num_key_value_heads"}, c.heads, "/model/kv_heads");
    c.headDim = in.integer({"head_dim"}, c.heads > 0 ? c.hidden / c.heads : 0, "/model/heads");
    switch (c.family) {
        case HfFamily::Llama:
        case HfFamily::Mistral:
            c.qkvBias = c.outputBias = in.flag("attention_bias", false);
            c.mlpBias = in.flag("mlp_bias", false);
            break;
        case HfFamily::Qwen2:
            c.qkvBias = true;  // Qwen2 attention always has q, k, v biases
            break;
        case HfFamily::GptNeox:
            c.qkvBias = c.outputBias = in.flag("attention_bias", true);
            break;
        case HfFamily::Mixtral:
            c.experts = in.integer({"num_local_experts"}, 8, "/model/moe/experts");
            c.topK = in.integer({"num_experts_per_tok"}, 2, "/model/moe/top_k");
            c.expertIntermediate = c.intermediate;
            break;
        case HfFamily::Qwen2Moe:
            c.qkvBias = true;
            c.experts = in.integer({"num_experts"}, 60, "/model/moe/experts");
            c.topK = in.integer({"num_experts_per_tok"}, 4, "/model/moe/top_k");
            c.expertIntermediate = in.integer({"moe_intermediate_size"}, 1408, "/model/moe");
            c.sharedIntermediate =
                in.integer({"shared_expert_intermediate_size"}, 5632, "/model/moe");
            c.moeEvery = std::max(1LL, in.integer({"decoder_sparse_step"}, 1, "/model/moe"));
            break;
        case HfFamily::DeepseekV2:
        case HfFamily::DeepseekV3:
            c.kvHeads = c.heads;  // latent attention expands full keys and values per head
            c.experts = in.integer({"n_routed_experts"}, 0, "/model/moe/experts");
            c.topK = in.integer({"num_experts_per_tok"}, 0, "/model/moe/top_k");
            c.expertIntermediate = in.integer({"moe_intermediate_size"}, 0, "/model/moe");
            c.sharedExperts = in.integer({"n_shared_experts"}, 0, "/model/moe");
            c.firstDenseLayers = in.integer({"first_k_dense_replace"}, 0, "/model/moe");
            c.moeEvery = std::max(1LL, in.integer({"moe_layer_freq"}, 1, "/model/moe"));
            c.routerBias = in.text("topk_method") == "noaux_tc";
            c.qLoraRank = in.integer({"q_lora_rank"}, 0, "/model");
            c.kvLoraRank = in.integer({"kv_lora_rank"}, std::nullopt, "/model");
            c.qkNopeDim = in.integer({"qk_nope_head_dim"}, std::nullopt, "/model");
            c.qkRopeDim = in.integer({"qk_rope_head_dim"}, std::nullopt, "/model");
            c.vHeadDim = in.integer({"v_head_dim"}, std::nullopt, "/model");
            break;
        case HfFamily::Gpt2:
            break;
    }
    if (hasErrors(builder.diagnostics)) return std::nullopt;
    return c;
}

int narrow(long long value) { return static_cast<int>(std::min<long long>(value, 2'000'000'000)); }

// The note beside an exact count, by what the plan's shape leaves out for the family.
std::string exactCountNote(HfFamily family) {
    switch (family) {
        case HfFamily::Qwen2:
            return "import_note.exact_count_qkv_bias";
        case HfFamily::Qwen2Moe:
            return "import_note.exact_count_shared_expert";
        case HfFamily::GptNeox:
            return "import_note.exact_count_rotary";
        case HfFamily::DeepseekV2:
        case HfFamily::DeepseekV3:
            return "import_note.exact_count_latent_attention";
        default:
            return "import_note.exact_count";
    }
}

}  // namespace

PlanImport importHuggingFace(const Plan& base, std::string_view text) {
    ImportBuilder builder{base, {}, {}};
    const Json json = Json::parse(text, nullptr, false, true);
    if (!json.is_object()) {
        builder.error("", {"import_problem.config_not_object", {}});
        return std::move(builder).finish();
    }
    const auto config = readConfig(json, builder);
    if (!config) return std::move(builder).finish();
    const HfConfig& c = *config;

    ModelSpec& model = builder.plan.model;
    model.preset.clear();
    model.parameters = 0;
    model.layers = narrow(c.layers);
    model.hidden = narrow(c.hidden);
    model.heads = narrow(c.heads);
    model.kvHeads = narrow(c.kvHeads);
    model.ffnHidden = narrow(c.intermediate);
    model.vocab = narrow(c.vocab);
    model.mlp = c.family == HfFamily::Gpt2 || c.family == HfFamily::GptNeox ? MlpKind::Gelu
                                                                            : MlpKind::Swiglu;
    model.tiedEmbeddings = c.tied;
    model.moe = MoeSpec{};
    if (c.experts > 1) {
        model.moe.experts = narrow(c.experts);
        model.moe.topK = narrow(c.topK);
        model.moe.expertFfnHidden = narrow(c.expertIntermediate);
    }
    // GPT-2 learns one position vector per token of its context; other families keep the
    // plan's sequence, capped at the longest context the model was built for.
    if (c.family == HfFamily::Gpt2) {
        model.sequence = narrow(c.maxPositions);
    } else if (c.maxPositions > 0 && model.sequence > c.maxPositions) {
        model.sequence = narrow(c.maxPositions);
        builder.note("/model/sequence",
                     {"import_note.sequence_capped", {{"positions", c.maxPositions}}});
    }

    Plan counting = builder.plan;
    counting.parallel.pp = 1;
    const double shape = static_cast<double>(analyzeModel(counting).shapeParameters);
    const double exact = hfParameterCount(c);
    if (std::abs(shape - exact) >= 0.5) {
        model.parameters = exact;
        builder.note("/model/parameters", {exactCountNote(c.family),
                                           {{"exact", static_cast<long long>(exact)},
                                            {"shape", static_cast<long long>(shape)}}});
    }
    for (const char* pointer :
         {"/model/parameters", "/model/layers", "/model/hidden", "/model/heads", "/model/kv_heads",
          "/model/ffn_hidden", "/model/vocab", "/model/mlp", "/model/tied_embeddings",
          "/model/moe/experts", "/model/moe/top_k", "/model/moe/expert_ffn_hidden"}) {
        builder.carry(pointer);
    }
    return std::move(builder).finish();
}

}  // namespace fourfold::core::detail
