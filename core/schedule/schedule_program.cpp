// SPDX-License-Identifier: MIT
#include "core/schedule/schedule_program.h"

#include "core/schedule/schedule_kinds.h"

#include <cmath>

namespace fourfold::core::detail {
namespace {

struct CompileState {
    const ScheduleShape* shape = nullptr;
    std::vector<std::int32_t> forwardStep;  // [virtualStage · m + microBatch], -1 until ordered
    std::vector<std::int32_t> backwardStep;
    std::vector<std::size_t> cursor;  // next op per rank
    bool invalidOp = false;
};

std::size_t slotOf(const ScheduleShape& shape, int virtualStage, int microBatch) {
    return static_cast<std::size_t>(virtualStage) * static_cast<std::size_t>(shape.microBatches) +
           static_cast<std::size_t>(microBatch);
}

// Appends rank `rank`'s ops as far as their dependencies are ordered; returns how many.
std::size_t advanceRank(CompileState& state, int rank, const std::vector<ScheduleOp>& order,
                        std::vector<ProgramStep>& steps, std::vector<std::uint32_t>& ops) {
    const ScheduleShape& shape = *state.shape;
    const int stages = shape.stages;
    const int lastVirtual = stages * shape.virtualStages - 1;
    auto& cursor = state.cursor[static_cast<std::size_t>(rank)];
    std::size_t added = 0;
    while (cursor < order.size()) {
        const ScheduleOp& op = order[cursor];
        if (op.microBatch < 0 || op.microBatch >= shape.microBatches || op.chunk < 0 ||
            op.chunk >= shape.virtualStages) {
            state.invalidOp = true;
            return added;
        }
        const int virtualStage = op.chunk * stages + rank;
        const std::size_t slot = slotOf(shape, virtualStage, op.microBatch);
        const std::int32_t kindIndex =
            op.kind == OpKind::Forward ? 0 : (op.kind == OpKind::Backward ? 1 : 2);
        ProgramStep step;
        step.rank = rank;
        step.duration = kindIndex * stages * shape.virtualStages + virtualStage;
        if (op.kind == OpKind::Forward) {
            if (virtualStage > 0) {
                step.dependency = state.forwardStep[slotOf(shape, virtualStage - 1, op.microBatch)];
                step.transfer = 1;
                if (step.dependency < 0) break;
            }
        } else if (op.kind == OpKind::Backward) {
            if (virtualStage == lastVirtual) {
                step.dependency = state.forwardStep[slot];
            } else {
                step.dependency =
                    state.backwardStep[slotOf(shape, virtualStage + 1, op.microBatch)];
                step.transfer = 1;
            }
            if (step.dependency < 0) break;
        } else {
            step.dependency = state.backwardStep[slot];
            if (step.dependency < 0) break;
        }
        const auto index = static_cast<std::int32_t>(steps.size());
        if (op.kind == OpKind::Forward) state.forwardStep[slot] = index;
        if (op.kind == OpKind::Backward) state.backwardStep[slot] = index;
        steps.push_back(step);
        ops.push_back(static_cast<std::uint32_t>(cursor));
        ++cursor;
        ++added;
    }
    return added;
}

}  // namespace

ScheduleProgram compileOrders(const ScheduleShape& shape, const ScheduleOrders& orders) {
    const auto stages = static_cast<std::size_t>(shape.stages);
    const std::size_t slots = stages * static_cast<std::size_t>(shape.virtualStages) *
                              static_cast<std::size_t>(shape.microBatches);
    ScheduleProgram program;
    program.shape = shape;
    program.splitWeightGrad = orders.splitWeightGrad;
    CompileState state;
    state.shape = &shape;
    state.forwardStep.assign(slots, -1);
    state.backwardStep.assign(slots, -1);
    state.cursor.assign(stages, 0);
    static const std::vector<ScheduleOp> kNoOps;
    const auto orderOf = [&](std::size_t rank) -> const std::vector<ScheduleOp>& {
        return rank < orders.ranks.size() ? orders.ranks[rank] : kNoOps;
    };
    for (std::size_t rank = 0; rank < stages; ++rank) program.totalOps += orderOf(rank).size();
    program.steps.reserve(program.totalOps);
    program.ops.reserve(program.totalOps);

    // Work list of ranks that may be able to advance. Ordering an op can only unblock the
    // ranks that host the neighbouring virtual stages: rank ± 1, wrapping between chunks.
    std::vector<int> pending;
    std::vector<char> queued(stages, 1);
    pending.reserve(stages * 2);
    for (int rank = shape.stages - 1; rank >= 0; --rank) pending.push_back(rank);
    while (!pending.empty() && !state.invalidOp) {
        const int rank = pending.back();
        pending.pop_back();
        queued[static_cast<std::size_t>(rank)] = 0;
        const std::size_t added = advanceRank(state, rank, orderOf(static_cast<std::size_t>(rank)),
                                              program.steps, program.ops);
        if (added == 0 || shape.stages == 1) continue;
        for (const int neighbour :
             {(rank + 1) % shape.stages, (rank + shape.stages - 1) % shape.stages}) {
            if (!queued[static_cast<std::size_t>(neighbour)]) {
                queued[static_cast<std::size_t>(neighbour)] = 1;
                pending.push_back(neighbour);
            }
        }
    }
    program.complete = program.steps.size() == program.totalOps && !state.invalidOp;
    return program;
}

ScheduleGenerator generatorFor(ScheduleKind kind) { return scheduleInfo(kind).generate; }

bool runsChunks(ScheduleKind kind, int stages, int microBatches, int virtualStages) {
    return scheduleInfo(kind).usesVirtualStages && virtualStages > 1 && microBatches % stages == 0;
}

namespace {

double cleanCost(const std::vector<double>& values, std::size_t index) {
    if (index >= values.size()) return 0.0;
    const double value = values[index];
    return std::isfinite(value) && value > 0 ? value : 0.0;
}

}  // namespace

ScheduleCosts simulatedCosts(const ScheduleCosts& given, int stages, int givenChunks,
                             int simulatedChunks) {
    const auto slots = static_cast<std::size_t>(stages) * static_cast<std::size_t>(simulatedChunks);
    ScheduleCosts costs;
    costs.forwardS.assign(slots, 0.0);
    costs.backwardS.assign(slots, 0.0);
    costs.weightGradS.assign(slots, 0.0);
    costs.transferS = std::isfinite(given.transferS) && given.transferS > 0 ? given.transferS : 0;
    for (int chunk = 0; chunk < givenChunks; ++chunk) {
        for (int rank = 0; rank < stages; ++rank) {
            const auto from = static_cast<std::size_t>(chunk) * static_cast<std::size_t>(stages) +
                              static_cast<std::size_t>(rank);
            const auto to = simulatedChunks == givenChunks ? from : static_cast<std::size_t>(rank);
            costs.forwardS[to] += cleanCost(given.forwardS, from);
            costs.backwardS[to] += cleanCost(given.backwardS, from);
            costs.weightGradS[to] += cleanCost(given.weightGradS, from);
        }
    }
    return costs;
}

ScheduleKind generatedKind(ScheduleKind kind, int chunks) {
    return chunks == 1 ? scheduleInfo(kind).onWholeStages : kind;
}

CompiledSchedule compileSchedule(ScheduleKind kind, int stages, int microBatches,
                                 int virtualStages) {
    CompiledSchedule compiled;
    compiled.givenChunks = virtualStages;
    compiled.simulatedChunks =
        runsChunks(kind, stages, microBatches, virtualStages) ? virtualStages : 1;
    const ScheduleShape shape{stages, microBatches, compiled.simulatedChunks};
    compiled.program =
        compileOrders(shape, generatorFor(generatedKind(kind, compiled.simulatedChunks))(shape));
    return compiled;
}

void durationTable(const ScheduleProgram& program, const ScheduleCosts& costs,
                   std::vector<double>& table) {
    const bool split = program.splitWeightGrad;
    const std::size_t slots = static_cast<std::size_t>(program.shape.stages) *
                              static_cast<std::size_t>(program.shape.virtualStages);
    table.resize(3 * slots);
    for (std::size_t c = 0; c < slots; ++c) {
        table[c] = costs.forwardS[c];
        table[slots + c] = costs.backwardS[c] + (split ? 0.0 : costs.weightGradS[c]);
        table[2 * slots + c] = costs.weightGradS[c];
    }
}

double compiledMakespan(const CompiledSchedule& compiled, const ScheduleCosts& costs,
                        std::vector<double>& ends, std::vector<double>& scratch) {
    if (!compiled.program.complete) return 0.0;
    const ScheduleCosts simulated = simulatedCosts(costs, compiled.program.shape.stages,
                                                   compiled.givenChunks, compiled.simulatedChunks);
    return timeProgram(compiled.program, simulated, ends, scratch,
                       [](std::size_t, double, double) {});
}

}  // namespace fourfold::core::detail
