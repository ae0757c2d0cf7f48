// SPDX-License-Identifier: MIT
// Pipeline schedules: op lists per rank, event simulation, makespan, bubble, and the one
// function that says how many micro-batches' activations a stage holds at once.
// Sources: GPipe (Huang et al. 2019); 1F1B (Narayanan et al. 2021, PipeDream-flush);
// interleaved 1F1B (Narayanan et al. 2021, §2.2); ZB-H1/H2 (Qi et al. 2023, Zero Bubble PP).
#pragma once

#include "core/plan/plan.h"
#include "core/text/coded_text.h"
#include "core/text/explained.h"

#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

// F forward, B backward (input gradient; the whole backward when not split), W weight gradient.
enum class OpKind { Forward, Backward, WeightGrad };

// "F", "B" or "W": an op's kind as the schedule JSON and the Gantt write it.
[[nodiscard]] constexpr std::string_view toString(OpKind kind) {
    switch (kind) {
        case OpKind::Forward:
            return "F";
        case OpKind::Backward:
            return "B";
        case OpKind::WeightGrad:
            return "W";
    }
    return "F";
}

struct ScheduleOp {
    OpKind kind = OpKind::Forward;
    int microBatch = 0;
    int chunk = 0;  // model chunk on the rank (0 .. virtualStages-1)
    double startS = 0;
    double endS = 0;

    bool operator==(const ScheduleOp&) const = default;
};

struct RankTimeline {
    int stage = 0;
    std::vector<ScheduleOp> ops;  // in start order
    double idleS = 0;             // makespan minus busy time
    int peakInFlight = 0;         // simulated peak (micro-batch, chunk) activation sets held
    double busyS = 0;             // sum of this rank's op durations

    bool operator==(const RankTimeline&) const = default;
};

// Costs per pipeline rank and chunk, index = chunk * stages + rank (virtual stage order).
struct ScheduleCosts {
    std::vector<double> forwardS;
    std::vector<double> backwardS;    // input gradient (or whole backward when not split)
    std::vector<double> weightGradS;  // 0 when the schedule does not split W from B
    double transferS = 0;             // point-to-point activation/gradient send between stages

    bool operator==(const ScheduleCosts&) const = default;
};

struct ScheduleResult {
    ScheduleKind kind = ScheduleKind::OneFOneB;
    int stages = 1;
    int microBatches = 1;
    int virtualStages = 1;
    double makespanS = 0;
    double bubbleFraction = 0;  // idle share of stages × makespan
    std::string bubbleFormula;  // e.g. "(p − 1)/(m + p − 1) = 3/11 = 27.3 %"
    std::vector<RankTimeline> ranks;
    // The closed form's value for uniform stages and zero transfer (GPipe, 1F1B, interleaved);
    // for zero-bubble schedules, which have no single closed form here, the simulated value.
    double formulaBubbleFraction = 0;
    bool complete = true;  // false when the inputs could not be simulated (see formula)
    // True when the backward is split into B (input gradient) and W (weight gradient) ops, as
    // the zero-bubble schedules do (Qi et al. 2023); then W frees a set's activations.
    bool splitWeightGrad = false;
    // The bubble explained: the closed form (p − 1)/(m + p − 1) or (p − 1)/(v·m + p − 1) with
    // its terms; for zero-bubble schedules idle time / (p × makespan). Empty when incomplete.
    ExplainedFigure bubbleExplain;
    // bubbleFormula as coded parts (core/text/coded_text.h): renderCodedLine() writes it in any
    // language; its English rendering is bubbleFormula.
    std::vector<CodedText> bubbleText;

    bool operator==(const ScheduleResult&) const = default;
};

// Generate and simulate. Expects stages ≥ 1, microBatches ≥ 1, virtualStages ≥ 1 and costs
// sized stages × virtualStages. Missing, negative or non-finite costs count as 0. Only
// interleaved 1F1B uses v chunks; the other schedules (and interleaved 1F1B when m is not a
// multiple of p, which Megatron-LM's interleaving requires) run whole stages: per-rank costs
// are summed over the chunks and the result has virtualStages = 1. Schedules that do not split
// W fold weightGradS into B. Invalid or oversized inputs give complete = false and a reason
// in bubbleFormula; nothing throws.
[[nodiscard]] ScheduleResult simulateSchedule(ScheduleKind kind, int stages, int microBatches,
                                              int virtualStages, const ScheduleCosts& costs);
// The same result, generating and compiling only the shapes `memo` (core/schedule/
// schedule_memo.h) does not hold from its last few simulations: an editor's edits mostly keep
// the pipeline's shape and change its costs.
class ScheduleMemo;
[[nodiscard]] ScheduleResult simulateSchedule(ScheduleKind kind, int stages, int microBatches,
                                              int virtualStages, const ScheduleCosts& costs,
                                              ScheduleMemo& memo);

// Peak number of (micro-batch, chunk) activation sets rank `stage` holds at once, in closed
// form where the papers give one (GPipe m; 1F1B min(p − s, m); ...). The memory engine uses
// this, so memory and Gantt can never disagree. With v chunks, each set is 1/v of the stage;
// a schedule that runs whole stages (see simulateSchedule) holds v sets per micro-batch.
// Equals the simulated peak, which depends only on the op order (tst_schedule_properties).
[[nodiscard]] int inFlightActivationSets(ScheduleKind kind, int stages, int microBatches,
                                         int virtualStages, int stage);

}  // namespace fourfold::core
