// SPDX-License-Identifier: MIT
// The layouts the search enumerates, axis by axis. The world size is split into dp·tp·pp·cp
// (every ordered factorisation; MoE models also split dp·cp into ep and tp into etp); each
// factorisation is one block of the space, whose other axes are listed here so the block can
// be counted before it is searched. Validation, not this file, decides what is allowed.
#pragma once

#include "core/plan/plan.h"
#include "core/search/search.h"

#include <cstdint>
#include <vector>

namespace fourfold::core::detail {

struct Factorisation {
    int dp = 1, tp = 1, pp = 1, cp = 1, ep = 1, etp = 0;

    bool operator==(const Factorisation&) const = default;
};

struct ScheduleChoice {
    ScheduleKind kind = ScheduleKind::OneFOneB;
    int virtualStages = 1;
    bool balanced = false;  // embedding and loss counted as layers in the split
};

// The four overlap flags of one layout.
struct OverlapChoice {
    bool gradReduce = true, paramGather = true, tpComm = false, p2p = true;
};

// The values the other axes take in one block, in enumeration order (outermost first).
struct BlockAxes {
    std::vector<ScheduleChoice> schedules;
    std::vector<int> microBatches;  // divisors of the per-replica batch
    std::vector<bool> sequenceParallel;
    std::vector<std::pair<int, Offload>> sharding;  // (ZeRO stage, offload)
    std::vector<Recompute> recomputes;
    std::vector<OverlapChoice> overlapsWithoutZero;  // for ZeRO 0
    std::vector<OverlapChoice> overlapsWithZero;     // for ZeRO ≥ 1

    [[nodiscard]] const std::vector<OverlapChoice>& overlaps(int zeroStage) const {
        return zeroStage >= 1 ? overlapsWithZero : overlapsWithoutZero;
    }
    // Layouts in the block (the product of the axes).
    [[nodiscard]] std::int64_t layouts() const;
};

// Every factorisation of the cluster's GPUs (or of every world size up to them), in order.
[[nodiscard]] std::vector<Factorisation> factorisations(const Plan& plan, const SearchSpace& space);

// The other axes for one factorisation; globalBatch is the target every layout keeps.
[[nodiscard]] BlockAxes blockAxes(const Plan& plan, const SearchSpace& space,
                                  const Factorisation& factors, std::int64_t globalBatch);

// The global batch the search keeps: training.global_batch, else micro × accumulation × dp.
[[nodiscard]] std::int64_t searchGlobalBatch(const Plan& plan);

}  // namespace fourfold::core::detail
