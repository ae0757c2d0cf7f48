// SPDX-License-Identifier: MIT
// The one event simulator every schedule shares: it turns per-rank op orders, per-(chunk,
// rank) costs in seconds and the pipeline's dependencies into start/end times.
// Dependencies: F(k, mb) after F(k − 1, mb) + transfer; B(k, mb) after B(k + 1, mb) + transfer
// (the last virtual stage's B after its own F); W(k, mb) after B(k, mb); a rank runs its ops
// in the given order, one at a time. Virtual stage k = chunk·p + rank (Narayanan et al. 2021).
#pragma once

#include "core/detail/schedule/schedule_order.h"
#include "core/schedule.h"

namespace fourfold::core::detail {

// Moves the orders into result.ranks, times every op, and sets makespanS and bubbleFraction.
// `costs` must hold stages × virtualStages finite, non-negative entries per vector. When the orders
// do not split W, B takes the whole backward (backwardS + weightGradS). Returns false, with the ops
// timed so far, if the orders stall (an op waits on one that can never run) or name an op outside
// the shape.
[[nodiscard]] bool simulateOrders(const ScheduleShape& shape, ScheduleOrders&& orders,
                                  const ScheduleCosts& costs, ScheduleResult& result);

}  // namespace fourfold::core::detail
