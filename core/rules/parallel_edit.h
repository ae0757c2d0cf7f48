// SPDX-License-Identifier: MIT
// Editing one parallel degree the way the controls do: the degree changes and the degrees that
// depend on it follow, so the plan stays within the cluster and keeps its other rules; and the
// stops a slider for that degree may land on (each one gives a plan free of parallel-layout
// errors). The single-value rules live in core/rules/parallel_choices.h.
#pragma once

#include "core/plan/plan.h"
#include "core/rules/parallel_choices.h"

#include <vector>

namespace fourfold::core {

// `plan` with `axis` set to `value`, then, in this order:
// - TP, PP or CP: DP becomes the largest valid DP whose world size dp × tp × pp × cp fits the
//   cluster (so the whole cluster stays in use when tp × pp × cp divides it);
// - any axis: EP, virtual stages and the sharding group, when the change broke them, drop to
//   their largest valid value not above the old one (the sharding group to 0, all DP ranks,
//   when none is);
// - when DP changed and a global-batch target is set that micro-batch × DP divides, gradient
//   accumulation becomes target / (micro-batch × DP), so the global batch stays as typed
//   (Narayanan et al. 2021 §2: B = b × a × d).
// `value` itself is kept even when it breaks a rule: a typed value shows its error.
[[nodiscard]] Plan withParallelDegree(const Plan& plan, ParallelAxis axis, int value);

// The values a slider for `axis` steps through, ascending, never empty: those v for which
// withParallelDegree(plan, axis, v) breaks no rule of parallel_choices.h on any axis. For TP, PP
// and CP, when some of them keep every GPU of the cluster busy (tp × pp × cp divides the
// cluster), only those are offered: the others would leave GPUs idle. The plan's own value is
// included when it is valid, so the slider can show where it is.
[[nodiscard]] std::vector<int> parallelStops(const Plan& plan, ParallelAxis axis);

}  // namespace fourfold::core
