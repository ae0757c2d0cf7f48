// SPDX-License-Identifier: MIT
#include "core/memory/memory_estimate.h"

#include "core/memory/detail/memory_conventions.h"
#include "core/memory/detail/stage_build.h"
#include "core/memory/finetune_memory.h"
#include "core/memory/memory_common.h"
#include "core/model/model_shapes.h"
#include "core/schedule/schedule.h"
#include "core/text/checked_math.h"

#include <algorithm>
#include <string>
#include <vector>

namespace fourfold::core::detail {
namespace {

// The full accounting; returns the bytes this stage's GPUs move to CPU memory and NVMe.
std::pair<double, double> fourfoldStage(const MemoryInputs& in, const StageShare& share,
                                        const StageParameters& parameters, int inFlight,
                                        StageMemory& stage) {
    const ModelStateBytes state = fineTuneStateBytes(in, share, parameters, inFlight);
    const StageBuild build{in, share, parameters, inFlight, state, stage};
    for (const MemoryCategoryInfo& row : kMemoryCategories) {
        categoryItem(stage, row.category) = row.build(build);
    }
    return {state.hostBytes, state.nvmeBytes};
}

// Figures the views show beside the categories, derived once here so every front end agrees.
void addDerivedFigures(StageMemory& stage) {
    for (const MemoryCategoryInfo& row : kMemoryCategories) {
        if (row.modelState) stage.modelStateBytes += categoryItem(stage, row.category).bytes;
    }
    stage.bytesPerParameter = stage.parameters > 0 ? static_cast<double>(stage.modelStateBytes) /
                                                         static_cast<double>(stage.parameters)
                                                   : 0.0;
    const std::uint64_t sets =
        stage.inFlightMicroBatches > 0 ? static_cast<std::uint64_t>(stage.inFlightMicroBatches) : 0;
    stage.activationBytesPerMicroBatch =
        sets > 0 ? categoryItem(stage, MemoryCategory::Activations).bytes / sets : 0;
}

// Bytes a node's GPUs move to CPU memory and NVMe, as estimateStages reports them.
struct OffloadedBytes {
    std::uint64_t hostPerGpu = 0, hostPerNode = 0, nvmePerNode = 0;
};
OffloadedBytes offloadedBytes(const Plan& plan, double hostPerGpu, double nvmePerGpu,
                              double hostPerNode) {
    // A node holding the heaviest stage's GPUs (pp is the slowest-varying axis) sets the need.
    const double gpusOnNode =
        std::min<double>(std::max(1, plan.cluster.gpusPerNode),
                         static_cast<double>(std::max<std::int64_t>(1, worldSize(plan))));
    return {toCount(hostPerGpu), toCount(std::max(hostPerNode, hostPerGpu * gpusOnNode)),
            toCount(nvmePerGpu * gpusOnNode)};
}

std::uint64_t usableBytes(const Plan& plan) {
    const double margin = std::clamp(plan.memory.safetyMargin, 0.0, 1.0);
    return toCount(static_cast<double>(plan.cluster.gpu.memoryBytes) * (1.0 - margin));
}

// What the caching allocator hands out on this stage (the categories the table marks so).
std::uint64_t allocatedBytes(const StageMemory& stage) {
    std::uint64_t bytes = 0;
    for (const MemoryCategoryInfo& row : kMemoryCategories) {
        if (row.allocated) bytes += stage.items[static_cast<std::size_t>(row.category)].bytes;
    }
    return bytes;
}

}  // namespace

MemoryPeak estimatePeak(const Plan& plan, const ModelReport& model) {
    MemoryPeak peak;
    if (plan.memory.convention != MemoryConvention::Fourfold) {
        const MemoryReport report = estimateStages(plan, model, false);
        peak.peakBytes = report.peakBytes;
        peak.usableBytes = report.usableBytes;
        peak.fits = report.fits;
        peak.overflow = !report.overflow.empty();
        return peak;
    }
    const MemoryInputs in = memoryInputs(plan, model, false);
    peak.usableBytes = usableBytes(plan);
    // The stage holding the most activation sets among those alike (few kinds: first, last,
    // and the middle ones by layer count).
    struct Representative {
        const StageParameters* parameters;
        int inFlight;
    };
    std::vector<Representative> representatives;
    for (const StageParameters& parameters : model.stages) {
        const int inFlight = inFlightActivationSets(plan.parallel.schedule, in.pp, in.microBatches,
                                                    in.chunks, parameters.stage);
        const auto alike = std::find_if(
            representatives.begin(), representatives.end(), [&](const Representative& r) {
                return r.parameters->layerCount == parameters.layerCount &&
                       r.parameters->hasEmbedding == parameters.hasEmbedding &&
                       r.parameters->hasHead == parameters.hasHead &&
                       r.parameters->parameters == parameters.parameters;
            });
        if (alike == representatives.end()) {
            representatives.push_back({&parameters, inFlight});
        } else if (inFlight > alike->inFlight) {
            *alike = {&parameters, inFlight};
        }
    }
    double hostPerGpu = 0, nvmePerGpu = 0;
    for (const Representative& r : representatives) {
        const StageShare share = stageShare(in, *r.parameters);
        StageMemory stage;
        const auto [host, nvme] = fourfoldStage(in, share, *r.parameters, r.inFlight, stage);
        hostPerGpu = std::max(hostPerGpu, host);
        nvmePerGpu = std::max(nvmePerGpu, nvme);
        CheckedSum<std::uint64_t> total;
        for (const MemoryItem& item : stage.items) {
            if (item.bytes >= kCountLimit) peak.overflow = true;
            total.add(item.bytes);
        }
        if (total.overflow) peak.overflow = true;
        peak.peakBytes = std::max(peak.peakBytes, total.value);
    }
    const OffloadedBytes offloaded = offloadedBytes(plan, hostPerGpu, nvmePerGpu, 0.0);
    if (std::max({offloaded.hostPerGpu, offloaded.hostPerNode, offloaded.nvmePerNode}) >=
        kCountLimit) {
        peak.overflow = true;
    }
    peak.fits = !representatives.empty() && !peak.overflow && peak.peakBytes <= peak.usableBytes;
    return peak;
}

MemoryReport estimateStages(const Plan& plan, const ModelReport& model, bool explain) {
    const MemoryInputs in = memoryInputs(plan, model, explain);
    MemoryReport report;
    report.capacityBytes = plan.cluster.gpu.memoryBytes;
    report.usableBytes = usableBytes(plan);
    report.stages.reserve(model.stages.size());

    double hostPerGpu = 0, nvmePerGpu = 0, hostPerNode = 0;
    const MemoryConvention convention = plan.memory.convention;
    for (const StageParameters& parameters : model.stages) {
        const StageShare share = stageShare(in, parameters);
        const int inFlight = inFlightActivationSets(plan.parallel.schedule, in.pp, in.microBatches,
                                                    in.chunks, parameters.stage);
        StageMemory stage;
        stage.stage = parameters.stage;
        stage.parameters = toCount(share.total());
        stage.inFlightMicroBatches = inFlight;
        switch (convention) {
            case MemoryConvention::Fourfold: {
                const auto [host, nvme] = fourfoldStage(in, share, parameters, inFlight, stage);
                hostPerGpu = std::max(hostPerGpu, host);
                nvmePerGpu = std::max(nvmePerGpu, nvme);
                break;
            }
            case MemoryConvention::ZeroPaper:
                zeroPaperStage(in, share, stage);
                break;
            case MemoryConvention::DeepSpeed:
                hostPerNode = std::max(hostPerNode, deepSpeedStage(in, share, stage));
                break;
            case MemoryConvention::Megatron:
                megatronStage(in, parameters, inFlight, stage);
                break;
        }
        // A category clamped at the count limit or a sum past 2^64 is not a figure: flag it.
        CheckedSum<std::uint64_t> total;
        for (std::size_t index = 0; index < stage.items.size(); ++index) {
            const std::uint64_t bytes = stage.items[index].bytes;
            if (bytes >= kCountLimit && report.overflow.empty()) {
                report.overflow = "stage " + std::to_string(stage.stage) + " " +
                                  std::string(categoryKey(static_cast<MemoryCategory>(index))) +
                                  " bytes";
            }
            total.add(bytes);
        }
        if (total.overflow && report.overflow.empty())
            report.overflow = "stage " + std::to_string(stage.stage) + " total bytes";
        stage.totalBytes = total.value;
        addDerivedFigures(stage);
        stage.fits = total.value <= report.usableBytes && report.overflow.empty();
        stage.bytesOverUsable =
            total.value > report.usableBytes ? total.value - report.usableBytes : 0;
        report.peakBytes = std::max(report.peakBytes, total.value);
        const std::uint64_t allocated = allocatedBytes(stage);
        report.peakAllocatedBytes = std::max(report.peakAllocatedBytes, allocated);
        report.peakReservedBytes =
            std::max(report.peakReservedBytes,
                     allocated + categoryItem(stage, MemoryCategory::Fragmentation).bytes);
        report.fits = report.fits && stage.fits;
        report.stages.push_back(std::move(stage));
    }
    const OffloadedBytes offloaded = offloadedBytes(plan, hostPerGpu, nvmePerGpu, hostPerNode);
    report.hostBytesPerGpu = offloaded.hostPerGpu;
    report.hostBytesPerNode = offloaded.hostPerNode;
    report.nvmeBytesPerNode = offloaded.nvmePerNode;
    if (report.overflow.empty() && std::max({report.hostBytesPerGpu, report.hostBytesPerNode,
                                             report.nvmeBytesPerNode}) >= kCountLimit) {
        report.overflow = "offloaded bytes per node";
    }
    if (report.stages.empty() || !report.overflow.empty()) report.fits = false;
    return report;
}

namespace {

constexpr int kMicroBatchLimit = 1 << 16;

// The micro-batch search reads only whether the plan fits: the lean estimate gives it to the
// byte (tst_search leanPeakEqualsTheFullEstimate), costing one stage of each kind.
bool fitsWithMicroBatch(const Plan& plan, const ModelReport& model, int microBatch) {
    Plan trial = plan;
    trial.training.microBatch = microBatch;
    return estimatePeak(trial, model).fits;
}

}  // namespace

MicroBatchSearch largestFittingMicroBatch(const Plan& plan, const ModelReport& model) {
    if (!fitsWithMicroBatch(plan, model, 1)) return {};
    // Memory grows with the micro-batch: double until it fails, then bisect.
    int good = 1;
    int bad = 0;
    while (bad == 0) {
        const int next = good * 2;
        if (next > kMicroBatchLimit) return {good, true};
        if (fitsWithMicroBatch(plan, model, next)) {
            good = next;
        } else {
            bad = next;
        }
    }
    while (bad - good > 1) {
        const int middle = good + (bad - good) / 2;
        (fitsWithMicroBatch(plan, model, middle) ? good : bad) = middle;
    }
    return {good, false};
}

}  // namespace fourfold::core::detail
