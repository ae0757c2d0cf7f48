// SPDX-License-Identifier: MIT
// Megatron-LM arguments (a command line, a bash array or a launch script) back into a plan:
// the model shape, the parallel layout and the batch. The world size comes from torchrun's
// --nnodes x --nproc-per-node when present; flags Fourfold has no field for are ignored.
#include "core/frameworks/detail/framework_parts.h"
#include "core/frameworks/detail/framework_table.h"
#include "core/model/pipeline_layout.h"
#include "core/plan/plan_json_text.h"
#include "core/rules/validate_ranges.h"
#include "core/text/checked_math.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

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
    [[nodiscard]] std::optional<Found> find(std::string_view flag) const override {
        const auto it = flags_.find(flag);
        if (it == flags_.end()) return std::nullopt;
        const std::string& word = it->second;
        Found found;
        found.shown = "\"" + shortenUtf8(word, 60) + "\"";
        const char* end = word.data() + word.size();
        const auto [at, ec] = std::from_chars(word.data(), end, found.value);
        if (at == end && ec == std::errc()) {
            found.kind = Found::Kind::Integer;
        } else if (at == end && ec == std::errc::result_out_of_range && word.front() != '-') {
            found.kind = Found::Kind::TooLarge;
        }
        return found;
    }

    void fail(std::string_view /*flag*/, const CodedText& problem) override {
        builder_.error("", problem);
    }

    Flags flags_;
};

// --moe-layer-freq as a list ("[0,0,0,1,1]"): the leading dense layers, or every n-th layer
// counted from 1; other patterns, and Megatron's integer form (MoE where layer % n == 0), are
// left to the plan's default and so listed as not expressed.
void readLayerPattern(const std::string& text, ModelSpec& model, ImportBuilder& builder) {
    std::vector<bool> moe;
    for (const char c : text) {
        if (c == '0' || c == '1') moe.push_back(c == '1');
    }
    if (text.empty() || text.front() != '[' || static_cast<int>(moe.size()) != model.layers) {
        return;
    }
    const auto first = std::find(moe.begin(), moe.end(), true) - moe.begin();
    for (int step = 1; step <= model.layers; ++step) {
        for (const long dense : {static_cast<long>(first), 0L}) {
            bool matches = true;
            for (int layer = 0; layer < model.layers && matches; ++layer) {
                matches = moe[static_cast<std::size_t>(layer)] ==
                          (layer >= dense && (layer + 1) % step == 0);
            }
            if (!matches) continue;
            model.moe.firstDenseLayers = static_cast<int>(dense);
            model.moe.layerStep = step;
            builder.carry("/model/moe/first_dense_layers");
            builder.carry("/model/moe/layer_step");
            return;
        }
    }
}

