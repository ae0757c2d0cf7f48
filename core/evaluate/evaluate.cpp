// SPDX-License-Identifier: MIT
#include "core/evaluate/evaluate.h"

#include "core/advice/what_ifs.h"
#include "core/evaluate/detail/blocked_parts.h"
#include "core/evaluate/detail/side_work.h"
#include "core/performance/measured_step.h"
#include "core/performance/step_figures.h"
#include "core/plan/calibration_profile.h"
#include "core/rules/validate.h"
#include "core/text/checked_math.h"
#include "core/text/format.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

namespace fourfold::core {
namespace {

// Beyond these sizes a part is skipped with a note rather than stalling the app.
constexpr std::int64_t kMaxMappedRanks = detail::kMaxEvaluatedMappedRanks;

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

// The plan, its diagnostics, world size and batch: what every evaluation has, whatever errors.
Evaluation validated(const Plan& plan) {
    Evaluation evaluation;
    evaluation.plan = plan;
    evaluation.diagnostics = validate(plan);
    const auto world = checkedWorldSize(plan);
    if (!world) {
        evaluation.diagnostics.push_back(
            overflowDiagnostic("/parallel", "world size dp × tp × pp × cp"));
    }
    evaluation.worldSize = world.value_or(0);
    evaluation.batch = batchFigures(plan, evaluation.diagnostics);
    return evaluation;
}

void addTopology(Evaluation& evaluation, const Plan& plan) {
    if (evaluation.worldSize > kMaxMappedRanks) {
        evaluation.diagnostics.push_back(makeDiagnostic(Severity::Info, "/parallel",
                                                        "evaluate.too_many_ranks_to_map",
                                                        {{"ranks", evaluation.worldSize}}));
        return;
    }
    evaluation.topology = buildTopology(plan);
    // What the mapping finds (groups that span nodes); validate() has every rule.
    evaluation.diagnostics.insert(evaluation.diagnostics.end(),
                                  evaluation.topology->diagnostics.begin(),
                                  evaluation.topology->diagnostics.end());
}

// The pipeline simulated with the performance model's stage costs, then the step from it (in
// closed form when the schedule is too large to simulate).
void addScheduleAndStep(Evaluation& evaluation, const Plan& plan, ScheduleMemo& schedules) {
    const TopologyReport* topology = evaluation.topology ? &*evaluation.topology : nullptr;
    if (!detail::evaluateSimulatesSchedule(plan)) {
        evaluation.diagnostics.push_back(makeDiagnostic(
            Severity::Info, "/training/grad_accumulation", "evaluate.too_many_operations",
            {{"operations", detail::scheduleOperations(plan)}}));
    } else {
        const auto& parallel = plan.parallel;
        evaluation.schedule = simulateSchedule(
            parallel.schedule, parallel.pp, plan.training.gradAccumulation, parallel.virtualStages,
            scheduleCosts(plan, *evaluation.model, topology), schedules);
    }
    ScheduleResult closedForm;
    closedForm.complete = false;
    evaluation.performance = analyzePerformance(
        plan, *evaluation.model, topology, evaluation.schedule ? *evaluation.schedule : closedForm);
}

void addMemory(Evaluation& evaluation, detail::SideWork& side) {
    evaluation.memory = side.memory();
    if (evaluation.memory && !evaluation.memory->overflow.empty()) {
        evaluation.diagnostics.push_back(
            overflowDiagnostic("/memory", evaluation.memory->overflow));
        evaluation.memory.reset();
    }
}

Evaluation evaluateWith(const Plan& given, ScheduleMemo& schedules, SideWorker* worker) {
    Evaluation evaluation = validated(given);
    // The figures are those of the plan with its calibration profile applied, where it names one
    // (docs/calibration.md); the evaluation keeps the plan as given.
    std::optional<Plan> profiled;
    if (given.cluster.profile.profile) profiled = applyProfile(given);
    const Plan& plan = profiled ? *profiled : given;
    auto& diagnostics = evaluation.diagnostics;
    const detail::BlockedParts blocked = detail::blockedParts(diagnostics);
    if (!blocked.model) evaluation.model = analyzeModel(plan);
    if (!blocked.topology && evaluation.worldSize > 0) addTopology(evaluation, plan);

    // The curves are wanted when the plan has no error, and dropped if one turns up below.
    detail::SideWork side(plan, blocked.memory ? nullptr : &*evaluation.model, schedules,
                          !blocked.schedule && !hasErrors(diagnostics), worker);
    if (!blocked.schedule) addScheduleAndStep(evaluation, plan, schedules);
    if (evaluation.model) {
        evaluation.checkpoint =
            analyzeCheckpoint(plan, *evaluation.model,
                              evaluation.performance ? evaluation.performance->stepTimeS : 0);
    }
    // What needs no memory estimate comes first: meanwhile the other thread finishes it.
    std::optional<ScalingCurves> scaling = side.scalingHere();
    if (!blocked.memory) addMemory(evaluation, side);
    if (evaluation.schedule && evaluation.schedule->complete) {
        evaluation.activations = activationTimelines(
            *evaluation.schedule, evaluation.memory ? &*evaluation.memory : nullptr,
            plan.parallel.virtualStages);
    }
    side.helpWithWhatIfs();
    if (std::optional<ScalingCurves> beside = side.finish()) scaling = std::move(beside);
    if (side.hasWhatIfs() && evaluation.memory) evaluation.memory->whatIfs = side.whatIfs();
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
