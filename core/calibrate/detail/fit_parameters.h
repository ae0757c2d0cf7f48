// SPDX-License-Identifier: MIT
// The parameters calibration fits, one row each: the profile key, whether it is fitted to step
// times or to peak memory, how it is scaled for the solver (the log of its ratio to the start for
// rates, a plain offset for shares and byte counts), its bounds, where its starting value comes
// from and where the fitted value goes in a profile.
#pragma once

#include "core/calibrate/calibrate.h"

#include <span>

namespace fourfold::core::detail {

enum class FitScale { Log, Linear };

struct ParameterSpec {
    CalibrationParameter parameter;
    std::string_view key;
    bool memory;     // fitted to measured peaks, else to step times
    FitScale scale;  // Log: u = ln(θ/θ₀); Linear: u = (θ − θ₀)/unit
    double unit;
    double lower;  // bounds of θ; for link bandwidths, multiples of the link's own figure
    double upper;
    bool relative;
};

[[nodiscard]] std::span<const ParameterSpec> parameterSpecs();
[[nodiscard]] const ParameterSpec& parameterSpec(CalibrationParameter parameter);

// θ₀: the value the performance or memory model uses for `plan` today.
[[nodiscard]] double startingValue(CalibrationParameter parameter, const Plan& plan);
// The bounds of θ for a run set whose reference plan is `plan`.
[[nodiscard]] double lowerBound(const ParameterSpec& spec, const Plan& plan);
[[nodiscard]] double upperBound(const ParameterSpec& spec, const Plan& plan);

[[nodiscard]] double valueAt(const ParameterSpec& spec, double start, double u);
[[nodiscard]] double offsetOf(const ParameterSpec& spec, double start, double value);

// Writes θ into the profile (a link takes the reference plan's link for what is not fitted).
void setProfileValue(CalibrationProfile& profile, CalibrationParameter parameter, double value,
                     const Plan& reference);

}  // namespace fourfold::core::detail
