// SPDX-License-Identifier: MIT
#include "core/schedule.h"

namespace fourfold::core {

ScheduleResult simulateSchedule(ScheduleKind kind, int stages, int microBatches, int virtualStages,
                                const ScheduleCosts& /*costs*/) {
    ScheduleResult result;  // placeholder
    result.kind = kind;
    result.stages = stages;
    result.microBatches = microBatches;
    result.virtualStages = virtualStages;
    return result;
}

int inFlightActivationSets(ScheduleKind kind, int stages, int microBatches, int /*virtualStages*/,
                           int stage) {
    if (kind == ScheduleKind::Gpipe) return microBatches;
    const int held = stages - stage;
    return held < microBatches ? held : microBatches;  // placeholder: 1F1B's rule
}

}  // namespace fourfold::core