void readArchitecture(MegatronReader& in, ImportBuilder& builder) {
    ModelSpec& model = builder.plan.model;
    const int ownHead = model.heads > 0 ? model.hidden / model.heads : 0;
    model.headDim = 0;
    if (in.has("--kv-channels")) {
        in.read("--kv-channels", model.headDim, "");
        if (model.headDim == ownHead && model.hidden % std::max(1, model.heads) == 0) {
            model.headDim = 0;
        }
    }
    model.qkNorm = in.has("--qk-layernorm");
    model.mla = MlaSpec{};
    if (in.has("--multi-latent-attention")) {
        in.read("--q-lora-rank", model.mla.qRank, "");
        in.read("--kv-lora-rank", model.mla.kvRank, "");
        in.read("--qk-pos-emb-head-dim", model.mla.ropeDim, "");
        int head = 0;
        in.read("--qk-head-dim", head, "");
        model.headDim = head == ownHead ? 0 : head;
        in.read("--v-head-dim", model.mla.vHeadDim, "");
        if (model.mla.vHeadDim == head) model.mla.vHeadDim = 0;
    }
    model.mtpLayers = 0;
    in.read("--mtp-num-layers", model.mtpLayers, "");
    if (model.moe.experts > 1) {
        in.read("--moe-shared-expert-intermediate-size", model.moe.sharedFfnHidden, "");
        const int expertWidth =
            model.moe.expertFfnHidden > 0 ? model.moe.expertFfnHidden : model.ffnHidden;
        // Whole experts of the routed width read back as a count, as DeepSeek gives them.
        if (expertWidth > 0 && model.moe.sharedFfnHidden % expertWidth == 0) {
            model.moe.sharedExperts = model.moe.sharedFfnHidden / expertWidth;
            model.moe.sharedFfnHidden = 0;
        }
        readLayerPattern(in.text("--moe-layer-freq"), model, builder);
    }
    for (const char* pointer :
         {"/model/head_dim", "/model/qk_norm", "/model/mla/kv_rank", "/model/mla/q_rank",
          "/model/mla/rope_dim", "/model/mla/v_head_dim", "/model/mtp_layers",
          "/model/moe/shared_experts", "/model/moe/shared_ffn_hidden"}) {
        builder.carry(pointer);
    }
}

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
    if (in.has("--group-query-attention")) {
        in.read("--num-query-groups", model.kvHeads, "/model/kv_heads");
    }
    builder.carry("/model/kv_heads");
    // Megatron's default FFN width is 4 x hidden (in 64 bits: the base plan's hidden may be any
    // int; the ffn_hidden range then refuses the plan).
    model.ffnHidden = static_cast<int>(
        std::min<std::int64_t>(4 * std::int64_t{model.hidden}, std::numeric_limits<int>::max()));
    in.read("--ffn-hidden-size", model.ffnHidden, "/model/ffn_hidden");
    builder.carry("/model/ffn_hidden");
    in.read("--seq-length", model.sequence, "/model/sequence");
    in.read("--vocab-size", model.vocab, "/model/vocab");
    model.mlp = in.has("--swiglu") ? MlpKind::Swiglu : MlpKind::Gelu;
    model.tiedEmbeddings = !in.has("--untie-embeddings-and-output-weights");
    model.moe = MoeSpec{};
    if (in.has("--num-experts")) {
        in.read("--num-experts", model.moe.experts, "/model/moe/experts", false);
        model.moe.topK = 2;  // Megatron's --moe-router-topk default
        in.read("--moe-router-topk", model.moe.topK, "/model/moe/top_k", false);
        in.read("--moe-ffn-hidden-size", model.moe.expertFfnHidden, "/model/moe/expert_ffn_hidden",
                false);
    }
    readArchitecture(in, builder);
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
    in.read("--num-virtual-stages-per-pipeline-rank", parallel.virtualStages,
            "/parallel/virtual_stages", false);
    if (const auto perChunk =
            in.integer("--num-layers-per-virtual-pipeline-stage", "/model/layers")) {
        const std::int64_t perStage = builder.plan.model.layers / std::max(1, parallel.pp);
        if (perStage % *perChunk == 0) {
            (void)builder.setDerived(parallel.virtualStages, perStage / *perChunk,
                                     "/parallel/virtual_stages",
                                     "--num-layers / --pipeline-model-parallel-size / "
                                     "--num-layers-per-virtual-pipeline-stage");
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
    // Megatron-LM overlaps nothing unless told to.
    PerformanceOptions& options = builder.plan.performance;
    options.overlapGradReduce = in.has("--overlap-grad-reduce");
    options.overlapParamGather = in.has("--overlap-param-gather");
    options.overlapTpComm = in.has("--tp-comm-overlap");
    options.overlapMoeA2a = in.has("--overlap-moe-expert-parallel-comm");
    for (const char* pointer :
         {"/performance/overlap_grad_reduce", "/performance/overlap_param_gather",
          "/performance/overlap_tp_comm", "/performance/overlap_moe_a2a"}) {
        builder.carry(pointer);
    }

    // World size from torchrun; data parallel is what is left after tp x pp x cp.
    const auto nodes = in.integer("--nnodes", "/cluster/nodes");
    const auto perNode = in.integer("--nproc-per-node", "/cluster/gpus_per_node");
    if (!nodes || !perNode) {
        if (!in.has("--nnodes") || !in.has("--nproc-per-node")) {
            builder.note("/parallel/dp", {"import_note.no_world_size", {{"dp", parallel.dp}}});
        }
        return;
    }
    // Each within its range (10^6 nodes, 10^4 per node), so the product fits 64 bits.
    const std::int64_t world = *nodes * *perNode;
    if (static_cast<double>(world) > kMaxGpus) {
        builder.error("/cluster/nodes",
                      {"import_problem.world_too_large",
                       {{"world", world}, {"maximum", static_cast<std::int64_t>(kMaxGpus)}}});
        return;
    }
    // The base plan's degrees may be any int: in 64 bits, checked, never wrapped.
    const auto modelParallel =
        checkedMul(std::int64_t{parallel.tp} * parallel.pp, std::int64_t{parallel.cp});
    if (!modelParallel || world % *modelParallel != 0) {
        builder.error("/parallel/dp",
                      {"import_problem.world_size",
                       {{"world", world},
                        {"model_parallel",
                         modelParallel.value_or(std::numeric_limits<std::int64_t>::max())}}});
        return;
    }
    if (!builder.setDerived(parallel.dp, world / *modelParallel, "/parallel/dp",
                            "--nnodes × --nproc-per-node / (tp × pp × cp)")) {
        return;
    }
    parallel.shardingGroup = 0;
    if (const auto instances =
            in.integer("--num-distributed-optimizer-instances", "/parallel/dp")) {
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
    training.activationOffload = in.has("--fine-grained-activation-offloading");
    for (const char* pointer :
         {"/training/recompute", "/training/precision", "/training/master_weights",
          "/training/grad_dtype", "/training/optimizer", "/training/flash_attention",
          "/training/activation_offload"}) {
        builder.carry(pointer);
    }
    if (const auto global = in.integer("--global-batch-size", "/training/global_batch")) {
        training.globalBatch.reset();
        setBatchFromGlobal(builder, *global, "/training/global_batch", "--global-batch-size");
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
