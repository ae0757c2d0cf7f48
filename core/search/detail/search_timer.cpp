// SPDX-License-Identifier: MIT
#include "core/search/detail/search_timer.h"

#include "core/performance/step_figures.h"

#include <algorithm>
#include <bit>

namespace fourfold::core::detail {
namespace {

// Bounds on what a thread keeps: compiled program steps (16 bytes each, plus 4), memoized
// makespans per shape, models.
constexpr std::size_t kMaxHeldSteps = 8'000'000;
constexpr std::size_t kMaxMakespansPerShape = 4096;
constexpr std::size_t kMaxModels = 256;
// The bound gives way by this share so rounding can never put it above the real step.
constexpr double kBoundSlack = 1e-9;

std::size_t mix(std::size_t seed, std::uint64_t value) {
    // boost::hash_combine's mixing step, on 64-bit words.
    return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

std::size_t hashDoubles(std::size_t seed, const std::vector<double>& values) {
    for (const double value : values) seed = mix(seed, std::bit_cast<std::uint64_t>(value));
    return seed;
}

}  // namespace

std::size_t ScheduleCostsHash::operator()(const ScheduleCosts& costs) const noexcept {
    std::size_t seed = mix(0, std::bit_cast<std::uint64_t>(costs.transferS));
    seed = hashDoubles(seed, costs.forwardS);
    seed = hashDoubles(seed, costs.backwardS);
    return hashDoubles(seed, costs.weightGradS);
}

void copyStepFigures(const PerformanceReport& figures, SearchPoint& point) {
    point.timed = true;
    point.stepTimeS = figures.stepTimeS;
    point.tokensPerS = figures.tokensPerS;
    point.mfu = figures.mfu;
    point.bubbleS = figures.breakdown.bubble;
    point.trainingSeconds = figures.training.seconds;
    point.trainingCost = figures.training.cost;
}

void setLayout(Plan& plan, const SearchLayout& layout, std::int64_t globalBatch) {
    forEachLayoutField(layout, plan, [](const auto& from, auto& to) { to = from; });
    plan.parallel.shardingGroup = 0;  // all DP ranks: a fixed group would not divide every dp
    // Layers are placed evenly or with the embedding and loss counted (the layout's flags);
    // counts and a layout string written for one pp would not fit another.
    plan.parallel.firstStageLayers = 0;
    plan.parallel.lastStageLayers = 0;
    plan.parallel.pipelineLayout.clear();
    plan.training.globalBatch = globalBatch;
}

LayoutTimer::LayoutTimer(const Plan& base, std::int64_t globalBatch)
    : plan_(base), globalBatch_(globalBatch) {
    plan_.measured = {};  // measurements of another layout say nothing about these
}

void LayoutTimer::setLayout(const SearchLayout& layout) {
    detail::setLayout(plan_, layout, globalBatch_);
}

const ModelReport& LayoutTimer::model() {
    const std::tuple key{plan_.parallel.pp, plan_.training.microBatch, plan_.parallel.virtualStages,
                         plan_.parallel.embeddingInSplit};
    auto found = models_.find(key);
    if (found == models_.end()) {
        if (models_.size() >= kMaxModels) models_.clear();
        found = models_.emplace(key, analyzeModel(plan_)).first;
    }
    return found->second;
}

double LayoutTimer::makespan(const StepCosts& costs) {
    const Plan& plan = plan_;
    // evaluate() simulates the schedule up to a size and uses the closed form beyond it.
    if (!evaluateSimulatesSchedule(plan)) return pipelineMakespan(plan, costs, 0.0, false);
    const auto key = std::tuple{plan.parallel.schedule, plan.parallel.pp,
                                plan.training.gradAccumulation, plan.parallel.virtualStages};
    auto shape = shapes_.find(key);
    if (shape == shapes_.end()) {
        Shape compiled{compileSchedule(plan.parallel.schedule, plan.parallel.pp,
                                       plan.training.gradAccumulation, plan.parallel.virtualStages),
                       {}};
        const std::size_t steps = compiled.compiled.program.steps.size();
        if (shapeSteps_ + steps > kMaxHeldSteps) {
            shapes_.clear();
            shapeSteps_ = 0;
        }
        shapeSteps_ += steps;
        shape = shapes_.emplace(key, std::move(compiled)).first;
    }
    Shape& held = shape->second;
    double simulated = 0;
    const auto known = held.makespans.find(costs.schedule);
    if (known != held.makespans.end()) {
        simulated = known->second;
    } else {
        simulated = compiledMakespan(held.compiled, costs.schedule, ends_, scratch_);
        if (held.makespans.size() >= kMaxMakespansPerShape) held.makespans.clear();
        held.makespans.emplace(costs.schedule, simulated);
    }
    return pipelineMakespan(plan, costs, simulated, held.compiled.program.complete);
}

void LayoutTimer::time(const TopologyReport* topology, SearchPoint& point) {
    const ModelReport& report = model();
    const StepCosts costs = stepCosts(plan_, report, topology);
    const PerformanceReport figures = stepFigures(plan_, report, costs, makespan(costs));
    copyStepFigures(figures, point);
}

double LayoutTimer::stepTimeBound(const TopologyReport* topology) {
    const StepCosts costs = stepCosts(plan_, model(), topology);
    // As stepFigures sums a stage's step: the parts add up to the makespan (at least its busy
    // time) plus the exposed DP work, the optimizer step and data loading.
    const double micro = std::max(1, plan_.training.gradAccumulation);
    double busiest = 0;
    double after = 0;
    for (const StageCost& stage : costs.stages) {
        busiest = std::max(busiest, micro * (stage.forwardS + stage.backwardS + stage.weightGradS));
        after = std::max(after, stage.dpExposedS + stage.optimizerS);
    }
    after += std::max(0.0, plan_.performance.dataLoadingS);
    return (busiest + after) * (1.0 - kBoundSlack);
}

}  // namespace fourfold::core::detail
