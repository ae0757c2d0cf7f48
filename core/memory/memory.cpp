// SPDX-License-Identifier: MIT
// estimateMemory: the stage estimate, then (only here, never nested) the micro-batch search.
// The what-ifs of a plan that does not fit are advice's (core/advice/what_ifs.h).
// docs/memory.md explains the accounting.
#include "core/memory/memory.h"

#include "core/memory/memory_estimate.h"
#include "core/plan/plan_patch.h"

namespace fourfold::core {

std::string categoryName(MemoryCategory category, Language language) {
    return renderCodedText({std::string(categoryInfo(category).nameCode)}, language);
}

MemoryReport estimateMemory(const Plan& plan, const ModelReport& model) {
    MemoryReport report = detail::estimateStages(plan, model);
    if (report.capacityBytes == 0 || report.stages.empty()) return report;
    // The ZeRO paper's and DeepSpeed's counts hold no activations: no micro-batch to search.
    report.countsActivations = plan.memory.convention == MemoryConvention::Fourfold ||
                               plan.memory.convention == MemoryConvention::Megatron;
    if (report.countsActivations) {
        const detail::MicroBatchSearch search = detail::largestFittingMicroBatch(plan, model);
        report.largestFittingMicroBatch = search.largest;
        report.largestFittingMicroBatchAtLeast = search.atLeast;
        if (search.largest > 0 && search.largest != plan.training.microBatch) {
            Plan largest = plan;
            largest.training.microBatch = search.largest;
            report.largestFittingMicroBatchPatch = planPatch(plan, largest);
            report.largestFittingMicroBatchPeakBytes =
                detail::estimateStages(largest, model, false).peakBytes;
        }
    }
    return report;
}

}  // namespace fourfold::core
