// SPDX-License-Identifier: MIT
// GPipe (Huang et al. 2019): every rank runs all m forwards, then all m backwards, so a
// stage holds all m micro-batches' activations at the flush.
#pragma once

#include "core/schedule/schedule_order.h"

#include <cstdint>

namespace fourfold::core::detail {

[[nodiscard]] ScheduleOrders generateGpipe(const ScheduleShape& shape);
// All m micro-batches before the first backward.
[[nodiscard]] std::int64_t gpipeInFlight(const ScheduleShape& shape, int stage);

}  // namespace fourfold::core::detail
