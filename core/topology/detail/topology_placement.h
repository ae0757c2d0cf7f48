// SPDX-License-Identifier: MIT
// Node placement of rank groups: how many nodes each group spans and the link class a group
// kind rides (same node = intra-node link such as NVLink, otherwise the inter-node network).
#pragma once

#include "core/topology/topology.h"

namespace fourfold::core::detail {

// Fills gpusPerNode, crossNodeGroups, maxNodesSpanned and link from the set's layout, with
// ranks placed as node = rank / gpusPerNode (gpusPerNode > 0). One pass over the ranks, none
// of them stored.
void placeGroups(GroupSet& set, int gpusPerNode);

}  // namespace fourfold::core::detail
