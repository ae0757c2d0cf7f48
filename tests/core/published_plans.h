// SPDX-License-Identifier: MIT
// The published runs (published_runs.h) as plans, evaluated and compared with what their source
// measured, in the unit the source publishes. Only the public core API is used (core/plan,
// core/evaluate), so the comparison runs unchanged on any branch of the model.
//
// A run becomes a Plan field by field; what the source leaves unsaid takes the defaults
// documented at planForRun (published_plans.cpp). A run that uses something a Plan cannot say
// (uneven pipeline stages, multi-head latent attention, DualPipe, ...) is not approximated: it
// is listed with the reason, so the table always shows every run.
#pragma once

#include "published_runs.h"

#include "core/evaluate/evaluation.h"
#include "core/plan/plan.h"

#include <optional>
#include <string>
#include <vector>

namespace fourfold::test::published {

// A run as a Plan, or why it cannot be one yet.
struct RunPlan {
    std::optional<core::Plan> plan;
    std::string notExpressible;  // empty when `plan` is set
};

[[nodiscard]] RunPlan planForRun(const PublishedRun& run);
// The share of the 700 W H100's kernel rates that torchtitan's 500 W-capped H100s reach, fitted
// on the calibration run on that hardware (the harness's one fitted figure).
[[nodiscard]] double fittedPowerCapScale();

// The figure a row is compared on, picked in this order from what the source publishes:
// step time, tokens/s per GPU, MFU, model TFLOP/s per GPU. Step time and tokens/s need no
// agreement on how FLOPs are counted, so they go first; MFU before TFLOP/s because it does not
// depend on the peak a GPU variant reaches either.
enum class Figure { StepTimeS, TokensPerSPerGpu, Mfu, TflopsPerGpu };

[[nodiscard]] const char* figureUnit(Figure figure);

struct RunComparison {
    const PublishedRun* run = nullptr;
    Figure figure = Figure::TokensPerSPerGpu;
    double measured = 0;
    double predicted = 0;        // 0 when not expressible or not evaluated
    std::string notExpressible;  // the reason, when the run has no plan or no step time
    // predicted / measured, in throughput terms (> 1: the model is faster than the run); for a
    // step time that is measured / predicted, so every ratio reads the same way.
    [[nodiscard]] double speedRatio() const;
    [[nodiscard]] bool compared() const { return notExpressible.empty() && predicted > 0; }
};

// The run's published figure against the evaluation of its plan.
[[nodiscard]] RunComparison compareRun(const PublishedRun& run);
// Every run of kPublishedRunTables, in table order.
[[nodiscard]] std::vector<RunComparison> compareAllRuns();

// Calibrated per source family, as a user calibrates to a cluster: one figure per family, the
// share of the default kernel rates (GEMMs, attention) that reproduces the family's calibration
// run, applied to the family's held-out runs. A family without a calibration run keeps the
// defaults (scale 1).
[[nodiscard]] double familyKernelScale(const char* family);
[[nodiscard]] std::vector<RunComparison> compareAllRunsCalibratedPerFamily();

struct ErrorSummary {
    int runs = 0;      // compared
    int skipped = 0;   // not expressible
    double mean = 0;   // mean of |speed ratio - 1|
    double worst = 0;  // largest |speed ratio - 1|
    std::string worstId;
};

[[nodiscard]] ErrorSummary summarize(const std::vector<RunComparison>& rows, Split split);

// ---- Memory ------------------------------------------------------------------------------

// The evaluation's peak in the figure a published peak is (PublishedPeak::kind): the
// allocator's peak allocated or reserved bytes (MemoryReport::peakAllocatedBytes,
// peakReservedBytes), or the whole device as nvidia-smi shows it (peakBytes); a peak that does
// not say which is taken as the whole device.
[[nodiscard]] std::uint64_t peakBytesAs(const core::MemoryReport& memory, PeakKind kind);

struct PeakComparison {
    const PublishedPeak* peak = nullptr;
    double measuredGib = 0;
    double predictedGib = 0;  // largest stage, in the peak's kind; 0 when not evaluated
    std::string notExpressible;
    [[nodiscard]] bool compared() const { return notExpressible.empty() && predictedGib > 0; }
};

[[nodiscard]] std::vector<PeakComparison> compareAllPeaks();
[[nodiscard]] ErrorSummary summarizePeaks(const std::vector<PeakComparison>& rows, Split split);

// ---- Tables --------------------------------------------------------------------------------

// The comparisons as Markdown tables (README, "Validated against published runs").
// With `calibrated` (the same runs calibrated per family), a column of its speed ratios.
[[nodiscard]] std::string markdownRunTable(const std::vector<RunComparison>& rows,
                                           const std::vector<RunComparison>& calibrated = {});
[[nodiscard]] std::string markdownPeakTable(const std::vector<PeakComparison>& rows);

}  // namespace fourfold::test::published
