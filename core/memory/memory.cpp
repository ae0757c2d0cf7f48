// SPDX-License-Identifier: MIT
// estimateMemory: the stage estimate, then (only here, never nested) the micro-batch search
// and, for a plan that does not fit, the what-if hints. docs/memory.md explains the accounting.
#include "core/memory/memory.h"

#include "core/advice/what_ifs.h"
#include "core/memory/memory_estimate.h"
#include "core/performance/performance.h"
#include "core/plan/plan_patch.h"
#include "core/rules/validate.h"
#include "core/text/checked_math.h"

namespace fourfold::core {

std::string_view categoryKey(MemoryCategory category) {
    switch (category) {
        case MemoryCategory::Weights:
            return "weights";
        case MemoryCategory::MasterWeights:
            return "master_weights";
        case MemoryCategory::Gradients:
            return "gradients";
        case MemoryCategory::OptimizerStates:
            return "optimizer_states";
        case MemoryCategory::Activations:
            return "activations";
        case MemoryCategory::CommBuffers:
            return "comm_buffers";
        case MemoryCategory::Framework:
            return "framework";
        case MemoryCategory::Fragmentation:
            return "fragmentation";
    }
    return "weights";
}

namespace detail {

MemoryReport estimateWithoutWhatIfs(const Plan& plan, const ModelReport& model) {
    MemoryReport report = estimateStages(plan, model);
    if (report.capacityBytes == 0 || report.stages.empty()) return report;
    // The ZeRO paper's and DeepSpeed's counts hold no activations: no micro-batch to search.
    report.countsActivations = plan.memory.convention == MemoryConvention::Fourfold ||
                               plan.memory.convention == MemoryConvention::Megatron;
    if (report.countsActivations) {
        const MicroBatchSearch search = largestFittingMicroBatch(plan, model);
        report.largestFittingMicroBatch = search.largest;
        report.largestFittingMicroBatchAtLeast = search.atLeast;
        if (search.largest > 0 && search.largest != plan.training.microBatch) {
            Plan largest = plan;
            largest.training.microBatch = search.largest;
            report.largestFittingMicroBatchPatch = planPatch(plan, largest);
            report.largestFittingMicroBatchPeakBytes =
                estimateStages(largest, model, false).peakBytes;
        }
    }
    return report;
}

bool needsWhatIfs(const MemoryReport& report) {
    return report.capacityBytes > 0 && !report.stages.empty() && !report.fits;
}

}  // namespace detail

MemoryReport estimateMemory(const Plan& plan, const ModelReport& model, ScheduleMemo* schedules) {
    MemoryReport report = detail::estimateWithoutWhatIfs(plan, model);
    if (detail::needsWhatIfs(report)) {
        report.whatIfs = detail::whatIfs(plan, model, report.peakBytes, schedules);
    }
    return report;
}

void prepareWhatIfs(const Plan& plan, const ModelReport& model, std::uint64_t peakBytes,
                    ScheduleMemo& schedules) {
    (void)detail::whatIfs(plan, model, peakBytes, &schedules);
    // A larger micro-batch, the edit most likely to stop a plan fitting, brings one what-if a
    // micro-batch of 1 has not: half the micro-batch at twice the accumulation, a pipeline of
    // twice the micro-batches.
    if (plan.training.microBatch >= 2 || !checkedMul(plan.training.gradAccumulation, 2)) return;
    Plan longer = plan;
    longer.training.gradAccumulation *= 2;
    if (!hasErrors(validate(longer))) (void)predictPerformance(longer, schedules);
}

}  // namespace fourfold::core
