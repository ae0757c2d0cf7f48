// SPDX-License-Identifier: MIT
// A schedule's per-rank op orders compiled into one flat program in dependency order, and the
// timing pass over it: the one place op times are computed. simulateOrders times a program once
// and writes the times into the ops; the layout search (core/search.h) compiles a program once
// per shape and times it for many sets of stage costs without building op lists. An op ends at
// max(ready, when its rank is free) + its duration, and ready is its dependency's end (+ the
// send between stages): the same two operations whatever order the ops are visited in, so both
// callers get the same bits. Dependencies as in schedule_simulator.h.
#pragma once

#include "core/detail/schedule/schedule_order.h"
#include "core/schedule.h"

#include <cstdint>
#include <vector>

namespace fourfold::core::detail {

struct ProgramStep {
    std::int32_t rank = 0;
    std::int32_t dependency = -1;  // step whose end the op waits for; -1: ready at time 0
    std::int32_t costIndex = 0;    // virtual stage: chunk × stages + rank
    std::uint32_t op = 0;          // index into the rank's order
    OpKind kind = OpKind::Forward;
    bool transfer = false;  // the dependency is on a neighbouring stage: add the send
};

struct ScheduleProgram {
    ScheduleShape shape;
    bool splitWeightGrad = false;
    std::vector<ProgramStep> steps;  // every op after the ops it depends on
    std::size_t totalOps = 0;        // ops in the orders
    // False when the orders stall (an op waits on one that never runs) or name an op outside
    // the shape; steps then hold the ops that could be ordered.
    bool complete = true;
};

// Orders the ops of `orders` (not moved from) by their dependencies.
[[nodiscard]] ScheduleProgram compileOrders(const ScheduleShape& shape,
                                            const ScheduleOrders& orders);

// Times every step with `costs` (stages × virtualStages finite, non-negative entries per
// vector); ends[i] is step i's end. Calls timed(step, start, end) for each step in program
// order. Returns the makespan: the latest end on any rank.
template <class Timed>
double timeProgram(const ScheduleProgram& program, const ScheduleCosts& costs,
                   std::vector<double>& ends, std::vector<double>& rankFree, Timed&& timed) {
    const bool split = program.splitWeightGrad;
    // The send applies only between different ranks; with one stage there is none.
    const double transferS = program.shape.stages > 1 ? costs.transferS : 0.0;
    ends.resize(program.steps.size());
    rankFree.assign(static_cast<std::size_t>(program.shape.stages), 0.0);
    for (std::size_t i = 0; i < program.steps.size(); ++i) {
        const ProgramStep& step = program.steps[i];
        const auto cost = static_cast<std::size_t>(step.costIndex);
        double ready = 0;
        if (step.dependency >= 0) {
            ready = ends[static_cast<std::size_t>(step.dependency)];
            if (step.transfer) ready = ready + transferS;
        }
        double duration = 0;
        if (step.kind == OpKind::Forward) {
            duration = costs.forwardS[cost];
        } else if (step.kind == OpKind::Backward) {
            duration = costs.backwardS[cost] + (split ? 0.0 : costs.weightGradS[cost]);
        } else {
            duration = costs.weightGradS[cost];
        }
        double& free = rankFree[static_cast<std::size_t>(step.rank)];
        const double start = ready > free ? ready : free;
        const double end = start + duration;
        ends[i] = end;
        free = end;
        timed(step, start, end);
    }
    double makespan = 0;
    for (const double free : rankFree) makespan = free > makespan ? free : makespan;
    return makespan;
}

// The registry and shape rules simulateSchedule follows (core/schedule.h): the generator for a
// schedule, whether it runs v chunks (interleaving needs m a multiple of p) and the costs
// sized for the simulated shape (chunks summed per rank when it runs whole stages, missing,
// negative or non-finite costs as 0).
[[nodiscard]] ScheduleGenerator generatorFor(ScheduleKind kind);
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
                                      std::vector<double>& ends, std::vector<double>& rankFree);

}  // namespace fourfold::core::detail
