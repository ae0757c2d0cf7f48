// SPDX-License-Identifier: MIT
#include "core/detail/topology/topology_placement.h"

#include "core/detail/topology/group_layout.h"

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
    std::vector<int> offsets;
    memberOffsets(set.layout, set.groupSize, offsets);
    const int last = offsets.back();
    forEachGroupBase(set.layout, set.groupCount, [&](int, int base) {
        // Members are ascending, so their nodes are too: a group whose first and last rank
        // share a node stays on it; otherwise count the steps between nodes.
        if (base / gpusPerNode == (base + last) / gpusPerNode) return;
        ++set.crossNodeGroups;
        int nodesSpanned = 1;
        int node = base / gpusPerNode;
        for (int offset : offsets) {
            const int next = (base + offset) / gpusPerNode;
            if (next != node) ++nodesSpanned;
            node = next;
        }
        set.maxNodesSpanned = std::max(set.maxNodesSpanned, nodesSpanned);
    });
    if (set.groupSize <= 1) {
        set.link = LinkClass::SameGpu;  // a group of one never communicates
    } else {
        set.link = set.crossNodeGroups > 0 ? LinkClass::InterNode : LinkClass::IntraNode;
    }
}

}  // namespace fourfold::core::detail
