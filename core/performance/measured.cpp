// SPDX-License-Identifier: MIT
#include "core/performance/measured.h"

#include "core/text/format.h"

#include <cmath>

namespace fourfold::core {

MeasuredComparison compareMeasured(const MeasuredFigures& measured, const MemoryReport* memory,
                                   const ScheduleResult* schedule,
                                   const PerformanceReport* performance) {
    MeasuredComparison comparison;
    if (memory != nullptr) {
        const std::size_t stages = memory->stages.size();
        comparison.peakError.resize(std::min(stages, measured.peakBytesPerStage.size()));
        for (std::size_t stage = 0; stage < comparison.peakError.size(); ++stage) {
            const auto observed = static_cast<double>(measured.peakBytesPerStage[stage]);
            if (observed <= 0) continue;
            const auto predicted = static_cast<double>(memory->stages[stage].totalBytes);
            comparison.peakError[stage] = (predicted - observed) / observed;
        }
        if (measured.peakBytes && *measured.peakBytes > 0) {
            const auto observed = static_cast<double>(*measured.peakBytes);
            comparison.fullestPeakError =
                (static_cast<double>(memory->peakBytes) - observed) / observed;
        }
    }
    const bool stepKnown = performance != nullptr && performance->stepTimeS > 0;
    if ((schedule != nullptr || stepKnown) && measured.stepTimeS &&
        std::isfinite(*measured.stepTimeS) && *measured.stepTimeS > 0) {
        const double predicted = stepKnown ? performance->stepTimeS : schedule->makespanS;
        const double error = (predicted - *measured.stepTimeS) / *measured.stepTimeS;
        comparison.stepTimeError = error;
        comparison.measuredStepS = *measured.stepTimeS;
        // Appended, not "+" + text: GCC 12 at -O3 misreads the prepend as an overlapping copy.
        std::string signedError = error >= 0 ? "+" : "";
        signedError += formatPercent(error);
        comparison.stepTimeText = {
            stepKnown ? "formula.measured_step" : "formula.measured_makespan",
            {{"predicted", formatSeconds(predicted)},
             {"measured", formatSeconds(*measured.stepTimeS)},
             {"error", signedError}}};
        comparison.stepTimeFormula = renderCodedText(comparison.stepTimeText, Language::English);
    }
    return comparison;
}

}  // namespace fourfold::core
