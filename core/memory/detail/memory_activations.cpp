// SPDX-License-Identifier: MIT
#include "core/memory/detail/memory_activations.h"

#include "core/memory/detail/stage_build.h"
#include "core/model/model_shapes.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace fourfold::core::detail {
namespace {

struct Dimensions {
    double tokens = 0;  // b·s / cp: tokens of one micro-batch on this rank
    double sequence = 0;
    double batch = 0;
    double hidden = 0;
    double heads = 0;
    double tensorSplit = 1;    // t
    double sequenceSplit = 1;  // t with sequence parallelism, else 1
};

Dimensions dimensions(const MemoryInputs& in) {
    const Plan& plan = *in.plan;
    Dimensions d;
    d.batch = std::max(0, plan.training.microBatch);
    d.sequence = std::max(0, plan.model.sequence);
    d.tokens = d.batch * d.sequence / in.cp;
    d.hidden = std::max(0, plan.model.hidden);
    d.heads = std::max(0, plan.model.heads);
    d.tensorSplit = in.tp;
    d.sequenceSplit = plan.parallel.sequenceParallel ? in.tp : 1;
    return d;
}

// torch's op-level selective activation checkpointing as torchtitan runs it (torchtitan
// models/llama3/infra/parallelize.py, _save_list with every other matmul saved): per token a layer
// keeps its input, q, v, the attention output, the first MLP matrix's output and the MLP output
// (4h + kv + ffn for Llama 3.1 8B); with TP also the reduce-scattered attention output. Norms,
// rotary, activations and the other matmuls are replayed in backward.
LayerActivations opCheckpointedActivations(const MemoryInputs& in, const Dimensions& d, double e) {
    const ModelSpec& spec = in.plan->model;
    const double T = d.tokens;
    const double tokenHidden = T * d.hidden;
    const bool latent = latentAttention(spec);
    const double values = valueWidth(spec);
    double replicated = 2.0 * tokenHidden;
    if (d.tensorSplit > 1) replicated += tokenHidden;
    double split = T * (queryWidth(spec) + (latent ? values : kvWidth(spec)) + values);
    double expert = 0;
    const double moeShare = moeLayerShare(spec);
    if (isMoe(spec)) {
        expert = moeShare * std::max(1, spec.moe.topK) * T * expertFfn(spec) / in.tp;
        split += moeShare * T * sharedExpertWidth(spec);
        split += (1.0 - moeShare) * T * std::max(0, spec.ffnHidden);
    } else {
        split += T * std::max(0, spec.ffnHidden);
    }
    LayerActivations out;
    out.bytes = e * (replicated / d.sequenceSplit + split / d.tensorSplit + expert);
    out.perTokenHidden = tokenHidden > 0 ? out.bytes / tokenHidden : 0.0;
    out.note = "op-level selective recompute: every other matmul output kept";
    return out;
}

}  // namespace

