// SPDX-License-Identifier: MIT
// Measured beside predicted: the error of each prediction against what the user observed on
// real hardware (plan.measured), as (predicted − measured) / measured.
#pragma once

#include "core/memory.h"
#include "core/plan.h"
#include "core/schedule.h"

#include <optional>
#include <string>
#include <vector>

namespace fourfold::core {

struct MeasuredComparison {
    // Per pipeline stage; empty optional where no measurement or no prediction exists.
    std::vector<std::optional<double>> peakError;
    // Against the simulated pipeline makespan: compute and pipeline bubbles only, so a real
    // step (with data-parallel synchronisation and the optimizer) is expected to be longer.
    std::optional<double> stepTimeError;
    std::string stepTimeFormula;  // "predicted 1.52 s vs measured 1.90 s: −20.0 %"

    bool operator==(const MeasuredComparison&) const = default;
};

[[nodiscard]] MeasuredComparison compareMeasured(const MeasuredFigures& measured,
                                                 const MemoryReport* memory,
                                                 const ScheduleResult* schedule);

}  // namespace fourfold::core
