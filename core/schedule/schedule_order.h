// SPDX-License-Identifier: MIT
// What a schedule generator hands the event simulator: per pipeline rank, the ordered list
// of ops (kind, micro-batch, chunk) the rank runs, times left at 0. Generators decide only the
// order; the simulator alone fills in the times, in place (the order is the start order, so
// the largest buffer is written once and never copied). A new schedule (DualPipe, ZB-V, ...) is one
// more generator with this signature plus its row in core/schedule/schedule_kinds.cpp.
#pragma once

#include "core/schedule/schedule.h"

#include <cstdint>
#include <vector>

namespace fourfold::core::detail {

// The shape a generator works on; virtualStages > 1 only for interleaved schedules.
struct ScheduleShape {
    int stages = 1;
    int microBatches = 1;
    int virtualStages = 1;

    bool operator==(const ScheduleShape&) const = default;
};

struct ScheduleOrders {
    bool splitWeightGrad = false;                // true: B is the input gradient and W ops follow
    std::vector<std::vector<ScheduleOp>> ranks;  // one order per pipeline rank

    bool operator==(const ScheduleOrders&) const = default;
};

// A plain function pointer: no std::function, no allocation to call it.
using ScheduleGenerator = ScheduleOrders (*)(const ScheduleShape&);

// Ops one rank runs: F and B per (micro-batch, chunk), plus W when split.
[[nodiscard]] inline std::size_t opsPerRank(const ScheduleShape& shape, bool split) {
    return static_cast<std::size_t>(shape.microBatches) *
           static_cast<std::size_t>(shape.virtualStages) * (split ? 3U : 2U);
}

}  // namespace fourfold::core::detail
