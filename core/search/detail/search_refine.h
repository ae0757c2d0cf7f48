// SPDX-License-Identifier: MIT
// The second phase of a search that returns the best N: the fitting layouts come with a lower
// bound on their step time (so a best case for the objective and for tokens/s); they are timed
// best case first, and a layout is timed only while it could still enter the best N or the
// Pareto front of peak memory vs tokens/s. A layout left untimed provably ranks below the N-th
// and lies behind the front, so both are exactly what timing every layout would give.
#pragma once

#include "core/search/detail/search_block.h"
#include "core/search/detail/search_stop.h"
#include "core/search/search.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace fourfold::core::detail {

struct RefineJob {
    const Plan* plan = nullptr;
    std::int64_t globalBatch = 0;
    const SearchOptions* options = nullptr;
    std::size_t threads = 1;
    const SearchStop* stop = nullptr;
    std::vector<std::vector<BoundedPoint>> bounded;                 // by block
    std::vector<std::shared_ptr<const TopologyReport>> topologies;  // by block
};

struct RefineShared {
    std::mutex* mutex = nullptr;  // guards what follows and the progress callback
    SearchCounts* counts = nullptr;
    std::vector<SearchPoint>* points = nullptr;  // timed fitting layouts, appended
};

// Not cancellable: it runs after a cancelled search too, so that what was searched is ranked
// exactly. The timed points already in `shared.points` (a block's most promising layout) count
// towards the best N and the front from the start. Returns false when the time limit
// (job.stop) ends it part way.
bool refine(RefineJob& job, const RefineShared& shared);

}  // namespace fourfold::core::detail
