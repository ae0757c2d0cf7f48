// SPDX-License-Identifier: MIT
#include "core/evaluate/evaluation_json.h"

#include "core/memory/memory_json.h"
#include "core/model/model_json.h"
#include "core/performance/performance_json.h"
#include "core/plan/plan_json.h"
#include "core/schedule/schedule_json.h"
#include "core/text/diagnostic_json.h"
#include "core/text/explained_json.h"
#include "core/topology/topology_json.h"

#include <sstream>

namespace fourfold::core {

namespace {

// schedule.ranks[].activation_timeline ([seconds, bytes] steps) and headroom_bytes, when
// memory is estimated (PLAN_FORMAT.md, "Additions").
// The timeline has a step per operation: it follows the operations' mode (left out, or a null
// the streaming writer fills).
void addActivationTimelines(nlohmann::ordered_json& schedule, const Evaluation& evaluation,
                            ListMode operations) {
    if (!evaluation.activations || !schedule.contains("ranks")) return;
    auto& ranks = schedule["ranks"];
    for (const RankActivations& rank : evaluation.activations->ranks) {
        const auto index = static_cast<std::size_t>(rank.rank);
        if (!rank.hasMemory || index >= ranks.size()) continue;
        if (operations == ListMode::Placeholder) {
            ranks[index]["activation_timeline"] = nlohmann::ordered_json();
        } else if (operations == ListMode::Full) {
            auto steps = nlohmann::ordered_json::array();
            for (const ActivationStep& step : rank.steps) {
                steps.push_back(nlohmann::ordered_json::array({step.timeS, step.bytes}));
            }
            ranks[index]["activation_timeline"] = std::move(steps);
        }
        ranks[index]["headroom_bytes"] = rank.headroomBytes;
    }
}

}  // namespace

nlohmann::ordered_json evaluationToJsonValue(const Evaluation& evaluation) {
    return evaluationToJsonValue(evaluation, ListMode::Full, ListMode::Full);
}

nlohmann::ordered_json evaluationToJsonValue(const Evaluation& evaluation, ListMode operations,
                                             ListMode groups) {
    nlohmann::ordered_json json;
    json["schema"] = "fourfold.evaluation/1";
    json["diagnostics"] = diagnosticsToJson(evaluation.diagnostics);
    json["world_size"] = evaluation.worldSize;
    if (evaluation.model) json["model"] = toJson(*evaluation.model);
    json["batch"] = {{"global_batch", evaluation.batch.globalBatch},
                     {"tokens_per_step", evaluation.batch.tokensPerStep},
                     {"formula", evaluation.batch.formula}};
    json["batch"]["explain"] = {{"global_batch", toJson(evaluation.batch.explain)}};
    if (evaluation.memory) json["memory"] = toJson(*evaluation.memory);
    if (evaluation.schedule) {
        json["schedule"] = toJson(*evaluation.schedule, operations);
        addActivationTimelines(json["schedule"], evaluation, operations);
    }
    if (evaluation.topology) json["topology"] = toJson(*evaluation.topology, groups);
    if (evaluation.performance) {
        json["performance"] = toJson(*evaluation.performance);
        if (evaluation.scaling) json["performance"]["scaling"] = toJson(*evaluation.scaling);
    }
    if (evaluation.checkpoint) json["checkpoint"] = toJson(*evaluation.checkpoint);
    const MeasuredComparison& measured = evaluation.measured;
    if (!measured.peakError.empty() || measured.stepTimeError || measured.fullestPeakError) {
        nlohmann::ordered_json comparison;
        auto errors = nlohmann::ordered_json::array();
        for (const auto& error : measured.peakError) {
            errors.push_back(error ? nlohmann::ordered_json(*error) : nlohmann::ordered_json());
        }
        comparison["peak_error_per_stage"] = std::move(errors);
        if (measured.fullestPeakError) comparison["peak_error"] = *measured.fullestPeakError;
        if (measured.stepTimeError) {
            comparison["step_time_error"] = *measured.stepTimeError;
            comparison["step_time_formula"] = measured.stepTimeFormula;
        }
        json["measured"] = std::move(comparison);
    }
    return json;
}

std::string evaluationToJson(const Evaluation& evaluation) {
    std::ostringstream out;
    writeEvaluationJson(out, evaluation);
    return std::move(out).str();
}

nlohmann::ordered_json planWithResultsJsonValue(const Evaluation& evaluation) {
    auto document = nlohmann::ordered_json::parse(planToJson(evaluation.plan), nullptr, false);
    if (document.is_discarded() || !document.is_object())
        document = nlohmann::ordered_json::object();
    document["results"] = evaluationToJsonValue(evaluation);
    return document;
}

std::string planWithResultsJson(const Evaluation& evaluation) {
    return planWithResultsJsonValue(evaluation)
               .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
           "\n";
}

}  // namespace fourfold::core