LayerActivations layerActivations(const MemoryInputs& in, Recompute recompute) {
    const ModelSpec& spec = in.plan->model;
    const Dimensions d = dimensions(in);
    const double e = in.activationBytes;  // 2 B in 16-bit training; dropout masks are 1 B
    const double T = d.tokens;
    const double h = d.hidden;
    const bool dropout = gptStyle(spec);
    LayerActivations out;
    const double tokenHidden = T * h;

    if (recompute == Recompute::Full) {
        // Korthikanti et al. Table 2: only the layer input, 2sbh (split by t with SP).
        out.bytes = e * tokenHidden / d.sequenceSplit;
        out.perTokenHidden = e / d.sequenceSplit;
        out.note = "full recompute: layer input only";
        return out;
    }
    if (recompute == Recompute::SelectiveOp) return opCheckpointedActivations(in, d, e);
    // Parts every TP rank keeps whole (split only by sequence parallelism): the two norm
    // inputs (4sbh), the two norm outputs feeding the projections (4sbh), two dropout masks.
    double replicated = 4.0 * e * tokenHidden;
    if (dropout) replicated += 2.0 * tokenHidden;
    // Parts TP splits: q, k, v (k and v narrower under GQA) and the output projection's input,
    // at the real head size (heads × head_dim, which need not be h).
    const bool latent = latentAttention(spec);
    const double queries = queryWidth(spec);
    const double values = valueWidth(spec);
    // Latent attention expands full keys (of the query width) and values for every head.
    const double keysValues = latent ? queries + values : 2.0 * kvWidth(spec);
    double split = e * T * (queries + values + keysValues);
    double expert = 0;
    const double matrices = spec.mlp == MlpKind::Swiglu ? 3.0 : 2.0;
    // GELU: the fc1 output and the GELU output (16sbh at f = 4h); SwiGLU: gate, up and their
    // product. With first dense layers or interleaved MoE, the mean over the layers.
    const double moeShare = moeLayerShare(spec);
    const double denseMlp = matrices * e * T * std::max(0, spec.ffnHidden);
    if (isMoe(spec)) {
        // Router logits in fp32, the dispatched copies of each token, and top-k expert MLPs.
        const double topK = std::max(1, spec.moe.topK);
        replicated += moeShare * (4.0 * T * spec.moe.experts + e * T * topK * h);
        // An expert rank holds t · etp / tp routed tokens at ffn / etp each (the MoE layer
        // works on each TP rank's sequence-parallel share): t · ffn / tp, whatever etp is.
        expert = moeShare * topK * matrices * e * T * expertFfn(spec) / in.tp;
        if (moeShare < 1.0) split += (1.0 - moeShare) * denseMlp;
    } else {
        split += denseMlp;
    }
    const auto partOf = [&](double bytes) { return tokenHidden > 0 ? bytes / tokenHidden : 0.0; };
    if (latent) {
        // The compressed KV latent with its rotary key, and the query latent, per token
        // (DeepSeek-V2, section 2.1, eq. 9 and 12): computed before the TP split.
        const double latentBytes = e * T *
                                   (std::max(0, spec.mla.kvRank) + std::max(0, spec.mla.ropeDim) +
                                    std::max(0, spec.mla.qRank));
        replicated += latentBytes;
        out.parts.push_back({"c_kv", "compressed key-value latent per layer (DeepSeek-V2 §2.1)",
                             partOf(latentBytes / d.sequenceSplit)});
    }
    if (spec.qkNorm) {
        // The query and key norms keep their inputs for the backward pass.
        const double normBytes = e * T * (queries + (latent ? queries : kvWidth(spec)));
        split += normBytes;
        out.parts.push_back({"c_qk", "query and key norm inputs per layer (Dehghani et al. 2023)",
                             partOf(normBytes / d.tensorSplit)});
    }
    if (isMoe(spec) && (spec.moe.sharedExperts > 0 || spec.moe.sharedFfnHidden > 0)) {
        // Shared experts run on every token, TP-split like a dense MLP (DeepSeekMoE).
        const double width = sharedExpertWidth(spec);
        const double sharedBytes = moeShare * matrices * e * T * width;
        split += sharedBytes;
        out.parts.push_back({"c_se", "shared-expert MLP per layer (DeepSeekMoE, Dai et al. 2024)",
                             partOf(sharedBytes / d.tensorSplit)});
    }
    // The attention matrices (softmax output, its dropout mask and output: 5as²b), unless
    // flash attention never stores them or selective recompute replays them; a sliding
    // window keeps only the scores over its span.
    double core = 0;
    if (!in.plan->training.flashAttention && recompute == Recompute::None) {
        core = d.heads * d.batch * (d.sequence / in.cp) * meanAttentionSpan(spec) *
               (e + (dropout ? 1.0 + e : 0.0));
    }
    out.bytes = replicated / d.sequenceSplit + (split + core) / d.tensorSplit + expert;
    out.perTokenHidden = tokenHidden > 0 ? out.bytes / tokenHidden : 0.0;
    out.note = in.plan->training.flashAttention    ? "flash attention"
               : recompute == Recompute::Selective ? "selective recompute"
                                                   : "attention scores stored";
    return out;
}

