// SPDX-License-Identifier: MIT
// Megatron-LM arguments (a command line, a bash array or a launch script) back into a plan:
// the model shape, the parallel layout and the batch. The world size comes from torchrun's
// --nnodes x --nproc-per-node when present; flags Fourfold has no field for are ignored.
#include "core/frameworks/detail/framework_parts.h"
#include "core/frameworks/detail/framework_table.h"
#include "core/model/pipeline_layout.h"

#include <charconv>
#include <map>
#include <optional>

namespace fourfold::core::detail {
namespace {

// Shell-like words: whitespace separates, quotes group, '#' at a word's start comments out the
// rest of the line, a backslash-newline continues the line.
std::vector<std::string> shellWords(std::string_view text) {
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    char quote = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quote != 0) {
            if (c == quote) {
                quote = 0;
            } else {
                word += c;
            }
            continue;
        }
        if (c == '\\' && i + 1 < text.size() && (text[i + 1] == '\n' || text[i + 1] == '\r')) {
            ++i;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (inWord) words.push_back(word);
            word.clear();
            inWord = false;
            continue;
        }
        if (c == '#' && !inWord) {
            while (i < text.size() && text[i] != '\n') ++i;
            continue;
        }
        if (c == '"' || c == '\'') {
            quote = c;
        } else {
            word += c;
        }
        inWord = true;
    }
    if (inWord) words.push_back(word);
    return words;
}

// "--flag value" and "--flag=value"; a flag followed by another flag (or nothing) is a switch.
std::map<std::string, std::string, std::less<>> flagValues(const std::vector<std::string>& words) {
    std::map<std::string, std::string, std::less<>> flags;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& word = words[i];
        if (!word.starts_with("--")) continue;
        std::string name = word;
        std::string value;
        if (const auto equals = word.find('='); equals != std::string::npos) {
            name = word.substr(0, equals);
            value = word.substr(equals + 1);
        } else if (i + 1 < words.size() && !words[i + 1].starts_with("--") && words[i + 1] != ")") {
            value = words[++i];
        }
        for (char& c : name) {
            if (c == '_') c = '-';  // torchrun accepts --nproc_per_node as well
        }
        flags[name] = value;
    }
    return flags;
}

using Flags = std::map<std::string, std::string, std::less<>>;

class MegatronReader final : public ConfigValues {
public:
    MegatronReader(ImportBuilder& builder, Flags flags)
        : ConfigValues(builder), flags_(std::move(flags)) {}

    [[nodiscard]] bool has(std::string_view flag) const override { return flags_.contains(flag); }
    [[nodiscard]] std::string text(std::string_view flag) const {
        const auto it = flags_.find(flag);
        return it == flags_.end() ? std::string() : it->second;
    }

private:
    std::optional<std::int64_t> readInteger(std::string_view flag,
                                            bool /*allowMinusOne*/) override {
        const auto it = flags_.find(flag);
        if (it == flags_.end()) return std::nullopt;
        std::int64_t value = 0;
        const std::string& word = it->second;
        const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
        const bool whole = ec != std::errc::invalid_argument && end == word.data() + word.size();
        if (whole && (ec == std::errc::result_out_of_range || value > kMaxConfigInteger)) {
            builder_.error("", {"import_problem.integer_too_large",
                                {{"name", flag}, {"maximum", kMaxConfigInteger}, {"found", word}}});
            return std::nullopt;
        }
        if (!whole || ec != std::errc() || value <= 0) {
            builder_.error("", {"import_problem.positive_integer",
                                {{"name", flag}, {"found", "\"" + word + "\""}}});
            return std::nullopt;
        }
        return value;
    }

    Flags flags_;
};

