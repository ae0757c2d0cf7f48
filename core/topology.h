// SPDX-License-Identifier: MIT
// Rank ↔ (tp, cp, ep, dp, pp) coordinates for an order string, the communication groups,
// node placement and the link each group rides.
// Source: Megatron-Core parallel_state / RankGenerator (order "tp-cp-ep-dp-pp", first fastest).
#pragma once

#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/plan.h"

namespace fourfold::core {

enum class LinkClass { SameGpu, IntraNode, InterNode };

struct RankCoordinates {
    int tp = 0;
    int cp = 0;
    int ep = 0;
    int dp = 0;
    int pp = 0;

    bool operator==(const RankCoordinates&) const = default;
};

struct GroupSet {
    std::vector<std::vector<int>> groups;  // global ranks, each sorted, ordered by first rank
    int crossNodeGroups = 0;               // groups whose ranks sit on more than one node
    int maxNodesSpanned = 0;
    LinkClass link = LinkClass::SameGpu;   // the slowest link any group of this kind rides

    bool operator==(const GroupSet&) const = default;
};

struct TopologyReport {
    std::string order;
    int worldSize = 0;
    int gpusPerNode = 0;
    int nodes = 0;           // nodes the job occupies
    GroupSet tp, cp, ep, dp, pp;
    GroupSet modelParallel;          // tp × pp (× cp) ranks holding one model replica
    GroupSet dataContextParallel;    // dp × cp
    std::vector<RankCoordinates> coordinates;  // index = global rank
    std::vector<Diagnostic> diagnostics;

    bool operator==(const TopologyReport&) const = default;
};

// Expects a plan whose /parallel and /cluster sizes pass validation.
[[nodiscard]] TopologyReport buildTopology(const Plan& plan);

}  // namespace fourfold::core
