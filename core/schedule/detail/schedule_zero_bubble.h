// SPDX-License-Identifier: MIT
// Zero-bubble schedules ZB-H1 and ZB-H2 (Qi et al. 2023, "Zero Bubble Pipeline Parallelism",
// §2.1–2.2): the backward splits into B (input gradient, on the critical path) and W (weight
// gradient, free to move). Rank s runs `warmup` forwards, then repeats B, W (once W is no
// longer delayed), F; W ops delayed at the start all run at the end.
//   ZB-H1: warm-up p − s, W delayed by s steps: every rank holds p micro-batches, as many as
//          1F1B's first stage (§2.1), and the bubble shrinks to (p − 1)(T_F + T_B − T_W).
//   ZB-H2: warm-up 2(p − s) − 1 (extra forwards fill the wait for the first B, §2.2), W delayed
//          by max(0, 2s − p + 1) steps: the first rank holds 2p − 1 micro-batches.
#pragma once

#include "core/schedule/schedule_order.h"

#include <cstdint>

namespace fourfold::core::detail {

[[nodiscard]] ScheduleOrders generateZeroBubbleH1(const ScheduleShape& shape);
[[nodiscard]] ScheduleOrders generateZeroBubbleH2(const ScheduleShape& shape);
// Micro-batches held: ZB-H1 min(p, m) on every stage (§2.1); ZB-H2 up to 2p − 1 on the first
// (§2.2): min(m, max(2(p − s) − 1, p)).
[[nodiscard]] std::int64_t zeroBubbleH1InFlight(const ScheduleShape& shape, int stage);
[[nodiscard]] std::int64_t zeroBubbleH2InFlight(const ScheduleShape& shape, int stage);
// The bubble as simulated, with the paper's idle time per rank beside it (no single closed form
// gives the fraction).
void describeZeroBubbleH1(ScheduleResult& result, int requestedChunks);
void describeZeroBubbleH2(ScheduleResult& result, int requestedChunks);

}  // namespace fourfold::core::detail
