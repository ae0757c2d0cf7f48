// SPDX-License-Identifier: MIT
// /memory and /measured rules: allocator fragmentation and safety margin as shares of capacity
// in [0, 0.9], a framework reserve that leaves room, and measured figures that match the plan.
#include "core/rules/validate_parts.h"

#include <cmath>
#include <string>

namespace fourfold::core::detail {
namespace {}  // namespace

void validateMemory(const Plan& plan, DiagnosticSink& sink) {
    const MemoryOptions& memory = plan.memory;
    checkRange(sink, "/memory/fragmentation", memory.fragmentation);
    checkRange(sink, "/memory/safety_margin", memory.safetyMargin);
    const bool frameworkOk =
        checkRange(sink, "/memory/framework_bytes", static_cast<double>(memory.frameworkBytes));
    checkRange(sink, "/memory/ddp_bucket_bytes", static_cast<double>(memory.ddpBucketBytes));
    checkRange(sink, "/memory/zero3_prefetch_layers", memory.zero3PrefetchLayers);
    checkRange(sink, "/memory/logits_bytes_per_element", memory.logitsBytesPerElement);
    const std::uint64_t capacity = plan.cluster.gpu.memoryBytes;
    if (frameworkOk && capacity > 0 && memory.frameworkBytes >= capacity) {
        sink.warning("/memory/framework_bytes", "memory.framework_fills_gpu",
                     {{"framework_bytes", memory.frameworkBytes}, {"capacity_bytes", capacity}});
    }

    const MeasuredFigures& measured = plan.measured;
    const auto stages = measured.peakBytesPerStage.size();
    if (stages > 0 && plan.parallel.pp >= 1 &&
        stages != static_cast<std::size_t>(plan.parallel.pp)) {
        sink.warning("/measured/peak_bytes_per_stage", "measured.stage_count",
                     {{"entries", stages}, {"pp", plan.parallel.pp}});
    }
    for (std::size_t i = 0; i < stages; ++i) {
        checkRange(sink, "/measured/peak_bytes_per_stage",
                   static_cast<double>(measured.peakBytesPerStage[i]),
                   "/measured/peak_bytes_per_stage/" + std::to_string(i));
    }
    if (measured.stepTimeS) checkRange(sink, "/measured/step_time_s", *measured.stepTimeS);
    // The throughput figures that stand for a step time, and a peak that names no stage.
    if (measured.tokensPerSPerGpu) {
        checkRange(sink, "/measured/tokens_per_s_per_gpu", *measured.tokensPerSPerGpu);
    }
    if (measured.tflopsPerGpu) checkRange(sink, "/measured/tflops_per_gpu", *measured.tflopsPerGpu);
    if (measured.mfu) checkRange(sink, "/measured/mfu", *measured.mfu);
    if (measured.samplesPerS) checkRange(sink, "/measured/samples_per_s", *measured.samplesPerS);
    if (measured.peakBytes) {
        checkRange(sink, "/measured/peak_bytes", static_cast<double>(*measured.peakBytes));
    }
}

}  // namespace fourfold::core::detail
