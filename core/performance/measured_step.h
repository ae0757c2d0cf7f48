// SPDX-License-Identifier: MIT
// The step time a measurement gives or implies: the frameworks print throughput (tokens/s per
// GPU, samples/s, model TFLOP/s per GPU, MFU) more often than the step, and each converts to it
// with the plan's batch, world size and model FLOPs. The evaluation compares it with the
// prediction, and calibration fits to it (docs/calibration.md).
#pragma once

#include "core/performance/performance.h"
#include "core/plan/plan.h"

#include <optional>
#include <string_view>

namespace fourfold::core {

// Which measured figure a step time came from, the first present in this order.
enum class MeasuredStepSource { StepTime, TokensPerSPerGpu, SamplesPerS, TflopsPerGpu, Mfu };

struct MeasuredStep {
    double seconds = 0;
    MeasuredStepSource source = MeasuredStepSource::StepTime;

    bool operator==(const MeasuredStep&) const = default;
};

// The measured step for `plan`, from the first figure `measured` holds: step_time_s; else
// tokens per step / (tokens/s per GPU × GPUs); else global batch / samples/s; else model FLOPs
// per step / (TFLOP/s per GPU × 10¹² × GPUs) — the model FLOPs Megatron-LM, NeMo and torchtitan
// count, without recompute (Narayanan et al. 2021 eq. 3); else model FLOPs / (MFU × GPUs ×
// dense peak). Empty when none is given or the plan's figures cannot convert it.
// `performance` must come from the same plan (its model FLOPs and peak are used).
[[nodiscard]] std::optional<MeasuredStep> measuredStepTime(const MeasuredFigures& measured,
                                                           const Plan& plan,
                                                           const PerformanceReport& performance);

// "step_time_s", "tokens_per_s_per_gpu", "samples_per_s", "tflops_per_gpu", "mfu": the key the
// figure has in a plan's measured section and in a runs file.
[[nodiscard]] std::string_view measuredStepKey(MeasuredStepSource source);

}  // namespace fourfold::core
