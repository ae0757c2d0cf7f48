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
    return batch;
}

}  // namespace

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

    evaluation.measured =
        compareMeasured(plan.measured, evaluation.memory ? &*evaluation.memory : nullptr,
                        evaluation.schedule ? &*evaluation.schedule : nullptr,
                        evaluation.performance ? &*evaluation.performance : nullptr);
    return evaluation;
}

}  // namespace fourfold::core
