// SPDX-License-Identifier: MIT
#include "core/schedule/schedule_simulator.h"

#include "core/schedule/schedule_held.h"
#include "core/schedule/schedule_program.h"

#include <algorithm>
#include <cstddef>
#include <utility>

namespace fourfold::core::detail {

namespace {

// Times the ops already placed in result.ranks (orders' ops, one timeline per rank) in the
// program's order, and sums each rank's busy and idle time.
bool timeRanks(const ScheduleShape& shape, const ScheduleProgram& program, bool splitWeightGrad,
               const ScheduleCosts& costs, ScheduleResult& result);

}  // namespace

bool simulateOrders(const ScheduleShape& shape, ScheduleOrders&& orders, const ScheduleCosts& costs,
                    ScheduleResult& result) {
    const auto stages = static_cast<std::size_t>(shape.stages);
    // Order the ops by their dependencies once, then time them in that order (the same timing
    // pass the layout search runs without op lists).
    const ScheduleProgram program = compileOrders(shape, orders);
    result.ranks.assign(stages, RankTimeline{});
    for (std::size_t rank = 0; rank < stages; ++rank) {
        result.ranks[rank].stage = static_cast<int>(rank);
        if (rank < orders.ranks.size()) result.ranks[rank].ops = std::move(orders.ranks[rank]);
    }
    return timeRanks(shape, program, orders.splitWeightGrad, costs, result);
}

bool simulateCompiled(const ScheduleShape& shape, const ScheduleOrders& orders,
                      const ScheduleProgram& program, const ScheduleCosts& costs,
                      ScheduleResult& result) {
    const auto stages = static_cast<std::size_t>(shape.stages);
    result.ranks.assign(stages, RankTimeline{});
    for (std::size_t rank = 0; rank < stages; ++rank) {
        result.ranks[rank].stage = static_cast<int>(rank);
        if (rank < orders.ranks.size()) result.ranks[rank].ops = orders.ranks[rank];
    }
    return timeRanks(shape, program, orders.splitWeightGrad, costs, result);
}

namespace {

bool timeRanks(const ScheduleShape& shape, const ScheduleProgram& program, bool splitWeightGrad,
               const ScheduleCosts& costs, ScheduleResult& result) {
    std::vector<double> ends;
    std::vector<double> scratch;
    const double makespan =
        timeProgram(program, costs, ends, scratch, [&](std::size_t step, double start, double end) {
            const auto rank = static_cast<std::size_t>(program.steps[step].rank);
            ScheduleOp& op = result.ranks[rank].ops[program.ops[step]];
            op.startS = start;
            op.endS = end;
        });

    double idleTotal = 0;
    for (auto& timeline : result.ranks) {
        double busy = 0;
        for (const auto& op : timeline.ops) busy += op.endS - op.startS;
        timeline.busyS = busy;
        timeline.idleS = std::max(0.0, makespan - busy);
        timeline.peakInFlight =
            walkHeldSets(timeline.ops, splitWeightGrad, [](const ScheduleOp&, int) {});
        idleTotal += timeline.idleS;
    }
    result.makespanS = makespan;
    result.splitWeightGrad = splitWeightGrad;
    result.bubbleFraction =
        makespan > 0 ? idleTotal / (static_cast<double>(shape.stages) * makespan) : 0.0;
    return program.complete;
}

}  // namespace
}  // namespace fourfold::core::detail
