// SPDX-License-Identifier: MIT
#include "core/performance.h"

#include "core/detail/model/model_shapes.h"
#include "core/detail/performance/performance_stage.h"
#include "core/detail/performance/step_figures.h"
#include "core/format.h"

#include <algorithm>
#include <cmath>

namespace fourfold::core {
namespace {

// Beyond this many ranks a scaling point is costed without a rank map (links by rank order).
constexpr std::int64_t kMaxMappedScalingRanks = 1 << 16;

double tokensPerStep(const Plan& plan) { return detail::stepTokens(plan); }

}  // namespace

ScheduleCosts scheduleCosts(const Plan& plan, const ModelReport& model,
                            const TopologyReport* topology) {
    return detail::stepCosts(plan, model, topology).schedule;
}

double modelFlopsPerStep(const Plan& plan, const ModelReport& model) {
    return model.flopsPerToken * tokensPerStep(plan);
}

double hardwareFlopsPerStep(const Plan& plan, const ModelReport& model) {
    const ModelSpec& spec = plan.model;
    const double layers = std::max(0, spec.layers);
    double extraPerToken = 0;
    if (plan.training.recompute == Recompute::Full) {
        extraPerToken = layers * detail::layerForwardFlopsPerToken(spec);
    } else if (plan.training.recompute == Recompute::Selective) {
        extraPerToken = layers * 4.0 * std::max(0, spec.sequence) * std::max(0, spec.hidden);
    }
    return modelFlopsPerStep(plan, model) + extraPerToken * tokensPerStep(plan);
}

PerformanceReport analyzePerformance(const Plan& plan, const ModelReport& model,
                                     const TopologyReport* topology,
                                     const ScheduleResult& schedule) {
    const detail::StepCosts costs = detail::stepCosts(plan, model, topology);
    const double makespan =
        detail::pipelineMakespan(plan, costs, schedule.makespanS, schedule.complete);
    PerformanceReport report = detail::stepFigures(plan, model, costs, makespan);
    const double tokens = tokensPerStep(plan);

    const StepBreakdown& b = report.breakdown;
    report.stepTimeFormula =
        "T = pipeline " + formatSeconds(makespan) + " (compute " + formatSeconds(b.compute) +
        ", exposed TP " + formatSeconds(b.tpComm) + ", bubble " + formatSeconds(b.bubble) +
        ") + DP " + formatSeconds(b.dpComm) + " + optimizer " + formatSeconds(b.optimizer) +
        " + data " + formatSeconds(b.dataLoading) + " = " + formatSeconds(report.stepTimeS) +
        " (stage " + std::to_string(report.criticalStage) + ")";
    report.mfuFormula = "MFU = " + formatScientific(report.modelFlopsPerStep) + " FLOPs / (" +
                        formatSeconds(report.stepTimeS) + " × " + std::to_string(worldSize(plan)) +
                        " GPUs × " + formatScientific(report.peakFlopsPerGpu) +
                        " FLOP/s) = " + formatPercent(report.mfu);
    report.flopsFormula = "model " + formatScientific(model.flopsPerToken) + " FLOPs/token × " +
                          formatCount(tokens) +
                          " tokens = " + formatScientific(report.modelFlopsPerStep) +
                          "; hardware (recompute) " + formatScientific(report.hardwareFlopsPerStep);

    return report;
}

double scalingSpeedup(double baseStepS, double stepS) {
    return stepS > 0 ? baseStepS / stepS : 0.0;
}

double scalingEfficiency(double baseStepS, double stepS, double gpus, double baseGpus) {
    if (stepS <= 0 || gpus <= 0) return 0.0;
    return baseStepS * baseGpus / (gpus * stepS);
}

std::vector<ScalingPoint> scalingCurve(const Plan& plan, ScalingKind kind,
                                       const std::vector<int>& dataParallelSizes) {
    std::vector<ScalingPoint> points;
    const std::int64_t globalBatch = derivedGlobalBatch(plan);
    for (const int dp : dataParallelSizes) {
        if (dp < 1) continue;
        Plan scaled = plan;
        scaled.parallel.dp = dp;
        scaled.training.globalBatch.reset();
        if (kind == ScalingKind::Strong) {
            const std::int64_t perStep = std::int64_t{plan.training.microBatch} * dp;
            if (perStep <= 0 || globalBatch % perStep != 0) continue;
            scaled.training.gradAccumulation = static_cast<int>(globalBatch / perStep);
        }
        const ModelReport model = analyzeModel(scaled);
        const bool mapped = worldSize(scaled) <= kMaxMappedScalingRanks;
        const TopologyReport topology = mapped ? buildTopology(scaled) : TopologyReport{};
        const TopologyReport* map = mapped ? &topology : nullptr;
        const ScheduleResult schedule = simulateSchedule(
            scaled.parallel.schedule, std::max(1, scaled.parallel.pp),
            std::max(1, scaled.training.gradAccumulation),
            std::max(1, scaled.parallel.virtualStages), scheduleCosts(scaled, model, map));
        const PerformanceReport performance = analyzePerformance(scaled, model, map, schedule);
        ScalingPoint point;
        point.gpus = worldSize(scaled);
        point.dp = dp;
        point.stepTimeS = performance.stepTimeS;
        point.tokensPerS = performance.tokensPerS;
        points.push_back(point);
    }
    if (points.empty()) return points;
    const ScalingPoint base = points.front();
    for (ScalingPoint& point : points) {
        const double ratio = static_cast<double>(point.gpus) / static_cast<double>(base.gpus);
        if (kind == ScalingKind::Strong) {
            point.speedup = scalingSpeedup(base.stepTimeS, point.stepTimeS);
            point.efficiency =
                scalingEfficiency(base.stepTimeS, point.stepTimeS, static_cast<double>(point.gpus),
                                  static_cast<double>(base.gpus));
        } else {
            point.efficiency = point.stepTimeS > 0 ? base.stepTimeS / point.stepTimeS : 0.0;
            point.speedup = ratio * point.efficiency;
        }
    }
    return points;
}

}  // namespace fourfold::core
