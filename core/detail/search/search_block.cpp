// SPDX-License-Identifier: MIT
#include "core/detail/search/search_block.h"

#include "core/detail/memory/memory_estimate.h"
#include "core/detail/performance/performance_stage.h"
#include "core/detail/performance/step_figures.h"
#include "core/validate.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace fourfold::core::detail {
namespace {

// Keeps the memo of makespans small; a block rarely needs more.
constexpr std::size_t kMaxMemoizedMakespans = 4096;

std::size_t mix(std::size_t seed, std::uint64_t value) {
    // boost::hash_combine's mixing step, on 64-bit words.
    return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

std::size_t hashDoubles(std::size_t seed, const std::vector<double>& values) {
    for (const double value : values) seed = mix(seed, std::bit_cast<std::uint64_t>(value));
    return seed;
}

const Diagnostic* firstError(const std::vector<Diagnostic>& diagnostics) {
    for (const Diagnostic& diagnostic : diagnostics) {
        if (diagnostic.severity == Severity::Error) return &diagnostic;
    }
    return nullptr;
}

}  // namespace

std::size_t ScheduleCostsHash::operator()(const ScheduleCosts& costs) const noexcept {
    std::size_t seed = mix(0, std::bit_cast<std::uint64_t>(costs.transferS));
    seed = hashDoubles(seed, costs.forwardS);
    seed = hashDoubles(seed, costs.backwardS);
    return hashDoubles(seed, costs.weightGradS);
}

void setLayout(Plan& plan, const SearchLayout& layout, std::int64_t globalBatch) {
    ParallelSpec& p = plan.parallel;
    p.dp = layout.dp;
    p.tp = layout.tp;
    p.pp = layout.pp;
    p.cp = layout.cp;
    p.ep = layout.ep;
    p.etp = layout.etp;
    p.virtualStages = layout.virtualStages;
    p.schedule = layout.schedule;
    p.zeroStage = layout.zeroStage;
    p.offload = layout.offload;
    p.sequenceParallel = layout.sequenceParallel;
    p.shardingGroup = 0;  // all DP ranks: a fixed group would not divide every dp
    TrainingSpec& t = plan.training;
    t.recompute = layout.recompute;
    t.microBatch = layout.microBatch;
    t.gradAccumulation = layout.gradAccumulation;
    t.globalBatch = globalBatch;
    PerformanceOptions& o = plan.performance;
    o.overlapGradReduce = layout.overlapGradReduce;
    o.overlapParamGather = layout.overlapParamGather;
    o.overlapTpComm = layout.overlapTpComm;
    o.overlapP2p = layout.overlapP2p;
}

BlockEvaluator::BlockEvaluator(const Plan& base, std::int64_t globalBatch, bool timeEveryLayout,
                               const std::atomic<bool>* cancel)
    : plan_(base), globalBatch_(globalBatch), timeEveryLayout_(timeEveryLayout), cancel_(cancel) {
    plan_.measured = {};  // measurements of another layout say nothing about these
}

bool BlockEvaluator::cancelled() const {
    return cancel_ != nullptr && cancel_->load(std::memory_order_relaxed);
}

double BlockEvaluator::makespan(const StepCosts& costs) {
    const Plan& plan = plan_;
    // evaluate() simulates the schedule up to a size and uses the closed form beyond it.
    if (!evaluateSimulatesSchedule(plan)) return pipelineMakespan(plan, costs, 0.0, false);
    if (!compiled_) {
        compiled_ = compileSchedule(plan.parallel.schedule, plan.parallel.pp,
                                    plan.training.gradAccumulation, plan.parallel.virtualStages);
    }
    double simulated = 0;
    const auto known = makespans_.find(costs.schedule);
    if (known != makespans_.end()) {
        simulated = known->second;
    } else {
        simulated = compiledMakespan(*compiled_, costs.schedule, ends_, rankFree_);
        if (makespans_.size() >= kMaxMemoizedMakespans) makespans_.clear();
        makespans_.emplace(costs.schedule, simulated);
    }
    return pipelineMakespan(plan, costs, simulated, compiled_->program.complete);
}

void BlockEvaluator::timeLayout(const ModelReport& model, SearchPoint& point) {
    const TopologyReport* topology = topology_ ? &*topology_ : nullptr;
    const StepCosts costs = stepCosts(plan_, model, topology);
    const PerformanceReport figures = stepFigures(plan_, model, costs, makespan(costs));
    point.timed = true;
    point.stepTimeS = figures.stepTimeS;
    point.tokensPerS = figures.tokensPerS;
    point.mfu = figures.mfu;
    point.bubbleS = figures.breakdown.bubble;
    point.trainingSeconds = figures.training.seconds;
    point.trainingCost = figures.training.cost;
}

bool BlockEvaluator::run(const Factorisation& f, const BlockAxes& axes, std::int64_t firstIndex,
                         BlockResult& out) {
    SearchCounts& counts = out.counts;
    std::int64_t index = firstIndex;
    SearchLayout layout;
    layout.dp = f.dp;
    layout.tp = f.tp;
    layout.pp = f.pp;
    layout.cp = f.cp;
    layout.ep = f.ep;
    layout.etp = f.etp;
    topology_.reset();
    topologyErrors_ = false;
    bool topologyBuilt = false;
    std::map<int, ModelReport> models;  // by micro-batch (stage FLOPs scale with it)

    for (const ScheduleChoice& schedule : axes.schedules) {
        layout.schedule = schedule.kind;
        layout.virtualStages = schedule.virtualStages;
        for (const int micro : axes.microBatches) {
            layout.microBatch = micro;
            layout.gradAccumulation = static_cast<int>(globalBatch_ / (std::int64_t{f.dp} * micro));
            compiled_.reset();
            makespans_.clear();
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
                    setLayout(plan_, layout, globalBatch_);
                    const std::vector<Diagnostic> diagnostics = validate(plan_);
                    const Diagnostic* error = firstError(diagnostics);
                    if (error == nullptr && !topologyBuilt) {
                        topologyBuilt = true;
                        if (worldSize(plan_) <= kMaxEvaluatedMappedRanks) {
                            topology_ = buildTopology(plan_);
                            topologyErrors_ = firstError(topology_->diagnostics) != nullptr;
                        }
                    }
                    if (error != nullptr || topologyErrors_) {
                        if (out.firstPruneCode.empty()) {
                            out.firstPruneCode = error != nullptr
                                                     ? error->code
                                                     : firstError(topology_->diagnostics)->code;
                        }
                        counts.pruned += groupSize;
                        counts.done += groupSize;
                        index += groupSize;
                        continue;
                    }
                    auto model = models.find(micro);
                    if (model == models.end()) {
                        model = models.emplace(micro, analyzeModel(plan_)).first;
                    }
                    for (const Recompute recompute : axes.recomputes) {
                        layout.recompute = recompute;
                        setLayout(plan_, layout, globalBatch_);
                        const MemoryReport memory = estimateStages(plan_, model->second, false);
                        const auto variants = static_cast<std::int64_t>(overlaps.size());
                        counts.done += variants;
                        if (!memory.overflow.empty()) {  // evaluate() reports an error
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
                            setLayout(plan_, layout, globalBatch_);
                            SearchPoint point;
                            point.layout = layout;
                            point.index = index++;
                            point.peakBytes = memory.peakBytes;
                            point.headroomBytes = static_cast<std::int64_t>(memory.usableBytes) -
                                                  static_cast<std::int64_t>(memory.peakBytes);
                            point.fits = memory.fits;
                            timeLayout(model->second, point);
                            ++counts.timed;
                            if (!point.fits) continue;
                            ++counts.fitting;
                            out.points.push_back(point);
                        }
                    }
                }
            }
        }
    }
    return true;
}

}  // namespace fourfold::core::detail
