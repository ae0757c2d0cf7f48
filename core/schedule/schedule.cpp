// SPDX-License-Identifier: MIT
#include "core/schedule/schedule.h"

#include "core/plan/plan_enums.h"
#include "core/schedule/schedule_kinds.h"
#include "core/schedule/schedule_program.h"
#include "core/schedule/schedule_simulator.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

namespace fourfold::core {
namespace {

// Beyond this many ops the simulation would take seconds and gigabytes; callers get a note.
constexpr std::int64_t kMaxSimulatedOps = 50'000'000;

}  // namespace

ScheduleResult simulateSchedule(ScheduleKind kind, int stages, int microBatches, int virtualStages,
                                const ScheduleCosts& costs) {
    detail::ScheduleOrders orders;
    detail::ScheduleProgram program;
    return detail::simulateSchedulePrepared(
        kind, stages, microBatches, virtualStages, costs,
        [&orders, &program](ScheduleKind generated, const detail::ScheduleShape& shape) {
            orders = detail::generatorFor(generated)(shape);
            program = detail::compileOrders(shape, orders);
            return detail::PreparedOrders{&orders, &program};
        });
}

namespace detail {

ScheduleResult simulateSchedulePrepared(ScheduleKind kind, int stages, int microBatches,
                                        int virtualStages, const ScheduleCosts& costs,
                                        const PrepareOrders& prepare) {
    ScheduleResult result;
    result.kind = kind;
    result.stages = stages;
    result.microBatches = microBatches;
    result.virtualStages = virtualStages;
    if (stages < 1 || microBatches < 1 || virtualStages < 1) {
        result.complete = false;
        result.bubbleText = {
            {"bubble.cannot_simulate", {{"p", stages}, {"m", microBatches}, {"v", virtualStages}}}};
        result.bubbleFormula = renderCodedLine(result.bubbleText, Language::English);
        return result;
    }
    const int chunks = runsChunks(kind, stages, microBatches, virtualStages) ? virtualStages : 1;
    const std::int64_t ops = std::int64_t{stages} * chunks * microBatches * 3;
    if (ops > kMaxSimulatedOps) {
        result.complete = false;
        result.bubbleText = {
            {"bubble.too_many_operations", {{"operations", ops}, {"limit", kMaxSimulatedOps}}}};
        result.bubbleFormula = renderCodedLine(result.bubbleText, Language::English);
        return result;
    }
    result.virtualStages = chunks;
    const ScheduleShape shape{stages, microBatches, chunks};
    const PreparedOrders prepared = prepare(generatedKind(kind, chunks), shape);
    const auto simulated = simulatedCosts(costs, stages, virtualStages, chunks);
    if (!simulateCompiled(shape, *prepared.orders, *prepared.program, simulated, result)) {
        result.complete = false;
        result.bubbleText = {{"bubble.stalled", {{"schedule", toString(kind)}}}};
        result.bubbleFormula = renderCodedLine(result.bubbleText, Language::English);
        return result;
    }
    scheduleInfo(kind).describeBubble(result, virtualStages);
    return result;
}

}  // namespace detail

int inFlightActivationSets(ScheduleKind kind, int stages, int microBatches, int virtualStages,
                           int stage) {
    if (stages < 1 || microBatches < 1) return 0;
    const int chunks = std::max(1, virtualStages);
    const int running = detail::runsChunks(kind, stages, microBatches, chunks) ? chunks : 1;
    const ScheduleKindInfo& info = scheduleInfo(detail::generatedKind(kind, running));
    const std::int64_t held =
        info.inFlight({stages, microBatches, running}, std::clamp(stage, 0, stages - 1));
    // A schedule on whole stages holds `chunks` sets per micro-batch (see the header).
    return static_cast<int>(std::min<std::int64_t>(held * (chunks / running), INT32_MAX));
}

}  // namespace fourfold::core
