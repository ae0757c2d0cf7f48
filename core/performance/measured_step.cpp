// SPDX-License-Identifier: MIT
#include "core/performance/measured_step.h"

#include <array>
#include <cmath>

namespace fourfold::core {
namespace {

bool usable(const std::optional<double>& value) {
    return value && std::isfinite(*value) && *value > 0;
}

std::optional<MeasuredStep> step(double seconds, MeasuredStepSource source) {
    if (!std::isfinite(seconds) || seconds <= 0) return std::nullopt;
    return MeasuredStep{seconds, source};
}

}  // namespace

std::optional<MeasuredStep> measuredStepTime(const MeasuredFigures& measured, const Plan& plan,
                                             const PerformanceReport& performance) {
    const auto gpus = static_cast<double>(worldSize(plan));
    const auto globalBatch = static_cast<double>(derivedGlobalBatch(plan));
    const double tokensPerStep = globalBatch * plan.model.sequence;
    if (usable(measured.stepTimeS)) return step(*measured.stepTimeS, MeasuredStepSource::StepTime);
    if (usable(measured.tokensPerSPerGpu)) {
        return step(tokensPerStep / (*measured.tokensPerSPerGpu * gpus),
                    MeasuredStepSource::TokensPerSPerGpu);
    }
    if (usable(measured.samplesPerS)) {
        return step(globalBatch / *measured.samplesPerS, MeasuredStepSource::SamplesPerS);
    }
    if (usable(measured.tflopsPerGpu)) {
        return step(performance.modelFlopsPerStep / (*measured.tflopsPerGpu * 1e12 * gpus),
                    MeasuredStepSource::TflopsPerGpu);
    }
    if (usable(measured.mfu)) {
        return step(
            performance.modelFlopsPerStep / (*measured.mfu * gpus * performance.peakFlopsPerGpu),
            MeasuredStepSource::Mfu);
    }
    return std::nullopt;
}

std::string_view measuredStepKey(MeasuredStepSource source) {
    static constexpr std::array<std::string_view, 5> kKeys = {
        "step_time_s", "tokens_per_s_per_gpu", "samples_per_s", "tflops_per_gpu", "mfu"};
    return kKeys[static_cast<std::size_t>(source)];
}

}  // namespace fourfold::core
