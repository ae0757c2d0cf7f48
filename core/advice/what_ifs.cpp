// SPDX-License-Identifier: MIT
#include "core/advice/what_ifs.h"

#include "core/memory/memory_estimate.h"
#include "core/performance/performance.h"
#include "core/plan/plan_patch.h"
#include "core/rules/validate.h"
#include "core/text/checked_math.h"
#include "core/text/coded_text.h"

#include <set>
#include <string>

namespace fourfold::core::detail {
namespace {

// Doubling a model-parallel degree keeps the GPU count when dp can halve; otherwise the job
// grows, and the label says by how much (validation then decides if the cluster has room).
WhatIfCandidate doubled(const Plan& plan, const char* code, int before, int ParallelSpec::*axis,
                        bool newShape) {
    WhatIfCandidate candidate{{code, {{"before", before}, {"after", 2 * before}}}, plan, newShape};
    Plan& trial = candidate.plan;
    trial.parallel.*axis = 2 * before;
    DiagnosticArgs& args = candidate.change.args;
    if (plan.parallel.dp % 2 == 0) {
        trial.parallel.dp = plan.parallel.dp / 2;
        args.emplace_back("dp_before", plan.parallel.dp);
        args.emplace_back("dp_after", trial.parallel.dp);
    } else {
        args.emplace_back("gpus_before", worldSize(plan));
        args.emplace_back("gpus_after", worldSize(trial));
    }
    return candidate;
}

std::vector<WhatIfCandidate> candidates(const Plan& plan) {
    std::vector<WhatIfCandidate> out;
    const ParallelSpec& parallel = plan.parallel;
    const TrainingSpec& training = plan.training;
    if (parallel.zeroStage < 3) {
        Plan trial = plan;
        trial.parallel.zeroStage = std::max(0, parallel.zeroStage) + 1;
        out.push_back({{"what_if.zero_stage",
                        {{"before", parallel.zeroStage}, {"after", trial.parallel.zeroStage}}},
                       trial});
    }
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
    if (parallel.offload == Offload::None) {
        Plan trial = plan;
        trial.parallel.offload = Offload::OptimizerCpu;
        out.push_back({{"what_if.optimizer_offload"}, trial});
    } else if (parallel.offload == Offload::OptimizerCpu && parallel.zeroStage == 3) {
        Plan trial = plan;
        trial.parallel.offload = Offload::OptimizerAndParamsCpu;
        out.push_back({{"what_if.parameter_offload"}, trial});
    }
    return out;
}

// The fields validation rejects in a plan; a change that adds one is never offered (the plan
// itself may already carry errors elsewhere, which a what-if neither causes nor fixes).
std::set<std::string> errorPaths(const Plan& plan) {
    std::set<std::string> paths;
    for (const Diagnostic& diagnostic : validate(plan)) {
        if (diagnostic.severity == Severity::Error) paths.insert(diagnostic.path);
    }
    return paths;
}

std::uint64_t peakOf(const Plan& plan, const ModelReport& model, bool newShape) {
    return newShape ? estimatePeak(plan, analyzeModel(plan)).peakBytes
                    : estimatePeak(plan, model).peakBytes;
}

}  // namespace

std::vector<WhatIf> whatIfs(const Plan& plan, const ModelReport& model, std::uint64_t peakBytes,
                            ScheduleMemo* schedules) {
    WhatIfWork work(plan, model, peakBytes, schedules);
    work.help();
    return work.hints();
}

WhatIfWork::WhatIfWork(const Plan& plan, const ModelReport& model, std::uint64_t peakBytes,
                       ScheduleMemo* schedules)
    : plan_(plan),
      model_(model),
      peakBytes_(peakBytes),
      reference_(plan.memory.convention != MemoryConvention::Fourfold),
      knownErrors_(errorPaths(plan)),
      // Many changes leave the pipeline's shape as it was, and so do successive edits.
      memo_(schedules ? *schedules : own_),
      candidates_(candidates(plan)),
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
    for (std::optional<WhatIf>& hint : hints_) {
        if (hint) out.push_back(std::move(*hint));
    }
    return out;
}

std::optional<WhatIf> WhatIfWork::hintFor(const WhatIfCandidate& candidate) {
    if (candidate.plan == plan_) return std::nullopt;
    for (const std::string& path : errorPaths(candidate.plan)) {
        if (!knownErrors_.contains(path)) return std::nullopt;  // the change adds an error
    }
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
    hint.stepTimeS = predictPerformance(candidate.plan, memo_).stepTimeS;
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
        report.whatIfs = detail::whatIfs(plan, model, report.peakBytes, schedules);
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
