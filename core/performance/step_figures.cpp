// SPDX-License-Identifier: MIT
#include "core/performance/step_figures.h"

#include "core/text/checked_math.h"

#include <algorithm>
#include <cmath>

namespace fourfold::core::detail {
namespace {

// Whether two steps split alike: each part within 10⁻⁶ of the longer step.
bool sameSplit(const StepBreakdown& a, const StepBreakdown& b) {
    const double tolerance = 1e-6 * std::max({a.total(), b.total(), 1e-12});
    for (const auto part : {&StepBreakdown::compute, &StepBreakdown::tpComm, &StepBreakdown::cpComm,
                            &StepBreakdown::epComm, &StepBreakdown::ppComm, &StepBreakdown::dpComm,
                            &StepBreakdown::optimizer, &StepBreakdown::bubble,
                            &StepBreakdown::dataLoading, &StepBreakdown::offload}) {
        if (std::fabs(a.*part - b.*part) > tolerance) return false;
    }
    return true;
}

}  // namespace

double stepTokens(const Plan& plan) {
    return static_cast<double>(derivedGlobalBatch(plan)) * std::max(0, plan.model.sequence);
}

std::int64_t scheduleOperations(const Plan& plan) {
    std::int64_t ops = 3;
    for (const std::int64_t factor :
         {plan.parallel.pp, plan.parallel.virtualStages, plan.training.gradAccumulation}) {
        ops = saturatingMul(ops, factor);
    }
    return ops;
}

bool evaluateSimulatesSchedule(const Plan& plan) {
    return scheduleOperations(plan) <= kMaxEvaluatedScheduleOps;
}

double fallbackMakespan(const Plan& plan, const StepCosts& costs) {
    double slowest = 0;
    for (const auto& stage : costs.stages) {
        slowest = std::max(slowest, stage.forwardS + stage.backwardS + stage.weightGradS);
    }
    // In double from the start: the int sum of two range limits would overflow. Interleaving
    // v chunks shortens the fill and drain to (p − 1)/v stage times (Narayanan et al. 2021,
    // §2.2.2: bubble (p − 1)/(v·m)).
    const double chunks = std::max(1, plan.parallel.virtualStages);
    const double slots = static_cast<double>(std::max(1, plan.training.gradAccumulation)) +
                         (static_cast<double>(std::max(1, plan.parallel.pp)) - 1.0) / chunks;
    return slots * slowest;
}

double pipelineMakespan(const Plan& plan, const StepCosts& costs, double simulatedMakespanS,
                        bool simulatedComplete) {
    return simulatedComplete && simulatedMakespanS > 0 ? simulatedMakespanS
                                                       : fallbackMakespan(plan, costs);
}

PerformanceReport stepFigures(const Plan& plan, const ModelReport& model, const StepCosts& costs,
                              double makespan) {
    const double micro = std::max(1, plan.training.gradAccumulation);
    const int stages = std::max(1, plan.parallel.pp);
    const double transferS = costs.schedule.transferS;

    PerformanceReport report;
    double longest = -1;
    double mostWork = -1;
    for (std::size_t s = 0; s < costs.stages.size(); ++s) {
        const StageCost& cost = costs.stages[s];
        StagePerformance stage;
        stage.stage = static_cast<int>(s);
        stage.forwardS = cost.forwardS;
        stage.backwardS = cost.backwardS;
        stage.weightGradS = cost.weightGradS;
        // Everything data parallelism moves in the step, before overlap: the once-per-step
        // collectives and, per micro-batch, ZeRO-3's gathers and per-micro-batch reductions.
        stage.dpCommTotalS = cost.dpCommS + micro * cost.zeroTrafficS;
        StepBreakdown& b = stage.breakdown;
        b.compute = micro * cost.computeS;
        b.tpComm = micro * cost.tpCommS;
        b.cpComm = micro * cost.cpCommS;
        b.epComm = micro * cost.epCommS;
        b.offload = micro * cost.offloadS;
        b.dpComm = micro * cost.zeroCommS + cost.dpExposedS;
        b.optimizer = cost.optimizerS;
        b.dataLoading = std::max(0.0, plan.performance.dataLoadingS);
        const double busy = micro * (cost.forwardS + cost.backwardS + cost.weightGradS);
        if (busy > mostWork) {
            mostWork = busy;
            report.busiestStage = stage.stage;
        }
        const double accounted =
            b.compute + b.tpComm + b.cpComm + b.epComm + b.offload + micro * cost.zeroCommS;
        const double blockingSends = std::max(0.0, busy - accounted);
        const double idle = std::max(0.0, makespan - busy);
        // Waiting on neighbours' sends: the fill and the drain cross p − 1 links each.
        const double sendWait = std::min(idle, 2.0 * (stages - 1) * transferS);
        b.ppComm = blockingSends + sendWait;
        b.bubble = idle - sendWait;
        // Keep the parts summing to the stage's step even when the busy time rounds above the
        // makespan.
        b.compute += std::min(0.0, makespan - busy);
        const double total = b.total();
        if (total > longest) {
            longest = total;
            report.criticalStage = stage.stage;
            report.breakdown = b;
        }
        report.stages.push_back(stage);
    }
    report.stepTimeS = std::max(0.0, longest);
    report.stagesAlike = std::all_of(report.stages.begin(), report.stages.end(),
                                     [&report](const StagePerformance& stage) {
                                         return sameSplit(stage.breakdown, report.breakdown);
                                     });

    const double gpus = static_cast<double>(worldSize(plan));
    const double tokens = stepTokens(plan);
    report.modelFlopsPerStep = modelFlopsPerStep(plan, model);
    report.hardwareFlopsPerStep = hardwareFlopsPerStep(plan, model);
    report.peakFlopsPerGpu = peakFlops(plan.cluster.gpu, plan.training.precision);
    if (report.stepTimeS > 0 && gpus > 0) {
        report.tokensPerS = tokens / report.stepTimeS;
        report.tokensPerSPerGpu = report.tokensPerS / gpus;
        report.achievedFlopsPerGpu = report.hardwareFlopsPerStep / (report.stepTimeS * gpus);
        if (report.peakFlopsPerGpu > 0) {
            report.mfu =
                report.modelFlopsPerStep / (report.stepTimeS * gpus * report.peakFlopsPerGpu);
            report.hfu = report.achievedFlopsPerGpu / report.peakFlopsPerGpu;
        }
    }

    const PerformanceOptions& options = plan.performance;
    if (options.tokenBudget > 0 && report.tokensPerS > 0 && tokens > 0) {
        TrainingCost& cost = report.training;
        cost.tokens = options.tokenBudget;
        cost.steps = std::ceil(options.tokenBudget / tokens);
        cost.seconds = cost.steps * report.stepTimeS;
        cost.days = cost.seconds / 86400.0;
        cost.gpuHours = cost.seconds / 3600.0 * gpus;
        cost.cost = cost.gpuHours * std::max(0.0, options.pricePerGpuHour);
        // Narayanan et al. 2021 eq. 4: time ≈ k·T·P / (n·X), k = 8 with full recompute (a
        // second forward) and 6 without; here k = 6 × hardware / model FLOPs, so it follows the
        // plan's own recompute (selective adds only the attention core's share).
        if (report.achievedFlopsPerGpu > 0 && report.modelFlopsPerStep > 0) {
            const double k = 6.0 * report.hardwareFlopsPerStep / report.modelFlopsPerStep;
            cost.eq4Days = k * options.tokenBudget * static_cast<double>(model.parameters) /
                           (gpus * report.achievedFlopsPerGpu) / 86400.0;
        }
    }
    return report;
}

}  // namespace fourfold::core::detail
