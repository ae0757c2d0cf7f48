// SPDX-License-Identifier: MIT
// One block of the search (one factorisation of the world size), evaluated on one thread: each
// layout validated with validate() (an error or a warning about the layout drops it), its peak
// memory from the memory estimate and its step from
// the stage costs and the timed schedule program, as evaluate() computes them but without
// explanations, op lists or group lists. Work that does not change within a loop is done once
// outside it: the model and memory rules once per search (they read no layout field), the
// other rules once per (schedule, micro-batch, sequence parallel, ZeRO, offload),
// since it reads neither recompute nor the overlap options; memory once per recompute, since
// it does not read the overlap options (tst_search checks both); the rank map once per block.
#pragma once

#include "core/search/detail/search_space.h"
#include "core/search/detail/search_stop.h"
#include "core/search/detail/search_timer.h"
#include "core/search/search.h"
#include "core/text/diagnostic.h"
#include "core/topology/topology.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace fourfold::core::detail {

// A layout that fits, not yet timed: a lower bound on its step time instead.
struct BoundedPoint {
    SearchPoint point;
    double stepTimeBound = 0;
    std::size_t block = 0;
};

struct BlockResult {
    SearchCounts counts;
    std::vector<SearchPoint> points;    // timed layouts that fit
    std::vector<BoundedPoint> bounded;  // fitting layouts left for later (see search_refine.h)
    std::shared_ptr<const TopologyReport> topology;  // the block's rank map, when built
    std::string firstPruneCode;                      // the first validation error met
};

class BlockEvaluator {
public:
    // timeNow: time every fitting layout here; else bound them and leave them in `bounded`,
    // all but the most promising of the block, which is timed at once so that the search
    // reports a layout per block as it goes. From `options`: timeEveryLayout (time the layouts
    // that do not fit too), the objective, and whether the space has TP groups
    // larger than a node (then their placement warning does not drop them).
    // `stop`: the cancel flag and the time limit.
    BlockEvaluator(const Plan& base, std::int64_t globalBatch, bool timeNow,
                   const SearchOptions& options, const SearchStop& stop);

    // Evaluates every layout of block number `block`; layout indices start at `firstIndex`.
    // Returns false when stopped part way (the counts then cover what was done).
    bool run(const Factorisation& factors, const BlockAxes& axes, std::size_t block,
             std::int64_t firstIndex, BlockResult& out);

private:
    // Times the block's most promising bounded layout (the least step-time bound, or the most
    // headroom) and moves it to out.points.
    void timeMostPromising(const TopologyReport* topology, BlockResult& out);

    LayoutTimer timer_;
    std::vector<Diagnostic> modelErrors_;   // validateModel's errors: the same for every layout
    std::vector<Diagnostic> memoryErrors_;  // validateMemory's, likewise
    std::int64_t globalBatch_ = 0;
    bool timeNow_ = true;
    bool timeEveryLayout_ = false;
    bool tensorAcrossNodes_ = false;
    SearchObjective objective_ = SearchObjective::TokensPerS;
    const SearchStop& stop_;
};

}  // namespace fourfold::core::detail
