// SPDX-License-Identifier: MIT
#include "core/memory/detail/memory_conventions.h"

#include "core/model/model_shapes.h"

#include <algorithm>
#include <cmath>

namespace fourfold::core::detail {
namespace {

MemoryItem& item(StageMemory& stage, MemoryCategory category) {
    return stage.items[static_cast<std::size_t>(category)];
}

// The references count model state only: every other category is 0 with a note.
void leaveOut(bool explain, StageMemory& stage, const std::string& reference) {
    for (const MemoryCategoryInfo& row : kMemoryCategories) {
        if (!row.modelState)
            item(stage, row.category) = zeroItem(explain, "not counted by " + reference);
    }
}

// k × Ψ / N: bytes per parameter times the parameters, divided by the sharding group.
MemoryItem stateFigure(bool explain, double bytes, double psi, double shards, const char* symbol,
                       const char* perParameter, const char* psiName, const char* source,
                       const std::string& note = {}) {
    const double value = bytes * psi / shards;
    if (!explain) return makeItem(value);
    ExplainedFigure figure;
    figure.source = source;
    figure.note = note;
    figure.expression = figure.term(symbol, perParameter, bytes, units::kBytesPerParameter) *
                        figure.term("Ψ", psiName, psi, units::kParameters);
    if (shards > 1) {
        figure.expression = std::move(figure.expression) /
                            figure.term("N_d", "ranks sharding the state", shards, units::kCount);
    }
    return makeItem(value, std::move(figure));
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
    constexpr const char* kSource = "Rajbhandari et al. 2020 (ZeRO), §3.1: (2 + 2 + K)Ψ";
    const auto state = [&](const char* symbol, const char* name, double bytes, bool sharded) {
        return stateFigure(in.explain, bytes, psi, sharded ? nd : 1.0, symbol, name,
                           "parameters on this rank", kSource);
    };
    // K = 12 for mixed-precision Adam: the fp32 master copy (4) and two moments (8).
    item(stage, MemoryCategory::Weights) = state("w", "bytes per fp16 weight", 2, zero >= 3);
    item(stage, MemoryCategory::Gradients) = state("g", "bytes per fp16 gradient", 2, zero >= 2);
    item(stage, MemoryCategory::MasterWeights) =
        state("m", "bytes per fp32 master weight (part of K = 12)", 4, zero >= 1);
    item(stage, MemoryCategory::OptimizerStates) =
        state("k", "bytes of Adam moments per parameter (part of K = 12)", 8, zero >= 1);
    leaveOut(in.explain, stage, "the ZeRO paper's model-state count");
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
    const bool offloadOptimizer = offloadsOptimizer(plan.parallel.offload);
    const bool offloadParams = offloadsParameters(plan.parallel.offload);
    const char* source = zero < 3 ? "DeepSpeed estimate_zero2_model_states_mem_needs"
                                  : "DeepSpeed estimate_zero3_model_states_mem_needs";

    // Each category's figure over DeepSpeed's own terms Ψ (whole parameters) and G (GPUs).
    // The ZeRO-2 code's own comment splits its lump int(18Ψ/G) into 2 B 16-bit gradients,
    // 4 B fp32 gradients, 4 B fp32 parameters and 8 B moments; ZeRO-3 adds the 2 B weights
    // inside the lump. Each part is ⌊lump × bytes / 18⌋, the moments the remainder.
    enum class Part { None, Whole2, Sharded2, LumpWeights, LumpGradients, LumpMaster, LumpRest };
    const auto evaluatePart = [&](Part part, bool weightsInLump) {
        const double lump = std::floor(18.0 * psi / gpus);
        const double lumpWeights = weightsInLump ? std::floor(lump * 2.0 / 18.0) : 0.0;
        const double lumpGradients = std::floor(lump * (weightsInLump ? 4.0 : 6.0) / 18.0);
        const double lumpMaster = std::floor(lump * 4.0 / 18.0);
        switch (part) {
            case Part::None:
                return 0.0;
            case Part::Whole2:
                return 2.0 * psi;
            case Part::Sharded2:
                return std::floor(2.0 * psi / gpus);
            case Part::LumpWeights:
                return lumpWeights;
            case Part::LumpGradients:
                return lumpGradients;
            case Part::LumpMaster:
                return lumpMaster;
            case Part::LumpRest:
                return lump - lumpWeights - lumpGradients - lumpMaster;
        }
        return 0.0;
    };
    const auto explainPart = [&](Part part, bool weightsInLump, const char* movedNote) {
        ExplainedFigure figure;
        figure.source = source;
        if (part == Part::None) {
            figure.note = movedNote;
            return figure;
        }
        const Expression psiTerm =
            figure.term("Ψ", "parameters on this rank (whole parameters)", psi, units::kParameters);
        if (part == Part::Whole2) {
            figure.expression = 2.0 * psiTerm;
            return figure;
        }
        const Expression gpuTerm = figure.term("G", "GPUs sharding the state", gpus, units::kCount);
        if (part == Part::Sharded2) {
            figure.expression = floorExpr(2.0 * psiTerm / gpuTerm);
            return figure;
        }
        const Expression lump = floorExpr(18.0 * psiTerm / gpuTerm);
        const auto lumpShare = [&](double bytes) {
            return floorExpr(lump * numberExpr(bytes) / 18.0);
        };
        const Expression weights = lumpShare(2.0);
        const Expression gradients = lumpShare(weightsInLump ? 4.0 : 6.0);
        const Expression master = lumpShare(4.0);
        switch (part) {
            case Part::LumpWeights:
                figure.expression = weights;
                break;
            case Part::LumpGradients:
                figure.expression = gradients;
                break;
            case Part::LumpMaster:
                figure.expression = master;
                break;
            default:
                figure.expression =
                    weightsInLump ? lump - weights - gradients - master : lump - gradients - master;
                break;
        }
        return figure;
    };

    Part weights = Part::None, gradients = Part::None, master = Part::None, optimizer = Part::None;
    bool weightsInLump = false;
    double gathered = 0, cpu = 0;
    const char* movedNote = "kept in CPU memory";
    if (zero < 3) {
        weights = Part::Whole2;
        if (offloadOptimizer) {
            cpu = psi * std::max(4.0 * gpus, 16.0) * kBufferFactor;
        } else {
            gradients = Part::LumpGradients;
            master = Part::LumpMaster;
            optimizer = Part::LumpRest;
            cpu = psi * 4.0 * perNode * kBufferFactor;
        }
    } else {
        const double largest = std::floor(static_cast<double>(in.model->largestModule) / in.tp);
        gathered = 4.0 * largest;
        if (offloadOptimizer && offloadParams) {
            cpu = psi * 18.0 / nodes * kBufferFactor;
        } else if (offloadOptimizer) {
            weights = Part::Sharded2;
            cpu = psi * 16.0 / nodes * kBufferFactor;
        } else {
            weightsInLump = true;
            weights = Part::LumpWeights;
            gradients = Part::LumpGradients;
            master = Part::LumpMaster;
            optimizer = Part::LumpRest;
            cpu = largest * 4.0 * perNode * kBufferFactor;
        }
    }
    const auto fill = [&](MemoryCategory category, Part part) {
        const double bytes = evaluatePart(part, weightsInLump);
        item(stage, category) = in.explain
                                    ? makeItem(bytes, explainPart(part, weightsInLump, movedNote))
                                    : makeItem(bytes);
    };
    fill(MemoryCategory::Weights, weights);
    fill(MemoryCategory::Gradients, gradients);
    fill(MemoryCategory::MasterWeights, master);
    fill(MemoryCategory::OptimizerStates, optimizer);
    leaveOut(in.explain, stage, "DeepSpeed's model-state estimator");
    if (gathered > 0) {
        ExplainedFigure figure;
        if (in.explain) {
            figure.source = source;
            figure.expression =
                4.0 * figure.term("M", "parameters of the largest layer on this rank",
                                  gathered / 4.0, units::kParameters);
        }
        item(stage, MemoryCategory::CommBuffers) = makeItem(gathered, std::move(figure));
    } else {
        item(stage, MemoryCategory::CommBuffers) =
            zeroItem(in.explain, "not counted by DeepSpeed's ZeRO-2 estimator", source);
    }
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
    constexpr const char* kSource = "Megatron-LM theoretical_memory_usage.py";
    const char* basis = distributed ? "distributed optimizer: 6 + 12/dp bytes per parameter"
                                    : "18 bytes per parameter";
    // Megatron-Core shards routed experts over the expert data-parallel group, not dp.
    const auto state = [&](double bytes, bool optimizerShard, const char* symbol,
                           const char* perParameter) {
        const double shards = optimizerShard ? sharded : 1.0;
        const double expertShards = optimizerShard ? expertSharded : 1.0;
        const double value = bytes * (shard / shards + expertShard / expertShards);
        if (!in.explain) return makeItem(value);
        ExplainedFigure figure;
        figure.source = kSource;
        figure.note = basis;
        const auto part = [&](double count, double parts, const char* psi, const char* psiName,
                              const char* n, const char* nName) {
            Expression expression = figure.term(psi, psiName, count, units::kParameters);
            if (parts > 1) {
                expression = std::move(expression) / figure.term(n, nName, parts, units::kCount);
            }
            return expression;
        };
        Expression count =
            part(shard, shards, "Ψ", "parameters of this stage's shard (Megatron-LM's count)",
                 "N_d", "ranks sharding the state");
        if (expertShard > 0) {
            count =
                std::move(count) + part(expertShard, expertShards, "Ψ_e",
                                        "expert parameters of this stage's shard", "N_e",
                                        "ranks sharding the expert state (expert data parallel)");
        }
        figure.expression =
            figure.term(symbol, perParameter, bytes, units::kBytesPerParameter) * std::move(count);
        return makeItem(value, std::move(figure));
    };
    item(stage, MemoryCategory::Weights) = state(2, false, "w", "bytes per weight");
    item(stage, MemoryCategory::Gradients) = state(4, false, "g", "bytes per fp32 gradient");
    item(stage, MemoryCategory::MasterWeights) =
        state(4, true, "m", "bytes per fp32 master weight");
    item(stage, MemoryCategory::OptimizerStates) =
        state(8, true, "k", "bytes of Adam moments per parameter");

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
    ExplainedFigure figure;
    figure.source = "Megatron-LM theoretical_memory_usage.py (Korthikanti et al. 2022, Table 2)";
    const bool explain = in.explain;
    const auto term = [&](const char* symbol, const char* name, double value,
                          std::string_view unit) {
        return explain ? figure.term(symbol, name, value, unit) : Expression{};
    };
    const Expression S = term("s", "sequence length", s, units::kTokens);
    const Expression B = term("b", "micro-batch size", b, units::kSequences);
    const Expression H = term("h", "hidden size", h, units::kCount);
    const Expression T = term("t", "tensor-parallel ranks", t, units::kCount);
    const Expression perLayerExpr =
        sp ? S * B * H *
                 (numberExpr(18) + 4.0 * term("f", "FFN hidden size", f, units::kCount) /
                                       (h >= 1 ? H : numberExpr(1)))
           : S * B * H * (numberExpr(10) + numberExpr(24) / T);
    double activations = 0;
    Expression expression;
    if (parameters.stage == 0) {
        const Expression P = term("p", "pipeline stages", p, units::kCount);
        activations = perLayer * layers + 8.0 * s * b * p + s * b * h * p;
        expression = perLayerExpr * term("L", "layers", layers, units::kCount) + 8.0 * S * B * P +
                     S * B * H * P;
        if (in.chunks > 1) {
            activations *= 1.0 + (p - 1.0) / (p * v);
            expression = expression *
                         (numberExpr(1) +
                          (P - 1.0) / (P * term("v", "model chunks per rank", v, units::kCount)));
        } else if (in.pp > 1) {
            activations *= std::min(1.0, static_cast<double>(in.microBatches) / p);
            expression =
                expression *
                minExpr(numberExpr(1),
                        term("m", "micro-batches per step", in.microBatches, units::kCount) / P);
        }
        if (in.pp == 1) {
            const Expression V = term("V", "vocabulary size", vocab, units::kCount);
            activations += sp ? s * b * h * 4.0 * (1.0 + vocab / std::max(1.0, h))
                              : (s * b * vocab / t + s * b * h) * 2.0;
            expression = expression + (sp ? S * B * H * numberExpr(4) *
                                                (numberExpr(1) + V / (h >= 1 ? H : numberExpr(1)))
                                          : (S * B * V / T + S * B * H) * numberExpr(2));
        }
    } else {
        // Megatron reports the first stage only; later stages follow the same per-layer
        // figure with the schedule's in-flight count.
        const double held = std::max(0, inFlight);
        activations = perLayer * parameters.layerCount * held / v;
        expression = perLayerExpr *
                     term("L", "layers on this stage", parameters.layerCount, units::kCount) *
                     term("n", "activation sets in flight", held, units::kCount);
        if (in.chunks > 1) {
            expression = expression / term("v", "model chunks per rank", v, units::kCount);
        }
    }
    if (sp) {
        activations /= t;
        expression = expression / T;
        figure.note = "TP + SP, selective recompute";
    } else {
        activations *= 1.05;
        expression = expression * numberExpr(1.05);
        figure.note = "without SP: sbh(10 + 24/t) per layer, × 1.05";
    }
    leaveOut(in.explain, stage, "Megatron-LM's theoretical memory");
    if (!explain) {
        item(stage, MemoryCategory::Activations) = makeItem(activations);
        return;
    }
    figure.expression = std::move(expression);
    item(stage, MemoryCategory::Activations) = makeItem(activations, std::move(figure));
}

}  // namespace fourfold::core::detail
