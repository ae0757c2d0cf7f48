// SPDX-License-Identifier: MIT
// A log's measured figures as JSON ("schema": "fourfold.measured/1", `fourfold-cli measured
// --json`) and as a readable report in the reader's language (every word from the coded-text
// catalogue, core/text/coded_text.h: the "measure." codes).
#pragma once

#include "core/measure/measured_log.h"
#include "core/text/language.h"

#include <nlohmann/json.hpp>

#include <string>

namespace fourfold::core {

// {schema, lines, warmup_steps, figures: [...], measured: {...}}; the caller adds "generator"
// and "file".
[[nodiscard]] nlohmann::ordered_json measuredLogToJson(const MeasuredLog& log);

// The report: the lines read, each figure with its median, spread and source lines, and the
// measured section ready to paste into a plan or a runs file.
[[nodiscard]] std::string measuredLogReport(const MeasuredLog& log, const std::string& file,
                                            Language language);

}  // namespace fourfold::core
