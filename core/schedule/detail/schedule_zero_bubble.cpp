// SPDX-License-Identifier: MIT
#include "core/schedule/detail/schedule_zero_bubble.h"

#include "core/schedule/detail/schedule_bubble.h"

#include <algorithm>

namespace fourfold::core::detail {
namespace {

// Warm-up counts must not grow with the stage index; then a rank's B(i) never waits on a
// forward its downstream neighbour has not been sent yet, and the order cannot deadlock.
template <typename Warmup, typename Delay>
ScheduleOrders splitBackwardOrders(const ScheduleShape& shape, Warmup warmupOf, Delay delayOf) {
    const int micro = shape.microBatches;
    ScheduleOrders orders;
    orders.splitWeightGrad = true;
    orders.ranks.resize(static_cast<std::size_t>(shape.stages));
    for (int stage = 0; stage < shape.stages; ++stage) {
        auto& order = orders.ranks[static_cast<std::size_t>(stage)];
        order.reserve(opsPerRank(shape, true));
        const int warmup = std::clamp(warmupOf(stage), 1, micro);
        const int delay = delayOf(stage);
        int nextWeightGrad = 0;
        for (int index = 0; index < warmup; ++index) order.push_back({OpKind::Forward, index, 0});
        for (int index = 0; index < micro; ++index) {
            order.push_back({OpKind::Backward, index, 0});
            if (index >= delay) order.push_back({OpKind::WeightGrad, nextWeightGrad++, 0});
            if (warmup + index < micro) order.push_back({OpKind::Forward, warmup + index, 0});
        }
        while (nextWeightGrad < micro) order.push_back({OpKind::WeightGrad, nextWeightGrad++, 0});
    }
    return orders;
}

}  // namespace

ScheduleOrders generateZeroBubbleH1(const ScheduleShape& shape) {
    const int stages = shape.stages;
    return splitBackwardOrders(
        shape, [stages](int stage) { return stages - stage; }, [](int stage) { return stage; });
}

ScheduleOrders generateZeroBubbleH2(const ScheduleShape& shape) {
    const int stages = shape.stages;
    return splitBackwardOrders(
        shape, [stages](int stage) { return 2 * (stages - stage) - 1; },
        [stages](int stage) { return std::max(0, 2 * stage - stages + 1); });
}

std::int64_t zeroBubbleH1InFlight(const ScheduleShape& shape, int) {
    return std::min(shape.stages, shape.microBatches);
}

std::int64_t zeroBubbleH2InFlight(const ScheduleShape& shape, int stage) {
    return std::min(shape.microBatches, std::max(2 * (shape.stages - stage) - 1, shape.stages));
}

void describeZeroBubbleH1(ScheduleResult& result, int) {
    describeSimulatedBubble(result, "bubble.zb_h1", "(p − 1)(T_F + T_B − T_W) idle per rank");
}

void describeZeroBubbleH2(ScheduleResult& result, int) {
    describeSimulatedBubble(result, "bubble.zb_h2", "(p − 1)(T_F + T_B − 2T_W) idle per rank");
}

}  // namespace fourfold::core::detail
