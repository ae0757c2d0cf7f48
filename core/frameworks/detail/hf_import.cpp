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
#include <string>
#include <vector>

namespace fourfold::core::detail {
namespace {

using Json = nlohmann::json;

const std::map<std::string, HfFamily>& familiesByModelType() {
    static const std::map<std::string, HfFamily> kFamilies = {{"llama", HfFamily::Llama},
                                                              {"mistral", HfFamily::Mistral},
                                                              {"mixtral", HfFamily::Mixtral},
                                                              {"qwen2", HfFamily::Qwen2},
                                                              {"qwen2_moe", HfFamily::Qwen2Moe},
                                                              {"gpt2", HfFamily::Gpt2},
                                                              {"gpt_neox", HfFamily::GptNeox},
                                                              {"deepseek_v2", HfFamily::DeepseekV2},
                                                              {"deepseek_v3", HfFamily::DeepseekV3},
                                                              {"qwen3", HfFamily::Qwen3},
                                                              {"qwen3_moe", HfFamily::Qwen3Moe},
                                                              {"gemma", HfFamily::Gemma},
                                                              {"gemma2", HfFamily::Gemma2},
                                                              {"gemma3", HfFamily::Gemma3},
                                                              {"gemma3_text", HfFamily::Gemma3},
                                                              {"olmo2", HfFamily::Olmo2},
                                                              {"phi3", HfFamily::Phi3},
                                                              {"llama4", HfFamily::Llama4},
                                                              {"llama4_text", HfFamily::Llama4}};
    return kFamilies;
}

const std::map<std::string, std::string>& modelTypesByArchitecture() {
    static const std::map<std::string, std::string> kTypes = {
        {"LlamaForCausalLM", "llama"},
        {"MistralForCausalLM", "mistral"},
        {"MixtralForCausalLM", "mixtral"},
        {"Qwen2ForCausalLM", "qwen2"},
        {"Qwen2MoeForCausalLM", "qwen2_moe"},
        {"GPT2LMHeadModel", "gpt2"},
        {"GPTNeoXForCausalLM", "gpt_neox"},
        {"DeepseekV2ForCausalLM", "deepseek_v2"},
        {"DeepseekV3ForCausalLM", "deepseek_v3"},
        {"Qwen3ForCausalLM", "qwen3"},
        {"Qwen3MoeForCausalLM", "qwen3_moe"},
        {"GemmaForCausalLM", "gemma"},
        {"Gemma2ForCausalLM", "gemma2"},
        {"Gemma3ForCausalLM", "gemma3_text"},
        {"Gemma3ForConditionalGeneration", "gemma3"},
        {"Olmo2ForCausalLM", "olmo2"},
        {"Phi3ForCausalLM", "phi3"},
        {"Llama4ForConditionalGeneration", "llama4"},
        {"Llama4ForCausalLM", "llama4_text"}};
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

    [[nodiscard]] bool has(const char* key) const {
        return json_.contains(key) && !json_[key].is_null();
    }

    // A list of layer types: the 1-based index of the first "full_attention" in a list that
    // also has "sliding_attention" (the period of Gemma's local/global pattern); 0 otherwise.
    [[nodiscard]] long long fullAttentionPeriod(const char* key) const {
        if (!json_.contains(key) || !json_[key].is_array()) return -1;
        const Json& types = json_[key];
        long long firstFull = 0;
        bool sliding = false;
        for (std::size_t i = 0; i < types.size(); ++i) {
            if (!types[i].is_string()) continue;
            const auto& type = types[i].get_ref<const std::string&>();
            if (type == "sliding_attention") sliding = true;
            if (type == "full_attention" && firstFull == 0) {
                firstFull = static_cast<long long>(i) + 1;
            }
        }
        return sliding ? firstFull : -1;
    }

    // The integers of a list (Qwen3-MoE mlp_only_layers).
    [[nodiscard]] std::vector<long long> integers(const char* key) const {
        std::vector<long long> out;
        if (!json_.contains(key) || !json_[key].is_array()) return out;
        for (const Json& value : json_[key]) {
            if (value.is_number_integer()) out.push_back(value.get<long long>());
        }
        return out;
    }

private:
    const Json& json_;
    ImportBuilder& builder_;
};

const Json* objectAt(const Json& json, const char* key) {
    if (!json.contains(key) || !json[key].is_object()) return nullptr;
    return &json[key];
}

// A SigLIP vision tower (SiglipVisionModel, without its pooling head) and Gemma 3's projector:
// patch convolution with bias, learned positions, LayerNorm pre-norm layers with biased
// projections and a GELU MLP, a final LayerNorm; the projector is a vision × text matrix and an
// RMSNorm of the vision width.
double gemma3Vision(const Json& vision, double textHidden, ImportBuilder& builder) {
    ConfigReader in(vision, builder);
    const auto h = static_cast<double>(in.integer({"hidden_size"}, 768, "/model/parameters"));
    const auto mlp =
        static_cast<double>(in.integer({"intermediate_size"}, 3072, "/model/parameters"));
    const auto layers =
        static_cast<double>(in.integer({"num_hidden_layers"}, 12, "/model/parameters"));
    const auto channels = static_cast<double>(in.integer({"num_channels"}, 3, "/model/parameters"));
    const long long image = in.integer({"image_size"}, 224, "/model/parameters");
    const long long patch = std::max(1LL, in.integer({"patch_size"}, 16, "/model/parameters"));
    const auto positions = static_cast<double>((image / patch) * (image / patch));
    const auto p = static_cast<double>(patch);
    double count = channels * p * p * h + h + positions * h;
    count += layers * (4 * (h * h + h) + 2 * h * mlp + mlp + h + 4 * h);
    count += 2 * h;               // post-LayerNorm
    count += h * textHidden + h;  // projector matrix and its soft-embedding norm
    return count;
}

// Llama 4's vision encoder (Llama4VisionModel), pixel-shuffle adapter and projector: an unbiased
// patch unfold, class token, learned positions (patches + 1), LayerNorms before and after the
// encoder, biased attention and GELU MLP per layer, the adapter's two unbiased matrices and the
// projector to the text width.
double llama4Vision(const Json& vision, double textHidden, ImportBuilder& builder) {
    ConfigReader in(vision, builder);
    const char* at = "/model/parameters";
    const auto h = static_cast<double>(in.integer({"hidden_size"}, 768, at));
    const auto mlp = static_cast<double>(in.integer({"intermediate_size"}, 5632, at));
    const auto layers = static_cast<double>(in.integer({"num_hidden_layers"}, 34, at));
    const auto channels = static_cast<double>(in.integer({"num_channels"}, 3, at));
    const long long image = in.integer({"image_size"}, 448, at);
    const long long patch = std::max(1LL, in.integer({"patch_size"}, 14, at));
    const auto projectorIn = static_cast<double>(in.integer({"projector_input_dim"}, 4096, at));
    const auto projectorOut = static_cast<double>(in.integer({"projector_output_dim"}, 4096, at));
    const auto output = static_cast<double>(in.integer({"vision_output_dim"}, 7680, at));
    const auto positions = static_cast<double>((image / patch) * (image / patch) + 1);
    const auto p = static_cast<double>(patch);
    double count = channels * p * p * h + h + positions * h + 4 * h;
    count += layers * (4 * (h * h + h) + 2 * h * mlp + mlp + h + 4 * h);
    count += mlp * projectorIn + projectorOut * projectorOut;  // pixel-shuffle MLP
    count += output * textHidden;                              // multi-modal projector
    if (in.flag("multi_modal_projector_bias", false)) count += textHidden;
    return count;
}

std::optional<HfConfig> readConfig(const Json& json, ImportBuilder& builder) {
    std::string modelType = ConfigReader(json, builder).text("model_type");
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
    // Multimodal checkpoints (Gemma 3, Llama 4) keep the language model under text_config.
    const Json* textConfig = objectAt(json, "text_config");
    const Json& text = textConfig != nullptr ? *textConfig : json;
    ConfigReader in(text, builder);
    ConfigReader top(json, builder);
    // Gemma3TextConfig's defaults: the released 4B and 12B configs leave heads and the
    // vocabulary out.
    const bool gemma3 = c.family == HfFamily::Gemma3;
    auto fallback = [&](long long value) -> std::optional<long long> {
        if (gemma3) return value;
        return std::nullopt;
    };
    if (c.family == HfFamily::Gpt2) {
        c.hidden = in.integer({"n_embd", "hidden_size"}, std::nullopt, "/model/hidden");
        c.layers = in.integer({"n_layer", "num_hidden_layers"}, std::nullopt, "/model/layers");
        c.heads = in.integer({"n_head", "num_attention_heads"}, std::nullopt, "/model/heads");
        c.intermediate = in.integer({"n_inner"}, 4 * c.hidden, "/model/ffn_hidden");
        c.maxPositions = in.integer({"n_positions", "n_ctx"}, 1024, "/model/sequence");
        c.tied = in.flag("tie_word_embeddings", true);
        c.qkvBias = c.outputBias = true;
    } else {
        c.hidden = in.integer({"hidden_size"}, fallback(2304), "/model/hidden");
        c.layers = in.integer({"num_hidden_layers"}, fallback(26), "/model/layers");
        c.heads = in.integer({"num_attention_heads"}, fallback(8), "/model/heads");
        c.intermediate = in.integer({"intermediate_size"}, fallback(9216), "/model/ffn_hidden");
        c.maxPositions = in.integer({"max_position_embeddings"}, 0, "/model/sequence");
        // Gemma ties its head to the embedding by default; the others do not.
        const bool gemma = c.family == HfFamily::Gemma || c.family == HfFamily::Gemma2 || gemma3;
        c.tied = top.flag("tie_word_embeddings", in.flag("tie_word_embeddings", gemma));
    }
    c.vocab = in.integer({"vocab_size"}, fallback(262208), "/model/vocab");
    c.kvHeads = in.integer({"num_key_value_heads"}, gemma3 ? 4 : c.heads, "/model/kv_heads");
    c.headDim = in.integer({"head_dim"},
                           gemma3        ? 256
                           : c.heads > 0 ? c.hidden / c.heads
                                         : 0,
                           "/model/head_dim");
    // A window over every layer (Mistral 7B v0.1, Phi-3), unless the family alternates.
    if (in.has("sliding_window") &&
        (!in.has("use_sliding_window") || in.flag("use_sliding_window", false))) {
        c.slidingWindow = in.integer({"sliding_window"}, 0, "/model/sliding_window");
    }
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
        case HfFamily::Qwen3:
            c.qkvBias = c.outputBias = in.flag("attention_bias", false);
            c.qkNorm = QkNorm::PerHead;
            break;
        case HfFamily::Qwen3Moe:
            c.qkvBias = c.outputBias = in.flag("attention_bias", false);
            c.qkNorm = QkNorm::PerHead;
            c.experts = in.integer({"num_experts"}, 128, "/model/moe/experts");
            c.topK = in.integer({"num_experts_per_tok"}, 8, "/model/moe/top_k");
            c.expertIntermediate = in.integer({"moe_intermediate_size"}, 768, "/model/moe");
            c.moeEvery = std::max(1LL, in.integer({"decoder_sparse_step"}, 1, "/model/moe"));
            c.denseLayers = in.integers("mlp_only_layers");
            break;
        case HfFamily::Gemma:
            c.qkvBias = c.outputBias = in.flag("attention_bias", false);
            break;
        case HfFamily::Gemma2:
        case HfFamily::Gemma3: {
            // Sandwich norms: before and after both attention and MLP (Gemma 2 report, sec. 2).
            c.layerNorms = 4;
            c.qkvBias = c.outputBias = in.flag("attention_bias", false);
            if (gemma3) c.qkNorm = QkNorm::PerHead;
            c.slidingWindow =
                in.integer({"sliding_window"}, gemma3 ? 4096 : 0, "/model/sliding_window");
            // Gemma 2 alternates local and global layers; Gemma 3 has five local per global.
            const long long period = in.fullAttentionPeriod("layer_types");
            c.fullAttentionEvery =
                period >= 0 ? period
                            : in.integer({"sliding_window_pattern"}, gemma3 ? 6 : 2, "/model");
            if (gemma3) {
                if (const Json* vision = objectAt(json, "vision_config")) {
                    c.visionParameters =
                        gemma3Vision(*vision, static_cast<double>(c.hidden), builder);
                }
            }
            break;
        }
        case HfFamily::Olmo2:
            c.qkvBias = c.outputBias = in.flag("attention_bias", false);
            c.qkNorm = QkNorm::Full;
            break;
        case HfFamily::Phi3:
            break;  // fused qkv and gate/up matrices hold the same weights as separate ones
        case HfFamily::Llama4: {
            c.qkvBias = c.outputBias = in.flag("attention_bias", false);
            c.experts = in.integer({"num_local_experts"}, 16, "/model/moe/experts");
            c.topK = in.integer({"num_experts_per_tok"}, 1, "/model/moe/top_k");
            c.expertIntermediate = c.intermediate;
            c.sharedIntermediate = c.intermediate;  // one shared expert of expert width
            c.denseIntermediate = in.integer({"intermediate_size_mlp"}, 16384, "/model/ffn_hidden");
            c.moeEvery = std::max(1LL, in.integer({"interleave_moe_layer_step"}, 1, "/model/moe"));
            if (const Json* vision = objectAt(json, "vision_config")) {
                c.visionParameters = llama4Vision(*vision, static_cast<double>(c.hidden), builder);
            }
            break;
        }
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
            c.qLoraRank = in.integer({"q_lora_rank"}, 0, "/model/mla/q_rank");
            c.kvLoraRank = in.integer({"kv_lora_rank"}, std::nullopt, "/model/mla/kv_rank");
            c.qkNopeDim = in.integer({"qk_nope_head_dim"}, std::nullopt, "/model/head_dim");
            c.qkRopeDim = in.integer({"qk_rope_head_dim"}, std::nullopt, "/model/mla/rope_dim");
            c.vHeadDim = in.integer({"v_head_dim"}, std::nullopt, "/model/mla/v_head_dim");
            c.mtpLayers = in.integer({"num_nextn_predict_layers"}, 0, "/model/mtp_layers");
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
        case HfFamily::Gemma2:
        case HfFamily::Gemma3:
        case HfFamily::Olmo2:
            return "import_note.exact_count_norms";
        case HfFamily::Llama4:
            return "import_note.exact_count_vision";
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
        model.moe.sharedExperts = narrow(c.sharedExperts);
        // A shared width of whole routed experts reads as their count (Llama 4's one shared
        // expert, Qwen1.5-MoE's four); Megatron's export writes the same back.
        if (c.sharedIntermediate > 0 && c.expertIntermediate > 0 &&
            c.sharedIntermediate % c.expertIntermediate == 0) {
            model.moe.sharedExperts = narrow(c.sharedIntermediate / c.expertIntermediate);
        } else {
            model.moe.sharedFfnHidden = narrow(c.sharedIntermediate);
        }
        model.moe.firstDenseLayers = narrow(c.firstDenseLayers);
        model.moe.layerStep = narrow(c.moeEvery);
        if (c.denseIntermediate > 0) model.ffnHidden = narrow(c.denseIntermediate);
    }
    // The head size the attention really has (Mistral-Nemo, Gemma, Qwen3 set their own).
    const bool latent = c.family == HfFamily::DeepseekV2 || c.family == HfFamily::DeepseekV3;
    const long long ownHead = latent ? c.qkNopeDim : c.headDim;
    model.headDim = c.heads > 0 && ownHead != c.hidden / c.heads ? narrow(ownHead) : 0;
    model.qkNorm = c.qkNorm != QkNorm::None;
    model.slidingWindow = narrow(c.slidingWindow);
    model.fullAttentionEvery = c.slidingWindow > 0 ? narrow(c.fullAttentionEvery) : 0;
    model.mla = MlaSpec{};
    if (latent) {
        model.mla.kvRank = narrow(c.kvLoraRank);
        model.mla.qRank = narrow(c.qLoraRank);
        model.mla.ropeDim = narrow(c.qkRopeDim);
        model.mla.vHeadDim = c.vHeadDim != ownHead ? narrow(c.vHeadDim) : 0;
    }
    model.mtpLayers = narrow(c.mtpLayers);
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
    for (const char* pointer : {"/model/parameters",
                                "/model/layers",
                                "/model/hidden",
                                "/model/heads",
                                "/model/kv_heads",
                                "/model/ffn_hidden",
                                "/model/vocab",
                                "/model/mlp",
                                "/model/tied_embeddings",
                                "/model/moe/experts",
                                "/model/moe/top_k",
                                "/model/moe/expert_ffn_hidden",
                                "/model/moe/shared_experts",
                                "/model/moe/shared_ffn_hidden",
                                "/model/moe/first_dense_layers",
                                "/model/moe/layer_step",
                                "/model/head_dim",
                                "/model/qk_norm",
                                "/model/sliding_window",
                                "/model/full_attention_every",
                                "/model/mla/kv_rank",
                                "/model/mla/q_rank",
                                "/model/mla/rope_dim",
                                "/model/mla/v_head_dim",
                                "/model/mtp_layers"}) {
        builder.carry(pointer);
    }
    return std::move(builder).finish();
}

}  // namespace fourfold::core::detail
