// SPDX-License-Identifier: MIT
// JSON document (already at the current schema) → Plan. Starts from defaultPlan(); every key
// is optional; presets fill in what they name and explicit keys override them. Problems are
// appended to `out` as diagnostics with JSON pointers; nothing throws.
#pragma once

#include "core/plan/plan.h"
#include "core/text/diagnostic.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace fourfold::core::detail {

// The top-level keys of a plan (besides "schema"), in the order files list them.
[[nodiscard]] const std::vector<const char*>& planSectionKeys();

[[nodiscard]] Plan readPlanDocument(const nlohmann::json& document, std::vector<Diagnostic>& out);

}  // namespace fourfold::core::detail
