// SPDX-License-Identifier: MIT
#include "core/detail/search/search_block.h"

#include "core/detail/memory/memory_estimate.h"
#include "core/detail/performance/step_figures.h"
#include "core/detail/validate/validate_common.h"

namespace fourfold::core::detail {
namespace {

const Diagnostic* firstError(const std::vector<Diagnostic>& diagnostics) {
    for (const Diagnostic& diagnostic : diagnostics) {
        if (diagnostic.severity == Severity::Error) return &diagnostic;
    }
    return nullptr;
}

}  // namespace

BlockEvaluator::BlockEvaluator(const Plan& base, std::int64_t globalBatch, bool timeNow,
                               bool timeEveryLayout, const std::atomic<bool>* cancel)
    : timer_(base, globalBatch),
      globalBatch_(globalBatch),
      timeNow_(timeNow),
      timeEveryLayout_(timeEveryLayout),
      cancel_(cancel) {}

bool BlockEvaluator::cancelled() const {
    return cancel_ != nullptr && cancel_->load(std::memory_order_relaxed);
}

bool BlockEvaluator::run(const Factorisation& f, const BlockAxes& axes, std::size_t block,
                         std::int64_t firstIndex, BlockResult& out) {
    SearchCounts& counts = out.counts;
    std::int64_t index = firstIndex;
    SearchLayout layout;
    layout.dp = f.dp;
    layout.tp = f.tp;
    layout.pp = f.pp;
    layout.cp = f.cp;
    layout.ep = f.ep;
    layout.etp = f.etp;
    std::shared_ptr<TopologyReport> topology;
    bool topologyErrors = false;
    bool topologyBuilt = false;

    for (const ScheduleChoice& schedule : axes.schedules) {
        layout.schedule = schedule.kind;
        layout.virtualStages = schedule.virtualStages;
        for (const int micro : axes.microBatches) {
            layout.microBatch = micro;
            layout.gradAccumulation = static_cast<int>(globalBatch_ / (std::int64_t{f.dp} * micro));
            for (const bool sequenceParallel : axes.sequenceParallel) {
                layout.sequenceParallel = sequenceParallel;
                for (const auto& [zero, offload] : axes.sharding) {
                    layout.zeroStage = zero;
                    layout.offload = offload;
                    const auto& overlaps = axes.overlaps(zero);
                    const auto groupSize =
                        static_cast<std::int64_t>(overlaps.size() * axes.recomputes.size());
                    if (cancelled()) return false;
                    layout.recompute = axes.recomputes.front();
                    timer_.setLayout(layout);
                    const Plan& plan = timer_.plan();
                    // validate()'s rules, keeping only the errors.
                    DiagnosticSink sink(true);
                    validateAll(plan, sink);
                    const std::vector<Diagnostic> diagnostics = sink.take();
                    const Diagnostic* error = firstError(diagnostics);
                    if (error == nullptr && !topologyBuilt) {
                        topologyBuilt = true;
                        if (worldSize(plan) <= kMaxEvaluatedMappedRanks) {
                            topology = std::make_shared<TopologyReport>(buildTopology(plan));
                            topologyErrors = firstError(topology->diagnostics) != nullptr;
                            out.topology = topology;
                        }
                    }
                    if (error != nullptr || topologyErrors) {
                        if (out.firstPruneCode.empty()) {
                            out.firstPruneCode = error != nullptr
                                                     ? error->code
                                                     : firstError(topology->diagnostics)->code;
                        }
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
    return true;
}

}  // namespace fourfold::core::detail
