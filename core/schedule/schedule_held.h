// SPDX-License-Identifier: MIT
// The one rule for the activation sets a pipeline rank holds: a (micro-batch, chunk) set is
// stored by its forward and freed by its last backward op (W when the schedule splits it from
// B, else B), as in Narayanan et al. 2021 §2.2 (1F1B) and Qi et al. 2023 §2 (W keeps its
// inputs). Ops on a rank never overlap, so walking them in order is exact. The simulator's
// peak (RankTimeline::peakInFlight) and the activation timeline both come from this walk.
#pragma once

#include "core/schedule/schedule.h"

#include <vector>

namespace fourfold::core::detail {

// Calls visit(op, held) after each op that changes the count (a forward ends: +1; the
// releasing backward op ends: −1), in op order, and returns the largest count reached.
template <class Visit>
int walkHeldSets(const std::vector<ScheduleOp>& ops, bool splitWeightGrad, Visit&& visit) {
    const OpKind release = splitWeightGrad ? OpKind::WeightGrad : OpKind::Backward;
    int held = 0;
    int peak = 0;
    for (const ScheduleOp& op : ops) {
        if (op.kind == OpKind::Forward) {
            ++held;
            if (held > peak) peak = held;
        } else if (op.kind == release) {
            --held;
        } else {
            continue;
        }
        visit(op, held);
    }
    return peak;
}

}  // namespace fourfold::core::detail
