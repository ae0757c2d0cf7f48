// SPDX-License-Identifier: MIT
#include "core/topology.h"

namespace fourfold::core {

TopologyReport buildTopology(const Plan& plan) {
    TopologyReport report;  // placeholder
    report.order = plan.parallel.order;
    return report;
}

}  // namespace fourfold::core
