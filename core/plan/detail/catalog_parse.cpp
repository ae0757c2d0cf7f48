// SPDX-License-Identifier: MIT
#include "core/plan/detail/catalog_parse.h"

#include "core/plan/plan_enums.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <utility>

namespace fourfold::core::detail {
namespace {

using Json = nlohmann::json;

// Typed, non-throwing access to one JSON object; each missing or mistyped key is recorded.
class EntryReader {
public:
    EntryReader(const Json& object, std::string where, std::vector<std::string>& problems)
        : object_(object), where_(std::move(where)), problems_(problems) {}

    [[nodiscard]] bool has(std::string_view key) const {
        return object_.is_object() && object_.contains(key);
    }

    [[nodiscard]] std::string text(std::string_view key) {
        const Json* value = find(key);
        if (value == nullptr) return {};
        if (!value->is_string()) {
            complain(key, "a string");
            return {};
        }
        return value->get<std::string>();
    }

    [[nodiscard]] int integer(std::string_view key, int fallback, bool required = true) {
        const Json* value = find(key, required);
        if (value == nullptr) return fallback;
        if (!value->is_number_integer() || value->get<std::int64_t>() < 0 ||
            value->get<std::int64_t>() > std::numeric_limits<int>::max()) {
            complain(key, "a non-negative integer");
            return fallback;
        }
        return static_cast<int>(value->get<std::int64_t>());
    }

    [[nodiscard]] std::uint64_t bytes(std::string_view key) {
        const Json* value = find(key);
        if (value == nullptr) return 0;
        if (!value->is_number_unsigned()) {
            complain(key, "a non-negative integer");
            return 0;
        }
        return value->get<std::uint64_t>();
    }

    [[nodiscard]] double number(std::string_view key, double fallback, bool required = true) {
        const Json* value = find(key, required);
        if (value == nullptr) return fallback;
        if (!value->is_number() || !std::isfinite(value->get<double>()) ||
            value->get<double>() < 0) {
            complain(key, "a finite number >= 0");
            return fallback;
        }
        return value->get<double>();
    }

    [[nodiscard]] bool flag(std::string_view key) {
        const Json* value = find(key);
        if (value == nullptr) return false;
        if (!value->is_boolean()) {
            complain(key, "true or false");
            return false;
        }
        return value->get<bool>();
    }

    [[nodiscard]] EntryReader child(std::string_view key) {
        static const Json empty = Json::object();
        const Json* value = find(key);
        if (value == nullptr || !value->is_object()) {
            if (value != nullptr) complain(key, "an object");
            return EntryReader(empty, where_ + "/" + std::string(key), problems_);
        }
        return EntryReader(*value, where_ + "/" + std::string(key), problems_);
    }

    void report(std::string message) { problems_.push_back(where_ + ": " + std::move(message)); }

private:
    const Json* find(std::string_view key, bool required = true) {
        if (!object_.is_object()) return nullptr;
        const auto it = object_.find(key);
        if (it == object_.end()) {
            if (required) problems_.push_back(where_ + ": missing \"" + std::string(key) + "\"");
            return nullptr;
        }
        return &*it;
    }

    void complain(std::string_view key, std::string_view expected) {
        problems_.push_back(where_ + "/" + std::string(key) + ": expected " +
                            std::string(expected));
    }

