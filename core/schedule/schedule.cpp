// SPDX-License-Identifier: MIT
#include "core/schedule/schedule.h"

#include "core/plan/plan_enums.h"
#include "core/schedule/detail/schedule_interleaved_1f1b.h"
#include "core/schedule/schedule_program.h"
#include "core/schedule/schedule_simulator.h"
#include "core/text/format.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

namespace fourfold::core {
namespace {

// Beyond this many ops the simulation would take seconds and gigabytes; callers get a note.
constexpr std::int64_t kMaxSimulatedOps = 50'000'000;

// The closed form next to the simulated value; the two differ with uneven stages or transfer.
void describeBubble(ScheduleResult& result, ScheduleKind kind, int requestedChunks) {
    const std::int64_t stages = result.stages;
    const std::int64_t micro = result.microBatches;
    const std::int64_t chunks = result.virtualStages;
    std::vector<CodedText>& text = result.bubbleText;
    if (kind == ScheduleKind::ZbH1 || kind == ScheduleKind::ZbH2) {
        result.formulaBubbleFraction = result.bubbleFraction;
        text = {{kind == ScheduleKind::ZbH1 ? "bubble.zb_h1" : "bubble.zb_h2",
                 {{"simulated", result.bubbleFraction}}}};
        result.bubbleFormula = renderCodedLine(text, Language::English);
        ExplainedFigure& figure = result.bubbleExplain;
        double idle = 0;
        for (const RankTimeline& rank : result.ranks) idle += rank.idleS;
        figure.expression =
            figure.term("I", "idle time summed over the ranks", idle, units::kSeconds) /
            (figure.term("p", "pipeline stages", static_cast<double>(stages), units::kCount) *
             figure.term("T", "step makespan", result.makespanS, units::kSeconds));
        orderTermsByFormula(figure);
        figure.value = result.bubbleFraction;
        figure.unit = std::string(units::kFraction);
        figure.source = "Qi et al. 2023 (Zero Bubble Pipeline Parallelism)";
        figure.note = kind == ScheduleKind::ZbH1 ? "(p − 1)(T_F + T_B − T_W) idle per rank"
                                                 : "(p − 1)(T_F + T_B − 2T_W) idle per rank";
        return;
    }
    if (kind == ScheduleKind::Interleaved1F1B && requestedChunks > 1 && chunks == 1) {
        text.push_back({"bubble.interleaving_fallback", {{"m", micro}, {"p", stages}}});
    }
    // GPipe and 1F1B: (p − 1)/(m + p − 1) (Huang et al. 2019; Narayanan et al. 2021 §2.2).
    // Interleaved: bubble/ideal = (p − 1)/(v·m) (Narayanan et al. 2021 §2.2.1), so the idle
    // share of the whole is (p − 1)/(v·m + p − 1).
    const std::int64_t numerator = stages - 1;
    const std::int64_t denominator = chunks * micro + stages - 1;
    const double value = static_cast<double>(numerator) /
                         static_cast<double>(std::max<std::int64_t>(1, denominator));
    result.formulaBubbleFraction = value;
    DiagnosticArgs ratio{
        {"numerator", numerator}, {"denominator", denominator}, {"fraction", value}};
    if (chunks > 1) {
        ratio.emplace_back("work", chunks * micro);
        text.push_back({"bubble.closed_form_interleaved", std::move(ratio)});
    } else {
        text.push_back({"bubble.closed_form", std::move(ratio)});
    }
    if (std::fabs(value - result.bubbleFraction) > 5e-4) {
        text.push_back({"bubble.simulated_differs", {{"simulated", result.bubbleFraction}}});
    }
    result.bubbleFormula = renderCodedLine(text, Language::English);

    ExplainedFigure& figure = result.bubbleExplain;
    const Expression p =
        figure.term("p", "pipeline stages", static_cast<double>(stages), units::kCount);
    Expression work =
        figure.term("m", "micro-batches per step", static_cast<double>(micro), units::kCount);
    if (chunks > 1) {
        work =
            figure.term("v", "model chunks per rank", static_cast<double>(chunks), units::kCount) *
            std::move(work);
    }
    figure.expression = (p - 1.0) / (std::move(work) + p - 1.0);
    orderTermsByFormula(figure);
    figure.value = value;
    figure.unit = std::string(units::kFraction);
    figure.source = chunks > 1 ? "Narayanan et al. 2021, §2.2.1 (interleaved schedule)"
                               : "Huang et al. 2019 (GPipe); Narayanan et al. 2021, §2.2";
    std::string note;
    if (kind == ScheduleKind::Interleaved1F1B && requestedChunks > 1 && chunks == 1) {
        note = "m is not a multiple of p, which interleaving needs: run as 1F1B";
    }
    if (std::fabs(value - result.bubbleFraction) > 5e-4) {
        note += std::string(note.empty() ? "" : "; ") +
                "the simulated bubble differs: uneven stages or transfer time";
    }
    figure.note = std::move(note);
}

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
    describeBubble(result, kind, virtualStages);
    return result;
}

}  // namespace detail

int inFlightActivationSets(ScheduleKind kind, int stages, int microBatches, int virtualStages,
                           int stage) {
    if (stages < 1 || microBatches < 1) return 0;
    const int chunks = std::max(1, virtualStages);
    const int rank = std::clamp(stage, 0, stages - 1);
    // Whole-stage schedules hold `chunks` sets per micro-batch (see the header).
    const auto wholeStages = [chunks](std::int64_t microBatchesHeld) {
        return static_cast<int>(std::min<std::int64_t>(microBatchesHeld * chunks, INT32_MAX));
    };
    switch (kind) {
        case ScheduleKind::Gpipe:  // Huang et al. 2019: all m before the first backward.
            return wholeStages(microBatches);
        case ScheduleKind::OneFOneB:  // Narayanan et al. 2021 §2.2: min(p − s, m).
            return wholeStages(std::min(stages - rank, microBatches));
        case ScheduleKind::Interleaved1F1B: {
            if (!detail::runsChunks(kind, stages, microBatches, chunks)) {
                return wholeStages(std::min(stages - rank, microBatches));
            }
            // Megatron-LM: the warm-up forward chunks plus the one in flight in steady state.
            const std::int64_t total = std::int64_t{microBatches} * chunks;
            const int warmup = detail::interleavedWarmup(stages, microBatches, chunks, rank);
            return static_cast<int>(std::min<std::int64_t>(warmup + 1, total));
        }
        case ScheduleKind::ZbH1:  // Qi et al. 2023 §2.1: p on every stage (W delayed by s).
            return wholeStages(std::min(stages, microBatches));
        case ScheduleKind::ZbH2:  // Qi et al. 2023 §2.2: 2p − 1 on the first stage.
            return wholeStages(std::min(microBatches, std::max(2 * (stages - rank) - 1, stages)));
    }
    return 0;
}

}  // namespace fourfold::core