void readModel(MegatronReader& in, ImportBuilder& builder) {
    ModelSpec& model = builder.plan.model;
    const bool hasShape = in.has("--num-layers") || in.has("--hidden-size");
    if (!hasShape) return;
    model.preset.clear();
    model.parameters = 0;
    in.read("--num-layers", model.layers, "/model/layers");
    in.read("--hidden-size", model.hidden, "/model/hidden");
    in.read("--num-attention-heads", model.heads, "/model/heads");
    model.kvHeads = model.heads;
    if (in.has("--group-query-attention")) in.read("--num-query-groups", model.kvHeads, "");
    builder.carry("/model/kv_heads");
    // Megatron's default FFN width is 4 x hidden.
    model.ffnHidden = 4 * model.hidden;
    in.read("--ffn-hidden-size", model.ffnHidden, "/model/ffn_hidden");
    builder.carry("/model/ffn_hidden");
    in.read("--seq-length", model.sequence, "/model/sequence");
    in.read("--vocab-size", model.vocab, "/model/vocab");
    model.mlp = in.has("--swiglu") ? MlpKind::Swiglu : MlpKind::Gelu;
    model.tiedEmbeddings = !in.has("--untie-embeddings-and-output-weights");
    model.moe = MoeSpec{};
    if (in.has("--num-experts")) {
        in.read("--num-experts", model.moe.experts, "");
        model.moe.topK = 2;  // Megatron's --moe-router-topk default
        in.read("--moe-router-topk", model.moe.topK, "");
        in.read("--moe-ffn-hidden-size", model.moe.expertFfnHidden, "");
    }
    for (const char* pointer :
         {"/model/parameters", "/model/mlp", "/model/tied_embeddings", "/model/moe/experts",
          "/model/moe/top_k", "/model/moe/expert_ffn_hidden"}) {
        builder.carry(pointer);
    }
}

// Uneven pipelines: first and last stage layers, the embedding and loss counted as layers, or
// a layout string, whose chunk count sets the interleaving degree (as Megatron-LM derives it).
void readPipelineSplit(MegatronReader& in, ImportBuilder& builder) {
    ParallelSpec& parallel = builder.plan.parallel;
    parallel.firstStageLayers = 0;
    parallel.lastStageLayers = 0;
    in.read("--decoder-first-pipeline-num-layers", parallel.firstStageLayers, "");
    in.read("--decoder-last-pipeline-num-layers", parallel.lastStageLayers, "");
    parallel.embeddingInSplit = in.has("--account-for-embedding-in-pipeline-split");
    parallel.lossInSplit = in.has("--account-for-loss-in-pipeline-split");
    parallel.pipelineLayout = in.text("--pipeline-model-parallel-layout");
    for (const char* pointer :
         {"/parallel/first_stage_layers", "/parallel/last_stage_layers",
          "/parallel/embedding_in_split", "/parallel/loss_in_split", "/parallel/pipeline_layout"}) {
        builder.carry(pointer);
    }
    if (parallel.pipelineLayout.empty()) return;
    const auto chunks = static_cast<int>(parseLayoutString(parallel.pipelineLayout).chunks.size());
    if (parallel.pp >= 1 && chunks % parallel.pp == 0)
        parallel.virtualStages = chunks / parallel.pp;
}

