// SPDX-License-Identifier: MIT
#include "core/evaluate/evaluate.h"

#include "core/advice/what_ifs.h"
#include "core/performance/measured_step.h"
#include "core/performance/step_figures.h"
#include "core/plan/calibration_profile.h"
#include "core/rules/validate.h"
#include "core/text/checked_math.h"
#include "core/text/format.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <future>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

namespace fourfold::core {
namespace {

// Beyond these sizes a part is skipped with a note rather than stalling the app.
constexpr std::int64_t kMaxMappedRanks = detail::kMaxEvaluatedMappedRanks;

bool blocked(const std::vector<Diagnostic>& diagnostics,
             std::initializer_list<std::string_view> prefixes) {
    return hasErrorsUnder(diagnostics, prefixes);
}

// An overflowing product leaves its figures at 0 and raises an error instead of a wrapped value.
BatchFigures batchFigures(const Plan& plan, std::vector<Diagnostic>& diagnostics) {
    BatchFigures batch;
    const std::string factors = std::to_string(plan.training.microBatch) + " × " +
                                std::to_string(plan.training.gradAccumulation) + " × " +
                                std::to_string(plan.parallel.dp);
    const auto global = checkedGlobalBatch(plan);
    if (!global) {
        diagnostics.push_back(overflowDiagnostic(
            "/training/global_batch", "global batch micro_batch × grad_accumulation × dp"));
        batch.formula = "overflow = " + factors;
        return batch;
    }
    const auto tokens = checkedMul<std::int64_t>(*global, plan.model.sequence);
    if (!tokens) {
        diagnostics.push_back(overflowDiagnostic("/training/global_batch",
                                                 "tokens per step global batch × sequence"));
    }
    batch.globalBatch = *global;
    batch.tokensPerStep = tokens.value_or(0);
    // Narayanan et al. 2021 §2: B = b × a × d; TP and PP never multiply it.
    batch.formula = std::to_string(batch.globalBatch) + " = " + factors;
    ExplainedFigure& figure = batch.explain;
    figure.expression =
        figure.term("b", "micro-batch size", plan.training.microBatch, units::kSequences) *
        figure.term("a", "gradient-accumulation steps", plan.training.gradAccumulation,
                    units::kCount) *
        figure.term("dp", "data-parallel replicas", plan.parallel.dp, units::kCount);
    orderTermsByFormula(figure);
    figure.value = static_cast<double>(batch.globalBatch);
    figure.unit = std::string(units::kSequences);
    figure.source = "Narayanan et al. 2021, §2: TP and PP never multiply the batch";
    return batch;
}

// Names the fullest stage, its peak against the usable bytes, and the first change that fits.
// "Does not fit" is a finding about the plan: a coded warning that names the numbers and, when
// one exists, a single change that makes it fit.
Diagnostic doesNotFit(const MemoryReport& memory) {
    std::size_t fullest = 0;
    for (std::size_t stage = 0; stage < memory.stages.size(); ++stage) {
        if (memory.stages[stage].totalBytes > memory.stages[fullest].totalBytes) fullest = stage;
    }
    DiagnosticArgs args;
    if (memory.stages.size() > 1) args.emplace_back("stage", static_cast<std::int64_t>(fullest));
    args.emplace_back("peak_bytes", memory.peakBytes);
    args.emplace_back("over_bytes",
                      memory.peakBytes - std::min(memory.peakBytes, memory.usableBytes));
    args.emplace_back("usable_bytes", memory.usableBytes);
    args.emplace_back("capacity_bytes", memory.capacityBytes);
    const auto fitting = std::find_if(memory.whatIfs.begin(), memory.whatIfs.end(),
                                      [](const WhatIf& whatIf) { return whatIf.fits; });
    if (fitting != memory.whatIfs.end()) {
        args.emplace_back("fitting_change", fitting->change);
        // The change as its code and args too, so the sentence renders it in any language.
        appendCodedArgs(args, "fitting_change", fitting->changeText);
        args.emplace_back("fitting_peak_bytes", fitting->peakBytes);
    }
    return makeDiagnostic(Severity::Warning, "/memory", "memory.does_not_fit", std::move(args));
}

// Starts `work` on `worker`, else on another thread where one can be started, else it runs
// when its result is asked for. The caller asks before it returns, so what the work refers to
// outlives it.
template <typename Work>
auto beside(SideWorker* worker, Work work) -> std::future<decltype(work())> {
    if (worker) return worker->run(std::move(work));
    try {
        return std::async(std::launch::async, std::move(work));
    } catch (const std::system_error&) {
        return std::async(std::launch::deferred, std::move(work));
    }
}

// What the work beside an evaluation hands back besides the memory estimate and what-ifs.
struct SideResults {
    std::optional<ScalingCurves> scaling;
};

// Whether the work beside an evaluation is begun by the side thread or called off by the
// evaluation, whichever comes first. An evaluation that has done everything itself (the side
// thread was slow to start: a woken thread can wait milliseconds for a CPU that other programs
// hold) calls the work off rather than wait for a thread to begin work with nothing left to do.
class SideClaim {
public:
    // For the side thread: true if it may begin; then it is waited for.
    [[nodiscard]] bool begin() {
        int expected = kOpen;
        return state_.compare_exchange_strong(expected, kBegun);
    }
    // For the evaluation: true if the side thread has begun and must be waited for.
    [[nodiscard]] bool callOff() {
        int expected = kOpen;
        return !state_.compare_exchange_strong(expected, kCalledOff) && expected == kBegun;
    }

private:
    static constexpr int kOpen = 0;
    static constexpr int kBegun = 1;
    static constexpr int kCalledOff = 2;
    std::atomic<int> state_{kOpen};
};

// Waits for the work beside an evaluation when it goes out of scope, unless it can still be
// called off: the work refers to what is on the evaluation's stack.
class WaitOnExit {
public:
    WaitOnExit(const std::future<SideResults>& future, SideClaim& claim)
        : future_(future), claim_(claim) {}
    ~WaitOnExit() {
        if (future_.valid() && claim_.callOff()) future_.wait();
    }
    WaitOnExit(const WaitOnExit&) = delete;
    WaitOnExit& operator=(const WaitOnExit&) = delete;

private:
    const std::future<SideResults>& future_;
    SideClaim& claim_;
};

Evaluation evaluateWith(const Plan& plan, ScheduleMemo& schedules, SideWorker* worker);

}  // namespace

Evaluation evaluate(const Plan& plan) {
    ScheduleMemo schedules;
    return evaluate(plan, schedules);
}

Evaluation evaluate(const Plan& plan, ScheduleMemo& schedules) {
    return evaluateWith(plan, schedules, nullptr);
}

Evaluation evaluate(const Plan& plan, ScheduleMemo& schedules, SideWorker& worker) {
    return evaluateWith(plan, schedules, &worker);
}

std::int64_t pipelineOperations(const Plan& plan) { return detail::scheduleOperations(plan); }

namespace {

Evaluation evaluateWith(const Plan& given, ScheduleMemo& schedules, SideWorker* worker) {
    Evaluation evaluation;
    evaluation.plan = given;
    evaluation.diagnostics = validate(given);
    // The figures are those of the plan with its calibration profile applied, where it names one
    // (docs/calibration.md); the evaluation keeps the plan as given.
    std::optional<Plan> profiled;
    if (given.cluster.profile.profile) profiled = applyProfile(given);
    const Plan& plan = profiled ? *profiled : given;
    auto& diagnostics = evaluation.diagnostics;
    const auto world = checkedWorldSize(plan);
    if (!world) {
        diagnostics.push_back(overflowDiagnostic("/parallel", "world size dp × tp × pp × cp"));
    }
    evaluation.worldSize = world.value_or(0);
    evaluation.batch = batchFigures(plan, diagnostics);

    const bool modelBlocked =
        blocked(diagnostics, {"/model", "/parallel/pp", "/parallel/virtual_stages"});
    if (!modelBlocked) evaluation.model = analyzeModel(plan);

    const bool topologyBlocked =
        blocked(diagnostics,
                {"/parallel/dp", "/parallel/tp", "/parallel/pp", "/parallel/cp", "/parallel/ep",
                 "/parallel/etp", "/parallel/order", "/cluster/gpus_per_node"});
    if (!topologyBlocked && world) {
        if (evaluation.worldSize > kMaxMappedRanks) {
            diagnostics.push_back(makeDiagnostic(Severity::Info, "/parallel",
                                                 "evaluate.too_many_ranks_to_map",
                                                 {{"ranks", evaluation.worldSize}}));
        } else {
            evaluation.topology = buildTopology(plan);
            // What the mapping finds (groups that span nodes); validate() has every rule.
            diagnostics.insert(diagnostics.end(), evaluation.topology->diagnostics.begin(),
                               evaluation.topology->diagnostics.end());
        }
    }

    const bool scheduleBlocked =
        modelBlocked ||
        blocked(diagnostics, {"/parallel/pp", "/parallel/virtual_stages", "/parallel/schedule",
                              "/parallel/tp", "/parallel/cp", "/training/grad_accumulation",
                              "/training/micro_batch", "/cluster/gpu"});
    const bool memoryBlocked =
        modelBlocked || std::any_of(diagnostics.begin(), diagnostics.end(), [](const auto& d) {
            if (d.severity != Severity::Error) return false;
            const std::string_view path(d.path);
            if (path.substr(0, 22) == "/training/global_batch") return false;
            for (std::string_view prefix :
                 {"/training", "/parallel", "/memory", "/cluster/gpu", "/model"}) {
                if (path.substr(0, prefix.size()) == prefix) return true;
            }
            return false;
        });
    // Beside this thread, from the start: the memory estimate (the plan alone decides it), then
    // the what-ifs when the plan does not fit (the slowest part of such a plan), then the
    // scaling curves unless this thread took them meanwhile. This thread simulates the
    // schedule, takes the curves itself if the other is still busy when it gets to them, works
    // the estimate out itself if the other has not started it yet (waking a thread can take
    // longer than the estimate), and then takes what-ifs too until none is left.
    // The curves are wanted when the plan has no error, and dropped if one turns up below.
    std::atomic<bool> scalingTaken{scheduleBlocked || hasErrors(diagnostics)};
    std::atomic<bool> memoryTaken{memoryBlocked};
    // The estimate is published by a signal without a value, so that this thread takes the
    // report itself rather than a copy of it (a shared future hands out only copies).
    std::optional<MemoryReport> estimated;
    std::promise<void> memoryPromise;
    std::shared_future<void> memoryEstimate;
    if (!memoryBlocked) memoryEstimate = memoryPromise.get_future().share();
    std::optional<detail::WhatIfWork> whatIfs;  // set before the estimate is published
    const auto runMemoryEstimate = [&plan, &model = *evaluation.model, &schedules, &memoryPromise,
                                    &estimated, &whatIfs] {
        try {
            MemoryReport& memory = estimated.emplace(core::estimateMemory(plan, model));
            if (memory.overflow.empty() && detail::needsWhatIfs(memory)) {
                whatIfs.emplace(plan, model, memory.peakBytes, &schedules);
            }
            memoryPromise.set_value();
        } catch (...) {
            memoryPromise.set_exception(std::current_exception());
        }
    };
    std::future<SideResults> side;
    // Shared with the work, which may begin after the evaluation is over when called off: it
    // then touches nothing else it refers to.
    const auto claim = std::make_shared<SideClaim>();
    if (!memoryBlocked || !scalingTaken) {
        side = beside(worker, [claim, &plan, &scalingTaken, &memoryTaken, &memoryEstimate, &whatIfs,
                               &runMemoryEstimate] {
            SideResults results;
            if (!claim->begin()) return results;
            if (!memoryTaken.exchange(true)) runMemoryEstimate();
            if (memoryEstimate.valid()) {
                memoryEstimate.wait();
                if (whatIfs) whatIfs->help();
            }
            if (!scalingTaken.exchange(true)) results.scaling = scalingCurves(plan);
            return results;
        });
    }
    // Waited for (or called off) before this returns, whatever happens: the work refers to
    // what is here.
    const WaitOnExit waited(side, *claim);
    // Where no thread could be started, the work runs now, before its memory estimate is asked.
    if (side.valid() && side.wait_for(std::chrono::seconds(0)) == std::future_status::deferred) {
        side.wait();
    }
    if (!scheduleBlocked) {
        const auto& parallel = plan.parallel;
        const std::int64_t ops = detail::scheduleOperations(plan);
        if (!detail::evaluateSimulatesSchedule(plan)) {
            diagnostics.push_back(makeDiagnostic(Severity::Info, "/training/grad_accumulation",
                                                 "evaluate.too_many_operations",
                                                 {{"operations", ops}}));
        } else {
            evaluation.schedule = simulateSchedule(
                parallel.schedule, parallel.pp, plan.training.gradAccumulation,
                parallel.virtualStages,
                scheduleCosts(plan, *evaluation.model,
                              evaluation.topology ? &*evaluation.topology : nullptr),
                schedules);
        }
    }

    if (!scheduleBlocked) {
        // A schedule too large to simulate is costed in closed form (complete = false).
        ScheduleResult closedForm;
        closedForm.complete = false;
        evaluation.performance = analyzePerformance(
            plan, *evaluation.model, evaluation.topology ? &*evaluation.topology : nullptr,
            evaluation.schedule ? *evaluation.schedule : closedForm);
    }
    if (evaluation.model) {
        evaluation.checkpoint =
            analyzeCheckpoint(plan, *evaluation.model,
                              evaluation.performance ? evaluation.performance->stepTimeS : 0);
    }
    // What needs no memory estimate comes first: meanwhile the other thread finishes it.
    std::optional<ScalingCurves> scaling;
    if (!scalingTaken.exchange(true)) scaling = scalingCurves(plan);

    if (memoryEstimate.valid()) {
        if (!memoryTaken.exchange(true)) runMemoryEstimate();
        memoryEstimate.get();
        evaluation.memory = std::move(estimated);
        if (!evaluation.memory->overflow.empty()) {
            diagnostics.push_back(overflowDiagnostic("/memory", evaluation.memory->overflow));
            evaluation.memory.reset();
        }
    }

    if (evaluation.schedule && evaluation.schedule->complete) {
        evaluation.activations = activationTimelines(
            *evaluation.schedule, evaluation.memory ? &*evaluation.memory : nullptr,
            plan.parallel.virtualStages);
    }
    if (whatIfs) whatIfs->help();
    // Everything the side thread would do is done here if it has not begun.
    if (side.valid() && claim->callOff()) {
        SideResults results = side.get();
        if (results.scaling) scaling = std::move(results.scaling);
    }
    if (whatIfs && evaluation.memory) evaluation.memory->whatIfs = whatIfs->hints();
    if (evaluation.memory && !evaluation.memory->fits) {
        // Not fitting is a finding about a well-formed plan, not a broken input: a warning, so
        // the figures stay computed and `fourfold-cli evaluate` still exits 0.
        diagnostics.push_back(doesNotFit(*evaluation.memory));
    }

    // Other sizes of a plan with errors would only repeat them (no error is added below the
    // performance figures: "does not fit" is a warning).
    if (scaling && !hasErrors(diagnostics)) evaluation.scaling = std::move(scaling);
    // A measured throughput stands for the step time it implies (core/performance/measured_step.h).
    MeasuredFigures measured = plan.measured;
    if (evaluation.performance && !measured.stepTimeS) {
        if (const auto implied = measuredStepTime(measured, plan, *evaluation.performance)) {
            measured.stepTimeS = implied->seconds;
        }
    }
    evaluation.measured =
        compareMeasured(measured, evaluation.memory ? &*evaluation.memory : nullptr,
                        evaluation.schedule ? &*evaluation.schedule : nullptr,
                        evaluation.performance ? &*evaluation.performance : nullptr);
    return evaluation;
}

}  // namespace
}  // namespace fourfold::core
