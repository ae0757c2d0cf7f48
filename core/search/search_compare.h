// SPDX-License-Identifier: MIT
// The auto-planner seen from one plan ("why not mine?"): the plan's own layout and figures as
// a search point, where it would stand among a search's candidates, or why it is not among them
// (it does not fit, it is invalid, it is another plan than the one searched), and the fields in
// which the best candidate differs from it. Also the running best of the points a search reports
// as it goes, ranked exactly as search() ranks its final candidates (core/search/search.h).
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/search/search.h"
#include "core/search/search_fields.h"
#include "core/text/diagnostic.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fourfold::core {

// The layout fields of `plan` (the inverse of applyLayout for the fields a layout sets).
[[nodiscard]] SearchLayout layoutOf(const Plan& plan);

// The objective's figure of a point (tokens/s, training time or cost, headroom), as search()
// ranks by it.
[[nodiscard]] double objectiveValue(const SearchPoint& point, SearchObjective objective);

// The evaluated plan as a search point: its layout and the figures evaluate() gave; `timed`
// is false when the Evaluation has no step time. Its index is the largest there is, so a
// candidate with equal figures ranks first.
[[nodiscard]] SearchPoint pointOf(const Evaluation& evaluation, SearchObjective objective);

// Adds `fresh` to `best` and keeps the `keep` best (0: all) in ranking order; the points get
// their objective figure. The result equals the first `keep` candidates search() returns for the
// same points.
void mergeBest(std::vector<SearchPoint>& best, const std::vector<SearchPoint>& fresh,
               SearchObjective objective, std::size_t keep);

enum class PlanStanding {
    NoSearch,    // the search found no candidate
    OtherPlan,   // the plan differs from the searched one beyond its layout: search again
    Invalid,     // the plan has an error, so it has no figures to rank
    Warned,      // validate() warns about its layout, which the search leaves out (rejectsLayout)
    DoesNotFit,  // the plan's peak memory is above the usable memory
    Untimed,     // it fits but has no step time
    Ranked,      // rank among the candidates shown (1 = best)
    BelowShown,  // ranks after every candidate shown, and more layouts fit than are shown
};

struct LayoutDifference {
    LayoutField field = LayoutField::Dp;
    std::string mine;  // the plan's value, as layoutFieldText gives it
    std::string best;  // the best candidate's

    bool operator==(const LayoutDifference&) const = default;
};

struct PlanComparison {
    PlanStanding standing = PlanStanding::NoSearch;
    int rank = 0;              // Ranked: 1-based, counting the candidates shown that rank before it
    bool listed = false;       // the plan's own layout is one of the candidates
    std::size_t shown = 0;     // candidates compared with
    std::int64_t fitting = 0;  // layouts that fit in the search
    SearchPoint mine;          // the plan's figures (pointOf)
    std::uint64_t usableBytes = 0;         // the plan's usable memory (DoesNotFit says by how much)
    std::optional<Diagnostic> firstError;  // Invalid: the first error; Warned: the warning
    // The best candidate's fields that differ from the plan's, in layoutFields() order; empty
    // when the plan is the best or there is no candidate.
    std::vector<LayoutDifference> differences;

    bool operator==(const PlanComparison&) const = default;
};

// Where `current` stands in `result`, the search of `searched`. The plan is the searched one
// when applying its own layout to both gives the same plan (the global batch, the model, the
// cluster and every option outside the layout are the same).
[[nodiscard]] PlanComparison compareWithSearch(const Evaluation& current, const Plan& searched,
                                               const SearchResult& result);

// The fields where `best` differs from `mine`, in layoutFields() order.
[[nodiscard]] std::vector<LayoutDifference> layoutDifferences(const SearchLayout& mine,
                                                              const SearchLayout& best);

}  // namespace fourfold::core
