// SPDX-License-Identifier: MIT
#include "core/search/search_compare.h"

#include "core/rules/validate.h"
#include "core/search/detail/search_rank.h"
#include "core/search/detail/search_timer.h"

#include <algorithm>
#include <limits>

namespace fourfold::core {

SearchLayout layoutOf(const Plan& plan) {
    SearchLayout layout;
    detail::forEachLayoutField(layout, plan, [](auto& to, const auto& from) { to = from; });
    return layout;
}

double objectiveValue(const SearchPoint& point, SearchObjective objective) {
    return detail::objectiveValue(point, objective);
}

SearchPoint pointOf(const Evaluation& evaluation, SearchObjective objective) {
    SearchPoint point;
    point.layout = layoutOf(evaluation.plan);
    point.index = std::numeric_limits<std::int64_t>::max();
    if (evaluation.memory) {
        const MemoryReport& memory = *evaluation.memory;
        point.peakBytes = memory.peakBytes;
        point.headroomBytes = static_cast<std::int64_t>(memory.usableBytes) -
                              static_cast<std::int64_t>(memory.peakBytes);
        point.fits = memory.fits;
    }
    if (evaluation.performance) {
        detail::copyStepFigures(*evaluation.performance, point);
    }
    point.objective = objectiveValue(point, objective);
    return point;
}

void mergeBest(std::vector<SearchPoint>& best, const std::vector<SearchPoint>& fresh,
               SearchObjective objective, std::size_t keep) {
    for (SearchPoint point : fresh) {
        point.objective = objectiveValue(point, objective);
        best.push_back(point);
    }
    const auto before = [objective](const SearchPoint& a, const SearchPoint& b) {
        return ranksBefore(a, b, objective);
    };
    if (keep > 0 && best.size() > keep) {
        std::partial_sort(best.begin(), best.begin() + static_cast<std::ptrdiff_t>(keep),
                          best.end(), before);
        best.resize(keep);
    } else {
        std::sort(best.begin(), best.end(), before);
    }
}

std::vector<LayoutDifference> layoutDifferences(const SearchLayout& mine,
                                                const SearchLayout& best) {
    std::vector<LayoutDifference> differences;
    for (const LayoutField field : layoutFields()) {
        if (layoutFieldOrder(mine, field) == layoutFieldOrder(best, field)) continue;
        differences.push_back({field, layoutFieldText(mine, field), layoutFieldText(best, field)});
    }
    return differences;
}

PlanComparison compareWithSearch(const Evaluation& current, const Plan& searched,
                                 const SearchResult& result) {
    PlanComparison comparison;
    comparison.shown = result.candidates.size();
    comparison.fitting = result.counts.fitting;
    comparison.mine = pointOf(current, result.objective);
    if (current.memory) comparison.usableBytes = current.memory->usableBytes;
    const SearchLayout& own = comparison.mine.layout;
    if (applyLayout(current.plan, own) != applyLayout(searched, own)) {
        comparison.standing = PlanStanding::OtherPlan;
        return comparison;
    }
    if (!result.candidates.empty()) {
        comparison.differences = layoutDifferences(own, result.candidates.front().point.layout);
    }
    int listedRank = 0;
    for (std::size_t i = 0; i < result.candidates.size(); ++i) {
        if (result.candidates[i].point.layout != own) continue;
        comparison.listed = true;
        listedRank = static_cast<int>(i) + 1;
        break;
    }
    for (const Diagnostic& diagnostic : current.diagnostics) {
        if (diagnostic.severity != Severity::Error) continue;
        comparison.standing = PlanStanding::Invalid;
        comparison.firstError = diagnostic;
        return comparison;
    }
    // The search never ranks a layout the rules warn about, so neither is this plan ranked
    // (TP across nodes aside: the plan's figures still compare).
    for (const Diagnostic& diagnostic : current.diagnostics) {
        if (!rejectsLayout(diagnostic) || isTensorPlacementWarning(diagnostic)) continue;
        comparison.standing = PlanStanding::Warned;
        comparison.firstError = diagnostic;
        return comparison;
    }
    if (!comparison.mine.fits) {
        comparison.standing = PlanStanding::DoesNotFit;
        return comparison;
    }
    if (!comparison.mine.timed) {
        comparison.standing = PlanStanding::Untimed;
        return comparison;
    }
    if (result.candidates.empty()) {
        comparison.standing = PlanStanding::NoSearch;
        return comparison;
    }
    if (comparison.listed) {
        comparison.standing = PlanStanding::Ranked;
        comparison.rank = listedRank;
        return comparison;
    }
    const auto ahead = std::count_if(
        result.candidates.begin(), result.candidates.end(), [&](const SearchCandidate& c) {
            return ranksBefore(c.point, comparison.mine, result.objective);
        });
    const auto count = static_cast<std::size_t>(ahead);
    if (count == comparison.shown &&
        comparison.fitting > static_cast<std::int64_t>(comparison.shown)) {
        comparison.standing = PlanStanding::BelowShown;
        return comparison;
    }
    comparison.standing = PlanStanding::Ranked;
    comparison.rank = static_cast<int>(count) + 1;
    return comparison;
}

}  // namespace fourfold::core
