// SPDX-License-Identifier: MIT
#include "core/memory/finetune_memory.h"

#include "core/memory/detail/figure_terms.h"
#include "core/memory/detail/stage_build.h"
#include "core/model/model_shapes.h"

#include <algorithm>

namespace fourfold::core::detail {
namespace {

constexpr const char* kQloraSource = "Dettmers et al. 2023 (QLoRA), §3; Hu et al. 2021 (LoRA)";
constexpr const char* kLoraSource = "Hu et al. 2021 (LoRA), §4; ZeRO (Rajbhandari et al. 2020)";

// The adapters of one GPU of a stage as a share ZeRO shards and offload moves like any
// parameters: modelStateBytes counts their states.
StageShare adapterShare(const MemoryInputs& in, const StageParameters& stage) {
    const Plan& plan = *in.plan;
    const double perLayer = adapterParametersPerLayer(plan);
    StageShare share;
    share.tensorSplit = perLayer * stage.layerCount;
    share.layer = perLayer;
    // Adafactor factors each r × in and out × r matrix: about (in + out) accumulators per r
    // adapter parameters.
    share.factoredState = share.tensorSplit / std::max(1, plan.training.loraRank);
    return share;
}

// The adapters' states name their parameters as what they are.
void nameAdapterTerms(MemoryItem& item) {
    for (Term& term : item.explain.terms) {
        if (term.symbol != "Φ") continue;
        term.symbol = "Φ_a";
        term.name = "adapter parameters on this rank";
    }
}

// The weights of a fine-tuning run: the frozen base (its layer linears in NF4 under QLoRA) and
// the adapters, sharded together by ZeRO-3 / FSDP (Answer.AI's FSDP-QLoRA shards the 4-bit
// weights as any others).
MemoryItem fineTuneWeights(const MemoryInputs& in, const StageShare& share,
                           const StageParameters& stage, double adapters, double& hostBytes,
                           double& nvmeBytes) {
    const Plan& plan = *in.plan;
    const TrainingSpec& training = plan.training;
    const bool quantised = training.finetune == FineTune::Qlora;
    const double linears = quantised ? quantisableParameters(in, share, stage) : 0.0;
    const double others = std::max(0.0, share.total() - linears);
    const double nf4 = nf4BytesPerParameter(training.doubleQuant);
    const double baseBytes = weightBytesPerParameter(training.basePrecision);
    const int zero = std::clamp(plan.parallel.zeroStage, 0, 3);
    const double shards = zero >= 3 && !holdsUnshardedWeights(plan.parallel) ? in.denseShards : 1;
    const double bytes = (nf4 * linears + baseBytes * others + in.weightBytes * adapters) / shards;
    const bool moved = parametersOffloaded(plan.parallel);
    // modelStateBytes has moved the adapters' weights already; the base follows them.
    if (moved) {
        (plan.parallel.offload == Offload::Nvme ? nvmeBytes : hostBytes) +=
            (nf4 * linears + baseBytes * others) / shards;
    }
    if (!in.explain) return makeItem(moved ? 0.0 : bytes);
    ExplainedFigure figure;
    figure.source = quantised ? kQloraSource : kLoraSource;
    figure.note = quantised ? "frozen 4-bit NF4 base and trained adapters"
                            : "frozen base and trained adapters";
    Expression expression =
        figure.term("w_b", "bytes per frozen base weight", baseBytes, units::kBytesPerParameter) *
        figure.term("Φ_b",
                    quantised ? "base parameters kept in 16 bits on this rank"
                              : "frozen base parameters on this rank",
                    others, units::kParameters);
    if (quantised) {
        expression = figure.term("q", "bytes per NF4 weight with its quantisation constants", nf4,
                                 units::kBytesPerParameter) *
                         figure.term("Φ_q", "base linear-layer parameters in NF4 on this rank",
                                     linears, units::kParameters) +
                     std::move(expression);
    }
    expression =
        std::move(expression) +
        figure.term("w", "bytes per weight", in.weightBytes, units::kBytesPerParameter) *
            figure.term("Φ_a", "adapter parameters on this rank", adapters, units::kParameters);
    if (shards > 1) {
        expression =
            std::move(expression) /
            figure.term("N_d", "ranks sharding the state (ZeRO group)", shards, units::kCount);
    }
    if (moved) {
        expression =
            figure.term("ρ", "share kept on the GPU", 0, units::kCount) * std::move(expression);
        figure.note =
            plan.parallel.offload == Offload::Nvme ? "kept in NVMe" : "kept in CPU memory";
    }
    figure.expression = std::move(expression);
    return makeItem(moved ? 0.0 : bytes, std::move(figure));
}

// A paged optimizer's states live in unified memory: while the activations are held (forward
// and backward) the driver evicts them to the host as the GPU runs short, and pages them back
// for the step, when the activations are gone (QLoRA §3, "Paged Optimizers"). At the peak the
// GPU holds only what the activations leave room for: k·Φ − min(k·Φ, A).
void pageOptimizer(const MemoryInputs& in, double activations, MemoryItem& optimizer,
                   double& hostBytes) {
    const double states = static_cast<double>(optimizer.bytes);
    if (states <= 0) return;
    const double paged = std::min(states, activations);
    hostBytes += paged;
    if (!in.explain) {
        optimizer = makeItem(states - paged);
        return;
    }
    ExplainedFigure figure = optimizer.explain;
    FigureTerms terms(figure, true);
    const Expression whole = figure.expression;
    figure.expression = whole - minExpr(whole, terms("A", "activations held at the peak",
                                                     activations, units::kBytes));
    figure.note = "paged optimizer: evicted to CPU memory while the activations are held";
    figure.source = "Dettmers et al. 2023 (QLoRA), §3";
    optimizer = makeItem(states - paged, std::move(figure));
}

}  // namespace

bool trainsAdapters(const TrainingSpec& training) { return training.finetune != FineTune::Full; }

double nf4BytesPerParameter(bool doubleQuant) {
    // QLoRA §3: blocks of 64 weights, one fp32 absmax each (32/64 = 0.5 bits per weight);
    // double quantisation stores those as 8-bit floats in blocks of 256 with one fp32 constant
    // each: 8/64 + 32/(64 × 256) = 0.127 bits.
    const double constants = doubleQuant ? 8.0 / 64.0 + 32.0 / (64.0 * 256.0) : 32.0 / 64.0;
    return (4.0 + constants) / 8.0;
}

std::vector<AdaptedLinear> adaptedLinears(const Plan& plan) {
    const ModelSpec& m = plan.model;
    const unsigned targets = plan.training.loraTargets;
    const double tp = std::max(1, plan.parallel.tp);
    const double h = std::max(0, m.hidden);
    const bool swiglu = m.mlp == MlpKind::Swiglu;
    std::vector<AdaptedLinear> out;
    // Column-parallel layers split their output over TP (B split, A whole), row-parallel ones
    // their input (A split, B whole): Megatron-LM's layout, which NeMo's LoRA follows.
    const auto add = [&](unsigned target, double inWidth, double outWidth, double copies = 1,
                         double tokens = 1) {
        if ((targets & target) != 0 && copies > 0) {
            out.push_back({target, inWidth, outWidth, copies, tokens});
        }
    };
    add(kLoraQuery, h, queryWidth(m) / tp);
    add(kLoraKey, h, kvWidth(m) / tp);
    add(kLoraValue, h, kvWidth(m) / tp);
    add(kLoraOutput, valueWidth(m) / tp, h);
    const auto mlp = [&](double width, double copies, double tokens) {
        if (swiglu) add(kLoraGate, h, width, copies, tokens);
        add(kLoraUp, h, width, copies, tokens);
        add(kLoraDown, width, h, copies, tokens);
    };
    const double moeShare = isMoe(m) ? moeLayerShare(m) : 0.0;
    if (moeShare < 1.0) mlp(std::max(0, m.ffnHidden) / tp, 1.0 - moeShare, 1.0);
    if (moeShare > 0) {
        // Every routed expert has its adapters (PEFT targets each expert's linears); a local
        // expert sees top-k × ep / experts of the tokens.
        const double experts = std::max(1, m.moe.experts);
        const double ep = std::max(1, plan.parallel.ep);
        const double local = std::max(1.0, experts / ep);
        const double topK = std::min<double>(std::max(1, m.moe.topK), experts);
        mlp(expertFfn(m) / std::max(1, expertTensorParallel(plan.parallel)), moeShare * local,
            topK * ep / experts);
        const double shared =
            m.moe.sharedFfnHidden > 0 ? m.moe.sharedFfnHidden : m.moe.sharedExperts * expertFfn(m);
        if (shared > 0) mlp(shared / tp, moeShare, 1.0);
    }
    return out;
}

double adapterParametersPerLayer(const Plan& plan) {
    if (!trainsAdapters(plan.training)) return 0;
    const double rank = std::max(0, plan.training.loraRank);
    double parameters = 0;
    for (const AdaptedLinear& linear : adaptedLinears(plan)) {
        parameters += linear.copies * rank * (linear.in + linear.out);
    }
    return parameters;
}

double quantisableParameters(const MemoryInputs& in, const StageShare& share,
                             const StageParameters& stage) {
    const ModelReport& model = *in.model;
    const bool moe = isMoe(in.plan->model);
    const double attention = static_cast<double>(model.layer.attention) / in.tp;
    const double mlp = moe ? 0.0 : static_cast<double>(model.layer.mlp) / in.tp;
    return stage.layerCount * (attention + mlp) * model.scale + share.expert;
}

ModelStateBytes fineTuneStateBytes(const MemoryInputs& in, const StageShare& share,
                                   const StageParameters& stage, int inFlight) {
    const TrainingSpec& training = in.plan->training;
    const bool adapters = trainsAdapters(training);
    ModelStateBytes state;
    if (adapters) {
        const StageShare trained = adapterShare(in, stage);
        state = modelStateBytes(in, trained);
        state.weights =
            fineTuneWeights(in, share, stage, trained.total(), state.hostBytes, state.nvmeBytes);
        nameAdapterTerms(state.masterWeights);
        nameAdapterTerms(state.gradients);
        nameAdapterTerms(state.optimizerStates);
    } else {
        state = modelStateBytes(in, share);
    }
    if (!training.pagedOptimizer && !training.activationOffload) return state;
    // The activations this stage holds (lean: figures only), and what offloading moves out.
    MemoryInputs lean = in;
    lean.explain = false;
    StageMemory scratch;
    const StageBuild build{lean, share, stage, inFlight, state, scratch};
    const double activations = static_cast<double>(keptActivationsItem(build).bytes);
    if (training.pagedOptimizer)
        pageOptimizer(in, activations, state.optimizerStates, state.hostBytes);
    if (training.activationOffload) state.hostBytes += offloadedActivationBytes(build);
    return state;
}

}  // namespace fourfold::core::detail