void readParallel(MegatronReader& in, ImportBuilder& builder) {
    ParallelSpec& parallel = builder.plan.parallel;
    readDegrees(in, builder,
                {"--tensor-model-parallel-size", "--pipeline-model-parallel-size",
                 "--context-parallel-size", "--expert-model-parallel-size",
                 "--expert-tensor-parallel-size", 0});
    parallel.virtualStages = 1;
    in.read("--num-virtual-stages-per-pipeline-rank", parallel.virtualStages, "");
    if (const auto perChunk = in.integer("--num-layers-per-virtual-pipeline-stage")) {
        const std::int64_t perStage = builder.plan.model.layers / std::max(1, parallel.pp);
        if (perStage % *perChunk == 0) {
            parallel.virtualStages = static_cast<int>(perStage / *perChunk);
        } else {
            builder.error("/parallel/virtual_stages",
                          {"import_problem.virtual_stage_layers",
                           {{"per_chunk", *perChunk}, {"layers", perStage}}});
        }
    }
    readPipelineSplit(in, builder);
    parallel.schedule =
        parallel.virtualStages > 1 ? ScheduleKind::Interleaved1F1B : ScheduleKind::OneFOneB;
    parallel.sequenceParallel = in.has("--sequence-parallel");
    parallel.zeroStage = in.has("--use-distributed-optimizer") ? 1 : 0;
    if (in.has("--use-megatron-fsdp")) {
        static const std::map<std::string, int> kStrategies = {
            {"no_shard", 0}, {"optim", 1}, {"optim_grads", 2}, {"optim_grads_params", 3}, {"", 3}};
        const auto it = kStrategies.find(in.text("--data-parallel-sharding-strategy"));
        if (it == kStrategies.end()) {
            builder.error("/parallel/zero_stage",
                          {"import_problem.sharding_strategy",
                           {{"strategy", in.text("--data-parallel-sharding-strategy")}}});
        } else {
            parallel.zeroStage = it->second;
        }
    }
    if (in.has("--use-torch-fsdp2")) parallel.zeroStage = 3;
    parallel.offload = in.has("--optimizer-cpu-offload") ? Offload::OptimizerCpu : Offload::None;

    // World size from torchrun; data parallel is what is left after tp x pp x cp.
    const auto nodes = in.integer("--nnodes");
    const auto perNode = in.integer("--nproc-per-node");
    if (!nodes || !perNode) {
        builder.note("/parallel/dp", {"import_note.no_world_size", {{"dp", parallel.dp}}});
        return;
    }
    const std::int64_t world = *nodes * *perNode;
    if (world > kMaxConfigInteger) {
        builder.error("/parallel/dp", {"import_problem.world_too_large",
                                       {{"world", world}, {"maximum", kMaxConfigInteger}}});
        return;
    }
    const std::int64_t modelParallel = std::int64_t{parallel.tp} * parallel.pp * parallel.cp;
    if (world % modelParallel != 0) {
        builder.error("/parallel/dp", {"import_problem.world_size",
                                       {{"world", world}, {"model_parallel", modelParallel}}});
        return;
    }
    parallel.dp = static_cast<int>(world / modelParallel);
    parallel.shardingGroup = 0;
    if (const auto instances = in.integer("--num-distributed-optimizer-instances")) {
        if (*instances > 1 && parallel.dp % *instances == 0) {
            parallel.shardingGroup = static_cast<int>(parallel.dp / *instances);
        }
    }
    builder.carry("/parallel/sharding_group");
    builder.plan.cluster.nodes = static_cast<int>(*nodes);
    builder.plan.cluster.gpusPerNode = static_cast<int>(*perNode);
    for (const char* pointer : {"/parallel/dp", "/cluster/nodes", "/cluster/gpus_per_node"}) {
        builder.carry(pointer);
    }
}

void readTraining(MegatronReader& in, ImportBuilder& builder) {
    TrainingSpec& training = builder.plan.training;
    in.read("--micro-batch-size", training.microBatch, "/training/micro_batch");
    const std::string granularity = in.text("--recompute-granularity");
    if (granularity == "full") {
        training.recompute = Recompute::Full;
    } else if (granularity == "selective") {
        training.recompute = Recompute::Selective;
    } else {
        training.recompute = Recompute::None;
    }
    if (in.has("--fp8-format")) {
        training.precision = Precision::Fp8;
    } else if (in.has("--bf16")) {
        training.precision = Precision::Bf16;
    } else if (in.has("--fp16")) {
        training.precision = Precision::Fp16;
    } else {
        training.precision = Precision::Fp32;
    }
    // Megatron keeps fp32 main weights and fp32 main gradients under bf16/fp16.
    training.masterWeights = training.precision != Precision::Fp32;
    training.gradDtype = Precision::Fp32;
    const std::string optimizer = in.text("--optimizer");
    if (optimizer == "sgd") {
        training.optimizer = OptimizerKind::SgdMomentum;  // --sgd-momentum defaults to 0.9
    } else if (optimizer == "lion") {
        training.optimizer = OptimizerKind::Lion;
    } else {
        training.optimizer = OptimizerKind::AdamW;
    }
    const std::string backend = in.text("--attention-backend");
    training.flashAttention =
        backend.empty() || backend == "flash" || backend == "auto" || in.has("--use-flash-attn");
    for (const char* pointer :
         {"/training/recompute", "/training/precision", "/training/master_weights",
          "/training/grad_dtype", "/training/optimizer", "/training/flash_attention"}) {
        builder.carry(pointer);
    }
    if (const auto global = in.integer("--global-batch-size")) {
        training.globalBatch.reset();
        setBatchFromGlobal(builder, *global, "/training/global_batch");
    }
}

}  // namespace

PlanImport importMegatron(const Plan& base, std::string_view text) {
    ImportBuilder builder{base, {}, {}};
    MegatronReader in(builder, flagValues(shellWords(text)));
    readModel(in, builder);
    readParallel(in, builder);
    readTraining(in, builder);
    return std::move(builder).finish();
}

}  // namespace fourfold::core::detail
