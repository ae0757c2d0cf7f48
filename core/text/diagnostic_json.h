// SPDX-License-Identifier: MIT
// Diagnostics as JSON (PLAN_FORMAT.md, "Additions"): severity, code, path, args, message, and
// line/column when the problem has a position in the plan text.
#pragma once

#include "core/text/diagnostic.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace fourfold::core {

// {"severity", "code", "path", "args": {name: number or string}, "message"[, "line", "column"]}.
// A non-finite number among the args is written as its text ("NaN"), so the JSON stays valid.
[[nodiscard]] nlohmann::ordered_json diagnosticToJson(const Diagnostic& diagnostic);
[[nodiscard]] nlohmann::ordered_json diagnosticsToJson(const std::vector<Diagnostic>& diagnostics);

}  // namespace fourfold::core
