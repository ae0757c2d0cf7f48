// SPDX-License-Identifier: MIT
#include "core/schedule/detail/schedule_gpipe.h"

namespace fourfold::core::detail {

ScheduleOrders generateGpipe(const ScheduleShape& shape) {
    ScheduleOrders orders;
    orders.ranks.resize(static_cast<std::size_t>(shape.stages));
    for (auto& order : orders.ranks) {
        order.reserve(opsPerRank(shape, false));
        for (int micro = 0; micro < shape.microBatches; ++micro) {
            order.push_back({OpKind::Forward, micro, 0});
        }
        for (int micro = 0; micro < shape.microBatches; ++micro) {
            order.push_back({OpKind::Backward, micro, 0});
        }
    }
    return orders;
}

std::int64_t gpipeInFlight(const ScheduleShape& shape, int) { return shape.microBatches; }

}  // namespace fourfold::core::detail
