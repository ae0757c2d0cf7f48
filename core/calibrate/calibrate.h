// SPDX-License-Identifier: MIT
// Calibration (docs/calibration.md): the efficiency parameters the performance and memory models
// take as built-in defaults — GEMM η_max and d½, FP8 GEMM η_max, flash attention, HBM, each link's
// achieved bandwidth and latency, the overlap contention, the framework overhead and the
// fragmentation — fitted to measured runs by bounded least squares on the log of predicted over
// measured (Levenberg–Marquardt), with each run's prediction before and after and its
// leave-one-out error (the fit made without it). A parameter the runs cannot identify (no run
// depends on it, or its effect cannot be told apart from one already fitted, or the runs are too
// few) keeps its default, with a warning that says why. The result is a profile a plan can name.
#pragma once

#include "core/calibrate/runs_file.h"
#include "core/performance/measured_step.h"
#include "core/plan/plan.h"
#include "core/text/coded_text.h"
#include "core/text/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

enum class CalibrationParameter {
    Gemm,
    GemmFp8,
    GemmHalfDim,
    FlashAttention,
    Hbm,
    IntraNodeGbps,
    IntraNodeLatency,
    InterNodeGbps,
    InterNodeLatency,
    OverlapContention,
    FrameworkBytes,
    Fragmentation,
};
inline constexpr std::size_t kCalibrationParameters = 12;

// "gemm", "gemm_fp8", "gemm_half_dim", "flash_attention", "hbm", "intra_node.gbps",
// "intra_node.latency_us", "inter_node.gbps", "inter_node.latency_us", "overlap_contention",
// "framework_bytes", "fragmentation": the profile's keys.
[[nodiscard]] std::string_view calibrationParameterKey(CalibrationParameter parameter);
// True for the parameters fitted to measured peaks (framework bytes, fragmentation), false for
// those fitted to step times.
[[nodiscard]] bool calibrationParameterIsMemory(CalibrationParameter parameter);

struct FittedParameter {
    CalibrationParameter parameter = CalibrationParameter::Gemm;
    double before = 0;  // the value the runs were predicted with (plan, preset or default)
    double after = 0;   // the fitted value; `before` when not fitted
    double lower = 0;   // the bounds of the fit
    double upper = 0;
    bool fitted = false;
    CodedText reason;  // why it was not fitted ("calibrate.reason.*"); empty when fitted

    bool operator==(const FittedParameter&) const = default;
};

// One run: its measured figures beside the prediction before (built-in values), after (the
// profile) and held out (the profile fitted without this run). Errors are (predicted − measured)
// / measured.
struct CalibrationRow {
    std::string pointer;  // in the runs file
    std::string source;
    std::string plan;  // the plan's title
    std::optional<MeasuredStepSource> stepFrom;
    std::optional<double> measuredStepS;
    std::optional<double> beforeStepS;
    std::optional<double> afterStepS;
    std::optional<double> heldOutStepS;
    std::optional<double> measuredPeakBytes;  // the fullest stage
    std::optional<double> beforePeakBytes;
    std::optional<double> afterPeakBytes;
    std::optional<double> heldOutPeakBytes;

    [[nodiscard]] std::optional<double> beforeError() const;
    [[nodiscard]] std::optional<double> afterError() const;
    [[nodiscard]] std::optional<double> heldOutError() const;
    [[nodiscard]] std::optional<double> beforePeakError() const;
    [[nodiscard]] std::optional<double> afterPeakError() const;
    [[nodiscard]] std::optional<double> heldOutPeakError() const;
    bool operator==(const CalibrationRow&) const = default;
};

// Mean and largest |error| over the runs that have one.
struct ErrorSummary {
    int runs = 0;
    double mean = 0;
    double worst = 0;
    bool operator==(const ErrorSummary&) const = default;
};

struct Calibration {
    CalibrationProfile profile;
    std::vector<FittedParameter> parameters;  // every parameter, in CalibrationParameter order
    std::vector<CalibrationRow> rows;         // the runs used, in file order
    std::vector<Diagnostic> diagnostics;      // parameters left at their defaults, runs left out
    ErrorSummary stepBefore, stepAfter, stepHeldOut;
    ErrorSummary peakBefore, peakAfter, peakHeldOut;
    int predictions = 0;  // model evaluations the fit took (for the benchmark)

    bool operator==(const Calibration&) const = default;
};

struct CalibrationOptions {
    std::string name;    // the profile's name
    std::string fitted;  // the date, as the caller gives it ("2025-06-30"): the core reads no clock
    bool leaveOneOut = true;
    int maxIterations = 40;
};

// Fits the parameters to the runs. The runs must share one GPU: those on another than most are
// left out with a warning. Never throws; no usable run gives an empty profile and an error.
[[nodiscard]] Calibration calibrate(const std::vector<CalibrationRun>& runs,
                                    const CalibrationOptions& options = {});

}  // namespace fourfold::core
