// SPDX-License-Identifier: MIT
#include "core/memory/detail/memory_conventions.h"

#include <algorithm>
#include <utility>

namespace fourfold::core::detail {
namespace {

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

}  // namespace

// The references count model state only: every other category is 0 with a note.
void leaveOut(bool explain, StageMemory& stage, const std::string& reference) {
    for (const MemoryCategoryInfo& row : kMemoryCategories) {
        if (!row.modelState)
            categoryItem(stage, row.category) = zeroItem(explain, "not counted by " + reference);
    }
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
    categoryItem(stage, MemoryCategory::Weights) =
        state("w", "bytes per fp16 weight", 2, zero >= 3);
    categoryItem(stage, MemoryCategory::Gradients) =
        state("g", "bytes per fp16 gradient", 2, zero >= 2);
    categoryItem(stage, MemoryCategory::MasterWeights) =
        state("m", "bytes per fp32 master weight (part of K = 12)", 4, zero >= 1);
    categoryItem(stage, MemoryCategory::OptimizerStates) =
        state("k", "bytes of Adam moments per parameter (part of K = 12)", 8, zero >= 1);
    leaveOut(in.explain, stage, "the ZeRO paper's model-state count");
}

}  // namespace fourfold::core::detail
