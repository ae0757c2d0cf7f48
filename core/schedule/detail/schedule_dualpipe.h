// SPDX-License-Identifier: MIT
// DualPipe and DualPipeV (DeepSeek-AI 2024, DeepSeek-V3 Technical Report, arXiv 2412.19437,
// §3.2.1 and Table 2; the open deepseek-ai/DualPipe repository, dualpipe.py and dualpipev.py).
// Every rank holds two model chunks and runs the same eight phases: forwards of chunk 0 to fill
// the pipe, forwards of both chunks, zero-bubble backwards of chunk 1, then the main phase in
// which a forward of one chunk runs beside the backward of the other ("F&B": one micro-batch's
// all-to-all and pipeline sends hide behind the other's compute), and the drain, which defers
// the weight gradients (W) into the gaps.
//   DualPipe: two directions. Chunk 0 carries half the micro-batches from rank 0 to rank p − 1,
//     chunk 1 the other half from rank p − 1 to rank 0; each chunk is a whole stage (rank r holds
//     stages r and p − 1 − r: 2× the parameters). Needs p even and m even, m ≥ 2p.
//   DualPipeV: one direction folded in a V: each micro-batch runs chunk 0 from rank 0 to rank
//     p − 1, then chunk 1 back from rank p − 1 to rank 0 (2p stages of half a rank's layers).
//     Needs m ≥ 2p.
// Bubble per rank, with F a chunk's forward, B its full backward, W its weight gradient and F&B
// an overlapped pair: (PP/2 − 1)(F&B + B − 3W), PP the stage count (DualPipe: PP = p; DualPipeV:
// PP = 2p). The simulator runs each pair as F then the full backward, so F&B = F + B here; the
// all-to-all the pair hides is taken off the costs (core/performance).
#pragma once

#include "core/schedule/schedule_order.h"

#include <cstdint>

namespace fourfold::core::detail {

[[nodiscard]] ScheduleOrders generateDualPipe(const ScheduleShape& shape);
[[nodiscard]] ScheduleOrders generateDualPipeV(const ScheduleShape& shape);
// Peak (micro-batch, chunk) sets rank `stage` holds, counted on its generated order (the
// schedules' phase lengths give no shorter closed form for every rank).
[[nodiscard]] std::int64_t dualPipeInFlight(const ScheduleShape& shape, int stage);
[[nodiscard]] std::int64_t dualPipeVInFlight(const ScheduleShape& shape, int stage);
// Forwards of rank `stage` that run as the F of an overlapped F&B pair, out of all its forwards
// (m for DualPipe, 2m for DualPipeV): the share whose all-to-all the pair hides.
[[nodiscard]] double dualPipePairedShare(int stages, int microBatches, int stage);
[[nodiscard]] double dualPipeVPairedShare(int stages, int microBatches, int stage);
// Whether the schedule's own rules hold (p even for DualPipe; m ≥ 2p, and m even for DualPipe).
[[nodiscard]] bool dualPipeRuns(int stages, int microBatches);
[[nodiscard]] bool dualPipeVRuns(int stages, int microBatches);
// The simulated bubble beside the closed form (PP/2 − 1)(F&B + B − 3W) per rank.
void describeDualPipeBubble(ScheduleResult& result, int requestedChunks);
void describeDualPipeVBubble(ScheduleResult& result, int requestedChunks);

}  // namespace fourfold::core::detail
