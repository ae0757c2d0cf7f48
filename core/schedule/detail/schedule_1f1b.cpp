// SPDX-License-Identifier: MIT
#include "core/schedule/detail/schedule_1f1b.h"

#include <algorithm>

namespace fourfold::core::detail {

ScheduleOrders generateOneFOneB(const ScheduleShape& shape) {
    const int stages = shape.stages;
    const int micro = shape.microBatches;
    ScheduleOrders orders;
    orders.ranks.resize(static_cast<std::size_t>(stages));
    for (int stage = 0; stage < stages; ++stage) {
        auto& order = orders.ranks[static_cast<std::size_t>(stage)];
        order.reserve(opsPerRank(shape, false));
        const int warmup = std::min(stages - stage - 1, micro);
        for (int index = 0; index < warmup; ++index) order.push_back({OpKind::Forward, index, 0});
        for (int index = 0; index < micro - warmup; ++index) {
            order.push_back({OpKind::Forward, warmup + index, 0});
            order.push_back({OpKind::Backward, index, 0});
        }
        for (int index = micro - warmup; index < micro; ++index) {
            order.push_back({OpKind::Backward, index, 0});
        }
    }
    return orders;
}

std::int64_t oneFOneBInFlight(const ScheduleShape& shape, int stage) {
    return std::min(shape.stages - stage, shape.microBatches);
}

}  // namespace fourfold::core::detail
