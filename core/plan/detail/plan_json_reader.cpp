// SPDX-License-Identifier: MIT
#include "core/plan/detail/plan_json_reader.h"

#include "core/plan/catalog.h"
#include "core/plan/detail/profile_json.h"
#include "core/plan/plan_json_fields.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <optional>
#include <string>

namespace fourfold::core::detail {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// `code` is json.unknown_model_preset, json.unknown_gpu_preset or json.unknown_link_preset.
Diagnostic unknownPreset(const std::string& pointer, std::string code, const Json& value) {
    return makeDiagnostic(Severity::Error, pointer, std::move(code),
                          {{"pointer", pointer}, {"name", shownValue(value)}});
}

void readMoe(ObjectReader& moe, MoeSpec& spec) {
    moe.readInt("experts", spec.experts, 0);
    moe.readInt("top_k", spec.topK, 0);
    moe.readInt("expert_ffn_hidden", spec.expertFfnHidden, 0);
    moe.readInt("shared_experts", spec.sharedExperts, 0);
    moe.readInt("shared_ffn_hidden", spec.sharedFfnHidden, 0);
    moe.readInt("first_dense_layers", spec.firstDenseLayers, 0);
    moe.readInt("layer_step", spec.layerStep, 1);
    moe.reportUnknownKeys();
}

void readMla(ObjectReader& mla, MlaSpec& spec) {
    mla.readInt("kv_rank", spec.kvRank, 0);
    mla.readInt("q_rank", spec.qRank, 0);
    mla.readInt("rope_dim", spec.ropeDim, 0);
    mla.readInt("v_head_dim", spec.vHeadDim, 0);
    mla.reportUnknownKeys();
}

void readModel(ObjectReader& model, ModelSpec& spec, std::vector<Diagnostic>& out) {
    // Keys that define the network's shape (and so its parameter count). The sequence
    // length is a training input, not part of the shape.
    const bool hasShape =
        model.hasAny({"layers", "hidden", "heads", "kv_heads", "ffn_hidden", "vocab", "mlp",
                      "tied_embeddings", "moe", "head_dim", "qk_norm", "sliding_window",
                      "full_attention_every", "mla", "mtp_layers"});
    bool presetNamed = false;
    if (const Json* preset = model.take("preset")) {
        if (!preset->is_string()) {
            out.push_back(
                typeError(model.pointerOf("preset"), "json.expected_model_preset", *preset));
        } else if (preset->get_ref<const std::string&>().empty()) {
            spec.preset.clear();
        } else if (const auto found = findModelPreset(preset->get_ref<const std::string&>())) {
            spec = found->spec;
            spec.preset = found->name;
            presetNamed = true;
        } else {
            out.push_back(
                unknownPreset(model.pointerOf("preset"), "json.unknown_model_preset", *preset));
        }
    }
    double parameters = 0;
    const bool hasParameters = model.readNumber("parameters", parameters, 0, kInfinity);
    if (!presetNamed && !hasShape && hasParameters && parameters > 0) {
        const bool explicitlyCustom = model.has("preset");
        spec = shapeForParameterCount(parameters);
        if (explicitlyCustom) spec.preset.clear();
    } else if (!presetNamed && hasShape) {
        spec.preset.clear();
    }
    if (hasParameters) spec.parameters = parameters;

    model.readInt("layers", spec.layers, 1);
    model.readInt("hidden", spec.hidden, 1);
    model.readInt("heads", spec.heads, 1);
    model.readInt("kv_heads", spec.kvHeads, 1);
    model.readInt("ffn_hidden", spec.ffnHidden, 1);
    model.readInt("vocab", spec.vocab, 1);
    model.readInt("sequence", spec.sequence, 1);
    model.readEnum("mlp", spec.mlp);
    model.readBool("tied_embeddings", spec.tiedEmbeddings);
    if (auto moe = model.section("moe")) readMoe(*moe, spec.moe);
    model.readInt("head_dim", spec.headDim, 0);
    model.readBool("qk_norm", spec.qkNorm);
    model.readInt("sliding_window", spec.slidingWindow, 0);
    model.readInt("full_attention_every", spec.fullAttentionEvery, 0);
    if (auto mla = model.section("mla")) readMla(*mla, spec.mla);
    model.readInt("mtp_layers", spec.mtpLayers, 0);
    model.reportUnknownKeys();
}

// training.lora_targets: a list of module names, each once at most.
void readLoraTargets(ObjectReader& training, unsigned& targets) {
    const Json* list = training.take("lora_targets");
    if (list == nullptr) return;
    const std::string pointer = training.pointerOf("lora_targets");
    if (!list->is_array()) {
        training.addError(typeError(pointer, "json.expected_lora_targets", *list,
                                    {{"choices", loraTargetNames()}}));
        return;
    }
    unsigned read = 0;
    for (std::size_t index = 0; index < list->size(); ++index) {
        const Json& item = (*list)[index];
        const auto known = std::find_if(
            std::begin(kLoraTargetKeys), std::end(kLoraTargetKeys),
            [&](const LoraTargetKey& target) { return item.is_string() && item == target.key; });
        if (known == std::end(kLoraTargetKeys)) {
            training.addError(typeError(pointer + "/" + std::to_string(index),
                                        "json.expected_one_of", item,
                                        {{"choices", loraTargetNames()}}));
            return;
        }
        read |= known->bit;
    }
    targets = read;
}

// The fine-tuning mode and the memory savers (docs/plan-format.md, "Fine-tuning").
void readFineTuning(ObjectReader& training, TrainingSpec& spec) {
    training.readEnum("finetune", spec.finetune);
    training.readInt("lora_rank", spec.loraRank, 1);
    readLoraTargets(training, spec.loraTargets);
    training.readEnum("base_precision", spec.basePrecision);
    training.readBool("double_quant", spec.doubleQuant);
    training.readBool("paged_optimizer", spec.pagedOptimizer);
    training.readBool("activation_offload", spec.activationOffload);
    training.readInt("loss_chunks", spec.lossChunks, 1);
}

// Returns whether the file gives grad_accumulation.
bool readTraining(ObjectReader& training, TrainingSpec& spec) {
    training.readEnum("precision", spec.precision);
    training.readBool("master_weights", spec.masterWeights);
    training.readEnum("grad_dtype", spec.gradDtype);
    training.readEnum("optimizer", spec.optimizer);
    training.readInt("micro_batch", spec.microBatch, 1);
    const bool gradAccumulationGiven = training.has("grad_accumulation");
    training.readInt("grad_accumulation", spec.gradAccumulation, 1);
    if (const Json* globalBatch = training.take("global_batch")) {
        // null says "not given", as an absent key does.
        if (!globalBatch->is_null()) {
            std::int64_t value = 0;
            if (training.readInt64("global_batch", value, 1)) spec.globalBatch = value;
        }
    }
    training.readEnum("recompute", spec.recompute);
    training.readBool("flash_attention", spec.flashAttention);
    readFineTuning(training, spec);
    training.reportUnknownKeys();
    return gradAccumulationGiven;
}

void readParallel(ObjectReader& parallel, ParallelSpec& spec) {
    parallel.readInt("dp", spec.dp, 1);
    parallel.readInt("tp", spec.tp, 1);
    parallel.readInt("pp", spec.pp, 1);
    parallel.readInt("cp", spec.cp, 1);
    parallel.readInt("ep", spec.ep, 1);
    parallel.readInt("etp", spec.etp, 0);
    parallel.readInt("virtual_stages", spec.virtualStages, 1);
    parallel.readBool("sequence_parallel", spec.sequenceParallel);
    parallel.readInt("zero_stage", spec.zeroStage, 0, 3);
    parallel.readInt("sharding_group", spec.shardingGroup, 0);
    parallel.readEnum("grad_sync", spec.gradSync);
    parallel.readEnum("param_gather", spec.paramGather);
    parallel.readBool("reshard_after_forward", spec.reshardAfterForward);
    parallel.readEnum("offload", spec.offload);
    parallel.readString("order", spec.order);
    parallel.readEnum("schedule", spec.schedule);
    parallel.readInt("first_stage_layers", spec.firstStageLayers, 0);
    parallel.readInt("last_stage_layers", spec.lastStageLayers, 0);
    parallel.readBool("embedding_in_split", spec.embeddingInSplit);
    parallel.readBool("loss_in_split", spec.lossInSplit);
    parallel.readString("pipeline_layout", spec.pipelineLayout);
    parallel.reportUnknownKeys();
}

void readGpuObject(ObjectReader& gpu, GpuSpec& spec, GpuEfficiency& efficiencyOut) {
    // The object form starts from the preset its name gives, if any, else from zero.
    std::string name;
    gpu.readString("name", name);
    const auto preset = findGpuPreset(name);
    spec = preset ? preset->spec : GpuSpec{};
    spec.name = name;
    gpu.readBytes("memory_bytes", spec.memoryBytes);
    if (auto peak = gpu.section("peak_tflops")) {
        peak->readNumber("bf16", spec.peakTflops.bf16, 0, kInfinity);
        peak->readNumber("fp16", spec.peakTflops.fp16, 0, kInfinity);
        peak->readNumber("fp8", spec.peakTflops.fp8, 0, kInfinity);
        peak->readNumber("fp32", spec.peakTflops.fp32, 0, kInfinity);
        peak->reportUnknownKeys();
    }
    gpu.readNumber("hbm_gbps", spec.hbmGbps, 0, kInfinity);
    if (auto efficiency = gpu.section("efficiency")) {
        efficiency->readNumber("gemm", efficiencyOut.gemm, 0, 1);
        efficiency->readNumber("gemm_fp8", efficiencyOut.gemmFp8, 0, 1);
        efficiency->readNumber("gemm_half_dim", efficiencyOut.gemmHalfDim, 0, kInfinity);
        efficiency->readNumber("flash_attention", efficiencyOut.flashAttention, 0, 1);
        efficiency->readNumber("hbm", efficiencyOut.hbm, 0, 1);
        efficiency->reportUnknownKeys();
    }
    gpu.reportUnknownKeys();
}

void readLinkObject(ObjectReader& link, LinkSpec& spec) {
    std::string name;
    link.readString("name", name);
    const auto preset = findLinkPreset(name);
    spec = preset ? preset->spec : LinkSpec{};
    spec.name = name;
    link.readNumber("gbps", spec.gbps, 0, kInfinity);
    link.readNumber("latency_us", spec.latencyUs, 0, kInfinity);
    link.reportUnknownKeys();
}

void readGpu(ObjectReader& cluster, GpuSpec& spec, GpuEfficiency& efficiency,
             std::vector<Diagnostic>& out) {
    const Json* value = cluster.take("gpu");
    if (value == nullptr) return;
    const std::string pointer = cluster.pointerOf("gpu");
    if (value->is_string()) {
        if (const auto preset = findGpuPreset(value->get_ref<const std::string&>())) {
            spec = preset->spec;
        } else {
            out.push_back(unknownPreset(pointer, "json.unknown_gpu_preset", *value));
        }
    } else if (value->is_object()) {
        ObjectReader gpu(*value, pointer, out);
        readGpuObject(gpu, spec, efficiency);
    } else {
        out.push_back(typeError(pointer, "json.expected_gpu", *value));
    }
}

void readLink(ObjectReader& cluster, std::string_view key, LinkSpec& spec,
              std::vector<Diagnostic>& out) {
    const Json* value = cluster.take(key);
    if (value == nullptr) return;
    const std::string pointer = cluster.pointerOf(key);
    if (value->is_string()) {
        if (const auto preset = findLinkPreset(value->get_ref<const std::string&>())) {
            spec = preset->spec;
        } else {
            out.push_back(unknownPreset(pointer, "json.unknown_link_preset", *value));
        }
    } else if (value->is_object()) {
        ObjectReader link(*value, pointer, out);
        readLinkObject(link, spec);
    } else {
        out.push_back(typeError(pointer, "json.expected_link", *value));
    }
}

// cluster.profile: a path to a profile file (read by the caller) or the profile itself.
void readProfile(ObjectReader& cluster, ProfileReference& reference, std::vector<Diagnostic>& out) {
    const Json* value = cluster.take("profile");
    if (value == nullptr) return;
    const std::string pointer = cluster.pointerOf("profile");
    if (value->is_string() && !value->get_ref<const std::string&>().empty()) {
        reference.path = value->get<std::string>();
    } else if (value->is_object()) {
        ObjectReader reader(*value, pointer, out);
        (void)reader.take("schema");  // a pasted file keeps its schema; it is not required
        CalibrationProfile profile;
        detail::readProfileObject(reader, profile, out);
        reference.profile = std::move(profile);
    } else {
        out.push_back(typeError(pointer, "json.expected_profile", *value));
    }
}

void readCluster(ObjectReader& cluster, ClusterSpec& spec, std::vector<Diagnostic>& out) {
    readGpu(cluster, spec.gpu, spec.gpuEfficiency, out);
    cluster.readInt("gpus_per_node", spec.gpusPerNode, 1);
    cluster.readInt("nodes", spec.nodes, 1);
    readLink(cluster, "intra_node", spec.intraNode, out);
    readLink(cluster, "inter_node", spec.interNode, out);
    readProfile(cluster, spec.profile, out);
    cluster.reportUnknownKeys();
}

void readMemory(ObjectReader& memory, MemoryOptions& options) {
    memory.readEnum("convention", options.convention);
    memory.readNumber("fragmentation", options.fragmentation, 0, 1, true);
    memory.readNumber("safety_margin", options.safetyMargin, 0, 1, true);
    memory.readBytes("framework_bytes", options.frameworkBytes);
    memory.readBool("count_comm_buffers", options.countCommBuffers);
    memory.readBytes("ddp_bucket_bytes", options.ddpBucketBytes);
    memory.readBytes("zero_bucket_elements", options.zeroBucketElements);
    memory.readInt("zero3_prefetch_layers", options.zero3PrefetchLayers, 0);
    memory.readNumber("logits_bytes_per_element", options.logitsBytesPerElement, 0, kInfinity);
    memory.readBool("recompute_working_set", options.recomputeWorkingSet);
    memory.reportUnknownKeys();
}

// The throughput figures and the single peak a measurement may give instead of a step time and
// peaks per stage (docs/calibration.md).
void readMeasuredRates(ObjectReader& measured, MeasuredFigures& figures) {
    const auto positive = [&](std::string_view key, std::optional<double>& target) {
        double value = 0;
        if (measured.readPositiveNumber(key, value)) target = value;
    };
    positive("tokens_per_s_per_gpu", figures.tokensPerSPerGpu);
    positive("tflops_per_gpu", figures.tflopsPerGpu);
    double mfu = 0;
    if (measured.readNumber("mfu", mfu, std::numeric_limits<double>::denorm_min(), 1)) {
        figures.mfu = mfu;
    }
    positive("samples_per_s", figures.samplesPerS);
    std::uint64_t peak = 0;
    if (measured.readBytes("peak_bytes", peak)) figures.peakBytes = peak;
}

void readMeasured(ObjectReader& measured, MeasuredFigures& figures, std::vector<Diagnostic>& out) {
    if (const Json* peaks = measured.take("peak_bytes_per_stage")) {
        const std::string pointer = measured.pointerOf("peak_bytes_per_stage");
        if (!peaks->is_array()) {
            out.push_back(typeError(pointer, "json.expected_byte_array", *peaks));
        } else {
            std::vector<std::uint64_t> values;
            values.reserve(peaks->size());
            bool valid = true;
            for (std::size_t i = 0; i < peaks->size(); ++i) {
                const auto bytes = byteCount((*peaks)[i], pointer + "/" + std::to_string(i), out);
                valid = valid && bytes.has_value();
                if (bytes) values.push_back(*bytes);
            }
            if (valid) figures.peakBytesPerStage = std::move(values);
        }
    }
    if (const Json* step = measured.take("step_time_s"); step != nullptr && !step->is_null()) {
        double seconds = 0;
        if (measured.readPositiveNumber("step_time_s", seconds)) {
            figures.stepTimeS = seconds;
        }
    }
    readMeasuredRates(measured, figures);
    measured.reportUnknownKeys();
}

void readPerformance(ObjectReader& section, PerformanceOptions& options) {
    section.readBool("overlap_grad_reduce", options.overlapGradReduce);
    section.readBool("overlap_param_gather", options.overlapParamGather);
    section.readBool("overlap_tp_comm", options.overlapTpComm);
    section.readBool("overlap_p2p", options.overlapP2p);
    section.readBool("overlap_moe_a2a", options.overlapMoeA2a);
    section.readNumber("overlap_contention", options.overlapContention, 0, 1);
    section.readNumber("data_loading_s", options.dataLoadingS, 0, kInfinity);
    section.readNumber("token_budget", options.tokenBudget, 0, kInfinity);
    section.readNumber("price_per_gpu_hour", options.pricePerGpuHour, 0, kInfinity);
    section.reportUnknownKeys();
}

void readCheckpoint(ObjectReader& section, CheckpointOptions& options) {
    section.readPositiveNumber("storage_gbps", options.storageGbps);
    section.readPositiveNumber("mtbf_hours_per_gpu", options.mtbfHoursPerGpu);
    section.readNumber("restart_s", options.restartS, 0, kInfinity);
    section.reportUnknownKeys();
}

// Global batch = micro-batch × accumulation × dp. When the file gives the global batch but
// not the accumulation, the accumulation is derived from it.
void deriveGradAccumulation(const Plan& plan, TrainingSpec& training,
                            std::vector<Diagnostic>& out) {
    const std::int64_t globalBatch = *training.globalBatch;
    const std::int64_t perStep = std::int64_t{training.microBatch} * plan.parallel.dp;
    const std::int64_t accumulation = globalBatch / perStep;
    if (globalBatch % perStep != 0 || accumulation > std::numeric_limits<int>::max()) {
        out.push_back(makeDiagnostic(Severity::Error, "/training/global_batch",
                                     globalBatch % perStep != 0
                                         ? "json.global_batch_not_multiple"
                                         : "json.global_batch_too_many_steps",
                                     {{"global_batch", globalBatch},
                                      {"micro_batch", training.microBatch},
                                      {"dp", plan.parallel.dp},
                                      {"per_step", perStep}}));
        return;
    }
    training.gradAccumulation = static_cast<int>(accumulation);
}

}  // namespace