    const Json& object_;
    std::string where_;
    std::vector<std::string>& problems_;
};

ModelPreset readModel(EntryReader& entry) {
    ModelPreset preset;
    preset.name = entry.text("name");
    preset.displayName = entry.text("display_name");
    preset.family = entry.text("family");
    preset.source = entry.text("source");
    ModelSpec& spec = preset.spec;
    spec.preset = preset.name;
    spec.parameters = entry.number("parameters", 0, false);
    spec.layers = entry.integer("layers", 0);
    spec.hidden = entry.integer("hidden", 0);
    spec.heads = entry.integer("heads", 0);
    spec.kvHeads = entry.integer("kv_heads", 0);
    spec.ffnHidden = entry.integer("ffn_hidden", 0);
    spec.vocab = entry.integer("vocab", 0);
    spec.sequence = entry.integer("sequence", 0);
    const std::string mlp = entry.text("mlp");
    if (const auto kind = enumFromString<MlpKind>(mlp)) {
        spec.mlp = *kind;
    } else {
        entry.report("unknown mlp \"" + mlp + "\"");
    }
    spec.tiedEmbeddings = entry.flag("tied_embeddings");
    if (entry.has("moe")) {
        EntryReader moe = entry.child("moe");
        spec.moe.experts = moe.integer("experts", 0);
        spec.moe.topK = moe.integer("top_k", 0);
        spec.moe.expertFfnHidden = moe.integer("expert_ffn_hidden", 0, false);
        spec.moe.sharedExperts = moe.integer("shared_experts", 0, false);
        spec.moe.sharedFfnHidden = moe.integer("shared_ffn_hidden", 0, false);
        spec.moe.firstDenseLayers = moe.integer("first_dense_layers", 0, false);
        spec.moe.layerStep = moe.has("layer_step") ? moe.integer("layer_step", 1) : 1;
    }
    spec.headDim = entry.integer("head_dim", 0, false);
    spec.qkNorm = entry.has("qk_norm") && entry.flag("qk_norm");
    spec.slidingWindow = entry.integer("sliding_window", 0, false);
    spec.fullAttentionEvery = entry.integer("full_attention_every", 0, false);
    if (entry.has("mla")) {
        EntryReader mla = entry.child("mla");
        spec.mla.kvRank = mla.integer("kv_rank", 0);
        spec.mla.qRank = mla.integer("q_rank", 0, false);
        spec.mla.ropeDim = mla.integer("rope_dim", 0);
        spec.mla.vHeadDim = mla.integer("v_head_dim", 0, false);
    }
    spec.mtpLayers = entry.integer("mtp_layers", 0, false);
    return preset;
}

GpuPreset readGpu(EntryReader& entry) {
    GpuPreset preset;
    preset.spec.name = entry.text("name");
    preset.displayName = entry.text("display_name");
    preset.source = entry.text("source");
    preset.spec.memoryBytes = entry.bytes("memory_bytes");
    EntryReader peak = entry.child("peak_tflops");
    preset.spec.peakTflops.bf16 = peak.number("bf16", 0);
    preset.spec.peakTflops.fp16 = peak.number("fp16", 0);
    preset.spec.peakTflops.fp8 = peak.number("fp8", 0);
    preset.spec.peakTflops.fp32 = peak.number("fp32", 0);
    preset.spec.hbmGbps = entry.number("hbm_gbps", 0);
    return preset;
}

LinkPreset readLink(EntryReader& entry) {
    LinkPreset preset;
    preset.spec.name = entry.text("name");
    preset.displayName = entry.text("display_name");
    preset.source = entry.text("source");
    preset.spec.gbps = entry.number("gbps", 0);
    preset.spec.latencyUs = entry.number("latency_us", 0);
    return preset;
}

template <typename Read, typename Preset>
void readArray(const Json& document, std::string_view key, std::string_view file, Read read,
               std::vector<Preset>& out, std::vector<std::string>& problems) {
    const auto it = document.find(key);
    if (it == document.end()) return;
    if (!it->is_array()) {
        problems.push_back(std::string(file) + ": \"" + std::string(key) + "\" is not an array");
        return;
    }
    for (std::size_t index = 0; index < it->size(); ++index) {
        const std::string where =
            std::string(file) + "/" + std::string(key) + "/" + std::to_string(index);
        const Json& object = (*it)[index];
        if (!object.is_object()) {
            problems.push_back(where + ": not an object");
            continue;
        }
        EntryReader entry(object, where, problems);
        out.push_back(read(entry));
    }
}

}  // namespace

CatalogParse parseCatalog(const std::vector<EmbeddedFile>& files) {
    CatalogParse result;
    for (const EmbeddedFile& file : files) {
        const Json document = Json::parse(file.text, nullptr, /*allow_exceptions=*/false);
        if (document.is_discarded() || !document.is_object()) {
            result.problems.push_back(std::string(file.name) + ": not a JSON object");
            continue;
        }
        readArray(document, "models", file.name, readModel, result.catalog.models, result.problems);
        readArray(document, "gpus", file.name, readGpu, result.catalog.gpus, result.problems);
        readArray(document, "links", file.name, readLink, result.catalog.links, result.problems);
    }
    return result;
}

}  // namespace fourfold::core::detail
