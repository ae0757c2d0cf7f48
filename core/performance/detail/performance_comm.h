// SPDX-License-Identifier: MIT
// Collective costs on the links a group rides, in the α–β model: a step of latency α per
// message and S/β for the bytes. Ring reduce-scatter and all-gather move (n − 1)/n · S per
// rank, all-reduce twice that; a group spanning nodes runs hierarchically (inside each node
// over NVLink, across nodes over the per-GPU NIC on 1/local of the data).
// Units: bytes and seconds as doubles; S is the full tensor (the all-gather's output).
// Sources: Thakur, Rabenseifner & Gropp 2005 (ring and hierarchical collectives); NCCL's
// tuning model for per-step latencies (resources/presets/links.json).
#pragma once

#include "core/plan/plan.h"
#include "core/topology/topology.h"

namespace fourfold::core::detail {

// Where one group of a kind sits: its size, how many nodes it spans and the links it uses.
struct GroupPath {
    int size = 1;
    int nodesSpanned = 1;
    double intraBytesPerS = 0;
    double intraLatencyS = 0;
    double interBytesPerS = 0;
    double interLatencyS = 0;

    [[nodiscard]] int ranksPerNode() const {
        return nodesSpanned > 0 ? (size + nodesSpanned - 1) / nodesSpanned : size;
    }
    [[nodiscard]] bool crossesNodes() const { return nodesSpanned > 1; }
};

// The path of a group kind: from the topology when there is one (the widest group of the
// kind), else from the rank order assuming the group's ranks are `stride` apart.
[[nodiscard]] GroupPath groupPath(const Plan& plan, const GroupSet* set, int size, int stride);

[[nodiscard]] double ringReduceScatterS(double bytes, int ranks, double bytesPerS, double latencyS);
[[nodiscard]] double reduceScatterS(double bytes, const GroupPath& path);
[[nodiscard]] double allGatherS(double bytes, const GroupPath& path);
[[nodiscard]] double allReduceS(double bytes, const GroupPath& path);
// Each rank sends (n − 1)/n of its `bytes` to the others; the share leaving the node rides
// the NIC, the rest NVLink, both at once.
[[nodiscard]] double allToAllS(double bytes, const GroupPath& path);
// One message between neighbours (on the slower link when the group crosses nodes).
[[nodiscard]] double pointToPointS(double bytes, const GroupPath& path);

}  // namespace fourfold::core::detail