const std::vector<const char*>& planSectionKeys() {
    static const std::vector<const char*> keys = {"name",     "model",       "training",
                                                  "parallel", "cluster",     "memory",
                                                  "measured", "performance", "checkpoint"};
    return keys;
}

Plan readPlanDocument(const Json& document, std::vector<Diagnostic>& out) {
    Plan plan = defaultPlan();
    plan.name.clear();  // a file without a name is titled from its content, not the default's
    ObjectReader top(document, "", out);
    (void)top.take("schema");  // checked and migrated before reading
    top.readString("name", plan.name);
    if (auto model = top.section("model")) readModel(*model, plan.model, out);
    bool gradAccumulationGiven = false;
    if (auto training = top.section("training")) {
        gradAccumulationGiven = readTraining(*training, plan.training);
    }
    if (auto parallel = top.section("parallel")) readParallel(*parallel, plan.parallel);
    const bool batchReadable =
        !hasErrorsUnder(out, {"/training/micro_batch", "/training/global_batch", "/parallel/dp"});
    if (auto cluster = top.section("cluster")) readCluster(*cluster, plan.cluster, out);
    if (auto memory = top.section("memory")) readMemory(*memory, plan.memory);
    if (auto measured = top.section("measured")) readMeasured(*measured, plan.measured, out);
    if (auto performance = top.section("performance"))
        readPerformance(*performance, plan.performance);
    if (auto checkpoint = top.section("checkpoint")) readCheckpoint(*checkpoint, plan.checkpoint);
    top.reportUnknownKeys();
    if (plan.training.globalBatch && !gradAccumulationGiven && batchReadable) {
        deriveGradAccumulation(plan, plan.training, out);
    }
    return plan;
}

}  // namespace fourfold::core::detail
