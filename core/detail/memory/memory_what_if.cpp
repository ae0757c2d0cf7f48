// SPDX-License-Identifier: MIT
#include "core/detail/memory/memory_what_if.h"

#include "core/checked_math.h"
#include "core/detail/memory/memory_estimate.h"

#include <string>

namespace fourfold::core::detail {
namespace {

constexpr int kMicroBatchLimit = 1 << 16;

bool fitsWith(const Plan& plan, const ModelReport& model, int microBatch) {
    Plan trial = plan;
    trial.training.microBatch = microBatch;
    return estimateStages(trial, model, false).fits;
}

std::string arrow(std::int64_t before, std::int64_t after) {
    return std::to_string(before) + " → " + std::to_string(after);
}

// The other degrees stay; dp halves when it can so the GPU count stays, else the job grows.
std::string dpNote(Plan& trial) {
    const auto world = worldSize(trial);
    if (trial.parallel.dp % 2 == 0) {
        const int dp = trial.parallel.dp;
        trial.parallel.dp /= 2;
        return " (dp " + arrow(dp, trial.parallel.dp) + ")";
    }
    const auto doubled = checkedMul<std::int64_t>(world, 2);
    if (!doubled) return " (twice the GPUs)";
    return " (" + std::to_string(world) + " → " + std::to_string(*doubled) + " GPUs)";
}

}  // namespace

std::vector<WhatIf> whatIfs(const Plan& plan, const ModelReport& model, std::uint64_t peakBytes) {
    struct Candidate {
        std::string change;
        Plan plan;
        bool newShape = false;  // the stage split changes: the model report is recomputed
    };
    std::vector<Candidate> candidates;
    const ParallelSpec& parallel = plan.parallel;
    const TrainingSpec& training = plan.training;
    if (parallel.zeroStage < 3) {
        Plan trial = plan;
        trial.parallel.zeroStage = std::max(0, parallel.zeroStage) + 1;
        candidates.push_back(
            {"ZeRO stage " + arrow(parallel.zeroStage, trial.parallel.zeroStage), trial});
    }
    // With flash attention selective recompute has nothing left to drop: no hint.
    if (training.recompute == Recompute::None && !training.flashAttention) {
        Plan trial = plan;
        trial.training.recompute = Recompute::Selective;
        candidates.push_back({"selective recompute", trial});
    }
    if (training.recompute != Recompute::Full) {
        Plan trial = plan;
        trial.training.recompute = Recompute::Full;
        candidates.push_back({"full recompute", trial});
    }
    if (training.microBatch >= 2 && checkedMul(training.gradAccumulation, 2)) {
        Plan trial = plan;
        trial.training.microBatch = training.microBatch / 2;
        trial.training.gradAccumulation = training.gradAccumulation * 2;
        candidates.push_back(
            {"micro-batch " + arrow(training.microBatch, trial.training.microBatch) +
                 " (accumulation " +
                 arrow(training.gradAccumulation, trial.training.gradAccumulation) + ")",
             trial});
    }
    const int tp = std::max(1, parallel.tp);
    if (checkedMul(tp, 2) && plan.model.heads % (2 * tp) == 0 &&
        2 * tp <= plan.cluster.gpusPerNode) {
        Plan trial = plan;
        trial.parallel.tp = 2 * tp;
        const std::string note = dpNote(trial);
        candidates.push_back({"tensor parallel " + arrow(tp, 2 * tp) + note, trial});
    }
    const int pp = std::max(1, parallel.pp);
    if (checkedMul(pp, 2) && 2 * pp <= plan.model.layers) {
        Plan trial = plan;
        trial.parallel.pp = 2 * pp;
        const std::string note = dpNote(trial);
        candidates.push_back({"pipeline stages " + arrow(pp, 2 * pp) + note, trial, true});
    }
    if (parallel.offload == Offload::None) {
        Plan trial = plan;
        trial.parallel.offload = Offload::OptimizerCpu;
        candidates.push_back({"optimizer offload to CPU", trial});
    }

    std::vector<WhatIf> out;
    out.reserve(candidates.size());
    for (const Candidate& candidate : candidates) {
        const MemoryReport report =
            candidate.newShape ? estimateStages(candidate.plan, analyzeModel(candidate.plan), false)
                               : estimateStages(candidate.plan, model, false);
        // A candidate whose figures overflow has no honest number to show: leave it out.
        const auto saved = checkedDifference(peakBytes, report.peakBytes);
        if (!report.overflow.empty() || !saved) continue;
        WhatIf hint;
        hint.change = candidate.change;
        hint.peakBytes = report.peakBytes;
        hint.savedBytes = *saved;
        hint.fits = report.fits;
        out.push_back(std::move(hint));
    }
    return out;
}

int largestFittingMicroBatch(const Plan& plan, const ModelReport& model) {
    if (!fitsWith(plan, model, 1)) return 0;
    // Memory grows with the micro-batch: double until it fails, then bisect.
    int good = 1;
    int bad = 0;
    while (bad == 0) {
        const int next = good * 2;
        if (next > kMicroBatchLimit) return good;
        if (fitsWith(plan, model, next)) {
            good = next;
        } else {
            bad = next;
        }
    }
    while (bad - good > 1) {
        const int middle = good + (bad - good) / 2;
        (fitsWith(plan, model, middle) ? good : bad) = middle;
    }
    return good;
}

}  // namespace fourfold::core::detail
