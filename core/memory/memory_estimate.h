// SPDX-License-Identifier: MIT
// One memory estimate without what-ifs: every stage's categories under the plan's convention,
// the peak, and what fits. The what-ifs and the micro-batch search call this, never
// estimateMemory, so no what-if ever computes what-ifs of its own.
// Units: bytes. Sources: see core/memory/memory.h.
#pragma once

#include "core/memory/memory.h"

namespace fourfold::core::detail {

// explain = false skips the formula text (what-ifs and the search need only the figures).
[[nodiscard]] MemoryReport estimateStages(const Plan& plan, const ModelReport& model,
                                          bool explain = true);

// What the layout search reads of estimateStages(plan, model, false), to the byte, without the
// stage list. Under the full accounting a stage's bytes depend on its layer count, embedding,
// head and parameters and grow with the activation sets it holds, so of the stages alike in the
// first four only the one holding the most sets is costed (other conventions cost every stage).
struct MemoryPeak {
    std::uint64_t peakBytes = 0;
    std::uint64_t usableBytes = 0;
    bool fits = true;
    bool overflow = false;  // estimateStages would name an overflowing figure

    bool operator==(const MemoryPeak&) const = default;
};
[[nodiscard]] MemoryPeak estimatePeak(const Plan& plan, const ModelReport& model);

struct MicroBatchSearch {
    int largest = 0;       // 0 when a micro-batch of 1 does not fit
    bool atLeast = false;  // the search reached its limit: larger ones may fit too
};
// Largest micro-batch (accumulation unchanged) whose estimate fits.
[[nodiscard]] MicroBatchSearch largestFittingMicroBatch(const Plan& plan, const ModelReport& model);

}  // namespace fourfold::core::detail
