// SPDX-License-Identifier: MIT
// The evaluation object of PLAN_FORMAT.md ("schema": "fourfold.evaluation/1"). Parts the
// engine could not compute are absent, never faked.
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/text/json_lists.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

namespace fourfold::core {

[[nodiscard]] nlohmann::ordered_json evaluationToJsonValue(const Evaluation& evaluation);
// 2-space indent and a final newline.
[[nodiscard]] std::string evaluationToJson(const Evaluation& evaluation);

// The plan (as planToJson writes it) with a "results" key holding the evaluation object: the
// "export with results" document. The evaluation carries the plan it describes.
[[nodiscard]] nlohmann::ordered_json planWithResultsJsonValue(const Evaluation& evaluation);
// 2-space indent and a final newline.
[[nodiscard]] std::string planWithResultsJson(const Evaluation& evaluation);

struct EvaluationJsonOptions {
    bool operations = true;  // the schedule's per-rank operation lists ("ops")
    bool groups = true;      // the topology's group lists ("groups")

    bool operator==(const EvaluationJsonOptions&) const = default;
};
// The tree with the chosen lists left out, or as null placeholders (ListMode::Placeholder).
[[nodiscard]] nlohmann::ordered_json evaluationToJsonValue(const Evaluation& evaluation,
                                                           ListMode operations, ListMode groups);
// The same object as evaluationToJson, written as it goes: the operation and group lists are
// streamed from the Evaluation instead of being built as a document tree first.
void writeEvaluationJson(std::ostream& out, const Evaluation& evaluation,
                         const EvaluationJsonOptions& options = {});
// Writes `tree` (evaluationToJsonValue with ListMode::Placeholder lists, perhaps with keys a
// front end added) the same way, streaming the lists from `evaluation`.
void writeEvaluationTree(std::ostream& out, const Evaluation& evaluation,
                         const nlohmann::ordered_json& tree);

}  // namespace fourfold::core
