// SPDX-License-Identifier: MIT
#include "core/schedule/detail/schedule_interleaved_1f1b.h"

#include <algorithm>
#include <cstdint>

namespace fourfold::core::detail {
namespace {

// The k-th forward (or backward) a rank runs, in Megatron-LM's order: within a group of
// p·v consecutive slots, p micro-batches pass chunk 0, then chunk 1, ...; backwards visit
// the chunks last to first.
ScheduleOp slot(OpKind kind, int index, int stages, int virtualStages) {
    const int group = index / (stages * virtualStages);
    const int inGroup = index % (stages * virtualStages);
    int chunk = inGroup / stages;
    if (kind == OpKind::Backward) chunk = virtualStages - 1 - chunk;
    return {kind, group * stages + inGroup % stages, chunk, 0.0, 0.0};
}

}  // namespace

int interleavedWarmup(int stages, int microBatches, int virtualStages, int stage) {
    const std::int64_t total = std::int64_t{microBatches} * virtualStages;
    const std::int64_t warmup =
        std::int64_t{stages - stage - 1} * 2 + std::int64_t{virtualStages - 1} * stages;
    return static_cast<int>(std::min(warmup, total));
}

std::int64_t interleavedInFlight(const ScheduleShape& shape, int stage) {
    const std::int64_t total = std::int64_t{shape.microBatches} * shape.virtualStages;
    const int warmup =
        interleavedWarmup(shape.stages, shape.microBatches, shape.virtualStages, stage);
    return std::min<std::int64_t>(warmup + 1, total);
}

ScheduleOrders generateInterleavedOneFOneB(const ScheduleShape& shape) {
    const int stages = shape.stages;
    const int chunks = shape.virtualStages;
    const int total = shape.microBatches * chunks;
    ScheduleOrders orders;
    orders.ranks.resize(static_cast<std::size_t>(stages));
    for (int stage = 0; stage < stages; ++stage) {
        auto& order = orders.ranks[static_cast<std::size_t>(stage)];
        order.reserve(opsPerRank(shape, false));
        const int warmup = interleavedWarmup(stages, shape.microBatches, chunks, stage);
        for (int index = 0; index < warmup; ++index) {
            order.push_back(slot(OpKind::Forward, index, stages, chunks));
        }
        for (int index = 0; index < total - warmup; ++index) {
            order.push_back(slot(OpKind::Forward, warmup + index, stages, chunks));
            order.push_back(slot(OpKind::Backward, index, stages, chunks));
        }
        for (int index = total - warmup; index < total; ++index) {
            order.push_back(slot(OpKind::Backward, index, stages, chunks));
        }
    }
    return orders;
}

}  // namespace fourfold::core::detail
