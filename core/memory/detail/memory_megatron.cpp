// SPDX-License-Identifier: MIT
// Megatron-LM's theoretical memory (megatron/training/theoretical_memory_usage.py): its own
// parameter count, the distributed optimizer's shards and Korthikanti et al. 2022's activations.
#include "core/memory/detail/figure_terms.h"
#include "core/memory/detail/memory_conventions.h"
#include "core/model/model_shapes.h"

#include <algorithm>
#include <utility>

namespace fourfold::core::detail {
namespace {

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
// Megatron-LM's model-state shard of one GPU (theoretical_memory_usage.py): parameters of the
// dense shard and of the experts' shard, and the ranks the distributed optimizer shards each over.
struct MegatronShards {
    double dense = 0, expert = 0;
    double denseRanks = 1, expertRanks = 1;  // 1 without the distributed optimizer
    const char* basis = "";
};

MegatronShards megatronShards(const MemoryInputs& in, const StageParameters& parameters) {
    const ModelSpec& spec = in.plan->model;
    const MegatronCounts counts = megatronCounts(spec);
    const double p = in.pp, t = in.tp;
    // A given parameter count scales Megatron's own count to it.
    const double total = counts.block + counts.embedding * (counts.untied ? 2.0 : 1.0);
    const double scale = spec.parameters > 0 && total > 0 ? spec.parameters / total : 1.0;
    // The most loaded shard (stage 0) holds block / p + the embedding; the others block / p.
    // Megatron-Core places routed experts over ep × etp ranks and shards their
    // distributed-optimizer state over the expert data-parallel group, world / (etp × ep × pp),
    // as the fourfold convention does; theoretical_memory_usage.py itself leaves experts
    // unsplit, which overstates an EP 8 Mixtral by about 4×.
    const double denseBlock = counts.block - counts.expert;
    double shard = denseBlock / p / t;
    if (parameters.stage == 0) {
        shard = (denseBlock / p + counts.embedding) / t;
        if (counts.untied && in.pp == 1) shard += counts.embedding / t;
    }
    const bool distributed = in.plan->parallel.zeroStage >= 1;
    MegatronShards shards;
    shards.dense = shard * scale;
    shards.expert = counts.expert / p / (static_cast<double>(in.ep) * in.etp) * scale;
    shards.denseRanks = distributed ? static_cast<double>(in.dp) : 1.0;
    shards.expertRanks = distributed ? in.expertShards : 1.0;
    shards.basis = distributed ? "distributed optimizer: 6 + 12/dp bytes per parameter"
                               : "18 bytes per parameter";
    return shards;
}

// `bytes` per parameter of the shard; the master weights and moments (optimizerShard) divided
// over the distributed optimizer's ranks.
MemoryItem megatronState(bool explain, const MegatronShards& shards, double bytes,
                         bool optimizerShard, const char* symbol, const char* perParameter) {
    const double denseRanks = optimizerShard ? shards.denseRanks : 1.0;
    const double expertRanks = optimizerShard ? shards.expertRanks : 1.0;
    const double value = bytes * (shards.dense / denseRanks + shards.expert / expertRanks);
    if (!explain) return makeItem(value);
    ExplainedFigure figure;
    figure.source = "Megatron-LM theoretical_memory_usage.py";
    figure.note = shards.basis;
    const auto part = [&](double count, double ranks, const char* psi, const char* psiName,
                          const char* n, const char* nName) {
        Expression expression = figure.term(psi, psiName, count, units::kParameters);
        if (ranks > 1) {
            expression = std::move(expression) / figure.term(n, nName, ranks, units::kCount);
        }
        return expression;
    };
    Expression count = part(shards.dense, denseRanks, "Ψ",
                            "parameters of this stage's shard (Megatron-LM's count)", "N_d",
                            "ranks sharding the state");
    if (shards.expert > 0) {
        count = std::move(count) + part(shards.expert, expertRanks, "Ψ_e",
                                        "expert parameters of this stage's shard", "N_e",
                                        "ranks sharding the expert state (expert data parallel)");
    }
    figure.expression =
        figure.term(symbol, perParameter, bytes, units::kBytesPerParameter) * std::move(count);
    return makeItem(value, std::move(figure));
}

// Korthikanti et al. 2022, Table 2, as theoretical_memory_usage.py writes it: the sizes it
// reads and one layer's activations of one micro-batch, with their terms.
struct MegatronActivations {
    double s = 0, b = 0, h = 0, vocab = 0, t = 1, p = 1, v = 1;
    bool sp = false;  // sequence parallelism with selective recompute
    double perLayer = 0;
    Expression S, B, H, T, perLayerExpr;
};

MegatronActivations megatronPerLayer(const MemoryInputs& in, FigureTerms& term) {
    const Plan& plan = *in.plan;
    const ModelSpec& spec = plan.model;
    MegatronActivations a;
    a.s = std::max(0, spec.sequence);
    a.b = std::max(0, plan.training.microBatch);
    a.h = std::max(0, spec.hidden);
    a.vocab = std::max(0, spec.vocab);
    a.t = in.tp;
    a.p = in.pp;
    a.v = in.chunks;
    a.sp = plan.parallel.sequenceParallel && in.tp > 1 &&
           plan.training.recompute == Recompute::Selective;
    const double f = std::max(0, spec.ffnHidden);
    a.perLayer = a.sp ? a.s * a.b * a.h * (18.0 + 4.0 * f / std::max(1.0, a.h))
                      : a.s * a.b * a.h * (10.0 + 24.0 / a.t);
    a.S = term("s", "sequence length", a.s, units::kTokens);
    a.B = term("b", "micro-batch size", a.b, units::kSequences);
    a.H = term("h", "hidden size", a.h, units::kCount);
    a.T = term("t", "tensor-parallel ranks", a.t, units::kCount);
    a.perLayerExpr =
        a.sp ? a.S * a.B * a.H *
                   (numberExpr(18) + 4.0 * term("f", "FFN hidden size", f, units::kCount) /
                                         (a.h >= 1 ? a.H : numberExpr(1)))
             : a.S * a.B * a.H * (numberExpr(10) + numberExpr(24) / a.T);
    return a;
}

// Bytes with the formula that gives them.
struct Counted {
    double bytes = 0;
    Expression expression;
};

// The first stage, as Megatron reports it: all layers, the embedding's dropout and input, the
// pipeline's in-flight factor and, without a pipeline, the output layer and loss.
Counted megatronFirstStage(const MegatronActivations& a, const MemoryInputs& in,
                           FigureTerms& term) {
    const double layers = std::max(0, in.plan->model.layers);
    const double s = a.s, b = a.b, h = a.h, p = a.p;
    const Expression& S = a.S;
    const Expression& B = a.B;
    const Expression& H = a.H;
    const Expression P = term("p", "pipeline stages", p, units::kCount);
    Counted out;
    out.bytes = a.perLayer * layers + 8.0 * s * b * p + s * b * h * p;
    out.expression = a.perLayerExpr * term("L", "layers", layers, units::kCount) + 8.0 * S * B * P +
                     S * B * H * P;
    if (in.chunks > 1) {
        out.bytes *= 1.0 + (p - 1.0) / (p * a.v);
        out.expression = out.expression *
                         (numberExpr(1) +
                          (P - 1.0) / (P * term("v", "model chunks per rank", a.v, units::kCount)));
    } else if (in.pp > 1) {
        out.bytes *= std::min(1.0, static_cast<double>(in.microBatches) / p);
        out.expression =
            out.expression *
            minExpr(numberExpr(1),
                    term("m", "micro-batches per step", in.microBatches, units::kCount) / P);
    }
    if (in.pp == 1) {
        const Expression V = term("V", "vocabulary size", a.vocab, units::kCount);
        out.bytes += a.sp ? s * b * h * 4.0 * (1.0 + a.vocab / std::max(1.0, h))
                          : (s * b * a.vocab / a.t + s * b * h) * 2.0;
        out.expression =
            out.expression +
            (a.sp ? S * B * H * numberExpr(4) * (numberExpr(1) + V / (h >= 1 ? H : numberExpr(1)))
                  : (S * B * V / a.T + S * B * H) * numberExpr(2));
    }
    return out;
}

// Megatron reports the first stage only; later stages follow the same per-layer figure with the
// schedule's in-flight count.
Counted megatronLaterStage(const MegatronActivations& a, const MemoryInputs& in,
                           const StageParameters& parameters, int inFlight, FigureTerms& term) {
    const double held = std::max(0, inFlight);
    Counted out;
    out.bytes = a.perLayer * parameters.layerCount * held / a.v;
    out.expression = a.perLayerExpr *
                     term("L", "layers on this stage", parameters.layerCount, units::kCount) *
                     term("n", "activation sets in flight", held, units::kCount);
    if (in.chunks > 1) {
        out.expression = out.expression / term("v", "model chunks per rank", a.v, units::kCount);
    }
    return out;
}

MemoryItem megatronActivationsItem(const MemoryInputs& in, const StageParameters& parameters,
                                   int inFlight) {
    ExplainedFigure figure;
    figure.source = "Megatron-LM theoretical_memory_usage.py (Korthikanti et al. 2022, Table 2)";
    FigureTerms term(figure, in.explain);
    const MegatronActivations a = megatronPerLayer(in, term);
    Counted counted = parameters.stage == 0 ? megatronFirstStage(a, in, term)
                                            : megatronLaterStage(a, in, parameters, inFlight, term);
    if (a.sp) {
        counted.bytes /= a.t;
        counted.expression = counted.expression / a.T;
        figure.note = "TP + SP, selective recompute";
    } else {
        counted.bytes *= 1.05;
        counted.expression = counted.expression * numberExpr(1.05);
        figure.note = "without SP: sbh(10 + 24/t) per layer, × 1.05";
    }
    if (!in.explain) return makeItem(counted.bytes);
    figure.expression = std::move(counted.expression);
    return makeItem(counted.bytes, std::move(figure));
}

}  // namespace

double megatronParameterCount(const ModelSpec& spec) {
    const MegatronCounts counts = megatronCounts(spec);
    return counts.block + counts.embedding * (counts.untied ? 2.0 : 1.0);
}

void megatronStage(const MemoryInputs& in, const StageParameters& parameters, int inFlight,
                   StageMemory& stage) {
    const MegatronShards shards = megatronShards(in, parameters);
    const auto state = [&](double bytes, bool optimizerShard, const char* symbol,
                           const char* perParameter) {
        return megatronState(in.explain, shards, bytes, optimizerShard, symbol, perParameter);
    };
    categoryItem(stage, MemoryCategory::Weights) = state(2, false, "w", "bytes per weight");
    categoryItem(stage, MemoryCategory::Gradients) =
        state(4, false, "g", "bytes per fp32 gradient");
    categoryItem(stage, MemoryCategory::MasterWeights) =
        state(4, true, "m", "bytes per fp32 master weight");
    categoryItem(stage, MemoryCategory::OptimizerStates) =
        state(8, true, "k", "bytes of Adam moments per parameter");
    leaveOut(in.explain, stage, "Megatron-LM's theoretical memory");
    categoryItem(stage, MemoryCategory::Activations) =
        megatronActivationsItem(in, parameters, inFlight);
}

}  // namespace fourfold::core::detail
