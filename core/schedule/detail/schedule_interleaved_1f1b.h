// SPDX-License-Identifier: MIT
// Interleaved 1F1B (Narayanan et al. 2021, §2.2.1; Megatron-LM's interleaved schedule): each
// rank holds v model chunks; micro-batches go in groups of p, each group through chunk 0,
// then chunk 1, ... Rank s warms up with (p − s − 1)·2 + (v − 1)·p forward chunks (capped at
// m·v), then alternates forward and backward chunks. Requires m to be a multiple of p, as
// Megatron-LM does; otherwise it runs as 1F1B (its row in core/schedule/schedule_kinds.cpp).
#pragma once

#include "core/schedule/schedule_order.h"

#include <cstdint>

namespace fourfold::core::detail {

[[nodiscard]] ScheduleOrders generateInterleavedOneFOneB(const ScheduleShape& shape);

// Forward chunks rank `stage` runs before its first backward (Megatron-LM's warm-up count).
[[nodiscard]] int interleavedWarmup(int stages, int microBatches, int virtualStages, int stage);
// The warm-up forward chunks plus the one in flight in steady state (Megatron-LM).
[[nodiscard]] std::int64_t interleavedInFlight(const ScheduleShape& shape, int stage);

}  // namespace fourfold::core::detail
