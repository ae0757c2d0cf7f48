// SPDX-License-Identifier: MIT
// Megatron-LM command-line arguments as a bash snippet. Flag names follow Megatron-LM's
// megatron/training/arguments.py and the config dataclasses it builds flags from (2026 main);
// see docs/frameworks.md for the mapping.
#include "core/frameworks/detail/framework_table.h"
#include "core/plan/plan_enums.h"

#include <algorithm>
#include <sstream>
#include <string>

namespace fourfold::core::detail {
namespace {

class ArgumentList {
public:
    void flag(const std::string& name) { lines_ << "  " << name << "\n"; }
    template <typename Value>
    void value(const std::string& name, const Value& value) {
        lines_ << "  " << name << " " << value << "\n";
    }
    [[nodiscard]] std::string text() const { return lines_.str(); }

private:
    std::ostringstream lines_;
};

// Megatron's --moe-layer-freq as a list, one entry per layer (1: routed experts).
std::string moeLayerPattern(const ModelSpec& model) {
    std::string pattern = "[";
    for (int layer = 0; layer < model.layers; ++layer) {
        const bool moe = layer >= model.moe.firstDenseLayers &&
                         (layer + 1) % std::max(1, model.moe.layerStep) == 0;
        pattern += (layer > 0 ? "," : "") + std::string(moe ? "1" : "0");
    }
    return pattern + "]";
}

// Head size, QK-norm, latent attention and MTP (Megatron-Core's TransformerConfig and
// MLATransformerConfig); the sliding window has no flag here and stays unexpressed.
void architectureArguments(const ModelSpec& model, ArgumentList& args) {
    if (model.headDim > 0 && model.mla.kvRank == 0) args.value("--kv-channels", model.headDim);
    if (model.qkNorm) args.flag("--qk-layernorm");
    if (model.mla.kvRank > 0) {
        const int head =
            model.headDim > 0 ? model.headDim : model.hidden / std::max(1, model.heads);
        args.flag("--multi-latent-attention");
        if (model.mla.qRank > 0) args.value("--q-lora-rank", model.mla.qRank);
        args.value("--kv-lora-rank", model.mla.kvRank);
        args.value("--qk-head-dim", head);
        args.value("--qk-pos-emb-head-dim", model.mla.ropeDim);
        args.value("--v-head-dim", model.mla.vHeadDim > 0 ? model.mla.vHeadDim : head);
    }
    if (model.mtpLayers > 0) args.value("--mtp-num-layers", model.mtpLayers);
}

void modelArguments(const ModelSpec& model, ArgumentList& args) {
    args.value("--num-layers", model.layers);
    args.value("--hidden-size", model.hidden);
    args.value("--num-attention-heads", model.heads);
    if (model.kvHeads != model.heads) {
        args.flag("--group-query-attention");
        args.value("--num-query-groups", model.kvHeads);
    }
    args.value("--ffn-hidden-size", model.ffnHidden);
    args.value("--seq-length", model.sequence);
    args.value("--max-position-embeddings", model.sequence);
    args.value("--vocab-size", model.vocab);
    if (model.mlp == MlpKind::Swiglu) {
        // The plan's SwiGLU family is Llama-style: RMSNorm, rotary positions, no biases.
        args.flag("--swiglu");
        args.value("--normalization", "RMSNorm");
        args.value("--position-embedding-type", "rope");
        args.flag("--disable-bias-linear");
    }
    if (!model.tiedEmbeddings) args.flag("--untie-embeddings-and-output-weights");
    if (model.moe.experts > 1) {
        args.value("--num-experts", model.moe.experts);
        args.value("--moe-router-topk", model.moe.topK);
        if (model.moe.expertFfnHidden > 0) {
            args.value("--moe-ffn-hidden-size", model.moe.expertFfnHidden);
        }
        // Megatron takes the shared experts' total width.
        const int expertWidth =
            model.moe.expertFfnHidden > 0 ? model.moe.expertFfnHidden : model.ffnHidden;
        const int shared = model.moe.sharedFfnHidden > 0 ? model.moe.sharedFfnHidden
                                                         : model.moe.sharedExperts * expertWidth;
        if (shared > 0) args.value("--moe-shared-expert-intermediate-size", shared);
        if (model.moe.firstDenseLayers > 0 || model.moe.layerStep > 1) {
            args.value("--moe-layer-freq", "'" + moeLayerPattern(model) + "'");
        }
    }
    architectureArguments(model, args);
}

void parallelArguments(const ParallelSpec& parallel, ArgumentList& args) {
    args.value("--tensor-model-parallel-size", parallel.tp);
    args.value("--pipeline-model-parallel-size", parallel.pp);
    // Current Megatron-LM takes the interleaving degree as
    // --num-virtual-stages-per-pipeline-rank; the older --num-layers-per-virtual-pipeline-stage
    // (layers per model chunk) still exists but cannot describe uneven stages. Both are read.
    // A layout string gives the chunks itself, and Megatron-LM refuses it beside a chunk count.
    if (!parallel.pipelineLayout.empty()) {
        args.value("--pipeline-model-parallel-layout", "'" + parallel.pipelineLayout + "'");
    } else if (parallel.virtualStages > 1) {
        args.value("--num-virtual-stages-per-pipeline-rank", parallel.virtualStages);
    }
    if (parallel.firstStageLayers > 0) {
        args.value("--decoder-first-pipeline-num-layers", parallel.firstStageLayers);
    }
    if (parallel.lastStageLayers > 0) {
        args.value("--decoder-last-pipeline-num-layers", parallel.lastStageLayers);
    }
    if (parallel.embeddingInSplit) args.flag("--account-for-embedding-in-pipeline-split");
    if (parallel.lossInSplit) args.flag("--account-for-loss-in-pipeline-split");
    args.value("--context-parallel-size", parallel.cp);
    args.value("--expert-model-parallel-size", parallel.ep);
    args.value("--expert-tensor-parallel-size", expertTensorParallel(parallel));
    if (parallel.sequenceParallel) args.flag("--sequence-parallel");
    // ZeRO-1 is Megatron's distributed optimizer; ZeRO-2/3 are Megatron-FSDP's sharding
    // strategies, and Megatron-FSDP (version 1) runs on top of the distributed optimizer.
    if (parallel.zeroStage >= 1) args.flag("--use-distributed-optimizer");
    if (parallel.zeroStage >= 2) {
        args.flag("--use-megatron-fsdp");
        args.value("--data-parallel-sharding-strategy",
                   parallel.zeroStage == 2 ? "optim_grads" : "optim_grads_params");
    }
    // A ZeRO shard over part of the data-parallel ranks: the distributed optimizer's copies.
    if (parallel.zeroStage >= 1 && parallel.shardingGroup > 0 &&
        parallel.shardingGroup < parallel.dp && parallel.dp % parallel.shardingGroup == 0) {
        args.value("--num-distributed-optimizer-instances", parallel.dp / parallel.shardingGroup);
    }
    if (parallel.offload == Offload::OptimizerCpu) args.flag("--optimizer-cpu-offload");
}

// The overlap the step time assumes, as Megatron-LM's flags (each off by default there):
// --overlap-param-gather needs the distributed optimizer and --overlap-grad-reduce, and
// --tp-comm-overlap needs sequence parallelism; what cannot be written is listed as unexpressed.
void overlapArguments(const Plan& plan, ArgumentList& args) {
    const ParallelSpec& parallel = plan.parallel;
    const PerformanceOptions& options = plan.performance;
    const bool replicas = std::int64_t{parallel.dp} * parallel.cp > 1;
    if (replicas && options.overlapGradReduce) args.flag("--overlap-grad-reduce");
    if (replicas && options.overlapGradReduce && options.overlapParamGather &&
        parallel.zeroStage >= 1) {
        args.flag("--overlap-param-gather");
    }
    if (parallel.tp > 1 && parallel.sequenceParallel && options.overlapTpComm) {
        args.flag("--tp-comm-overlap");
    }
    // Megatron-Core's combined 1F1B step that hides one micro-batch's expert all-to-all behind
    // another's compute (ModelParallelConfig.overlap_moe_expert_parallel_comm).
    if (parallel.ep > 1 && options.overlapMoeA2a) args.flag("--overlap-moe-expert-parallel-comm");
}

void trainingArguments(const TrainingSpec& training, ArgumentList& args) {
    args.value("--micro-batch-size", training.microBatch);
    if (training.recompute == Recompute::Full) {
        args.value("--recompute-granularity", "full");
        args.value("--recompute-method", "uniform");
        args.value("--recompute-num-layers", 1);
    } else if (training.recompute == Recompute::Selective) {
        args.value("--recompute-granularity", "selective");
    }
    switch (training.precision) {
        case Precision::Bf16:
            args.flag("--bf16");
            break;
        case Precision::Fp16:
            args.flag("--fp16");
            break;
        case Precision::Fp8:
            args.flag("--bf16");
            args.value("--fp8-format", "hybrid");
            break;
        case Precision::Fp32:
            break;
    }
    switch (training.optimizer) {
        case OptimizerKind::Sgd:
        case OptimizerKind::SgdMomentum:
            args.value("--optimizer", "sgd");
            break;
        case OptimizerKind::Lion:
            args.value("--optimizer", "lion");
            break;
        default:
            args.value("--optimizer", "adam");  // Megatron's Adam decouples weight decay (AdamW)
            break;
    }
    args.value("--attention-backend", training.flashAttention ? "flash" : "unfused");
    // Megatron-Core's fine-grained activation offloading, over every module of a layer it can
    // offload (docs/memory.md counts all of a layer's saved tensors).
    if (training.activationOffload) {
        args.flag("--fine-grained-activation-offloading");
        args.value("--offload-modules",
                   "attn_norm core_attn attn_proj mlp_norm expert_fc1 moe_act");
    }
}

}  // namespace

std::string megatronArguments(const Plan& plan, const std::vector<std::string>& unexpressed) {
    const std::int64_t world = worldSize(plan);
    const int perNode = plan.cluster.gpusPerNode;
    const bool wholeNodes = perNode > 0 && world >= perNode && world % perNode == 0;
    const std::int64_t nodes = wholeNodes ? world / perNode : 1;
    const std::int64_t processesPerNode = wholeNodes ? perNode : world;

    std::ostringstream out;
    out << "#!/usr/bin/env bash\n"
        << "# Megatron-LM arguments for the plan \"" << plan.name << "\", written by Fourfold.\n"
        << "# Global batch " << derivedGlobalBatch(plan) << " = micro-batch "
        << plan.training.microBatch << " x gradient accumulation " << plan.training.gradAccumulation
        << " x data parallel " << plan.parallel.dp << ".\n"
        << "# Megatron derives data parallel (world / (tp x pp x cp)) and the accumulation\n"
        << "# steps (global / (micro x dp)) itself.\n";
    if (!unexpressed.empty()) {
        out << "#\n# Not expressed by these arguments (kept in the Fourfold plan):\n";
        for (const std::string& line : unexpressed) out << "#   " << line << "\n";
    }
    out << "# Planner-only settings (GPU, links, memory options, measurements) are not launch\n"
        << "# arguments.\n\n";

    ArgumentList args;
    modelArguments(plan.model, args);
    parallelArguments(plan.parallel, args);
    overlapArguments(plan, args);
    trainingArguments(plan.training, args);
    args.value("--global-batch-size", derivedGlobalBatch(plan));

    out << "MEGATRON_ARGS=(\n"
        << args.text() << ")\n\n"
        << "torchrun --nnodes " << nodes << " --nproc-per-node " << processesPerNode
        << " pretrain_gpt.py \"${MEGATRON_ARGS[@]}\"\n";
    return out.str();
}

}  // namespace fourfold::core::detail
