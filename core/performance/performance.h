// SPDX-License-Identifier: MIT
// Performance: how long a training step takes and where the time goes. Compute per op (GEMMs
// at a size-dependent efficiency, attention by kernel, memory-bound work at HBM bandwidth),
// every collective on the link its group rides, overlap as plan options, the pipeline
// simulated with these stage costs; then tokens/s, MFU, scaling curves and time to train.
// Units: seconds, FLOPs and FLOP/s as doubles. Sources: Narayanan et al. 2021 (eq. 3 FLOPs,
// eq. 4 training time), Korthikanti et al. 2022 (MFU vs HFU), docs/performance.md.
#pragma once

#include "core/model/model.h"
#include "core/plan/plan.h"
#include "core/schedule/schedule.h"
#include "core/schedule/schedule_memo.h"
#include "core/text/coded_text.h"
#include "core/text/explained.h"
#include "core/topology/topology.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace fourfold::core {

// Where a step's time goes; the parts sum to the step time.
struct StepBreakdown {
    double compute = 0;
    double tpComm = 0;  // exposed
    double cpComm = 0;
    double epComm = 0;
    double ppComm = 0;
    double dpComm = 0;  // exposed DP gradient reduction, ZeRO gathers and ZeRO-3 traffic
    double optimizer = 0;
    double bubble = 0;
    double dataLoading = 0;
    double offload = 0;

    [[nodiscard]] double total() const {
        return compute + tpComm + cpComm + epComm + ppComm + dpComm + optimizer + bubble +
               dataLoading + offload;
    }
    bool operator==(const StepBreakdown&) const = default;
};

// One pipeline stage (every rank of the stage alike), per step.
struct StagePerformance {
    int stage = 0;
    double forwardS = 0;  // one micro-batch, compute + exposed communication
    double backwardS = 0;
    double weightGradS = 0;
    StepBreakdown breakdown;  // this stage's own step: its busy time, idle time and after-step
    double dpCommTotalS = 0;  // all DP / ZeRO traffic of the step before overlap

    bool operator==(const StagePerformance&) const = default;
};

// Time and cost to train on a token budget (Narayanan et al. 2021 eq. 4 beside the simulation).
struct TrainingCost {
    double tokens = 0;
    double steps = 0;
    double seconds = 0;
    double days = 0;
    double gpuHours = 0;
    double cost = 0;     // gpuHours × price per GPU-hour (0 when no price is given)
    double eq4Days = 0;  // k·T·P / (n·X): X the achieved hardware FLOP/s per GPU, k = 6 × HFU/MFU
    bool operator==(const TrainingCost&) const = default;
};

struct PerformanceReport {
    double stepTimeS = 0;
    double tokensPerS = 0;
    double tokensPerSPerGpu = 0;
    double mfu = 0;  // model FLOPs / (step time × GPUs × peak)
    double hfu = 0;  // hardware FLOPs (recompute included) / (step time × GPUs × peak)
    double modelFlopsPerStep = 0;
    double hardwareFlopsPerStep = 0;
    double achievedFlopsPerGpu = 0;  // hardware FLOP/s per GPU
    double peakFlopsPerGpu = 0;
    int criticalStage = 0;  // the stage whose step is longest (its breakdown is reported)
    // The stage with the most work per step (forward, backward and weight gradients of every
    // micro-batch): the pipeline's steady state runs at its pace, and the others wait for it in
    // their bubble. Often not the critical stage, whose step ends last by its DP or optimizer
    // time.
    int busiestStage = 0;
    // Whether every stage's step splits into the same parts as the critical stage's (within
    // 10⁻⁶ of the step each): a chart then needs one bar for all of them.
    bool stagesAlike = true;
    StepBreakdown breakdown;
    std::vector<StagePerformance> stages;
    std::string stepTimeFormula;  // "T = makespan 1.20 s + DP 0.05 s + optimizer 0.01 s = 1.26 s"
    std::string mfuFormula;
    std::string flopsFormula;
    // The three formulas as codes and args (core/text/coded_text.h), to render in any language.
    CodedText stepTimeText;
    CodedText mfuText;
    CodedText flopsText;
    TrainingCost training;  // all zero when the plan sets no token budget
    // The headline figures with their formulas, terms and sources (empty when not computed).
    ExplainedFigure stepTimeExplain;  // the critical stage's parts summed
    ExplainedFigure tokensPerSExplain;
    ExplainedFigure tokensPerSPerGpuExplain;
    ExplainedFigure mfuExplain;  // Narayanan et al. 2021 eq. 3 over T × N × peak

