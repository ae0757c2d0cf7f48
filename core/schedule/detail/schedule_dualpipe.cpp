// SPDX-License-Identifier: MIT
#include "core/schedule/detail/schedule_dualpipe.h"

#include "core/schedule/detail/schedule_bubble.h"
#include "core/schedule/schedule_held.h"

#include <algorithm>
#include <array>
#include <deque>

namespace fourfold::core::detail {
namespace {

// Where one rank stands in the eight phases both schedules share (dualpipe.py, dualpipev.py):
// `halfRanks` ranks to the fold (DualPipeV: p; DualPipe: p/2), this rank's distance from the
// end it starts at, micro-batches per phase, and which chunk each phase runs on this rank.
struct RankPlace {
    int halfRanks = 1;
    int halfRank = 0;
    int perPhase = 1;
    std::array<int, 2> chunkOf{0, 1};
};

// Emits one rank's ops. A backward runs as B then its W, unless zero-bubble defers W to a later
// weight step (first in, first out).
class RankOrder {
public:
    RankOrder(const RankPlace& place, std::vector<ScheduleOp>& order)
        : place_(place), order_(order) {}

    void forward(int phase) {
        order_.push_back({OpKind::Forward, forwards_[at(phase)]++, chunk(phase)});
    }
    void backward(int phase, bool deferWeight) {
        const ScheduleOp input{OpKind::Backward, backwards_[at(phase)]++, chunk(phase)};
        const ScheduleOp weight{OpKind::WeightGrad, input.microBatch, input.chunk};
        order_.push_back(input);
        if (deferWeight) {
            deferred_.push_back(weight);
        } else {
            order_.push_back(weight);
        }
    }
    void weight() {
        if (deferred_.empty()) return;
        order_.push_back(deferred_.front());
        deferred_.pop_front();
    }
    void drain() {
        while (!deferred_.empty()) weight();
    }

private:
    static std::size_t at(int phase) { return static_cast<std::size_t>(phase); }
    int chunk(int phase) const { return place_.chunkOf[at(phase)]; }

