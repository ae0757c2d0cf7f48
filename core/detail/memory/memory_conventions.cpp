// SPDX-License-Identifier: MIT
#include "core/detail/memory/memory_conventions.h"

#include "core/detail/model/model_shapes.h"
#include "core/format.h"

#include <algorithm>
#include <cmath>

namespace fourfold::core::detail {
namespace {

MemoryItem& item(StageMemory& stage, MemoryCategory category) {
    return stage.items[static_cast<std::size_t>(category)];
}

void leaveOut(StageMemory& stage, const std::string& reference) {
    for (MemoryCategory category : {MemoryCategory::Activations, MemoryCategory::CommBuffers,
                                    MemoryCategory::Framework, MemoryCategory::Fragmentation}) {
        item(stage, category) =
            makeItem(0, std::string(categoryKey(category)) + ": not counted by " + reference);
    }
}

std::string psiText(double psi, double shards) {
    std::string text = formatScientific(psi);
    if (shards > 1) text += " / " + formatFixed(shards, 0);
    return text;
}

// Megatron-LM's per-layer and block counts (theoretical_memory_usage.py).
struct MegatronCounts {
    double block = 0;      // transformer layers + final norm (experts included)
    double expert = 0;     // the routed experts' MLPs, part of block
    double embedding = 0;  // vocab × hidden
    bool untied = true;
};

MegatronCounts megatronCounts(const ModelSpec& spec) {
    const double h = std::max(0, spec.hidden);
    const double heads = std::max(1, spec.heads);
    const double groups = std::max(0, spec.kvHeads);
    const double normSize = gptStyle(spec) ? 2.0 : 1.0;  // LayerNorm has a bias, RMSNorm not
    const double gated = spec.mlp == MlpKind::Swiglu ? 1.5 : 1.0;
    const double mlpWidth = isMoe(spec) ? expertFfn(spec) * spec.moe.experts
                                        : static_cast<double>(std::max(0, spec.ffnHidden));
    const double attention = 2.0 * h * h * (1.0 + groups / heads);
    const double layer = 2.0 * h * (mlpWidth * gated + normSize) + attention;
    MegatronCounts counts;
    counts.block = std::max(0, spec.layers) * layer + normSize * h;
    if (isMoe(spec)) counts.expert = std::max(0, spec.layers) * 2.0 * h * mlpWidth * gated;
    counts.embedding = h * std::max(0, spec.vocab);
    counts.untied = !spec.tiedEmbeddings;
    return counts;
}

}  // namespace

double megatronParameterCount(const ModelSpec& spec) {
    const MegatronCounts counts = megatronCounts(spec);
    return counts.block + counts.embedding * (counts.untied ? 2.0 : 1.0);
}

void zeroPaperStage(const MemoryInputs& in, const StageShare& share, StageMemory& stage) {
    const int zero = std::clamp(in.plan->parallel.zeroStage, 0, 3);
    const double psi = share.total();
    const double nd = in.denseShards;
    const auto state = [&](const char* name, double bytes, bool sharded, const char* note) {
        const double shards = sharded ? nd : 1.0;
        const double value = bytes * psi / shards;
        return makeItem(value, std::string(name) + " = " + formatFixed(bytes, 0) + " B × " +
                                   psiText(psi, shards) + " = " + bytesText(value) + note);
    };
    // K = 12 for mixed-precision Adam: the fp32 master copy (4) and two moments (8).
    item(stage, MemoryCategory::Weights) = state("weights", 2, zero >= 3, " (ZeRO paper, 2Ψ)");
    item(stage, MemoryCategory::Gradients) = state("gradients", 2, zero >= 2, " (ZeRO paper, 2Ψ)");
    item(stage, MemoryCategory::MasterWeights) =
        state("master weights", 4, zero >= 1, " (ZeRO paper, part of KΨ, K = 12)");
    item(stage, MemoryCategory::OptimizerStates) =
        state("optimizer states", 8, zero >= 1, " (ZeRO paper, part of KΨ, K = 12)");
    leaveOut(stage, "the ZeRO paper's model-state count");
}

double deepSpeedStage(const MemoryInputs& in, const StageShare& share, StageMemory& stage) {
    const Plan& plan = *in.plan;
    const int zero = std::clamp(plan.parallel.zeroStage, 0, 3);
    constexpr double kBufferFactor = 1.5;  // DeepSpeed's additional_buffer_factor default
    // DeepSpeed counts whole parameters (int); ZeRO-0 has no estimator: one rank's share.
    const double psi = std::floor(share.total());
    const double gpus = zero == 0 ? 1.0 : std::max(1.0, in.denseShards);
    const double perNode =
        std::min(gpus, static_cast<double>(std::max(1, plan.cluster.gpusPerNode)));
    const double nodes = std::max(1.0, gpus / perNode);
    const bool offloadOptimizer = plan.parallel.offload != Offload::None;
    const bool offloadParams = plan.parallel.offload == Offload::OptimizerAndParamsCpu ||
                               plan.parallel.offload == Offload::Nvme;
    const std::string psiName =
        "Ψ = " + formatScientific(psi) + ", " + formatFixed(gpus, 0) + " GPUs";

    double weights = 0, gradients = 0, master = 0, optimizer = 0, gathered = 0, cpu = 0;
    std::string how;
    // Split DeepSpeed's lump int(18Ψ/G) (2 B 16-bit grads + 4 B fp32 grads + 4 B fp32 params
    // + 8 B moments in the ZeRO-2 code's own comment) over our categories, exactly.
    const auto splitEighteen = [&](double lump, bool weightsInside) {
        double lumpWeights = 0;
        if (weightsInside) {  // ZeRO-3: 2 weights + 4 gradients + 4 master + 8 moments
            lumpWeights = std::floor(lump * 2.0 / 18.0);
            weights = lumpWeights;
            gradients = std::floor(lump * 4.0 / 18.0);
        } else {
            gradients = std::floor(lump * 6.0 / 18.0);
        }
        master = std::floor(lump * 4.0 / 18.0);
        optimizer = lump - lumpWeights - gradients - master;
    };
    if (zero < 3) {
        if (offloadOptimizer) {
            weights = 2.0 * psi;
            cpu = psi * std::max(4.0 * gpus, 16.0) * kBufferFactor;
            how = "ZeRO-2 + CPU offload: GPU 2Ψ, CPU Ψ·max(4G, 16)·1.5";
        } else {
            weights = 2.0 * psi;
            splitEighteen(std::floor(18.0 * psi / gpus), false);
            cpu = psi * 4.0 * perNode * kBufferFactor;
            how = "ZeRO-2: GPU 2Ψ + int(18Ψ/G), CPU 4Ψ·gpus per node·1.5";
        }
    } else {
        const double largest = std::floor(static_cast<double>(in.model->largestModule) / in.tp);
        gathered = 4.0 * largest;
        if (offloadOptimizer && offloadParams) {
            cpu = psi * 18.0 / nodes * kBufferFactor;
            how = "ZeRO-3 + param and optimizer offload: GPU 4·largest layer, CPU 18Ψ/nodes·1.5";
        } else if (offloadOptimizer) {
            weights = std::floor(2.0 * psi / gpus);
            cpu = psi * 16.0 / nodes * kBufferFactor;
            how = "ZeRO-3 + optimizer offload: GPU 4·largest + int(2Ψ/G), CPU 16Ψ/nodes·1.5";
        } else {
            splitEighteen(std::floor(18.0 * psi / gpus), true);
            cpu = largest * 4.0 * perNode * kBufferFactor;
            how = "ZeRO-3: GPU 4·largest layer + int(18Ψ/G), CPU 4·largest·gpus per node·1.5";
        }
    }
    const double gpuTotal = weights + gradients + master + optimizer + gathered;
    const std::string suffix =
        " (DeepSpeed " + how + "; " + psiName + "; GPU total " + bytesText(gpuTotal) + ")";
    item(stage, MemoryCategory::Weights) =
        makeItem(weights, "weights = " + bytesText(weights) + suffix);
    item(stage, MemoryCategory::Gradients) =
        makeItem(gradients, "gradients = " + bytesText(gradients) + suffix);
    item(stage, MemoryCategory::MasterWeights) =
        makeItem(master, "master weights = " + bytesText(master) + suffix);
    item(stage, MemoryCategory::OptimizerStates) =
        makeItem(optimizer, "optimizer states = " + bytesText(optimizer) + suffix);
    leaveOut(stage, "DeepSpeed's model-state estimator");
    item(stage, MemoryCategory::CommBuffers) = makeItem(
        gathered, gathered > 0
                      ? "comm buffers = 4 B × largest layer " + formatScientific(gathered / 4.0) +
                            " = " + bytesText(gathered) + " (DeepSpeed ZeRO-3)"
                      : "comm buffers: not counted by DeepSpeed's ZeRO-2 estimator");
    return cpu;
}

void megatronStage(const MemoryInputs& in, const StageParameters& parameters, int inFlight,
                   StageMemory& stage) {
    const Plan& plan = *in.plan;
    const ModelSpec& spec = plan.model;
    const MegatronCounts counts = megatronCounts(spec);
    const double p = in.pp, t = in.tp, dp = in.dp, v = in.chunks;
    // A given parameter count scales Megatron's own count to it.
    const double total = counts.block + counts.embedding * (counts.untied ? 2.0 : 1.0);
    const double scale = spec.parameters > 0 && total > 0 ? spec.parameters / total : 1.0;

    // Model state: the most loaded shard (stage 0) holds block / p + the embedding; the others
    // block / p (theoretical_memory_usage.py). Megatron-Core places routed experts over
    // ep × etp ranks and shards their distributed-optimizer state over the expert data-parallel
    // group, world / (etp × ep × pp), as the fourfold convention does; theoretical_memory_usage.py
    // itself leaves experts unsplit, which overstates an EP 8 Mixtral by about 4×.
    const double denseBlock = counts.block - counts.expert;
    double shard = denseBlock / p / t;
    if (parameters.stage == 0) {
        shard = (denseBlock / p + counts.embedding) / t;
        if (counts.untied && in.pp == 1) shard += counts.embedding / t;
    }
    shard *= scale;
    const double expertShard = counts.expert / p / (static_cast<double>(in.ep) * in.etp) * scale;
    const bool distributed = plan.parallel.zeroStage >= 1;
    const double sharded = distributed ? dp : 1.0;
    const double expertSharded = distributed ? in.expertShards : 1.0;
    const std::string basis = distributed ? " (Megatron-LM, distributed optimizer: 6 + 12/" +
                                                formatFixed(dp, 0) + " B per parameter)"
                                          : " (Megatron-LM: 18 B per parameter)";
    const auto state = [&](const char* name, double bytes, bool optimizerShard) {
        const double shards = optimizerShard ? sharded : 1.0;
        const double shards2 = optimizerShard ? expertSharded : 1.0;
        const double value = bytes * (shard / shards + expertShard / shards2);
        // Appended piece by piece: g++ 12 at -O3 reports a false -Wrestrict overlap for
        // "text" + std::string&& (GCC bug 105651).
        std::string psi = psiText(shard, shards);
        if (expertShard > 0) {
            std::string joined = "(";
            joined.append(psi)
                .append(" + ")
                .append(psiText(expertShard, shards2))
                .append(" expert)");
            psi = std::move(joined);
        }
        return makeItem(value, std::string(name) + " = " + formatFixed(bytes, 0) + " B × " + psi +
                                   " = " + bytesText(value) + basis);
    };
    item(stage, MemoryCategory::Weights) = state("weights", 2, false);
    item(stage, MemoryCategory::Gradients) = state("gradients", 4, false);
    item(stage, MemoryCategory::MasterWeights) = state("master weights", 4, true);
    item(stage, MemoryCategory::OptimizerStates) = state("optimizer states", 8, true);

    // Activations: Korthikanti et al. Table 2 as Megatron-LM writes it.
    const double s = std::max(0, spec.sequence);
    const double b = std::max(0, plan.training.microBatch);
    const double h = std::max(0, spec.hidden);
    const double f = std::max(0, spec.ffnHidden);
    const double vocab = std::max(0, spec.vocab);
    const double layers = std::max(0, spec.layers);
    const bool sp = plan.parallel.sequenceParallel && in.tp > 1 &&
                    plan.training.recompute == Recompute::Selective;
    const double perLayer =
        sp ? s * b * h * (18.0 + 4.0 * f / std::max(1.0, h)) : s * b * h * (10.0 + 24.0 / t);
    double activations = 0;
    std::string formula;
    if (parameters.stage == 0) {
        activations = perLayer * layers + 8.0 * s * b * p + s * b * h * p;
        if (in.chunks > 1) {
            activations *= 1.0 + (p - 1.0) / (p * v);
        } else if (in.pp > 1) {
            activations *= std::min(1.0, static_cast<double>(in.microBatches) / p);
        }
        if (in.pp == 1) {
            activations += sp ? s * b * h * 4.0 * (1.0 + vocab / std::max(1.0, h))
                              : (s * b * vocab / t + s * b * h) * 2.0;
        }
        formula = "activations = (L × " + bytesText(perLayer) +
                  " + embedding) × in-flight factor (+ output layer when pp = 1)";
    } else {
        // Megatron reports the first stage only; later stages follow the same per-layer
        // figure with the schedule's in-flight count.
        activations = perLayer * parameters.layerCount * std::max(0, inFlight) / v;
        formula = "activations = " + std::to_string(std::max(0, inFlight)) + " in flight × " +
                  formatFixed(parameters.layerCount / v, 1) + " layers × " + bytesText(perLayer);
    }
    if (sp) {
        activations /= t;
        formula += " / " + formatFixed(t, 0) + " (TP + SP, selective recompute)";
    } else {
        activations *= 1.05;
        formula += " × 1.05 (without SP: sbh(10 + 24/t) per layer)";
    }
    leaveOut(stage, "Megatron-LM's theoretical memory");
    item(stage, MemoryCategory::Activations) =
        makeItem(activations, formula + " = " + bytesText(activations) + " (Megatron-LM)");
}

}  // namespace fourfold::core::detail
