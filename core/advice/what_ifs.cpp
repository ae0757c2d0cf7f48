// SPDX-License-Identifier: MIT
#include "core/advice/what_ifs.h"

#include "core/advice/memory_saver_what_ifs.h"
#include "core/memory/memory_estimate.h"
#include "core/performance/performance.h"
#include "core/plan/plan_patch.h"
#include "core/rules/validate.h"
#include "core/text/checked_math.h"
#include "core/text/coded_text.h"

#include <algorithm>
#include <set>
#include <string>

namespace fourfold::core::detail {
namespace {

// Doubling a model-parallel degree keeps the GPU count when dp can halve, and the accumulation
// doubles so the global batch stays; otherwise the job grows, and the label says by how much
// (validation then decides if the cluster has room).
WhatIfCandidate doubled(const Plan& plan, const char* code, int before, int ParallelSpec::*axis,
                        bool newShape) {
    WhatIfCandidate candidate{{code, {{"before", before}, {"after", 2 * before}}}, plan, newShape};
    Plan& trial = candidate.plan;
    trial.parallel.*axis = 2 * before;
    DiagnosticArgs& args = candidate.change.args;
    const int accumulation = plan.training.gradAccumulation;
    if (plan.parallel.dp % 2 == 0 && checkedMul(accumulation, 2)) {
        trial.parallel.dp = plan.parallel.dp / 2;
        trial.training.gradAccumulation = 2 * accumulation;
        args.emplace_back("dp_before", plan.parallel.dp);
        args.emplace_back("dp_after", trial.parallel.dp);
        args.emplace_back("accumulation_before", accumulation);
        args.emplace_back("accumulation_after", trial.training.gradAccumulation);
    } else {
        args.emplace_back("gpus_before", worldSize(plan));
        args.emplace_back("gpus_after", worldSize(trial));
    }
    return candidate;
}

WhatIfCandidate zeroStage(const Plan& plan, int stage) {
    Plan trial = plan;
    trial.parallel.zeroStage = stage;
    return {{"what_if.zero_stage", {{"before", plan.parallel.zeroStage}, {"after", stage}}}, trial};
}

std::vector<WhatIfCandidate> candidates(const Plan& plan, int largestFittingMicroBatch = 0) {
    std::vector<WhatIfCandidate> out;
    const ParallelSpec& parallel = plan.parallel;
    const TrainingSpec& training = plan.training;
    if (parallel.zeroStage < 3) out.push_back(zeroStage(plan, std::max(0, parallel.zeroStage) + 1));
    // With flash attention selective recompute has nothing left to drop: no hint.
    if (training.recompute == Recompute::None && !training.flashAttention) {
        Plan trial = plan;
        trial.training.recompute = Recompute::Selective;
        out.push_back({{"what_if.selective_recompute"}, trial});
    }
    if (training.recompute != Recompute::Full) {
        Plan trial = plan;
        trial.training.recompute = Recompute::Full;
        out.push_back({{"what_if.full_recompute"}, trial});
    }
    if (training.microBatch >= 2 && checkedMul(training.gradAccumulation, 2)) {
        Plan trial = plan;
        trial.training.microBatch = training.microBatch / 2;
        trial.training.gradAccumulation = training.gradAccumulation * 2;
        out.push_back({{"what_if.micro_batch",
                        {{"before", training.microBatch},
                         {"after", trial.training.microBatch},
                         {"accumulation_before", training.gradAccumulation},
                         {"accumulation_after", trial.training.gradAccumulation}}},
                       trial});
    }
    // Degrees past int's range cannot double; validation rejects them long before anyway.
    if (checkedMul(std::max(1, parallel.tp), 2)) {
        out.push_back(doubled(plan, "what_if.tensor_parallel", std::max(1, parallel.tp),
                              &ParallelSpec::tp, false));
    }
    if (checkedMul(std::max(1, parallel.pp), 2)) {
        out.push_back(doubled(plan, "what_if.pipeline_stages", std::max(1, parallel.pp),
                              &ParallelSpec::pp, true));
    }
    // The largest micro-batch that fits, the accumulation kept: the global batch follows it.
    if (largestFittingMicroBatch > 0 && largestFittingMicroBatch != training.microBatch) {
        Plan trial = plan;
        trial.training.microBatch = largestFittingMicroBatch;
        out.push_back({{"what_if.largest_micro_batch",
                        {{"before", training.microBatch},
                         {"after", largestFittingMicroBatch},
                         {"accumulation", training.gradAccumulation}}},
                       trial});
    }
    if (parallel.offload == Offload::None) {
        Plan trial = plan;
        trial.parallel.offload = Offload::OptimizerCpu;
        out.push_back({{"what_if.optimizer_offload"}, trial});
    } else if (parallel.offload == Offload::OptimizerCpu && parallel.zeroStage == 3) {
        Plan trial = plan;
        trial.parallel.offload = Offload::OptimizerAndParamsCpu;
        out.push_back({{"what_if.parameter_offload"}, trial});
    }
    addMemorySaverCandidates(plan, out);
    return out;
}

// What validation holds against a plan: the fields it rejects, and the layout warnings
// (rejectsLayout: ZeRO 2/3 with a pipeline, a pipeline that never fills) by code. A change
// that adds one is never offered, as the layout search never ranks such a layout; the plan
// itself may already carry some elsewhere, which a what-if neither causes nor fixes.
std::set<std::string> problems(const Plan& plan) {
    std::set<std::string> found;
    for (const Diagnostic& diagnostic : validate(plan)) {
        if (diagnostic.severity == Severity::Error) {
            found.insert(diagnostic.path);
        } else if (rejectsLayout(diagnostic) && !isTensorPlacementWarning(diagnostic)) {
            found.insert(diagnostic.code);
        }
    }
    return found;
}

std::uint64_t peakOf(const Plan& plan, const ModelReport& model, bool newShape) {
    return newShape ? estimatePeak(plan, analyzeModel(plan)).peakBytes
                    : estimatePeak(plan, model).peakBytes;
}

}  // namespace

std::vector<WhatIf> whatIfs(const Plan& plan, const ModelReport& model, std::uint64_t peakBytes,
                            ScheduleMemo* schedules, int largestFittingMicroBatch) {
    WhatIfWork work(plan, model, peakBytes, schedules, largestFittingMicroBatch);
    work.help();
    return work.hints();
}

WhatIfWork::WhatIfWork(const Plan& plan, const ModelReport& model, std::uint64_t peakBytes,
                       ScheduleMemo* schedules, int largestFittingMicroBatch)
    : plan_(plan),
      model_(model),
      peakBytes_(peakBytes),
      reference_(plan.memory.convention != MemoryConvention::Fourfold),
      knownProblems_(problems(plan)),
      // Many changes leave the pipeline's shape as it was, and so do successive edits.
      memo_(schedules ? *schedules : own_),
      candidates_(candidates(plan, largestFittingMicroBatch)),
      hints_(candidates_.size()) {
    // Under a reference convention, the full accounting tells a change the reference cannot
    // represent (Megatron's formula has no offload) from one that really saves nothing.
    Plan full = plan;
    full.memory.convention = MemoryConvention::Fourfold;
    fullPeak_ = reference_ ? peakOf(full, model, false) : peakBytes;
}

void WhatIfWork::help() {
    for (std::size_t index = next_++; index < candidates_.size(); index = next_++) {
        hints_[index] = hintFor(candidates_[index]);
    }
}

std::vector<WhatIf> WhatIfWork::hints() {
    std::vector<WhatIf> out;
    for (const std::optional<WhatIf>& hint : hints_) {
        if (hint) out.push_back(*hint);
    }
    const bool oneFits =
        std::any_of(out.begin(), out.end(), [](const WhatIf& hint) { return hint.fits; });
    // A reference convention's peak cannot judge a pair (its formula may miss either change).
    if (!oneFits && !reference_) {
        if (!pairs_) pairs_ = pairs();
        out.insert(out.end(), pairs_->begin(), pairs_->end());
    }
    return out;
}

bool WhatIfWork::addsAnError(const Plan& plan) const {
    for (const std::string& problem : problems(plan)) {
        if (!knownProblems_.contains(problem)) return true;
    }
    return false;
}

void WhatIfWork::time(const Plan& plan, WhatIf& hint) {
    const PerformanceReport performance = predictPerformance(plan, memo_);
    hint.stepTimeS = performance.stepTimeS;
    hint.tokensPerS = performance.tokensPerS;
    hint.globalBatch = derivedGlobalBatch(plan);
}

std::vector<WhatIf> WhatIfWork::pairs() {
    // Every second change from each first one (the obvious changes of the changed plan), once
    // per resulting plan; two turns of the same knob are one change, not a pair.
    struct Pair {
        CodedText change;
        Plan plan;
        std::uint64_t peakBytes = 0;
        std::int64_t worldSize = 0;
        bool fits = false;
    };
    std::vector<Pair> fitting;
    std::vector<Plan> seen;
    // Beside the single changes, ZeRO straight to a later stage is one change too (a pair's
    // second change never turns the same knob again).
    std::vector<WhatIfCandidate> firsts = candidates_;
    for (int stage = std::max(0, plan_.parallel.zeroStage) + 2; stage <= 3; ++stage) {
        firsts.push_back(zeroStage(plan_, stage));
    }
    for (const WhatIfCandidate& first : firsts) {
        if (first.change.code == "what_if.largest_micro_batch") continue;
        for (const WhatIfCandidate& second : candidates(first.plan)) {
            if (second.change.code == first.change.code) continue;
            const Plan& combined = second.plan;
            if (combined == plan_ || combined == first.plan) continue;
            if (std::find(seen.begin(), seen.end(), combined) != seen.end()) continue;
            seen.push_back(combined);
            if (addsAnError(combined)) continue;
            const bool newShape = first.newShape || second.newShape;
            const MemoryPeak peak = newShape ? estimatePeak(combined, analyzeModel(combined))
                                             : estimatePeak(combined, model_);
            if (peak.overflow || peak.peakBytes >= peakBytes_) continue;
            CodedText change{"what_if.both", {}};
            change.args.emplace_back("first", renderCodedText(first.change, Language::English));
            appendCodedArgs(change.args, "first", first.change);
            change.args.emplace_back("second", renderCodedText(second.change, Language::English));
            appendCodedArgs(change.args, "second", second.change);
            fitting.push_back(
                {std::move(change), combined, peak.peakBytes, worldSize(combined), peak.fits});
        }
    }
    // When some pairs fit: those that keep the job's GPUs first, then the least memory; the few
    // timed, the fastest offered. When none fits: the ones that come closest.
    const bool anyFits =
        std::any_of(fitting.begin(), fitting.end(), [](const Pair& pair) { return pair.fits; });
    if (anyFits) std::erase_if(fitting, [](const Pair& pair) { return !pair.fits; });
    const std::int64_t gpus = worldSize(plan_);
    std::sort(fitting.begin(), fitting.end(), [gpus, anyFits](const Pair& a, const Pair& b) {
        if (!anyFits) return a.peakBytes < b.peakBytes;
        const bool keepsA = a.worldSize == gpus;
        const bool keepsB = b.worldSize == gpus;
        if (keepsA != keepsB) return keepsA;
        if (a.worldSize != b.worldSize) return a.worldSize < b.worldSize;
        return a.peakBytes < b.peakBytes;
    });
    const std::size_t timed = anyFits ? kMostPairsTimed : kPairsOffered;
    if (fitting.size() > timed) fitting.resize(timed);
    std::vector<WhatIf> out;
    for (Pair& pair : fitting) {
        // As for one change: a pair whose saving cannot be represented has no honest figure.
        const auto saved = checkedDifference(peakBytes_, pair.peakBytes);
        if (!saved) continue;
        WhatIf hint;
        hint.changeText = std::move(pair.change);
        hint.change = renderCodedText(hint.changeText, Language::English);
        hint.changes = 2;
        hint.patch = planPatch(plan_, pair.plan);
        hint.worldSize = pair.worldSize;
        hint.peakBytes = pair.peakBytes;
        hint.savedBytes = *saved;
        hint.fits = pair.fits;
        time(pair.plan, hint);
        out.push_back(std::move(hint));
    }
    if (anyFits) {
        std::stable_sort(out.begin(), out.end(), [](const WhatIf& a, const WhatIf& b) {
            return a.stepTimeS < b.stepTimeS;
        });
    }
    if (out.size() > kPairsOffered) out.resize(kPairsOffered);
    return out;
}

std::optional<WhatIf> WhatIfWork::hintFor(const WhatIfCandidate& candidate) {
    if (candidate.plan == plan_) return std::nullopt;
    if (addsAnError(candidate.plan)) return std::nullopt;
    const MemoryPeak report = candidate.newShape
                                  ? estimatePeak(candidate.plan, analyzeModel(candidate.plan))
                                  : estimatePeak(candidate.plan, model_);
    // A candidate whose figures overflow has no honest number to show: leave it out.
    const auto saved = checkedDifference(peakBytes_, report.peakBytes);
    if (report.overflow || !saved) return std::nullopt;
    WhatIf hint;
    hint.changeText = candidate.change;
    hint.change = renderCodedText(candidate.change, Language::English);
    hint.modelled = report.peakBytes != peakBytes_;
    if (!hint.modelled) {
        Plan fullTrial = candidate.plan;
        fullTrial.memory.convention = MemoryConvention::Fourfold;
        const bool changesSomething =
            reference_ && peakOf(fullTrial, model_, candidate.newShape) != fullPeak_;
        if (!changesSomething) return std::nullopt;  // nothing would change: not worth offering
    }
    hint.patch = planPatch(plan_, candidate.plan);
    hint.worldSize = worldSize(candidate.plan);
    hint.peakBytes = report.peakBytes;
    hint.savedBytes = *saved;
    hint.fits = report.fits;
    time(candidate.plan, hint);
    return hint;
}

bool needsWhatIfs(const MemoryReport& report) {
    return report.capacityBytes > 0 && !report.stages.empty() && !report.fits;
}

}  // namespace fourfold::core::detail

namespace fourfold::core {

MemoryReport estimateMemoryWithWhatIfs(const Plan& plan, const ModelReport& model,
                                       ScheduleMemo* schedules) {
    MemoryReport report = estimateMemory(plan, model);
    if (detail::needsWhatIfs(report)) {
        report.whatIfs = detail::whatIfs(plan, model, report.peakBytes, schedules,
                                         report.largestFittingMicroBatch);
    }
    return report;
}

void prepareWhatIfs(const Plan& plan, const ModelReport& model, std::uint64_t peakBytes,
                    ScheduleMemo& schedules) {
    (void)detail::whatIfs(plan, model, peakBytes, &schedules);
    // A larger micro-batch, the edit most likely to stop a plan fitting, brings one what-if a
    // micro-batch of 1 has not: half the micro-batch at twice the accumulation, a pipeline of
    // twice the micro-batches.
    if (plan.training.microBatch >= 2 || !checkedMul(plan.training.gradAccumulation, 2)) return;
    Plan longer = plan;
    longer.training.gradAccumulation *= 2;
    if (!hasErrors(validate(longer))) (void)predictPerformance(longer, schedules);
}

}  // namespace fourfold::core
