// SPDX-License-Identifier: MIT
// The pipeline schedules, in one table: for each, its display name (a coded text, rendered by
// core/text/coded_text.h in any language), whether it runs v model chunks per rank and whether it
// splits the weight gradient from the backward, the generator of its op order, its in-flight
// activation sets in closed form and the builder of its bubble's explanation. The simulator, the
// memory estimate, the step costs, the layout search and the controls read this table, so a new
// schedule is its own generator file, one row here, its key in core/plan/plan.h and its name in
// the coded-text catalogues. Sources are cited where each rule lives (core/schedule/detail/).
#pragma once

#include "core/plan/plan.h"
#include "core/schedule/schedule.h"
#include "core/schedule/schedule_order.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace fourfold::core {

struct ScheduleKindInfo {
    ScheduleKind kind;
    std::string_view nameCode;  // "schedule.zb_h1": "Zero bubble H1"
    // Runs parallel.virtual_stages model chunks per rank (interleaving); then m must be a
    // multiple of p, as Megatron-LM's interleaving requires, or it runs whole stages.
    bool usesVirtualStages;
    // B is the input gradient and W a separate op (zero bubble, Qi et al. 2023); the generator's
    // orders say the same (ScheduleOrders::splitWeightGrad).
    bool splitsWeightGrad;
    detail::ScheduleGenerator generate;  // the op order on the shape it runs
    ScheduleKind onWholeStages;          // what it runs as on one chunk per rank (itself, or 1F1B)
    // Peak (micro-batch, chunk) sets rank `stage` holds, in closed form, on the shape it runs
    // (virtualStages = the chunks it runs; 1 for a schedule on whole stages).
    std::int64_t (*inFlight)(const detail::ScheduleShape& shape, int stage);
    // Fills bubbleFraction's closed form, bubbleText, bubbleFormula and bubbleExplain of a
    // complete simulation; requestedChunks is the virtualStages asked for.
    void (*describeBubble)(ScheduleResult& result, int requestedChunks);
};

// Every schedule, in ScheduleKind order (the order the controls list them).
[[nodiscard]] std::span<const ScheduleKindInfo> scheduleKinds();
// The row of `kind` (1F1B's for a value outside the enumeration).
[[nodiscard]] const ScheduleKindInfo& scheduleInfo(ScheduleKind kind);

}  // namespace fourfold::core
