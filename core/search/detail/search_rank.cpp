// SPDX-License-Identifier: MIT
#include "core/search/detail/search_rank.h"

#include "core/performance/step_figures.h"

#include <algorithm>
#include <cmath>

namespace fourfold::core::detail {

bool largerIsBetter(SearchObjective objective) {
    return objective == SearchObjective::TokensPerS || objective == SearchObjective::Headroom;
}

double objectiveValue(const SearchPoint& point, SearchObjective objective) {
    const SearchLayout& l = point.layout;
    const double gpus = static_cast<double>(l.dp) * l.tp * l.pp * l.cp;
    switch (objective) {
        case SearchObjective::TokensPerS:
            return point.tokensPerS;
        case SearchObjective::Time:
            return point.trainingSeconds > 0 ? point.trainingSeconds : point.stepTimeS;
        case SearchObjective::Cost:
            if (point.trainingCost > 0) return point.trainingCost;
            if (point.trainingSeconds > 0) return point.trainingSeconds / 3600.0 * gpus;
            return point.stepTimeS * gpus;
        case SearchObjective::Headroom:
            return static_cast<double>(point.headroomBytes);
    }
    return 0;
}

bool better(SearchObjective objective, double a, double b) {
    return largerIsBetter(objective) ? a > b : a < b;
}

void figuresForStepTime(const Plan& plan, double stepTimeS, SearchPoint& point) {
    // The same operations, in the same order, as stepFigures: each is monotone in the step
    // time, so a bound on the step bounds every figure.
    const double gpus = static_cast<double>(worldSize(plan));
    const double tokens = stepTokens(plan);
    point.stepTimeS = stepTimeS;
    point.tokensPerS = stepTimeS > 0 && gpus > 0 ? tokens / stepTimeS : 0.0;
    point.trainingSeconds = 0;
    point.trainingCost = 0;
    const PerformanceOptions& options = plan.performance;
    if (options.tokenBudget > 0 && point.tokensPerS > 0 && tokens > 0) {
        point.trainingSeconds = std::ceil(options.tokenBudget / tokens) * stepTimeS;
        const double gpuHours = point.trainingSeconds / 3600.0 * gpus;
        point.trainingCost = gpuHours * std::max(0.0, options.pricePerGpuHour);
    }
}

}  // namespace fourfold::core::detail
