// SPDX-License-Identifier: MIT
#include "core/detail/topology/topology_placement.h"

#include <algorithm>

namespace fourfold::core::detail {

void placeGroups(GroupSet& set, int gpusPerNode) {
    set.crossNodeGroups = 0;
    set.maxNodesSpanned = 0;
    set.groupsSpanningNodes.clear();
    set.groupSize = set.groups.empty() ? 0 : static_cast<int>(set.groups.front().size());
    for (std::size_t index = 0; index < set.groups.size(); ++index) {
        const auto& group = set.groups[index];
        // Groups are ascending, so their nodes are too: count the steps between nodes.
        int nodesSpanned = group.empty() ? 0 : 1;
        for (std::size_t i = 1; i < group.size(); ++i) {
            if (group[i] / gpusPerNode != group[i - 1] / gpusPerNode) ++nodesSpanned;
        }
        if (nodesSpanned > 1) {
            ++set.crossNodeGroups;
            set.groupsSpanningNodes.push_back(static_cast<int>(index));
        }
        set.maxNodesSpanned = std::max(set.maxNodesSpanned, nodesSpanned);
    }
    if (set.groupSize <= 1) {
        set.link = LinkClass::SameGpu;  // a group of one never communicates
    } else {
        set.link = set.crossNodeGroups > 0 ? LinkClass::InterNode : LinkClass::IntraNode;
    }
}

}  // namespace fourfold::core::detail
