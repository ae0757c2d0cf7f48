// SPDX-License-Identifier: MIT
// GPipe (Huang et al. 2019): every rank runs all m forwards, then all m backwards, so a
// stage holds all m micro-batches' activations at the flush.
#pragma once

#include "core/schedule/schedule_order.h"

namespace fourfold::core::detail {

[[nodiscard]] ScheduleOrders generateGpipe(const ScheduleShape& shape);

}  // namespace fourfold::core::detail
