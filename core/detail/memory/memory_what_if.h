// SPDX-License-Identifier: MIT
// What-if hints for a plan that does not fit: the obvious single changes (next ZeRO stage,
// selective or full recompute, half the micro-batch, double TP or PP, optimizer offload),
// each re-estimated in full, and the largest micro-batch that fits (a search).
// Units: bytes. Every figure comes from estimateStages, never from a guess.
#pragma once

#include "core/memory.h"

#include <vector>

namespace fourfold::core::detail {

// `schedules`, when given, keeps the compiled schedule shapes for later calls.
[[nodiscard]] std::vector<WhatIf> whatIfs(const Plan& plan, const ModelReport& model,
                                          std::uint64_t peakBytes,
                                          ScheduleMemo* schedules = nullptr);
struct MicroBatchSearch {
    int largest = 0;       // 0 when a micro-batch of 1 does not fit
    bool atLeast = false;  // the search reached its limit: larger ones may fit too
};
// Largest micro-batch (accumulation unchanged) whose estimate fits.
[[nodiscard]] MicroBatchSearch largestFittingMicroBatch(const Plan& plan, const ModelReport& model);

// estimateMemory in two parts, for evaluate(), which computes the what-ifs beside its other
// figures: the report without them, and whether they apply to it (then whatIfs(plan, model,
// report.peakBytes, ...) gives them).
[[nodiscard]] MemoryReport estimateWithoutWhatIfs(const Plan& plan, const ModelReport& model);
[[nodiscard]] bool needsWhatIfs(const MemoryReport& report);

}  // namespace fourfold::core::detail
