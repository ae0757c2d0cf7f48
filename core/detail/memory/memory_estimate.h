// SPDX-License-Identifier: MIT
// One memory estimate without what-ifs: every stage's categories under the plan's convention,
// the peak, and what fits. The what-ifs and the micro-batch search call this, never
// estimateMemory, so no what-if ever computes what-ifs of its own.
// Units: bytes. Sources: see core/memory.h.
#pragma once

#include "core/memory.h"

namespace fourfold::core::detail {

// explain = false skips the formula text (what-ifs and the search need only the figures).
[[nodiscard]] MemoryReport estimateStages(const Plan& plan, const ModelReport& model,
                                          bool explain = true);

}  // namespace fourfold::core::detail
