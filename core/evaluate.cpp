// SPDX-License-Identifier: MIT
#include "core/evaluate.h"

#include "core/validate.h"

#include <algorithm>
#include <string>

namespace fourfold::core {
namespace {

// Beyond these sizes a part is skipped with a note rather than stalling the app.
constexpr std::int64_t kMaxSimulatedOps = 4'000'000;
constexpr std::int64_t kMaxMappedRanks = 1 << 20;

bool blocked(const std::vector<Diagnostic>& diagnostics,
             std::initializer_list<std::string_view> prefixes) {
    return hasErrorsUnder(diagnostics, prefixes);
}

BatchFigures batchFigures(const Plan& plan) {
    BatchFigures batch;
    batch.globalBatch = derivedGlobalBatch(plan);
    batch.tokensPerStep = batch.globalBatch * plan.model.sequence;
    // Narayanan et al. 2021 §2: B = b × a × d; TP and PP never multiply it.
    batch.formula = std::to_string(batch.globalBatch) + " = " +
                    std::to_string(plan.training.microBatch) + " × " +
                    std::to_string(plan.training.gradAccumulation) + " × " +
                    std::to_string(plan.parallel.dp);
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

}  // namespace

ScheduleCosts scheduleCosts(const Plan& plan, const ModelReport& model,
                            const TopologyReport* topology) {
    const auto& parallel = plan.parallel;
    const int stages = std::max(1, parallel.pp);
    const int chunks = std::max(1, parallel.virtualStages);
    const double flopRate = peakFlops(plan.cluster.gpu, plan.training.precision) *
                            kAchievableFlopsFraction * std::max(1, parallel.tp) *
                            std::max(1, parallel.cp);
    const bool split =
        parallel.schedule == ScheduleKind::ZbH1 || parallel.schedule == ScheduleKind::ZbH2;
    const bool fullRecompute = plan.training.recompute == Recompute::Full;

    ScheduleCosts costs;
    const auto slots = static_cast<std::size_t>(stages) * static_cast<std::size_t>(chunks);
    costs.forwardS.assign(slots, 0.0);
    costs.backwardS.assign(slots, 0.0);
    costs.weightGradS.assign(slots, 0.0);
    for (int chunk = 0; chunk < chunks; ++chunk) {
        for (int rank = 0; rank < stages; ++rank) {
            const auto index = static_cast<std::size_t>(chunk * stages + rank);
            double flops = 0;
            if (static_cast<std::size_t>(rank) < model.stages.size()) {
                flops =
                    model.stages[static_cast<std::size_t>(rank)].forwardFlopsPerMicroBatch / chunks;
            }
            const double forward = flopRate > 0 ? flops / flopRate : 0.0;
            // Backward costs twice the forward (one matmul each for input and weight grads);
            // full recompute replays the forward first.
            const double recompute = fullRecompute ? forward : 0.0;
            costs.forwardS[index] = forward;
            if (split) {
                costs.backwardS[index] = forward + recompute;
                costs.weightGradS[index] = forward;
            } else {
                costs.backwardS[index] = 2.0 * forward + recompute;
            }
        }
    }
    // One micro-batch's boundary activation (b × s × h in the training dtype), sent between
    // neighbouring stages; split over TP ranks with sequence parallelism and over CP ranks.
    const double elementBytes = plan.training.precision == Precision::Fp32 ? 4.0 : 2.0;
    double transferBytes = static_cast<double>(plan.training.microBatch) * plan.model.sequence *
                           plan.model.hidden * elementBytes / std::max(1, parallel.cp);
    if (parallel.sequenceParallel) transferBytes /= std::max(1, parallel.tp);
    const bool crossesNodes = topology != nullptr ? topology->pp.crossNodeGroups > 0
                                                  : worldSize(plan) > plan.cluster.gpusPerNode;
    const LinkSpec& link = crossesNodes ? plan.cluster.interNode : plan.cluster.intraNode;
    if (stages > 1 && link.gbps > 0) {
        costs.transferS = transferBytes / (link.gbps * 1e9) + link.latencyUs * 1e-6;
    }
    return costs;
}

Evaluation evaluate(const Plan& plan) {
    Evaluation evaluation;
    evaluation.plan = plan;
    evaluation.diagnostics = validate(plan);
    evaluation.worldSize = worldSize(plan);
    evaluation.batch = batchFigures(plan);
    auto& diagnostics = evaluation.diagnostics;

    const bool modelBlocked =
        blocked(diagnostics, {"/model", "/parallel/pp", "/parallel/virtual_stages"});
    if (!modelBlocked) evaluation.model = analyzeModel(plan);

    const bool topologyBlocked =
        blocked(diagnostics,
                {"/parallel/dp", "/parallel/tp", "/parallel/pp", "/parallel/cp", "/parallel/ep",
                 "/parallel/etp", "/parallel/order", "/cluster/gpus_per_node"});
    if (!topologyBlocked) {
        if (evaluation.worldSize > kMaxMappedRanks) {
            diagnostics.push_back({Severity::Info, "/parallel",
                                   "The job has " + std::to_string(evaluation.worldSize) +
                                       " ranks, too many to map rank by rank."});
        } else {
            evaluation.topology = buildTopology(plan);
            // validate() already reports some of the same rules (order, node count): keep one
            // diagnostic per field and severity.
            for (const Diagnostic& extra : evaluation.topology->diagnostics) {
                const bool known =
                    std::any_of(diagnostics.begin(), diagnostics.end(), [&](const auto& d) {
                        return d.path == extra.path && d.severity == extra.severity;
                    });
                if (!known) diagnostics.push_back(extra);
            }
        }
    }

    const bool scheduleBlocked =
        modelBlocked ||
        blocked(diagnostics, {"/parallel/pp", "/parallel/virtual_stages", "/parallel/schedule",
                              "/parallel/tp", "/parallel/cp", "/training/grad_accumulation",
                              "/training/micro_batch", "/cluster/gpu"});
    if (!scheduleBlocked) {
        const auto& parallel = plan.parallel;
        const std::int64_t ops =
            std::int64_t{parallel.pp} * parallel.virtualStages * plan.training.gradAccumulation * 3;
        if (ops > kMaxSimulatedOps) {
            diagnostics.push_back({Severity::Info, "/training/grad_accumulation",
                                   "The pipeline schedule has " + std::to_string(ops) +
                                       " operations, too many to simulate; memory still uses "
                                       "the closed-form in-flight counts."});
        } else {
            evaluation.schedule = simulateSchedule(
                parallel.schedule, parallel.pp, plan.training.gradAccumulation,
                parallel.virtualStages,
                scheduleCosts(plan, *evaluation.model,
                              evaluation.topology ? &*evaluation.topology : nullptr));
        }
    }

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
    if (!memoryBlocked) evaluation.memory = estimateMemory(plan, *evaluation.model);

    evaluation.measured =
        compareMeasured(plan.measured, evaluation.memory ? &*evaluation.memory : nullptr,
                        evaluation.schedule ? &*evaluation.schedule : nullptr);
    return evaluation;
}

}  // namespace fourfold::core
