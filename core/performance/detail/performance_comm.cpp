// SPDX-License-Identifier: MIT
#include "core/performance/detail/performance_comm.h"

#include <algorithm>

namespace fourfold::core::detail {
namespace {

double bytesPerS(const LinkSpec& link) { return link.gbps > 0 ? link.gbps * 1e9 : 0.0; }

double transfer(double bytes, double rate) { return rate > 0 ? bytes / rate : 0.0; }

}  // namespace

GroupPath groupPath(const Plan& plan, const GroupSet* set, int size, int stride) {
    GroupPath path;
    path.size = std::max(1, size);
    path.intraBytesPerS = bytesPerS(plan.cluster.intraNode);
    path.intraLatencyS = plan.cluster.intraNode.latencyUs * 1e-6;
    path.interBytesPerS = bytesPerS(plan.cluster.interNode);
    path.interLatencyS = plan.cluster.interNode.latencyUs * 1e-6;
    if (set != nullptr && set->groupCount > 0) {
        path.nodesSpanned = std::max(1, set->maxNodesSpanned);
        return path;
    }
    // No rank map: ranks `stride` apart fill nodes of gpusPerNode in order.
    const std::int64_t perNode = std::max(1, plan.cluster.gpusPerNode);
    const std::int64_t span = std::int64_t{path.size - 1} * std::max(1, stride) + 1;
    const std::int64_t nodes = std::min<std::int64_t>(path.size, (span + perNode - 1) / perNode);
    path.nodesSpanned = static_cast<int>(std::max<std::int64_t>(1, nodes));
    return path;
}

double ringReduceScatterS(double bytes, int ranks, double rate, double latencyS) {
    if (ranks <= 1) return 0.0;
    const double n = ranks;
    return (n - 1.0) * latencyS + transfer((n - 1.0) / n * bytes, rate);
}

double reduceScatterS(double bytes, const GroupPath& path) {
    if (path.size <= 1) return 0.0;
    if (!path.crossesNodes()) {
        return ringReduceScatterS(bytes, path.size, path.intraBytesPerS, path.intraLatencyS);
    }
    const int local = path.ranksPerNode();
    if (local <= 1) {
        return ringReduceScatterS(bytes, path.size, path.interBytesPerS, path.interLatencyS);
    }
    // Inside the node first, then across nodes on each GPU's 1/local shard.
    return ringReduceScatterS(bytes, local, path.intraBytesPerS, path.intraLatencyS) +
           ringReduceScatterS(bytes / local, path.nodesSpanned, path.interBytesPerS,
                              path.interLatencyS);
}

double allGatherS(double bytes, const GroupPath& path) {
    // The mirror image of reduce-scatter: same steps and bytes.
    return reduceScatterS(bytes, path);
}

double allReduceS(double bytes, const GroupPath& path) {
    return reduceScatterS(bytes, path) + allGatherS(bytes, path);
}

double allToAllS(double bytes, const GroupPath& path) {
    if (path.size <= 1) return 0.0;
    const double n = path.size;
    const double local = std::min<double>(n, path.ranksPerNode());
    const double intra = transfer((local - 1.0) / n * bytes, path.intraBytesPerS);
    if (!path.crossesNodes()) return (n - 1.0) * path.intraLatencyS + intra;
    const double inter = transfer((n - local) / n * bytes, path.interBytesPerS);
    return (n - 1.0) * path.interLatencyS + std::max(intra, inter);
}

double pointToPointS(double bytes, const GroupPath& path) {
    if (path.size <= 1) return 0.0;
    if (path.crossesNodes()) return path.interLatencyS + transfer(bytes, path.interBytesPerS);
    return path.intraLatencyS + transfer(bytes, path.intraBytesPerS);
}

}  // namespace fourfold::core::detail
