// SPDX-License-Identifier: MIT
#include "core/search/detail/search_block.h"

#include "core/memory/memory_estimate.h"
#include "core/performance/step_figures.h"
#include "core/rules/validate.h"
#include "core/rules/validate_parts.h"

#include <algorithm>
#include <limits>

namespace fourfold::core::detail {
namespace {

const Diagnostic* firstError(const std::vector<Diagnostic>& diagnostics) {
    for (const Diagnostic& diagnostic : diagnostics) {
        if (diagnostic.severity == Severity::Error) return &diagnostic;
    }
    return nullptr;
}

// The first error, or the first warning that speaks against the layout (rejectsLayout), unless
// it is the TP placement a search across nodes asked for.
const Diagnostic* firstRejection(const std::vector<Diagnostic>& diagnostics,
                                 bool tensorAcrossNodes) {
    if (const Diagnostic* error = firstError(diagnostics)) return error;
    for (const Diagnostic& diagnostic : diagnostics) {
        if (tensorAcrossNodes && isTensorPlacementWarning(diagnostic)) continue;
        if (rejectsLayout(diagnostic)) return &diagnostic;
    }
    return nullptr;
}

}  // namespace

BlockEvaluator::BlockEvaluator(const Plan& base, std::int64_t globalBatch, bool timeNow,
                               const SearchOptions& options, const SearchStop& stop)
    : timer_(base, globalBatch),
      globalBatch_(globalBatch),
      timeNow_(timeNow),
      timeEveryLayout_(options.timeEveryLayout),
      tensorAcrossNodes_(!options.space.tensorParallelWithinNode),
      objective_(options.objective),
      stop_(stop) {
    DiagnosticSink model(true);
    validateModel(timer_.plan(), model);
    modelErrors_ = model.take();
    DiagnosticSink memory(true);
    validateMemory(timer_.plan(), memory);
    memoryErrors_ = memory.take();
}

void BlockEvaluator::timeMostPromising(const TopologyReport* topology, BlockResult& out) {
    if (out.bounded.empty()) return;
    // Within a block the world size is fixed, so tokens/s, the time and the cost to train all
    // improve as the step shortens: the least bound promises most. Headroom needs no timing.
    const auto promising = std::min_element(
        out.bounded.begin(), out.bounded.end(), [&](const BoundedPoint& a, const BoundedPoint& b) {
            if (objective_ == SearchObjective::Headroom) {
                return a.point.headroomBytes > b.point.headroomBytes;
            }
            return a.stepTimeBound < b.stepTimeBound;
        });
    SearchPoint point = promising->point;
    out.bounded.erase(promising);
    timer_.setLayout(point.layout);
    timer_.time(topology, point);
    ++out.counts.timed;
    out.points.push_back(point);
}

bool BlockEvaluator::run(const Factorisation& f, const BlockAxes& axes, std::size_t block,
                         std::int64_t firstIndex, BlockResult& out) {
    SearchCounts& counts = out.counts;
    // Room for every layout of the block up front: fitting ones are kept, and growing the
    // vector would copy them again (pages never written cost nothing).
    constexpr std::int64_t kMaxReserved = std::int64_t{1} << 18;
    if (!timeNow_) {
        out.bounded.reserve(static_cast<std::size_t>(std::min(axes.layouts(), kMaxReserved)));
    }
    std::int64_t index = firstIndex;
    SearchLayout layout;
    layout.dp = f.dp;
    layout.tp = f.tp;
    layout.pp = f.pp;
    layout.cp = f.cp;
    layout.ep = f.ep;
    layout.etp = f.etp;
    std::shared_ptr<TopologyReport> topology;
    bool topologyBuilt = false;

    for (const ScheduleChoice& schedule : axes.schedules) {
        layout.schedule = schedule.kind;
        layout.virtualStages = schedule.virtualStages;
        layout.embeddingInSplit = schedule.balanced;
        layout.lossInSplit = schedule.balanced;
        for (const int micro : axes.microBatches) {
            layout.microBatch = micro;
            // Both ints: the product fits 64 bits. An accumulation past an int (a global batch
            // of up to 10^12) breaks its range, so the micro-batch's layouts are pruned as such
            // rather than validated with a wrapped count.
            const std::int64_t steps = globalBatch_ / (std::int64_t{f.dp} * micro);
            if (steps > std::numeric_limits<int>::max()) {
                const std::int64_t skipped =
                    axes.layouts() /
                    static_cast<std::int64_t>(axes.schedules.size() * axes.microBatches.size());
                if (out.firstPruneCode.empty()) out.firstPruneCode = "range.out_of_range";
                counts.pruned += skipped;
                counts.done += skipped;
                index += skipped;
                continue;
            }
            layout.gradAccumulation = static_cast<int>(steps);
            for (const bool sequenceParallel : axes.sequenceParallel) {
                layout.sequenceParallel = sequenceParallel;
                for (const auto& [zero, offload] : axes.sharding) {
                    layout.zeroStage = zero;
                    layout.offload = offload;
                    const auto& overlaps = axes.overlaps(zero);
                    const auto groupSize =
                        static_cast<std::int64_t>(overlaps.size() * axes.recomputes.size());
                    if (stop_.requested()) return false;
                    layout.recompute = axes.recomputes.front();
                    timer_.setLayout(layout);
                    const Plan& plan = timer_.plan();
                    // validate()'s rules, keeping the errors and the warnings; the model and
                    // memory rules read no layout field, so their errors were found once (and
                    // their warnings never speak against a layout), and the first error is the
                    // one validateAll() meets first (model, ..., memory). A warning about the
                    // layout's own fields drops it too (rejectsLayout), but only once no rule
                    // raises an error.
                    const Diagnostic* error = firstError(modelErrors_);
                    std::vector<Diagnostic> diagnostics;
                    if (error == nullptr) {
                        DiagnosticSink sink(DiagnosticSink::Keep::Problems);
                        validateTraining(plan, sink);
                        validateParallel(plan, sink);
                        validatePipeline(plan, sink);
                        validateExperts(plan, sink);
                        validateCluster(plan, sink);
                        diagnostics = sink.take();
                        error = firstError(diagnostics);
                    }
                    if (error == nullptr) error = firstError(memoryErrors_);
                    if (error == nullptr) error = firstRejection(diagnostics, tensorAcrossNodes_);
                    if (error == nullptr && !topologyBuilt) {
                        topologyBuilt = true;
                        if (worldSize(plan) <= kMaxEvaluatedMappedRanks) {
                            topology = std::make_shared<TopologyReport>(buildTopology(plan));
                            out.topology = topology;
                        }
                    }
                    if (error != nullptr) {
                        if (out.firstPruneCode.empty()) out.firstPruneCode = error->code;
                        counts.pruned += groupSize;
                        counts.done += groupSize;
                        index += groupSize;
                        continue;
                    }
                    for (const Recompute recompute : axes.recomputes) {
                        layout.recompute = recompute;
                        timer_.setLayout(layout);
                        const MemoryPeak memory = estimatePeak(timer_.plan(), timer_.model());
                        const auto variants = static_cast<std::int64_t>(overlaps.size());
                        counts.done += variants;
                        if (memory.overflow) {  // evaluate() reports an error
                            counts.pruned += variants;
                            index += variants;
                            continue;
                        }
                        counts.evaluated += variants;
                        if (!memory.fits && !timeEveryLayout_) {
                            index += variants;
                            continue;
                        }
                        for (const OverlapChoice& overlap : overlaps) {
                            // Timing a layout may simulate a pipeline of 2 million ops.
                            if (timeNow_ && stop_.requested()) return false;
                            layout.overlapGradReduce = overlap.gradReduce;
                            layout.overlapParamGather = overlap.paramGather;
                            layout.overlapTpComm = overlap.tpComm;
                            layout.overlapP2p = overlap.p2p;
                            timer_.setLayout(layout);
                            SearchPoint point;
                            point.layout = layout;
                            point.index = index++;
                            point.peakBytes = memory.peakBytes;
                            point.headroomBytes = static_cast<std::int64_t>(memory.usableBytes) -
                                                  static_cast<std::int64_t>(memory.peakBytes);
                            point.fits = memory.fits;
                            if (point.fits) ++counts.fitting;
                            if (point.fits && !timeNow_) {
                                out.bounded.push_back(
                                    {point, timer_.stepTimeBound(topology.get()), block});
                                continue;
                            }
                            timer_.time(topology.get(), point);
                            ++counts.timed;
                            if (point.fits) out.points.push_back(point);
                        }
                    }
                }
            }
        }
    }
    if (!timeNow_) timeMostPromising(topology.get(), out);
    return true;
}

}  // namespace fourfold::core::detail
