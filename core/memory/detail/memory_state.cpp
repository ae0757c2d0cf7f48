// SPDX-License-Identifier: MIT
#include "core/memory/detail/memory_state.h"

#include "core/memory/detail/stage_build.h"

#include <algorithm>

namespace fourfold::core::detail {
namespace {

constexpr const char* kZeroSource = "Rajbhandari et al. 2020 (ZeRO), §5: P_os, P_g, P_p";

struct Sharding {
    double dense = 1;
    double expert = 1;
};

// What a state is called in its figure: symbol and name of its bytes per parameter.
struct StateName {
    const char* symbol;
    const char* perParameter;
};

// The GPU's parameters divided by their ZeRO groups: Φ / N_d, or Φ_d / N_d + Φ_e / N_e.
Expression shardedParameters(ExplainedFigure& figure, const StageShare& share, Sharding sharding) {
    const auto part = [&](Expression count, double shards, const char* symbol, const char* name) {
        if (shards <= 1) return count;
        return std::move(count) / figure.term(symbol, name, shards, units::kCount);
    };
    if (share.expert <= 0) {
        return part(figure.term("Φ", "parameters on this rank", share.dense(), units::kParameters),
                    sharding.dense, "N_d", "ranks sharding the state (ZeRO group)");
    }
    Expression dense =
        part(figure.term("Φ_d", "dense parameters on this rank", share.dense(), units::kParameters),
             sharding.dense, "N_d", "ranks sharding the dense state (ZeRO group)");
    Expression expert =
        part(figure.term("Φ_e", "expert parameters on this rank", share.expert, units::kParameters),
             sharding.expert, "N_e", "ranks sharding the expert state (expert data parallel)");
    return std::move(dense) + std::move(expert);
}

// A state moved off the GPU keeps its formula, multiplied by the share left on the GPU (0).
MemoryItem placed(bool explain, double bytes, ExplainedFigure figure, Expression expression,
                  const char* movedTo, double& movedBytes) {
    if (movedTo != nullptr) movedBytes += bytes;
    if (!explain) return makeItem(movedTo != nullptr ? 0.0 : bytes);
    if (movedTo != nullptr) {
        expression =
            figure.term("ρ", "share kept on the GPU", 0, units::kCount) * std::move(expression);
        figure.note = std::string("kept in ") + movedTo;
    }
    figure.expression = std::move(expression);
    return makeItem(movedTo != nullptr ? 0.0 : bytes, std::move(figure));
}

// One state of bytesPerParameter × the GPU's parameters, sharded or not, on the GPU or moved.
MemoryItem stateItem(bool explain, StateName name, double bytesPerParameter,
                     const StageShare& share, Sharding sharding, const char* movedTo,
                     double& movedBytes, const std::string& note = {}) {
    const double bytes =
        bytesPerParameter * (share.dense() / sharding.dense + share.expert / sharding.expert);
    if (!explain) return placed(false, bytes, {}, {}, movedTo, movedBytes);
    ExplainedFigure figure;
    figure.source = kZeroSource;
    figure.note = note;
    Expression perParameter =
        figure.term(name.symbol, name.perParameter, bytesPerParameter, units::kBytesPerParameter);
    Expression count = shardedParameters(figure, share, sharding);
    return placed(true, bytes, std::move(figure), std::move(perParameter) * std::move(count),
                  movedTo, movedBytes);
}

}  // namespace

ModelStateBytes modelStateBytes(const MemoryInputs& in, const StageShare& share) {
    const Plan& plan = *in.plan;
    const int zero = std::clamp(plan.parallel.zeroStage, 0, 3);
    const Offload offload = plan.parallel.offload;
    const Sharding whole{};
    const Sharding sharded{in.denseShards, in.expertShards};
    // Optimizer offload (ZeRO-Offload, Ren et al. 2021 §4) moves master weights, optimizer
    // states and the gradients (reduced bucket by bucket, then copied to the CPU, as DeepSpeed
    // does); parameter offload (ZeRO-Infinity) needs ZeRO-3 and also moves the weight shards.
    const bool toNvme = offload == Offload::Nvme;
    const bool optimizerMoved = offloadsOptimizer(offload);
    const bool paramsMoved = parametersOffloaded(plan.parallel);
    const char* destination = toNvme ? "NVMe" : "CPU memory";

    ModelStateBytes out;
    double moved = 0;
    double movedParams = 0;
    // ZeRO-3 weights stay sharded only while each micro-batch gathers and frees them; gathered
    // once per step, or kept from forward to backward, the stage holds them whole at its peak.
    // Gradients stay sharded only when they are reduced in every micro-batch: accumulated over
    // the step, they are held whole until the one reduction (parallel.grad_sync).
    const bool weightsSharded = zero >= 3 && !holdsUnshardedWeights(plan.parallel);
    const bool gradientsSharded = zero >= 2 && gradSyncPerMicroBatch(plan.parallel);
    out.weights = stateItem(in.explain, {"w", "bytes per weight"}, in.weightBytes, share,
                            weightsSharded ? sharded : whole, paramsMoved ? destination : nullptr,
                            movedParams);
    if (in.masterBytes > 0) {
        out.masterWeights = stateItem(in.explain, {"m", "bytes per master weight (fp32 copy)"},
                                      in.masterBytes, share, zero >= 1 ? sharded : whole,
                                      optimizerMoved ? destination : nullptr, moved);
    } else {
        out.masterWeights = zeroItem(in.explain, plan.training.precision == Precision::Fp32
                                                     ? "none: training in fp32"
                                                     : "none: switched off");
    }
    out.gradients = stateItem(in.explain, {"g", "bytes per gradient"}, in.gradBytes, share,
                              gradientsSharded ? sharded : whole,
                              paramsMoved || optimizerMoved ? destination : nullptr, movedParams);

    const OptimizerKind kind = plan.training.optimizer;
    const Sharding optimizerSharding = zero >= 1 ? sharded : whole;
    if (kind == OptimizerKind::Adafactor) {
        // Factored second moments: 4 B × (rows + cols) per matrix, 4 B per vector element.
        const double bytes = 4.0 * share.factoredState / optimizerSharding.dense;
        ExplainedFigure figure;
        Expression expression;
        if (in.explain) {
            figure.source = "Shazeer & Stern 2018 (Adafactor), §3";
            figure.note = "Adafactor";
            expression =
                figure.term("k", "bytes per accumulator element", 4, units::kBytesPerElement) *
                figure.term("F", "row and column accumulator elements on this rank",
                            share.factoredState, units::kElements);
            if (optimizerSharding.dense > 1) {
                expression = std::move(expression) /
                             figure.term("N_d", "ranks sharding the state (ZeRO group)",
                                         optimizerSharding.dense, units::kCount);
            }
        }
        out.optimizerStates = placed(in.explain, bytes, std::move(figure), std::move(expression),
                                     optimizerMoved ? destination : nullptr, moved);
    } else {
        const double perParameter = optimizerBytesPerParameter(kind);
        out.optimizerStates =
            stateItem(in.explain, {"k", "optimizer bytes per parameter"}, perParameter, share,
                      optimizerSharding, optimizerMoved && perParameter > 0 ? destination : nullptr,
                      moved, optimizerName(kind));
    }
    (toNvme ? out.nvmeBytes : out.hostBytes) += moved + movedParams;
    return out;
}

MemoryItem weightsItem(const StageBuild& build) { return build.state.weights; }
MemoryItem masterWeightsItem(const StageBuild& build) { return build.state.masterWeights; }
MemoryItem gradientsItem(const StageBuild& build) { return build.state.gradients; }
MemoryItem optimizerStatesItem(const StageBuild& build) { return build.state.optimizerStates; }

}  // namespace fourfold::core::detail
