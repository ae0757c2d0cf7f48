// SPDX-License-Identifier: MIT
// The evaluation object of PLAN_FORMAT.md ("schema": "fourfold.evaluation/1"). Parts the
// engine could not compute are absent, never faked.
#pragma once

#include "core/evaluation.h"

#include <nlohmann/json.hpp>

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

}  // namespace fourfold::core
