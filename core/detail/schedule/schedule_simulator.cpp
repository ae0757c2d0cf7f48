// SPDX-License-Identifier: MIT
#include "core/detail/schedule/schedule_simulator.h"

#include "core/detail/schedule/schedule_held.h"

#include <algorithm>
#include <cstddef>
#include <utility>

namespace fourfold::core::detail {
namespace {

constexpr double kNotDone = -1.0;  // times are never negative

struct SimulationState {
    ScheduleShape shape;
    bool splitWeightGrad = false;
    const ScheduleCosts* costs = nullptr;
    double transferS = 0;            // only between different ranks
    std::vector<double> forwardEnd;  // [virtualStage · m + microBatch]
    std::vector<double> backwardEnd;
    std::vector<std::size_t> cursor;  // next op per rank
    std::vector<double> rankFree;     // when each rank finishes its last op
    bool invalidOp = false;
};

std::size_t slotOf(const SimulationState& state, int virtualStage, int microBatch) {
    return static_cast<std::size_t>(virtualStage) *
               static_cast<std::size_t>(state.shape.microBatches) +
           static_cast<std::size_t>(microBatch);
}

// Runs rank `rank` forward as far as its dependencies allow; returns the ops started.
std::size_t advanceRank(SimulationState& state, int rank, std::vector<ScheduleOp>& order) {
    const auto& costs = *state.costs;
    const bool split = state.splitWeightGrad;
    const int stages = state.shape.stages;
    const int lastVirtual = stages * state.shape.virtualStages - 1;
    auto& cursor = state.cursor[static_cast<std::size_t>(rank)];
    double& free = state.rankFree[static_cast<std::size_t>(rank)];
    std::size_t started = 0;
    while (cursor < order.size()) {
        ScheduleOp& op = order[cursor];
        if (op.microBatch < 0 || op.microBatch >= state.shape.microBatches || op.chunk < 0 ||
            op.chunk >= state.shape.virtualStages) {
            state.invalidOp = true;
            return started;
        }
        const int virtualStage = op.chunk * stages + rank;
        const auto costIndex = static_cast<std::size_t>(virtualStage);
        const std::size_t slot = slotOf(state, virtualStage, op.microBatch);
        double ready = 0;
        double duration = 0;
        if (op.kind == OpKind::Forward) {
            if (virtualStage > 0) {
                const double upstream =
                    state.forwardEnd[slotOf(state, virtualStage - 1, op.microBatch)];
                if (upstream < 0) break;
                ready = upstream + state.transferS;
            }
            duration = costs.forwardS[costIndex];
        } else if (op.kind == OpKind::Backward) {
            if (virtualStage == lastVirtual) {
                ready = state.forwardEnd[slot];
            } else {
                const double downstream =
                    state.backwardEnd[slotOf(state, virtualStage + 1, op.microBatch)];
                ready = downstream < 0 ? kNotDone : downstream + state.transferS;
            }
            if (ready < 0) break;
            duration = costs.backwardS[costIndex] + (split ? 0.0 : costs.weightGradS[costIndex]);
        } else {
            ready = state.backwardEnd[slot];
            if (ready < 0) break;
            duration = costs.weightGradS[costIndex];
        }
        const double start = std::max(ready, free);
        const double end = start + duration;
        if (op.kind == OpKind::Forward) state.forwardEnd[slot] = end;
        if (op.kind == OpKind::Backward) state.backwardEnd[slot] = end;
        op.startS = start;
        op.endS = end;
        free = end;
        ++cursor;
        ++started;
    }
    return started;
}

}  // namespace

bool simulateOrders(const ScheduleShape& shape, ScheduleOrders&& orders, const ScheduleCosts& costs,
                    ScheduleResult& result) {
    const auto stages = static_cast<std::size_t>(shape.stages);
    const std::size_t slots = stages * static_cast<std::size_t>(shape.virtualStages) *
                              static_cast<std::size_t>(shape.microBatches);
    SimulationState state;
    state.shape = shape;
    state.splitWeightGrad = orders.splitWeightGrad;
    state.costs = &costs;
    state.transferS = shape.stages > 1 ? costs.transferS : 0.0;
    state.forwardEnd.assign(slots, kNotDone);
    state.backwardEnd.assign(slots, kNotDone);
    state.cursor.assign(stages, 0);
    state.rankFree.assign(stages, 0.0);

    result.ranks.assign(stages, RankTimeline{});
    std::size_t totalOps = 0;
    for (std::size_t rank = 0; rank < stages; ++rank) {
        result.ranks[rank].stage = static_cast<int>(rank);
        if (rank < orders.ranks.size()) result.ranks[rank].ops = std::move(orders.ranks[rank]);
        totalOps += result.ranks[rank].ops.size();
    }

    // Work list of ranks that may be able to advance. Finishing an op can only unblock the
    // ranks that host the neighbouring virtual stages: rank ± 1, wrapping between chunks.
    std::vector<int> pending;
    std::vector<char> queued(stages, 1);
    pending.reserve(stages * 2);
    for (int rank = shape.stages - 1; rank >= 0; --rank) pending.push_back(rank);
    std::size_t doneOps = 0;
    while (!pending.empty() && !state.invalidOp) {
        const int rank = pending.back();
        pending.pop_back();
        queued[static_cast<std::size_t>(rank)] = 0;
        const std::size_t started =
            advanceRank(state, rank, result.ranks[static_cast<std::size_t>(rank)].ops);
        doneOps += started;
        if (started == 0 || shape.stages == 1) continue;
        for (const int neighbour :
             {(rank + 1) % shape.stages, (rank + shape.stages - 1) % shape.stages}) {
            if (!queued[static_cast<std::size_t>(neighbour)]) {
                queued[static_cast<std::size_t>(neighbour)] = 1;
                pending.push_back(neighbour);
            }
        }
    }

    double makespan = 0;
    for (const double free : state.rankFree) makespan = std::max(makespan, free);
    double idleTotal = 0;
    for (auto& timeline : result.ranks) {
        double busy = 0;
        for (const auto& op : timeline.ops) busy += op.endS - op.startS;
        timeline.busyS = busy;
        timeline.idleS = std::max(0.0, makespan - busy);
        timeline.peakInFlight =
            walkHeldSets(timeline.ops, orders.splitWeightGrad, [](const ScheduleOp&, int) {});
        idleTotal += timeline.idleS;
    }
    result.makespanS = makespan;
    result.splitWeightGrad = orders.splitWeightGrad;
    result.bubbleFraction =
        makespan > 0 ? idleTotal / (static_cast<double>(shape.stages) * makespan) : 0.0;
    return doneOps == totalOps && !state.invalidOp;
}

}  // namespace fourfold::core::detail
