// SPDX-License-Identifier: MIT
// 1F1B, PipeDream-flush (Narayanan et al. 2021, §2.2 and Fig. 4 top): rank s runs
// min(p − s − 1, m) warm-up forwards, then alternates one forward and one backward, then
// drains the remaining backwards. It holds at most min(p − s, m) micro-batches.
#pragma once

#include "core/schedule/schedule_order.h"

#include <cstdint>

namespace fourfold::core::detail {

[[nodiscard]] ScheduleOrders generateOneFOneB(const ScheduleShape& shape);
// min(p − s, m) (Narayanan et al. 2021 §2.2).
[[nodiscard]] std::int64_t oneFOneBInFlight(const ScheduleShape& shape, int stage);

}  // namespace fourfold::core::detail
