// SPDX-License-Identifier: GPL-3.0-or-later
// Replot time of the pipeline Gantt for p = 64, m = 1024, v = 4 (524,288 ops), full view and
// zoomed to 2 % of the step. Prints the median of repeated replots; asserts nothing.
#include "app/allocator_tuning.h"
#include "ui/views/pipeline_gantt_view.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace fourfold;

namespace {

core::ScheduleResult hugeSchedule(int ranks, int microBatches, int chunks) {
    core::ScheduleResult schedule;
    schedule.kind = core::ScheduleKind::Interleaved1F1B;
    schedule.stages = ranks;
    schedule.microBatches = microBatches;
    schedule.virtualStages = chunks;
    for (int rank = 0; rank < ranks; ++rank) {
        core::RankTimeline timeline;
        timeline.stage = rank;
        double time = rank * 1e-6;
        for (int micro = 0; micro < microBatches; ++micro) {
            for (int chunk = 0; chunk < chunks; ++chunk) {
                timeline.ops.push_back({core::OpKind::Forward, micro, chunk, time, time + 1e-6});
                timeline.ops.push_back(
                    {core::OpKind::Backward, micro, chunk, time + 1e-6, time + 3e-6});
                time += 3e-6;
            }
        }
        schedule.makespanS = std::max(schedule.makespanS, time);
        schedule.ranks.push_back(std::move(timeline));
    }
    return schedule;
}

double medianMs(std::vector<double> samples) {
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

double timeReplots(ui::PipelineGanttView& view, int repeats) {
    std::vector<double> samples;
    for (int run = 0; run < repeats; ++run) {
        QElapsedTimer timer;
        timer.start();
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        samples.push_back(static_cast<double>(timer.nsecsElapsed()) * 1e-6);
    }
    return medianMs(samples);
}

}  // namespace

int main(int argc, char** argv) {
    fourfold::app::tuneAllocatorForReuse();  // as the app does at start-up
    QApplication app(argc, argv);
    ui::PipelineGanttView view;
    view.resize(1400, 900);
    view.show();
    QApplication::processEvents();

    auto evaluation = std::make_shared<core::Evaluation>();
    evaluation->schedule = hugeSchedule(64, 1024, 4);
    QElapsedTimer timer;
    timer.start();
    view.showEvaluation(evaluation);
    const double renderMs = static_cast<double>(timer.nsecsElapsed()) * 1e-6;

    constexpr int kRepeats = 21;
    const double fullMs = timeReplots(view, kRepeats);
    const ui::GanttDrawStats full = view.drawStats();
    view.zoomBy(0.02);
    const double zoomedMs = timeReplots(view, kRepeats);
    const ui::GanttDrawStats zoomed = view.drawStats();

    std::printf("bench_ui_gantt: p=64 m=1024 v=4, 524288 ops, plot %dx%d px\n",
                view.plot()->width(), view.plot()->height());
    std::printf("  render (new evaluation, builds memory timeline): %.1f ms\n", renderMs);
    std::printf("  replot full view:   median %.2f ms over %d (blocks %d, merged spans %d)\n",
                fullMs, kRepeats, full.blocks, full.aggregates);
    std::printf("  replot zoomed 2 %%:  median %.2f ms over %d (blocks %d, merged spans %d)\n",
                zoomedMs, kRepeats, zoomed.blocks, zoomed.aggregates);
    return 0;
}
