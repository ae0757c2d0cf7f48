// SPDX-License-Identifier: MIT
// 1F1B, PipeDream-flush (Narayanan et al. 2021, §2.2 and Fig. 4 top): rank s runs
// min(p − s − 1, m) warm-up forwards, then alternates one forward and one backward, then
// drains the remaining backwards. It holds at most min(p − s, m) micro-batches.
#pragma once

#include "core/schedule/schedule_order.h"

namespace fourfold::core::detail {

[[nodiscard]] ScheduleOrders generateOneFOneB(const ScheduleShape& shape);

}  // namespace fourfold::core::detail
