// SPDX-License-Identifier: MIT
#include "core/topology/detail/topology_placement.h"

#include "core/topology/detail/group_layout.h"

#include <algorithm>
#include <vector>

namespace fourfold::core::detail {

void placeGroups(GroupSet& set, int gpusPerNode) {
    set.gpusPerNode = gpusPerNode;
    set.crossNodeGroups = 0;
    set.maxNodesSpanned = set.groupCount > 0 && set.groupSize > 0 ? 1 : 0;
    if (set.groupCount <= 0 || set.groupSize <= 0 || gpusPerNode <= 0) {
        set.link = LinkClass::SameGpu;
        return;
    }
    if (set.groupSize <= 1) {
        set.link = LinkClass::SameGpu;  // a group of one never communicates
        return;
    }
    std::vector<int> offsets;
    memberOffsets(set.layout, set.groupSize, offsets);
    const int last = offsets.back();
    // Every group is base + the same offsets, and with base = q·g + r its nodes are q plus
    // those of r + offsets: the count depends on r alone, so it is counted once per residue.
    std::vector<int> nodesByResidue(static_cast<std::size_t>(gpusPerNode), 0);
    forEachGroupBase(set.layout, set.groupCount, [&](int, int base) {
        const int residue = base % gpusPerNode;
        // Members are ascending, so their nodes are too: a group whose first and last rank
        // share a node stays on it; otherwise count the steps between nodes.
        if (residue + last < gpusPerNode) return;
        ++set.crossNodeGroups;
        int& nodesSpanned = nodesByResidue[static_cast<std::size_t>(residue)];
        if (nodesSpanned == 0) {
            nodesSpanned = 1;
            int node = 0;
            for (int offset : offsets) {
                const int next = (residue + offset) / gpusPerNode;
                if (next != node) ++nodesSpanned;
                node = next;
            }
        }
        set.maxNodesSpanned = std::max(set.maxNodesSpanned, nodesSpanned);
    });
    set.link = set.crossNodeGroups > 0 ? LinkClass::InterNode : LinkClass::IntraNode;
}

}  // namespace fourfold::core::detail
