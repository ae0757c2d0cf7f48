// SPDX-License-Identifier: MIT
// The one event simulator every schedule shares: it turns per-rank op orders, per-(chunk,
// rank) costs in seconds and the pipeline's dependencies into start/end times.
// Dependencies: F(k, mb) after F(k − 1, mb) + transfer; B(k, mb) after B(k + 1, mb) + transfer
// (the last virtual stage's B after its own F); W(k, mb) after B(k, mb); a rank runs its ops
// in the given order, one at a time. Virtual stage k = chunk·p + rank (Narayanan et al. 2021).
#pragma once

#include "core/schedule/schedule.h"
#include "core/schedule/schedule_order.h"
#include "core/schedule/schedule_program.h"

#include <functional>

namespace fourfold::core::detail {

// Moves the orders into result.ranks, times every op, and sets makespanS and bubbleFraction.
// `costs` must hold stages × virtualStages finite, non-negative entries per vector. When the orders
// do not split W, B takes the whole backward (backwardS + weightGradS). Returns false, with the ops
// timed so far, if the orders stall (an op waits on one that can never run) or name an op outside
// the shape.
[[nodiscard]] bool simulateOrders(const ScheduleShape& shape, ScheduleOrders&& orders,
                                  const ScheduleCosts& costs, ScheduleResult& result);

// The same for orders already compiled into `program` (compileOrders(shape, orders)): the ops
// are copied, so one compiled shape serves many simulations.
[[nodiscard]] bool simulateCompiled(const ScheduleShape& shape, const ScheduleOrders& orders,
                                    const ScheduleProgram& program, const ScheduleCosts& costs,
                                    ScheduleResult& result);

// A shape's orders and their program, generated and compiled or kept from earlier.
struct PreparedOrders {
    const ScheduleOrders* orders = nullptr;
    const ScheduleProgram* program = nullptr;
};
// simulateSchedule (core/schedule/schedule.h) with each shape's orders and program from `prepare`,
// called at most once with the schedule generated (1F1B for interleaving on one chunk) and the
// shape simulated.
using PrepareOrders = std::function<PreparedOrders(ScheduleKind, const ScheduleShape&)>;
[[nodiscard]] ScheduleResult simulateSchedulePrepared(ScheduleKind kind, int stages,
                                                      int microBatches, int virtualStages,
                                                      const ScheduleCosts& costs,
                                                      const PrepareOrders& prepare);

}  // namespace fourfold::core::detail
