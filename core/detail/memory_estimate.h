// SPDX-License-Identifier: MIT
// One memory estimate without what-ifs: every stage's categories under the plan's convention,
// the peak, and what fits. The what-ifs and the micro-batch search call this, never
// estimateMemory, so no what-if ever computes what-ifs of its own.
// Units: bytes. Sources: see core/memory.h.
#pragma once

#include "core/memory.h"

namespace fourfold::core::detail {

[[nodiscard]] MemoryReport estimateStages(const Plan& plan, const ModelReport& model);

}  // namespace fourfold::core::detail