    const RankPlace& place_;
    std::vector<ScheduleOp>& order_;
    std::array<int, 2> forwards_{0, 0};
    std::array<int, 2> backwards_{0, 0};
    std::deque<ScheduleOp> deferred_;
};

// Phase lengths of one rank (the step_1 ... step_8 counts of dualpipe.py).
struct PhaseCounts {
    int fill = 0, both = 0, zeroBubble = 0, main = 0, drainPairs = 0, backs = 0;
};

PhaseCounts phaseCounts(const RankPlace& place) {
    const int n = place.halfRanks;
    const int r = place.halfRank;
    return {.fill = 2 * (n - r - 1),
            .both = r + 1,
            .zeroBubble = n - r - 1,
            .main = std::max(0, place.perPhase - 2 * n + r + 1),
            .drainPairs = n - r - 1,
            .backs = r + 1};
}

void appendRank(const RankPlace& place, std::vector<ScheduleOp>& order) {
    const PhaseCounts count = phaseCounts(place);
    RankOrder ops(place, order);
    for (int i = 0; i < count.fill; ++i) ops.forward(0);
    for (int i = 0; i < count.both; ++i) {
        ops.forward(0);
        ops.forward(1);
    }
    for (int i = 0; i < count.zeroBubble; ++i) {
        ops.backward(1, true);
        ops.weight();
        ops.forward(1);
    }
    // Main phase: F0 beside B1, then F1 beside B0 (the middle rank's first pair runs apart).
    // A pair starts once both its inputs are in; its backward, whose gradient comes last, goes
    // first here, so the pair's forward never runs ahead of it.
    for (int i = 0; i < count.main; ++i) {
        ops.backward(1, false);
        ops.forward(0);
        ops.backward(0, false);
        ops.forward(1);
    }
    for (int i = 0; i < count.drainPairs; ++i) {
        ops.backward(1, false);
        ops.backward(0, false);
        ops.forward(1);
    }
    // The second half of these backwards defers W (odd ranks from chunk 1's, even from chunk 0's).
    bool defer = false;
    for (int i = 0; i < count.backs; ++i) {
        if (i == count.backs / 2 && place.halfRank % 2 == 1) defer = true;
        ops.backward(1, defer);
        if (i == count.backs / 2 && place.halfRank % 2 == 0) defer = true;
        ops.backward(0, defer);
    }
    for (int i = 0; i < count.drainPairs; ++i) {
        ops.weight();
        ops.backward(0, true);
    }
    ops.drain();
}

RankPlace dualPipePlace(const ScheduleShape& shape, int stage) {
    const int half = shape.stages / 2;
    const bool firstHalf = stage < half;
    return {.halfRanks = half,
            .halfRank = std::min(stage, shape.stages - 1 - stage),
            .perPhase = shape.microBatches / 2,
            .chunkOf = firstHalf ? std::array<int, 2>{0, 1} : std::array<int, 2>{1, 0}};
}

RankPlace dualPipeVPlace(const ScheduleShape& shape, int stage) {
    return {.halfRanks = shape.stages,
            .halfRank = stage,
            .perPhase = shape.microBatches,
            .chunkOf = {0, 1}};
}

template <typename Place>
ScheduleOrders ordersOf(const ScheduleShape& shape, Place placeOf) {
    ScheduleOrders orders;
    orders.splitWeightGrad = true;
    orders.ranks.resize(static_cast<std::size_t>(shape.stages));
    for (int stage = 0; stage < shape.stages; ++stage) {
        auto& order = orders.ranks[static_cast<std::size_t>(stage)];
        order.reserve(static_cast<std::size_t>(shape.microBatches) * 6);
        appendRank(placeOf(shape, stage), order);
    }
    return orders;
}

template <typename Place>
std::int64_t heldOn(const ScheduleShape& shape, int stage, Place placeOf) {
    std::vector<ScheduleOp> order;
    appendRank(placeOf(shape, stage), order);
    return walkHeldSets(order, true, [](const ScheduleOp&, int) {});
}

double pairedShare(const RankPlace& place) {
    const PhaseCounts count = phaseCounts(place);
    if (place.perPhase <= 0) return 0.0;
    const bool middle = place.halfRank == place.halfRanks - 1;
    const int pairs =
        std::max(0, 2 * count.main - (middle && count.main > 0 ? 1 : 0)) + count.drainPairs;
    return static_cast<double>(pairs) / (2.0 * place.perPhase);
}

}  // namespace

ScheduleOrders generateDualPipe(const ScheduleShape& shape) {
    return ordersOf(shape, &dualPipePlace);
}

ScheduleOrders generateDualPipeV(const ScheduleShape& shape) {
    return ordersOf(shape, &dualPipeVPlace);
}

std::int64_t dualPipeInFlight(const ScheduleShape& shape, int stage) {
    return heldOn(shape, stage, &dualPipePlace);
}

std::int64_t dualPipeVInFlight(const ScheduleShape& shape, int stage) {
    return heldOn(shape, stage, &dualPipeVPlace);
}

double dualPipePairedShare(int stages, int microBatches, int stage) {
    if (!dualPipeRuns(stages, microBatches)) return 0.0;
    return pairedShare(dualPipePlace({stages, microBatches, 2}, stage));
}

double dualPipeVPairedShare(int stages, int microBatches, int stage) {
    if (!dualPipeVRuns(stages, microBatches)) return 0.0;
    return pairedShare(dualPipeVPlace({stages, microBatches, 2}, stage));
}

bool dualPipeRuns(int stages, int microBatches) {
    return stages >= 2 && stages % 2 == 0 && microBatches % 2 == 0 && microBatches >= 2 * stages;
}

bool dualPipeVRuns(int stages, int microBatches) {
    return stages >= 1 && microBatches >= 2 * stages;
}

void describeDualPipeBubble(ScheduleResult& result, int) {
    describeSimulatedBubble(result, "bubble.dualpipe",
                            "(PP/2 − 1)(F&B + B − 3W) idle per rank, PP = p stages");
}

void describeDualPipeVBubble(ScheduleResult& result, int) {
    describeSimulatedBubble(result, "bubble.dualpipev",
                            "(PP/2 − 1)(F&B + B − 3W) idle per rank, PP = 2p stages");
}

}  // namespace fourfold::core::detail
