// SPDX-License-Identifier: MIT
#include "core/performance/performance.h"

#include "core/model/model_shapes.h"
#include "core/performance/checkpoint.h"
#include "core/performance/performance_stage.h"
#include "core/performance/step_figures.h"
#include "core/text/format.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace fourfold::core {

namespace {

// Beyond this many ranks a predicted plan (a what-if, a scaling point) is costed without a rank
// map, its links by rank order: building maps of thousands of ranks a dozen times would cost
// evaluate() more than everything else together.
constexpr std::int64_t kMaxMappedPredictedRanks = 256;
double tokensPerStep(const Plan& plan) { return detail::stepTokens(plan); }

// The headline figures as data: the step as the sum of the critical stage's parts, throughput
// as tokens over the step, MFU as Narayanan et al. 2021 eq. 3's model FLOPs over T × N × peak.
void explainFigures(PerformanceReport& report, const Plan& plan, const ModelReport& model,
                    double gpus) {
    const StepBreakdown& b = report.breakdown;
    ExplainedFigure& step = report.stepTimeExplain;
    Expression sum = step.term("t_c", "compute", b.compute, units::kSeconds);
    const auto add = [&](const char* symbol, const char* name, double value) {
        if (value > 0) sum = sum + step.term(symbol, name, value, units::kSeconds);
    };
    add("t_TP", "exposed tensor-parallel communication", b.tpComm);
    add("t_CP", "exposed context-parallel communication", b.cpComm);
    add("t_EP", "exposed expert-parallel communication", b.epComm);
    add("t_PP", "pipeline sends waited on", b.ppComm);
    add("t_DP", "exposed data-parallel / ZeRO communication", b.dpComm);
    add("t_off", "offload traffic", b.offload);
    add("t_bub", "pipeline bubble", b.bubble);
    add("t_opt", "optimizer step", b.optimizer);
    add("t_data", "data loading", b.dataLoading);
    step.expression = std::move(sum);
    step.value = report.stepTimeS;
    step.unit = std::string(units::kSeconds);
    step.source =
        "Narayanan et al. 2021, section 3: the pipeline step plus the exposed "
        "communication and the optimizer step (docs/performance.md)";
    step.note = "the longest pipeline stage";

    const double batch = static_cast<double>(derivedGlobalBatch(plan));
    const double sequence = std::max(0, plan.model.sequence);
    const auto throughput = [&](ExplainedFigure& figure, bool perGpu) {
        Expression over = figure.term("T", "step time", report.stepTimeS, units::kSeconds);
        if (perGpu) over = over * figure.term("N", "GPUs", gpus, units::kCount);
        figure.expression = figure.term("B", "global batch", batch, units::kSequences) *
                            figure.term("s", "sequence length", sequence, units::kTokens) / over;
        figure.unit = std::string(units::kTokensPerSecond);
        figure.source = "tokens per step over the step time";
    };
    throughput(report.tokensPerSExplain, false);
    report.tokensPerSExplain.value = report.tokensPerS;
    throughput(report.tokensPerSPerGpuExplain, true);
    report.tokensPerSPerGpuExplain.value = report.tokensPerSPerGpu;

    ExplainedFigure& mfu = report.mfuExplain;
    // Today's architectures: the attention's score and value products (at the real head size,
    // over the window in local layers, MLA's query/key and value head sizes) as a term of their
    // own beside the weight matmuls. Other models keep the one term f.
    const bool modern = detail::hasModernArchitecture(plan.model);
    if (modern) {
        const double attention = 3.0 * detail::attentionCoreForwardFlopsPerToken(plan.model);
        Expression flops =
            mfu.term("f_w", "weight matmul FLOPs per token (forward + backward)",
                     model.flopsPerToken - attention, units::kFlops) +
            mfu.term("f_a", "attention score and value FLOPs per token (forward + backward)",
                     attention, units::kFlops);
        Expression over =
            mfu.term("T", "step time", report.stepTimeS, units::kSeconds) *
            mfu.term("N", "GPUs", gpus, units::kCount) *
            mfu.term("P", "peak FLOP/s per GPU", report.peakFlopsPerGpu, units::kFlopsPerSecond);
        Expression tokens = mfu.term("B", "global batch", batch, units::kSequences) *
                            mfu.term("s", "sequence length", sequence, units::kTokens);
        mfu.expression = std::move(flops) * std::move(tokens) / std::move(over);
    } else {
        mfu.expression =
            mfu.term("f", "model FLOPs per token (forward + backward)", model.flopsPerToken,
                     units::kFlops) *
            mfu.term("B", "global batch", batch, units::kSequences) *
            mfu.term("s", "sequence length", sequence, units::kTokens) /
            (mfu.term("T", "step time", report.stepTimeS, units::kSeconds) *
             mfu.term("N", "GPUs", gpus, units::kCount) *
             mfu.term("P", "peak FLOP/s per GPU", report.peakFlopsPerGpu, units::kFlopsPerSecond));
    }
    mfu.value = report.mfu;
    mfu.unit = std::string(units::kFraction);
    mfu.source =
        "Narayanan et al. 2021, eq. 3 (FLOPs per step) and eq. 4 (time = FLOPs / "
        "(N × X)): MFU = X / peak";
    mfu.note = "model FLOPs: recomputation not counted";
    if (modern) {
        mfu.source =
            "Narayanan et al. 2021, eq. 3 and 4, with the attention core at the real head size "
            "and span: Vaswani et al. 2017, eq. 1; Beltagy et al. 2020 (sliding window); "
            "DeepSeek-V2 §2.1 (MLA)";
    }
}

// predictPerformance with the shapes already analysed; with a memo, the schedule's makespan
// comes from its compiled program (the figures read nothing else of the schedule).
// The figures alone, without their formulas and explanations (a scaling curve's points), and
// the pipeline's makespan they were built on.
struct Figures {
    PerformanceReport report;
    double makespanS = 0;
};

Figures performanceFigures(const Plan& plan, const ModelReport& model,
                           const TopologyReport* topology, const ScheduleResult& schedule) {
    const detail::StepCosts costs = detail::stepCosts(plan, model, topology);
    const double makespan =
        detail::pipelineMakespan(plan, costs, schedule.makespanS, schedule.complete);
    return {detail::stepFigures(plan, model, costs, makespan), makespan};
}

enum class Texts { Explained, FiguresOnly };

PerformanceReport predictWith(const Plan& plan, const ModelReport& model, double maxOps,
                              ScheduleMemo* memo = nullptr, Texts texts = Texts::Explained) {
    const bool mapped = worldSize(plan) <= kMaxMappedPredictedRanks;
    const TopologyReport topology = mapped ? buildTopology(plan) : TopologyReport{};
    const TopologyReport* map = mapped ? &topology : nullptr;
    const int stages = std::max(1, plan.parallel.pp);
    const int micro = std::max(1, plan.training.gradAccumulation);
    const int chunks = std::max(1, plan.parallel.virtualStages);
    ScheduleResult schedule;
    schedule.complete = false;  // past the limit: the closed form
    if (3.0 * stages * chunks * micro <= maxOps) {
        const ScheduleCosts costs = scheduleCosts(plan, model, map);
        if (!memo) {
            schedule = simulateSchedule(plan.parallel.schedule, stages, micro, chunks, costs);
        } else {
            const ScheduleMemo::Makespan timed =
                memo->makespan(plan.parallel.schedule, stages, micro, chunks, costs);
            schedule.makespanS = timed.seconds;
            schedule.complete = timed.complete;
        }
    }
    return texts == Texts::Explained ? analyzePerformance(plan, model, map, schedule)
                                     : performanceFigures(plan, model, map, schedule).report;
}

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
        // Selective recompute replays the attention core (at the real head size and span).
        extraPerToken = detail::attentionCoreForwardFlopsPerToken(spec);
    } else if (plan.training.recompute == Recompute::SelectiveOp) {
        extraPerToken = detail::opReplayedForwardFlopsPerToken(spec);
    }
    return modelFlopsPerStep(plan, model) + extraPerToken * tokensPerStep(plan);
}

