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

// How a micro-batch's path through the model chunks runs over the ranks:
//   Looped: chunk c of rank r is stage c·p + r (interleaving; one chunk: plain stages).
//   VShape: chunk 0 of rank r is stage r, chunk 1 is stage 2p − 1 − r (DualPipeV).
//   TwoWay: two pipelines of p stages, each micro-batch in one of them: chunk 0 runs from rank 0
//           to rank p − 1, chunk 1 from rank p − 1 to rank 0 (DualPipe).
enum class ChunkRoute { Looped, VShape, TwoWay };

// The shape a generator works on; virtualStages > 1 only for schedules on model chunks.
struct ScheduleShape {
    int stages = 1;
    int microBatches = 1;
    int virtualStages = 1;
    ChunkRoute route = ChunkRoute::Looped;

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
