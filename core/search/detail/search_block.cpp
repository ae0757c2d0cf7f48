// SPDX-License-Identifier: MIT
#include "core/search/detail/search_block.h"

#include "core/memory/memory_estimate.h"
#include "core/performance/step_figures.h"
#include "core/rules/validate_parts.h"

#include <algorithm>

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
      cancel_(cancel) {
    DiagnosticSink model(true);
    validateModel(timer_.plan(), model);
    modelErrors_ = model.take();
    DiagnosticSink memory(true);
    validateMemory(timer_.plan(), memory);
    memoryErrors_ = memory.take();
}

bool BlockEvaluator::cancelled() const {
    return cancel_ != nullptr && cancel_->load(std::memory_order_relaxed);
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
                    // validate()'s rules, keeping only the errors; the model and memory rules
                    // read no layout field, so their errors were found once, and the first
                    // error is the one validateAll() meets first (model, ..., memory).
                    const Diagnostic* error = firstError(modelErrors_);
                    std::vector<Diagnostic> diagnostics;
                    if (error == nullptr) {
                        DiagnosticSink sink(true);
                        validateTraining(plan, sink);
                        validateParallel(plan, sink);
                        validatePipeline(plan, sink);
                        validateExperts(plan, sink);
                        validateCluster(plan, sink);
                        diagnostics = sink.take();
                        error = firstError(diagnostics);
                    }
                    if (error == nullptr) error = firstError(memoryErrors_);
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
