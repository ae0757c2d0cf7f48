// SPDX-License-Identifier: MIT
// The layout search for a plan that names a calibration profile: the layouts are costed with the
// profile applied (as evaluate() costs the plan), and each candidate keeps the plan as given — its
// profile named, not pasted into its values — so that evaluate(candidate) gives its figures.
#pragma once

#include "core/search/search.h"

namespace fourfold::core {

[[nodiscard]] SearchResult searchWithProfile(const Plan& plan, const SearchOptions& options = {});

}  // namespace fourfold::core