    bool operator==(const PerformanceReport&) const = default;
};

// Per-rank, per-chunk stage costs for the schedule simulation (forward, backward, weight
// gradient with exposed TP / CP / EP / ZeRO-3 time folded in, and the stage-to-stage send on
// the link the pipeline group rides). Without a topology the links follow the rank order.
[[nodiscard]] ScheduleCosts scheduleCosts(const Plan& plan, const ModelReport& model,
                                          const TopologyReport* topology = nullptr);

// The step: the simulated pipeline plus exposed DP / ZeRO time, the optimizer step and data
// loading. `schedule` must come from scheduleCosts(plan, model, topology).
[[nodiscard]] PerformanceReport analyzePerformance(const Plan& plan, const ModelReport& model,
                                                   const TopologyReport* topology,
                                                   const ScheduleResult& schedule);

// Model FLOPs per step (forward + backward, no recompute) and hardware FLOPs (recompute adds
// forward work: full replays every layer, selective the attention core).
[[nodiscard]] double modelFlopsPerStep(const Plan& plan, const ModelReport& model);
[[nodiscard]] double hardwareFlopsPerStep(const Plan& plan, const ModelReport& model);

// Scaling: speedup T₁/T_N and efficiency T₁/(N·T_N) against a base of `baseGpus` GPUs
// (efficiency relative to ideal linear scaling from the base).
[[nodiscard]] double scalingSpeedup(double baseStepS, double stepS);
[[nodiscard]] double scalingEfficiency(double baseStepS, double stepS, double gpus,
                                       double baseGpus = 1);

enum class ScalingKind { Strong, Weak };  // fixed global batch / fixed work per GPU

struct ScalingPoint {
    std::int64_t gpus = 0;
    int dp = 0;
    double stepTimeS = 0;
    double tokensPerS = 0;
    double speedup = 0;     // against the first point, per GPU count ratio (strong) or work
    double efficiency = 0;  // 1 = ideal
    // Failures at this size (core/performance/checkpoint.h): the cluster's MTBF falls as GPUs are
    // added, the checkpoint interval shortens with it and the goodput drops.
    double clusterMtbfS = 0;
    double checkpointIntervalS = 0;
    double goodput = 0;
    bool operator==(const ScalingPoint&) const = default;
};

// Whether a plan may be costed (validation's verdict; the evaluate engine supplies it, the
// performance engine sits below the rules).
using PlanCheck = std::function<bool(const Plan&)>;

// The plan at other data-parallel degrees (TP, PP, CP kept), on as many nodes as it needs:
// strong scaling keeps the global batch (world sizes whose dp does not divide it are skipped),
// weak scaling keeps the per-replica batch. Each point is the plan's own prediction, its
// schedule simulated as evaluate() simulates it (interleaving included); points `valid` refuses
// are left out and their dp listed in `skipped`. Efficiency of weak scaling is T_base / T_N.
[[nodiscard]] std::vector<ScalingPoint> scalingCurve(const Plan& plan, ScalingKind kind,
                                                     const std::vector<int>& dataParallelSizes,
                                                     const PlanCheck& valid = {},
                                                     std::vector<int>* skipped = nullptr);

// The whole model for one plan on its own: its shapes, rank map (up to 256 ranks; larger plans'
// links follow the rank order), simulated schedule (in closed form past `maxSimulatedOps`
// operations) and step. What a what-if would give; expects a plan validation accepts.
[[nodiscard]] PerformanceReport predictPerformance(const Plan& plan,
                                                   double maxSimulatedOps = 200'000);

// predictPerformance (the same figures), compiling only schedule shapes `memo` does not hold.
[[nodiscard]] PerformanceReport predictPerformance(const Plan& plan, ScheduleMemo& memo,
                                                   double maxSimulatedOps = 200'000);

// Both curves for the current plan over a handful of data-parallel degrees around its own
// (powers of two from dp/8 to 4·dp, the plan's dp among them), TP, PP and CP kept; the point at
// the plan's own dp is its evaluation's step.
struct ScalingCurves {
    std::vector<ScalingPoint> strong;  // fixed global batch
    std::vector<ScalingPoint> weak;    // fixed work per GPU
    // Data-parallel degrees left out because validation refuses the plan there.
    std::vector<int> strongSkipped;
    std::vector<int> weakSkipped;
    bool operator==(const ScalingCurves&) const = default;
};
[[nodiscard]] std::vector<int> scalingDataParallelSizes(const Plan& plan);
[[nodiscard]] ScalingCurves scalingCurves(const Plan& plan, const PlanCheck& valid = {});

}  // namespace fourfold::core