MemoryItem activationsItem(const StageBuild& build) {
    const MemoryInputs& in = build.in;
    const StageParameters& stage = build.parameters;
    const int inFlight = build.inFlight;
    const Plan& plan = *in.plan;
    const ModelSpec& spec = plan.model;
    const Dimensions d = dimensions(in);
    const double e = in.activationBytes;
    const Recompute recompute = plan.training.recompute;
    const LayerActivations layer = layerActivations(in, recompute);
    const double sets = std::max(0, inFlight);
    const double layersPerSet = static_cast<double>(stage.layerCount) / in.chunks;
    double bytes = sets * layersPerSet * layer.bytes;

    // n × L / v × s × b / cp × h × c: Korthikanti et al. eq. 2 with c the bracket per token and
    // hidden unit after the TP / SP split, for the tokens one CP rank holds.
    ExplainedFigure figure;
    Expression expression;
    Expression edgeSets;
    if (in.explain) {
        figure.source = "Korthikanti et al. 2022, eq. 2 and Table 2";
        figure.note = layer.note;
        const Expression held = figure.term("n", "activation sets in flight", sets, units::kCount);
        Expression layers =
            held * figure.term("L", "layers on this stage", stage.layerCount, units::kCount);
        edgeSets = held;
        if (in.chunks > 1) {
            const Expression chunks =
                figure.term("v", "model chunks per rank", in.chunks, units::kCount);
            layers = std::move(layers) / chunks;
            edgeSets = ceilExpr(held / chunks);
        }
        Expression tokens = figure.term("s", "sequence length", d.sequence, units::kTokens) *
                            figure.term("b", "micro-batch size", d.batch, units::kSequences);
        if (in.cp > 1) {
            tokens = std::move(tokens) /
                     figure.term("cp", "context-parallel ranks", in.cp, units::kCount);
        }
        // The bracket, with each part today's architectures add as a term of its own.
        double base = layer.perTokenHidden;
        for (const ActivationPart& part : layer.parts) base -= part.perTokenHidden;
        Expression bracket = figure.term("c", "bytes per token per hidden unit in one layer", base,
                                         units::kBytesPerElement);
        for (const ActivationPart& part : layer.parts) {
            bracket = std::move(bracket) + figure.term(part.symbol, part.name, part.perTokenHidden,
                                                       units::kBytesPerElement);
        }
        expression = std::move(layers) * std::move(tokens) *
                     figure.term("h", "hidden size", d.hidden, units::kCount) * std::move(bracket);
    }
    // Embedding and loss buffers belong to one chunk: held by ⌈sets / v⌉ micro-batches.
    const double edgeCount = std::ceil(sets / in.chunks);
    if (stage.hasEmbedding) {
        // Token ids (int64) and, in the GPT family, the embedding dropout mask.
        const double ids = 8.0 * d.tokens;
        const double mask = gptStyle(spec) ? d.tokens * d.hidden / d.sequenceSplit : 0.0;
        bytes += edgeCount * (ids + mask);
        if (in.explain) {
            expression = std::move(expression) +
                         edgeSets * figure.term("E", "embedding buffers per micro-batch",
                                                ids + mask, units::kBytes);
        }
    }
    if (stage.hasHead) {
        // Final norm input, and the logits with the fp32 softmax the loss keeps (split by t
        // over the vocabulary).
        const double norm = e * d.tokens * d.hidden / d.sequenceSplit;
        const double logits = d.tokens * std::max(0, spec.vocab) *
                              std::max(0.0, plan.memory.logitsBytesPerElement) / d.tensorSplit;
        bytes += edgeCount * (norm + logits);
        if (in.explain) {
            expression = std::move(expression) +
                         edgeSets * figure.term("O", "logits and loss buffers per micro-batch",
                                                norm + logits, units::kBytes);
        }
        // DeepSeek-V3's multi-token-prediction modules after the last layer (DeepSeek-V3
        // report, section 2.2): each keeps a layer's activations, its projection's input
        // [norm(h); norm(embedding)] and logits of its own for the extra-token loss.
        const double mtpModules = std::max(0, spec.mtpLayers);
        if (mtpModules > 0) {
            const double perModule =
                layer.bytes + 2.0 * e * d.tokens * d.hidden / d.sequenceSplit + norm + logits;
            bytes += edgeCount * mtpModules * perModule;
            if (in.explain) {
                expression =
                    std::move(expression) + edgeSets *
                                                figure.term("D", "multi-token-prediction modules",
                                                            mtpModules, units::kCount) *
                                                figure.term("M",
                                                            "activations of one prediction module "
                                                            "(DeepSeek-V3 §2.2)",
                                                            perModule, units::kBytes);
            }
        }
    }
    if (recompute == Recompute::Full && plan.memory.recomputeWorkingSet && stage.layerCount > 0) {
        const double working = layerActivations(in, Recompute::None).bytes;
        bytes += working;
        if (in.explain) {
            expression =
                std::move(expression) +
                figure.term("R", "one layer recomputed during backward", working, units::kBytes);
        }
    }
    if (!in.explain) return makeItem(bytes);
    figure.expression = std::move(expression);
    return makeItem(bytes, std::move(figure));
}

}  // namespace fourfold::core::detail
