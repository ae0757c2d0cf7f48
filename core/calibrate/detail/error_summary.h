// SPDX-License-Identifier: MIT
// A calibration's error figures: each run's relative errors (CalibrationRow's accessors) and
// their mean and worst over the runs.
#pragma once

#include "core/calibrate/calibrate.h"

#include <optional>
#include <vector>

namespace fourfold::core::detail {

// The mean and worst absolute relative error over the rows that have the figure `error` reads.
[[nodiscard]] ErrorSummary summarise(const std::vector<CalibrationRow>& rows,
                                     std::optional<double> (CalibrationRow::*error)() const);

}  // namespace fourfold::core::detail
