// SPDX-License-Identifier: MIT
// /memory and /measured rules: allocator fragmentation and safety margin as shares of capacity
// in [0, 0.9], a framework reserve that leaves room, and measured figures that match the plan.
#include "core/detail/validate/validate_common.h"

#include <cmath>
#include <string>

namespace fourfold::core::detail {
namespace {

void checkShare(DiagnosticSink& sink, const std::string& key, double value) {
    if (std::isfinite(value) && value >= 0 && value <= kMaxMemoryShare) return;
    sink.error("/memory/" + key, key + " " + numberText(value) + " must be a share between 0 and " +
                                     numberText(kMaxMemoryShare) + " (e.g. 0.05 for 5 %).");
}

}  // namespace

void validateMemory(const Plan& plan, DiagnosticSink& sink) {
    const MemoryOptions& memory = plan.memory;
    checkShare(sink, "fragmentation", memory.fragmentation);
    checkShare(sink, "safety_margin", memory.safetyMargin);
    const std::uint64_t capacity = plan.cluster.gpu.memoryBytes;
    if (capacity > 0 && memory.frameworkBytes >= capacity) {
        sink.warning("/memory/framework_bytes",
                     "framework_bytes " + numberText(static_cast<double>(memory.frameworkBytes)) +
                         " is at least the GPU's " + numberText(static_cast<double>(capacity)) +
                         " bytes, leaving nothing for the model; it is the CUDA context and "
                         "library reserve, typically 1–3 GB.");
    }

    const MeasuredFigures& measured = plan.measured;
    const auto stages = measured.peakBytesPerStage.size();
    if (stages > 0 && plan.parallel.pp >= 1 &&
        stages != static_cast<std::size_t>(plan.parallel.pp)) {
        sink.warning("/measured/peak_bytes_per_stage",
                     "peak_bytes_per_stage has " + numberText(static_cast<std::int64_t>(stages)) +
                         " entries but pp is " + numberText(plan.parallel.pp) +
                         "; give one measured peak per pipeline stage.");
    }
    if (measured.stepTimeS && (!std::isfinite(*measured.stepTimeS) || *measured.stepTimeS <= 0)) {
        sink.error("/measured/step_time_s", "step_time_s " + numberText(*measured.stepTimeS) +
                                                " must be a positive number of seconds.");
    }
}

}  // namespace fourfold::core::detail
