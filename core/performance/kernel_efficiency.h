// SPDX-License-Identifier: MIT
// The GPU efficiencies the performance model runs a plan's kernels at (docs/performance.md):
// each the plan's own (cluster.gpu.efficiency), else its GPU preset's, else the generic default.
// Calibration starts from these and reports them as the "before" of each parameter.
#pragma once

#include "core/plan/plan.h"

namespace fourfold::core {

// Every field set (> 0): the value kernelRates() uses for this plan.
[[nodiscard]] GpuEfficiency effectiveEfficiency(const Plan& plan);

}  // namespace fourfold::core
