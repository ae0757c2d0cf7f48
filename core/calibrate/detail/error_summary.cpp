// SPDX-License-Identifier: MIT
#include "core/calibrate/detail/error_summary.h"

#include <algorithm>
#include <cmath>

namespace fourfold::core {
namespace {

// (predicted − measured) / measured, when both are known and the measurement is positive.
std::optional<double> relativeError(const std::optional<double>& predicted,
                                    const std::optional<double>& measured) {
    if (!predicted || !measured || *measured <= 0) return std::nullopt;
    return (*predicted - *measured) / *measured;
}

}  // namespace

std::optional<double> CalibrationRow::beforeError() const {
    return relativeError(beforeStepS, measuredStepS);
}
std::optional<double> CalibrationRow::afterError() const {
    return relativeError(afterStepS, measuredStepS);
}
std::optional<double> CalibrationRow::heldOutError() const {
    return relativeError(heldOutStepS, measuredStepS);
}
std::optional<double> CalibrationRow::beforePeakError() const {
    return relativeError(beforePeakBytes, measuredPeakBytes);
}
std::optional<double> CalibrationRow::afterPeakError() const {
    return relativeError(afterPeakBytes, measuredPeakBytes);
}
std::optional<double> CalibrationRow::heldOutPeakError() const {
    return relativeError(heldOutPeakBytes, measuredPeakBytes);
}

namespace detail {

ErrorSummary summarise(const std::vector<CalibrationRow>& rows,
                       std::optional<double> (CalibrationRow::*error)() const) {
    ErrorSummary summary;
    double sum = 0;
    for (const CalibrationRow& row : rows) {
        const auto value = (row.*error)();
        if (!value) continue;
        ++summary.runs;
        sum += std::abs(*value);
        summary.worst = std::max(summary.worst, std::abs(*value));
    }
    if (summary.runs > 0) summary.mean = sum / summary.runs;
    return summary;
}

}  // namespace detail
}  // namespace fourfold::core
