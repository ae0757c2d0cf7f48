// SPDX-License-Identifier: MIT
#include "core/plan/detail/plan_json_writer.h"

#include "core/plan/catalog.h"
#include "core/plan/detail/profile_json.h"
#include "core/plan/plan_enums.h"
#include "core/plan/plan_json.h"

#include <string>

namespace fourfold::core::detail {
namespace {

using OrderedJson = nlohmann::ordered_json;

OrderedJson enumName(auto value) { return std::string(toString(value)); }

OrderedJson modelJson(const ModelSpec& model) {
    OrderedJson out = OrderedJson::object();
    out["preset"] = model.preset;
    // Written when set, and also as 0 when the named preset carries a count of its own
    // (generic-7b does) that the plan does not use, so reading gives back the same plan.
    const auto preset = model.preset.empty() ? std::nullopt : findModelPreset(model.preset);
    if (model.parameters > 0 || (preset && preset->spec.parameters != model.parameters)) {
        out["parameters"] = model.parameters;
    }
    out["layers"] = model.layers;
    out["hidden"] = model.hidden;
    out["heads"] = model.heads;
    out["kv_heads"] = model.kvHeads;
    out["ffn_hidden"] = model.ffnHidden;
    out["vocab"] = model.vocab;
    out["sequence"] = model.sequence;
    out["mlp"] = enumName(model.mlp);
    out["tied_embeddings"] = model.tiedEmbeddings;
    OrderedJson moe = OrderedJson::object();
    moe["experts"] = model.moe.experts;
    moe["top_k"] = model.moe.topK;
    moe["expert_ffn_hidden"] = model.moe.expertFfnHidden;
    // Keys added for today's architectures are written only when they differ from what the
    // reader would otherwise take (the named preset's value, or the default), so files of
    // plans without them stay as they were.
    const ModelSpec base = preset ? preset->spec : ModelSpec{};
    const auto put = [](OrderedJson& object, const char* key, const auto& value, const auto& from) {
        if (value != from) object[key] = value;
    };
    put(moe, "shared_experts", model.moe.sharedExperts, base.moe.sharedExperts);
    put(moe, "shared_ffn_hidden", model.moe.sharedFfnHidden, base.moe.sharedFfnHidden);
    put(moe, "first_dense_layers", model.moe.firstDenseLayers, base.moe.firstDenseLayers);
    put(moe, "layer_step", model.moe.layerStep, base.moe.layerStep);
    out["moe"] = std::move(moe);
    put(out, "head_dim", model.headDim, base.headDim);
    put(out, "qk_norm", model.qkNorm, base.qkNorm);
    put(out, "sliding_window", model.slidingWindow, base.slidingWindow);
    put(out, "full_attention_every", model.fullAttentionEvery, base.fullAttentionEvery);
    if (model.mla != base.mla) {
        OrderedJson mla = OrderedJson::object();
        mla["kv_rank"] = model.mla.kvRank;
        mla["q_rank"] = model.mla.qRank;
        mla["rope_dim"] = model.mla.ropeDim;
        mla["v_head_dim"] = model.mla.vHeadDim;
        out["mla"] = std::move(mla);
    }
    put(out, "mtp_layers", model.mtpLayers, base.mtpLayers);
    return out;
}

OrderedJson trainingJson(const TrainingSpec& training) {
    OrderedJson out = OrderedJson::object();
    out["precision"] = enumName(training.precision);
    out["master_weights"] = training.masterWeights;
    out["grad_dtype"] = enumName(training.gradDtype);
    out["optimizer"] = enumName(training.optimizer);
    out["micro_batch"] = training.microBatch;
    out["grad_accumulation"] = training.gradAccumulation;
    if (training.globalBatch) out["global_batch"] = *training.globalBatch;
    out["recompute"] = enumName(training.recompute);
    out["flash_attention"] = training.flashAttention;
    // Fine-tuning and the memory savers only when they leave their defaults, so plans written
    // before them keep their bytes.
    const TrainingSpec defaults;
    if (training.finetune != defaults.finetune) out["finetune"] = enumName(training.finetune);
    if (training.loraRank != defaults.loraRank) out["lora_rank"] = training.loraRank;
    if (training.loraTargets != defaults.loraTargets) {
        OrderedJson targets = OrderedJson::array();
        for (const LoraTargetKey& target : kLoraTargetKeys) {
            if ((training.loraTargets & target.bit) != 0) targets.push_back(target.key);
        }
        out["lora_targets"] = std::move(targets);
    }
    if (training.basePrecision != defaults.basePrecision) {
        out["base_precision"] = enumName(training.basePrecision);
    }
    if (training.doubleQuant != defaults.doubleQuant) out["double_quant"] = training.doubleQuant;
    if (training.pagedOptimizer != defaults.pagedOptimizer) {
        out["paged_optimizer"] = training.pagedOptimizer;
    }
    if (training.activationOffload != defaults.activationOffload) {
        out["activation_offload"] = training.activationOffload;
    }
    if (training.lossChunks != defaults.lossChunks) out["loss_chunks"] = training.lossChunks;
    return out;
}

OrderedJson parallelJson(const ParallelSpec& parallel) {
    OrderedJson out = OrderedJson::object();
    out["dp"] = parallel.dp;
    out["tp"] = parallel.tp;
    out["pp"] = parallel.pp;
    out["cp"] = parallel.cp;
    out["ep"] = parallel.ep;
    out["etp"] = parallel.etp;
    out["virtual_stages"] = parallel.virtualStages;
    out["sequence_parallel"] = parallel.sequenceParallel;
    out["zero_stage"] = parallel.zeroStage;
    out["sharding_group"] = parallel.shardingGroup;
    // The data-parallel semantics only when they leave the frameworks' defaults, so plans
    // written before them keep their bytes.
    if (parallel.gradSync != GradSync::Auto) out["grad_sync"] = enumName(parallel.gradSync);
    if (parallel.paramGather != ParamGather::Auto) {
        out["param_gather"] = enumName(parallel.paramGather);
    }
    if (!parallel.reshardAfterForward) out["reshard_after_forward"] = false;
    out["offload"] = enumName(parallel.offload);
    out["order"] = parallel.order;
    out["schedule"] = enumName(parallel.schedule);
    // The uneven-pipeline keys are written only when set, so an even plan keeps its bytes.
    if (parallel.firstStageLayers != 0) out["first_stage_layers"] = parallel.firstStageLayers;
    if (parallel.lastStageLayers != 0) out["last_stage_layers"] = parallel.lastStageLayers;
    if (parallel.embeddingInSplit) out["embedding_in_split"] = true;
    if (parallel.lossInSplit) out["loss_in_split"] = true;
    if (!parallel.pipelineLayout.empty()) out["pipeline_layout"] = parallel.pipelineLayout;
    return out;
}

OrderedJson gpuJson(const GpuSpec& gpu, const GpuEfficiency& efficiency) {
    const bool tuned = efficiency != GpuEfficiency{};
    if (const auto preset = findGpuPreset(gpu.name); preset && preset->spec == gpu && !tuned) {
        return gpu.name;
    }
    OrderedJson out = OrderedJson::object();
    out["name"] = gpu.name;
    out["memory_bytes"] = gpu.memoryBytes;
    OrderedJson peak = OrderedJson::object();
    peak["bf16"] = gpu.peakTflops.bf16;
    peak["fp16"] = gpu.peakTflops.fp16;
    peak["fp8"] = gpu.peakTflops.fp8;
    peak["fp32"] = gpu.peakTflops.fp32;
    out["peak_tflops"] = std::move(peak);
    out["hbm_gbps"] = gpu.hbmGbps;
    if (tuned) {
        OrderedJson curves = OrderedJson::object();
        curves["gemm"] = efficiency.gemm;
        curves["gemm_fp8"] = efficiency.gemmFp8;
        curves["gemm_half_dim"] = efficiency.gemmHalfDim;
        curves["flash_attention"] = efficiency.flashAttention;
        curves["hbm"] = efficiency.hbm;
        out["efficiency"] = std::move(curves);
    }
    return out;
}

OrderedJson linkJson(const LinkSpec& link) {
    if (const auto preset = findLinkPreset(link.name); preset && preset->spec == link) {
        return link.name;
    }
    OrderedJson out = OrderedJson::object();
    out["name"] = link.name;
    out["gbps"] = link.gbps;
    out["latency_us"] = link.latencyUs;
    return out;
}

OrderedJson clusterJson(const ClusterSpec& cluster) {
    OrderedJson out = OrderedJson::object();
    out["gpu"] = gpuJson(cluster.gpu, cluster.gpuEfficiency);
    out["gpus_per_node"] = cluster.gpusPerNode;
    out["nodes"] = cluster.nodes;
    out["intra_node"] = linkJson(cluster.intraNode);
    out["inter_node"] = linkJson(cluster.interNode);
    // A profile named by path is written as its path (its file holds the rest).
    if (!cluster.profile.path.empty()) {
        out["profile"] = cluster.profile.path;
    } else if (cluster.profile.profile) {
        out["profile"] = profileJsonValue(*cluster.profile.profile, false);
    }
    return out;
}

OrderedJson memoryJson(const MemoryOptions& memory) {
    OrderedJson out = OrderedJson::object();
    out["convention"] = enumName(memory.convention);
    out["fragmentation"] = memory.fragmentation;
    out["safety_margin"] = memory.safetyMargin;
    out["framework_bytes"] = memory.frameworkBytes;
    out["count_comm_buffers"] = memory.countCommBuffers;
    out["ddp_bucket_bytes"] = memory.ddpBucketBytes;
    out["zero_bucket_elements"] = memory.zeroBucketElements;
    out["zero3_prefetch_layers"] = memory.zero3PrefetchLayers;
    out["logits_bytes_per_element"] = memory.logitsBytesPerElement;
    out["recompute_working_set"] = memory.recomputeWorkingSet;
    return out;
}

}  // namespace

OrderedJson measuredJsonValue(const MeasuredFigures& measured) {
    OrderedJson out = OrderedJson::object();
    if (!measured.peakBytesPerStage.empty())
        out["peak_bytes_per_stage"] = measured.peakBytesPerStage;
    if (measured.stepTimeS) out["step_time_s"] = *measured.stepTimeS;
    if (measured.tokensPerSPerGpu) out["tokens_per_s_per_gpu"] = *measured.tokensPerSPerGpu;
    if (measured.tflopsPerGpu) out["tflops_per_gpu"] = *measured.tflopsPerGpu;
    if (measured.mfu) out["mfu"] = *measured.mfu;
    if (measured.samplesPerS) out["samples_per_s"] = *measured.samplesPerS;
    if (measured.peakBytes) out["peak_bytes"] = *measured.peakBytes;
    return out;
}

namespace {

OrderedJson performanceJson(const PerformanceOptions& options) {
    OrderedJson out = OrderedJson::object();
    out["overlap_grad_reduce"] = options.overlapGradReduce;
    out["overlap_param_gather"] = options.overlapParamGather;
    out["overlap_tp_comm"] = options.overlapTpComm;
    out["overlap_p2p"] = options.overlapP2p;
    out["overlap_moe_a2a"] = options.overlapMoeA2a;
    // Written only when changed, so plans saved before it existed keep their bytes.
    if (options.overlapContention != kDefaultOverlapContention)
        out["overlap_contention"] = options.overlapContention;
    out["data_loading_s"] = options.dataLoadingS;
    out["token_budget"] = options.tokenBudget;
    out["price_per_gpu_hour"] = options.pricePerGpuHour;
    return out;
}

OrderedJson checkpointJson(const CheckpointOptions& options) {
    OrderedJson out = OrderedJson::object();
    out["storage_gbps"] = options.storageGbps;
    out["mtbf_hours_per_gpu"] = options.mtbfHoursPerGpu;
    out["restart_s"] = options.restartS;
    return out;
}

}  // namespace

OrderedJson planToJsonValue(const Plan& plan) {
    OrderedJson out = OrderedJson::object();
    out["schema"] = "fourfold.plan/" + std::to_string(kPlanSchemaVersion);
    if (!plan.name.empty()) out["name"] = plan.name;
    out["model"] = modelJson(plan.model);
    out["training"] = trainingJson(plan.training);
    out["parallel"] = parallelJson(plan.parallel);
    out["cluster"] = clusterJson(plan.cluster);
    out["memory"] = memoryJson(plan.memory);
    if (OrderedJson measured = measuredJsonValue(plan.measured); !measured.empty()) {
        out["measured"] = std::move(measured);
    }
    // Written only when changed, so plans saved before these sections existed keep their bytes.
    if (plan.performance != PerformanceOptions{})
        out["performance"] = performanceJson(plan.performance);
    if (plan.checkpoint != CheckpointOptions{}) out["checkpoint"] = checkpointJson(plan.checkpoint);
    return out;
}

}  // namespace fourfold::core::detail
