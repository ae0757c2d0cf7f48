// SPDX-License-Identifier: MIT
// Measured beside predicted: the error of each prediction against what the user observed on
// real hardware (plan.measured), as (predicted − measured) / measured.
#pragma once

#include "core/memory/memory.h"
#include "core/performance/performance.h"
#include "core/plan/plan.h"
#include "core/schedule/schedule.h"
#include "core/text/coded_text.h"

#include <optional>
#include <string>
#include <vector>

namespace fourfold::core {

struct MeasuredComparison {
    // Per pipeline stage; empty optional where no measurement or no prediction exists.
    std::vector<std::optional<double>> peakError;
    // Against the fullest stage, for a measured peak that names no stage (measured.peak_bytes).
    std::optional<double> fullestPeakError;
    // Against the performance model's step time (pipeline, exposed DP/ZeRO, optimizer, data
    // loading); against the bare pipeline makespan when no step time was computed.
    std::optional<double> stepTimeError;
    // The measured step the error is taken against (given, or implied by a throughput).
    std::optional<double> measuredStepS;
    std::string stepTimeFormula;  // "predicted 1.52 s vs measured 1.90 s: −20.0 %"
    CodedText stepTimeText;       // the same as a code and args (core/text/coded_text.h)

    bool operator==(const MeasuredComparison&) const = default;
};

[[nodiscard]] MeasuredComparison compareMeasured(const MeasuredFigures& measured,
                                                 const MemoryReport* memory,
                                                 const ScheduleResult* schedule,
                                                 const PerformanceReport* performance = nullptr);

}  // namespace fourfold::core
