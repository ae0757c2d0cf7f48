// SPDX-License-Identifier: MIT
#include "core/schedule/schedule_memo.h"

#include "core/schedule/schedule_program.h"
#include "core/schedule/schedule_simulator.h"

#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <vector>

namespace fourfold::core {

namespace detail {

// Compiled schedule shapes by (schedule, p, m, v), and the timing pass's buffers. One lock
// for all: an editor's memo serves its GUI thread and its background evaluation alike.
struct ScheduleMemoState {
    std::mutex lock;
    std::map<std::tuple<ScheduleKind, int, int, int>, CompiledSchedule> shapes;
    std::size_t heldOps = 0;
    std::vector<double> ends;
    std::vector<double> scratch;
    // The shapes an editor's own simulations ran, with their orders (the op lists a Gantt
    // shows), by (generated schedule, p, m, chunks simulated); the last few only.
    struct Simulated {
        ScheduleOrders orders;
        ScheduleProgram program;
    };
    std::map<std::tuple<ScheduleKind, int, int, int>, std::shared_ptr<const Simulated>> simulated;
};

}  // namespace detail

namespace {

// A memo holding more compiled operations than this starts afresh, so one kept across a
// session's edits stays a few megabytes (a shape of 200,000 operations is about 3 MB).
constexpr std::size_t kMaxMemoOps = 1'000'000;
// The editor's own simulations keep this many shapes with their op lists (a drag moves among a
// few; the simulated limit, 2 million ops, makes one at most about 100 MB).
constexpr std::size_t kMaxSimulatedShapes = 4;

}  // namespace

ScheduleMemo::ScheduleMemo() : state_(std::make_unique<detail::ScheduleMemoState>()) {}
ScheduleMemo::~ScheduleMemo() = default;

std::size_t ScheduleMemo::shapes() const {
    const std::lock_guard hold(state_->lock);
    return state_->shapes.size();
}

ScheduleMemo::Makespan ScheduleMemo::makespan(ScheduleKind kind, int stages, int microBatches,
                                              int virtualStages, const ScheduleCosts& costs) {
    detail::ScheduleMemoState& state = *state_;
    const auto key = std::tuple{kind, stages, microBatches, virtualStages};
    const std::lock_guard hold(state.lock);
    auto shape = state.shapes.find(key);
    if (shape == state.shapes.end()) {
        detail::CompiledSchedule compiled =
            detail::compileSchedule(kind, stages, microBatches, virtualStages);
        const std::size_t ops = compiled.program.steps.size();
        if (state.heldOps + ops > kMaxMemoOps) {
            state.shapes.clear();
            state.heldOps = 0;
        }
        state.heldOps += ops;
        shape = state.shapes.emplace(key, std::move(compiled)).first;
    }
    return {detail::compiledMakespan(shape->second, costs, state.ends, state.scratch),
            shape->second.program.complete};
}

ScheduleResult simulateSchedule(ScheduleKind kind, int stages, int microBatches, int virtualStages,
                                const ScheduleCosts& costs, ScheduleMemo& memo) {
    detail::ScheduleMemoState& state = *memo.state_;
    std::shared_ptr<const detail::ScheduleMemoState::Simulated> kept;
    return detail::simulateSchedulePrepared(
        kind, stages, microBatches, virtualStages, costs,
        [&state, &kept](ScheduleKind generated, const detail::ScheduleShape& shape) {
            const auto key =
                std::tuple{generated, shape.stages, shape.microBatches, shape.virtualStages};
            {
                const std::lock_guard hold(state.lock);
                const auto found = state.simulated.find(key);
                if (found != state.simulated.end()) kept = found->second;
            }
            if (!kept) {
                // Generated and compiled outside the lock: a worker may be timing what-ifs.
                auto made = std::make_shared<detail::ScheduleMemoState::Simulated>();
                made->orders = detail::generatorFor(generated)(shape);
                made->program = detail::compileOrders(shape, made->orders);
                kept = made;
                const std::lock_guard hold(state.lock);
                if (state.simulated.size() >= kMaxSimulatedShapes) state.simulated.clear();
                state.simulated.emplace(key, kept);
            }
            return detail::PreparedOrders{&kept->orders, &kept->program};
        });
}

}  // namespace fourfold::core
