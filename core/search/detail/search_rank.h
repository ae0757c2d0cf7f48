// SPDX-License-Identifier: MIT
// The objectives' figures, shared by the ranking and by the bound that lets the search skip
// timing a layout that cannot rank.
#pragma once

#include "core/plan/plan.h"
#include "core/search/search.h"

namespace fourfold::core::detail {

[[nodiscard]] bool largerIsBetter(SearchObjective objective);
// The point's figure under `objective` from its timed figures.
[[nodiscard]] double objectiveValue(const SearchPoint& point, SearchObjective objective);
// True when objective value a is better than b.
[[nodiscard]] bool better(SearchObjective objective, double a, double b);

// The figures a step of `stepTimeS` gives the layout (tokens/s, training time and cost as
// stepFigures computes them), for a bound on the step time.
void figuresForStepTime(const Plan& plan, double stepTimeS, SearchPoint& point);

}  // namespace fourfold::core::detail