PerformanceReport analyzePerformance(const Plan& plan, const ModelReport& model,
                                     const TopologyReport* topology,
                                     const ScheduleResult& schedule) {
    auto [report, makespan] = performanceFigures(plan, model, topology, schedule);
    const double tokens = tokensPerStep(plan);

    const StepBreakdown& b = report.breakdown;
    report.stepTimeText = {"formula.step_time",
                           {{"pipeline", formatSeconds(makespan)},
                            {"compute", formatSeconds(b.compute)},
                            {"tp", formatSeconds(b.tpComm)},
                            {"bubble", formatSeconds(b.bubble)},
                            {"dp", formatSeconds(b.dpComm)},
                            {"optimizer", formatSeconds(b.optimizer)},
                            {"data", formatSeconds(b.dataLoading)},
                            {"step", formatSeconds(report.stepTimeS)},
                            {"stage", report.criticalStage}}};
    report.mfuText = {"formula.mfu",
                      {{"model_flops", formatScientific(report.modelFlopsPerStep)},
                       {"step", formatSeconds(report.stepTimeS)},
                       {"gpus", worldSize(plan)},
                       {"peak", formatScientific(report.peakFlopsPerGpu)},
                       {"mfu", report.mfu}}};
    report.flopsText = {"formula.flops",
                        {{"flops_per_token", formatScientific(model.flopsPerToken)},
                         {"tokens", formatCount(tokens)},
                         {"model_flops", formatScientific(report.modelFlopsPerStep)},
                         {"hardware_flops", formatScientific(report.hardwareFlopsPerStep)}}};
    report.stepTimeFormula = renderCodedText(report.stepTimeText, Language::English);
    report.mfuFormula = renderCodedText(report.mfuText, Language::English);
    report.flopsFormula = renderCodedText(report.flopsText, Language::English);

    const double gpus = static_cast<double>(worldSize(plan));
    if (report.stepTimeS > 0 && gpus > 0) explainFigures(report, plan, model, gpus);
    return report;
}

