// SPDX-License-Identifier: MIT
// validate(plan): every rule a user can trip on, as diagnostics (severity, JSON pointer,
// a plain sentence naming the values). An invalid plan still evaluates as far as it can.
#pragma once

#include "core/plan/plan.h"
#include "core/text/diagnostic.h"

#include <string_view>
#include <vector>

namespace fourfold::core {

[[nodiscard]] std::vector<Diagnostic> validate(const Plan& plan);

// True when `diagnostic` speaks against the plan's parallel layout: an error, or a warning at
// a field the layout sets (the parallel degrees, schedule, ZeRO stage, offload, sequence
// parallel, micro-batch, accumulation, recompute), e.g. ZeRO 2 with a pipeline or a pipeline
// that never fills. A warning about the model, the precision, the memory options or the
// cluster's size holds whatever the layout, so it does not count. The layout search drops the
// layouts it is true for (docs/search.md), so the search never ranks a layout that validate()
// warns about.
[[nodiscard]] bool rejectsLayout(const Diagnostic& diagnostic);
// True for the warnings about a TP group that leaves its node, which a search across nodes
// asks for (SearchSpace::tensorParallelWithinNode off).
[[nodiscard]] bool isTensorPlacementWarning(const Diagnostic& diagnostic);

}  // namespace fourfold::core
