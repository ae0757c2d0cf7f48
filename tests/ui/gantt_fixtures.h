// SPDX-License-Identifier: GPL-3.0-or-later
// Hand-built schedules for the Gantt and activation-timeline tests, and the view as shown.
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/memory/activation_timeline.h"
#include "ui/views/pipeline_gantt_view.h"

#include <QTest>

#include <memory>
#include <optional>
#include <utility>

namespace fourfold::test {

inline core::ScheduleOp op(core::OpKind kind, int microBatch, double startMs, double endMs,
                           int chunk = 0) {
    return {kind, microBatch, chunk, startMs * 1e-3, endMs * 1e-3};
}

// 1F1B with p = 2, m = 2, forward 1 ms, backward 2 ms, no transfer cost, worked by hand:
//   rank 1: F0 1–2, B0 2–4, F1 4–5, B1 5–7
//   rank 0: F0 0–1, F1 1–2, B0 4–6 (after rank 1's B0), B1 7–9 (after rank 1's B1)
// Makespan 9 ms; each rank is busy 6 ms, so the bubble is 3/9 = (p − 1)/(m + p − 1) = 1/3
// (Narayanan et al. 2021, §2.2).
inline core::ScheduleResult twoRankSchedule() {
    core::ScheduleResult schedule;
    schedule.kind = core::ScheduleKind::OneFOneB;
    schedule.stages = 2;
    schedule.microBatches = 2;
    schedule.makespanS = 9e-3;
    schedule.bubbleFraction = 1.0 / 3.0;
    schedule.bubbleFormula = "(p − 1)/(m + p − 1) = 1/3 = 33.3 %";
    core::ExplainedFigure& bubble = schedule.bubbleExplain;
    const core::Expression p = bubble.term("p", "pipeline stages", 2, core::units::kCount);
    const core::Expression m = bubble.term("m", "micro-batches per step", 2, core::units::kCount);
    bubble.expression = (p - 1.0) / (m + p - 1.0);
    bubble.value = 1.0 / 3.0;
    bubble.unit = std::string(core::units::kFraction);
    core::RankTimeline rank0;
    rank0.stage = 0;
    rank0.ops = {op(core::OpKind::Forward, 0, 0, 1), op(core::OpKind::Forward, 1, 1, 2),
                 op(core::OpKind::Backward, 0, 4, 6), op(core::OpKind::Backward, 1, 7, 9)};
    rank0.peakInFlight = 2;
    core::RankTimeline rank1;
    rank1.stage = 1;
    rank1.ops = {op(core::OpKind::Forward, 0, 1, 2), op(core::OpKind::Backward, 0, 2, 4),
                 op(core::OpKind::Forward, 1, 4, 5), op(core::OpKind::Backward, 1, 5, 7)};
    rank1.peakInFlight = 1;
    schedule.ranks = {rank0, rank1};
    return schedule;
}

// The core composes the activation curve from schedule and memory, as evaluate() does.
inline std::shared_ptr<core::Evaluation> withSchedule(
    core::ScheduleResult schedule, std::optional<core::MemoryReport> memory = {}) {
    auto evaluation = std::make_shared<core::Evaluation>();
    evaluation->schedule = std::move(schedule);
    evaluation->memory = std::move(memory);
    evaluation->activations = core::activationTimelines(
        *evaluation->schedule, evaluation->memory ? &*evaluation->memory : nullptr, 1);
    return evaluation;
}

// Shows the view at the size the tests draw it at.
inline void showGantt(ui::PipelineGanttView& view) {
    view.resize(1200, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
}

}  // namespace fourfold::test