PerformanceReport predictPerformance(const Plan& plan, double maxSimulatedOps) {
    return predictWith(plan, analyzeModel(plan), maxSimulatedOps);
}

PerformanceReport predictPerformance(const Plan& plan, ScheduleMemo& memo, double maxSimulatedOps) {
    return predictWith(plan, analyzeModel(plan), maxSimulatedOps, &memo);
}

std::vector<int> scalingDataParallelSizes(const Plan& plan) {
    const int dp = std::max(1, plan.parallel.dp);
    std::vector<int> sizes;
    const int lowest = std::max(1, dp / 8);
    const int highest = std::max(8, dp > (1 << 28) ? dp : dp * 4);
    for (int size = 1; size <= highest && size > 0; size *= 2) {
        if (size >= lowest) sizes.push_back(size);
        if (size > (1 << 29)) break;
    }
    if (std::find(sizes.begin(), sizes.end(), dp) == sizes.end()) {
        sizes.insert(std::upper_bound(sizes.begin(), sizes.end(), dp), dp);
    }
    return sizes;
}

ScalingCurves scalingCurves(const Plan& plan, const PlanCheck& valid) {
    const std::vector<int> sizes = scalingDataParallelSizes(plan);
    ScalingCurves curves;
    curves.strong = scalingCurve(plan, ScalingKind::Strong, sizes, valid, &curves.strongSkipped);
    curves.weak = scalingCurve(plan, ScalingKind::Weak, sizes, valid, &curves.weakSkipped);
    return curves;
}

double scalingSpeedup(double baseStepS, double stepS) {
    return stepS > 0 ? baseStepS / stepS : 0.0;
}

double scalingEfficiency(double baseStepS, double stepS, double gpus, double baseGpus) {
    if (stepS <= 0 || gpus <= 0) return 0.0;
    return baseStepS * baseGpus / (gpus * stepS);
}

std::vector<ScalingPoint> scalingCurve(const Plan& plan, ScalingKind kind,
                                       const std::vector<int>& dataParallelSizes,
                                       const PlanCheck& valid, std::vector<int>* skipped) {
    std::vector<ScalingPoint> points;
    // Weak-scaling points share one schedule shape; the memo compiles it once.
    ScheduleMemo memo;
    // A point simulates its schedule as the plan's own evaluation does, up to as many
    // operations as the plan's own schedule (at least 2,000): past that (the strong curve's
    // smaller dp, with more micro-batches) it takes the closed form with interleaving, so the
    // curve never costs more than a handful of the plan's own simulations.
    const double ownOps = static_cast<double>(detail::scheduleOperations(plan));
    const double maxOps =
        std::min(static_cast<double>(detail::kMaxEvaluatedScheduleOps), std::max(2'000.0, ownOps));
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
        // As many nodes as the scaled job fills.
        const std::int64_t perNode = std::max(1, plan.cluster.gpusPerNode);
        const std::int64_t nodes = (worldSize(scaled) + perNode - 1) / perNode;
        scaled.cluster.nodes = static_cast<int>(std::clamp<std::int64_t>(nodes, 1, 1 << 30));
        if (valid && !valid(scaled)) {
            if (skipped != nullptr) skipped->push_back(dp);
            continue;
        }
        const ModelReport model = analyzeModel(scaled);
        // Only the numbers: a point's formulas would be written and never read.
        const PerformanceReport performance =
            predictWith(scaled, model, maxOps, &memo, Texts::FiguresOnly);
        const CheckpointReport checkpoint = analyzeCheckpoint(scaled, model, performance.stepTimeS);
        ScalingPoint point;
        point.gpus = worldSize(scaled);
        point.dp = dp;
        point.stepTimeS = performance.stepTimeS;
        point.tokensPerS = performance.tokensPerS;
        point.clusterMtbfS = checkpoint.clusterMtbfS;
        point.checkpointIntervalS = checkpoint.intervalS;
        point.goodput = checkpoint.goodput;
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
