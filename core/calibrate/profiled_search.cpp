// SPDX-License-Identifier: MIT
#include "core/calibrate/profiled_search.h"

#include "core/plan/calibration_profile.h"

namespace fourfold::core {

SearchResult searchWithProfile(const Plan& plan, const SearchOptions& options) {
    if (!plan.cluster.profile.profile) return search(plan, options);
    SearchResult result = search(applyProfile(plan), options);
    // A layout sets no value a profile sets, so applying the layout to the plan as given and
    // then its profile gives the plan that was costed.
    for (auto* candidates : {&result.candidates, &result.paretoFront}) {
        for (SearchCandidate& candidate : *candidates) {
            candidate.plan = applyLayout(plan, candidate.point.layout);
        }
    }
    return result;
}

}  // namespace fourfold::core
