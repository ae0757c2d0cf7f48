// SPDX-License-Identifier: MIT
// A schedule's per-rank op orders compiled into one flat program in dependency order, and the
// timing pass over it: the one place op times are computed. simulateOrders times a program once
// and writes the times into the ops; the layout search (core/search/search.h) compiles a program
// once per shape and times it for many sets of stage costs without building op lists. An op ends at
// max(ready, when its rank is free) + its duration, and ready is its dependency's end (+ the
// send between stages): the same two operations whatever order the ops are visited in, so both
// callers get the same bits. Dependencies as in schedule_simulator.h.
#pragma once

#include "core/schedule/schedule.h"
#include "core/schedule/schedule_order.h"

#include <cstdint>
#include <vector>

namespace fourfold::core::detail {

// 16 bytes, so the timing pass streams through them.
struct ProgramStep {
    std::int32_t rank = 0;
    std::int32_t dependency = -1;  // step whose end the op waits for; -1: ready at time 0
    std::int32_t duration = 0;     // kind × (stages × chunks) + virtual stage: see durationTable
    std::int32_t transfer = 0;     // 1: the dependency is on a neighbouring stage, add the send
};

struct ScheduleProgram {
    ScheduleShape shape;
    bool splitWeightGrad = false;
    std::vector<ProgramStep> steps;  // every op after the ops it depends on
    std::vector<std::uint32_t> ops;  // per step: its index in its rank's order
    std::size_t totalOps = 0;        // ops in the orders
    // False when the orders stall (an op waits on one that never runs) or name an op outside
    // the shape; steps then hold the ops that could be ordered.
    bool complete = true;
};

// Orders the ops of `orders` (not moved from) by their dependencies.
[[nodiscard]] ScheduleProgram compileOrders(const ScheduleShape& shape,
                                            const ScheduleOrders& orders);

// Each op's duration by kind (F, B, W) and virtual stage, as ProgramStep::duration indexes it:
// B takes the whole backward (backwardS + weightGradS) when the orders do not split W.
void durationTable(const ScheduleProgram& program, const ScheduleCosts& costs,
                   std::vector<double>& table);

// Times every step with `costs` (stages × virtualStages finite, non-negative entries per
// vector); ends[i] is step i's end. Calls timed(i, start, end) for each step in program order.
// Returns the makespan: the latest end on any rank.
template <class Timed>
double timeProgram(const ScheduleProgram& program, const ScheduleCosts& costs,
                   std::vector<double>& ends, std::vector<double>& scratch, Timed&& timed) {
    // The send applies only between different ranks; with one stage there is none.
    const double transferS = program.shape.stages > 1 ? costs.transferS : 0.0;
    durationTable(program, costs, scratch);
    const auto stages = static_cast<std::size_t>(program.shape.stages);
    scratch.resize(scratch.size() + stages, 0.0);  // then each rank's free time
    double* const durations = scratch.data();
    double* const rankFree = scratch.data() + (scratch.size() - stages);
    ends.resize(program.steps.size());
    double* const end = ends.data();
    const ProgramStep* const steps = program.steps.data();
    const std::size_t count = program.steps.size();
    for (std::size_t i = 0; i < count; ++i) {
        const ProgramStep& step = steps[i];
        double ready = step.dependency >= 0 ? end[step.dependency] : 0.0;
        if (step.transfer != 0) ready = ready + transferS;
        double& free = rankFree[step.rank];
        const double start = ready > free ? ready : free;
        end[i] = start + durations[step.duration];
        free = end[i];
        timed(i, start, end[i]);
    }
    double makespan = 0;
    for (std::size_t rank = 0; rank < stages; ++rank) {
        makespan = rankFree[rank] > makespan ? rankFree[rank] : makespan;
    }
    return makespan;
}

// The shape rules simulateSchedule follows (core/schedule/schedule.h), read from the schedules'
// table (core/schedule/schedule_kinds.h): the generator for a schedule, whether it runs v chunks
// (interleaving needs m a multiple of p) and the costs
// sized for the simulated shape (chunks summed per rank when it runs whole stages, missing,
// negative or non-finite costs as 0).
[[nodiscard]] ScheduleGenerator generatorFor(ScheduleKind kind);
// The schedule generated for `kind` run on `chunks` chunks: on one chunk, its row's
// onWholeStages (interleaving on one chunk, or its fallback, is exactly 1F1B).
[[nodiscard]] ScheduleKind generatedKind(ScheduleKind kind, int chunks);
[[nodiscard]] bool runsChunks(ScheduleKind kind, int stages, int microBatches, int virtualStages);
[[nodiscard]] ScheduleCosts simulatedCosts(const ScheduleCosts& given, int stages, int givenChunks,
                                           int simulatedChunks);

// simulateSchedule's shape for these inputs, its orders generated and compiled (valid inputs:
// stages, microBatches, virtualStages ≥ 1).
struct CompiledSchedule {
    ScheduleProgram program;
    int givenChunks = 1;      // virtualStages as asked
    int simulatedChunks = 1;  // chunks the schedule runs
};
[[nodiscard]] CompiledSchedule compileSchedule(ScheduleKind kind, int stages, int microBatches,
                                               int virtualStages);

// simulateSchedule(...).makespanS for the compiled shape and `costs` as given to it, without
// building op lists; 0 when the program is incomplete (simulateSchedule: complete = false).
[[nodiscard]] double compiledMakespan(const CompiledSchedule& compiled, const ScheduleCosts& costs,
                                      std::vector<double>& ends, std::vector<double>& scratch);

}  // namespace fourfold::core::detail
