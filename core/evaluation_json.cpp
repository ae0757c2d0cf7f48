// SPDX-License-Identifier: MIT
#include "core/evaluation_json.h"

#include "core/explained_json.h"
#include "core/memory_json.h"
#include "core/model_json.h"
#include "core/schedule_json.h"
#include "core/topology_json.h"

namespace fourfold::core {

nlohmann::ordered_json evaluationToJsonValue(const Evaluation& evaluation) {
    nlohmann::ordered_json json;
    json["schema"] = "fourfold.evaluation/1";
    auto diagnostics = nlohmann::ordered_json::array();
    for (const Diagnostic& d : evaluation.diagnostics) {
        nlohmann::ordered_json item;
        item["severity"] = std::string(severityName(d.severity));
        item["path"] = d.path;
        item["message"] = d.message;
        diagnostics.push_back(std::move(item));
    }
    json["diagnostics"] = std::move(diagnostics);
    json["world_size"] = evaluation.worldSize;
    if (evaluation.model) json["model"] = toJson(*evaluation.model);
    json["batch"] = {{"global_batch", evaluation.batch.globalBatch},
                     {"tokens_per_step", evaluation.batch.tokensPerStep},
                     {"formula", evaluation.batch.formula}};
    json["batch"]["explain"] = {{"global_batch", toJson(evaluation.batch.explain)}};
    if (evaluation.memory) json["memory"] = toJson(*evaluation.memory);
    if (evaluation.schedule) json["schedule"] = toJson(*evaluation.schedule);
    if (evaluation.topology) json["topology"] = toJson(*evaluation.topology);
    const MeasuredComparison& measured = evaluation.measured;
    if (!measured.peakError.empty() || measured.stepTimeError) {
        nlohmann::ordered_json comparison;
        auto errors = nlohmann::ordered_json::array();
        for (const auto& error : measured.peakError) {
            errors.push_back(error ? nlohmann::ordered_json(*error) : nlohmann::ordered_json());
        }
        comparison["peak_error_per_stage"] = std::move(errors);
        if (measured.stepTimeError) {
            comparison["step_time_error"] = *measured.stepTimeError;
            comparison["step_time_formula"] = measured.stepTimeFormula;
        }
        json["measured"] = std::move(comparison);
    }
    return json;
}

std::string evaluationToJson(const Evaluation& evaluation) {
    // error_handler::replace: a stray invalid UTF-8 byte in a plan name must not throw.
    return evaluationToJsonValue(evaluation)
               .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
           "\n";
}

}  // namespace fourfold::core
