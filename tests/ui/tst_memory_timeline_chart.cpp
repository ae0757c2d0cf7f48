// SPDX-License-Identifier: GPL-3.0-or-later
// The activation timeline under the Gantt: its axis in bytes or sets, the ranks' headroom
// lines, a note where there is no headroom, and lines that follow each evaluation drawn.
#include "gantt_fixtures.h"

#include "ui/charts/step_lines.h"
#include "ui/views/memory_timeline_chart.h"
#include "ui/views/pipeline_gantt_view.h"

#include <qcustomplot.h>

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace fourfold;
using test::twoRankSchedule;
using test::withSchedule;

class TestMemoryTimelineChart : public QObject {
    Q_OBJECT
private slots:
    void memoryTimelineInBytes();
    void negativeHeadroomClampsAtZero();
    void limitLinesFollowEachDrawing();
};

void TestMemoryTimelineChart::memoryTimelineInBytes() {
    auto evaluation = withSchedule(twoRankSchedule());
    core::MemoryReport memory;
    memory.capacityBytes = 80ull << 30;
    memory.usableBytes = 72'000'000'000ull;
    for (int stage = 0; stage < 2; ++stage) {
        core::StageMemory entry;
        entry.stage = stage;
        entry.inFlightMicroBatches = 2 - stage;
        // 3 GB per activation set, 50 GB of everything else.
        entry.items[static_cast<std::size_t>(core::MemoryCategory::Activations)].bytes =
            3'000'000'000ull * static_cast<std::uint64_t>(2 - stage);
        entry.items[static_cast<std::size_t>(core::MemoryCategory::Weights)].bytes =
            50'000'000'000ull;
        entry.totalBytes =
            50'000'000'000ull + 3'000'000'000ull * static_cast<std::uint64_t>(2 - stage);
        entry.activationBytesPerMicroBatch = 3'000'000'000ull;
        memory.stages.push_back(entry);
    }
    evaluation = withSchedule(twoRankSchedule(), memory);
    ui::PipelineGanttView view;
    test::showGantt(view);
    view.showEvaluation(evaluation);
    // Rank 0 peaks at 2 sets × 3 GB = 6 GB at 2 ms, when its second forward ends.
    QVERIFY2(view.peakText().contains(QStringLiteral("6.0 GB")), qPrintable(view.peakText()));
    QVERIFY(view.peakText().contains(QStringLiteral("rank 0")));
    // Headroom line of rank 0: 72 − 50 = 22 GB.
    QCPAxisRect* rect = view.plot()->axisRect(1);
    bool foundHeadroom = false;
    for (QCPGraph* graph : rect->graphs()) {
        if (graph->data()->size() == 2 && qFuzzyCompare(graph->data()->at(0)->value, 22.0)) {
            foundHeadroom = true;
        }
    }
    QVERIFY(foundHeadroom);

    // The GiB setting reaches the timeline: 6e9 B = 5.6 GiB, headroom 22e9 B = 20.49 GiB.
    view.setByteUnits(core::ByteUnits::Binary);
    QVERIFY2(view.peakText().contains(QStringLiteral("5.6 GiB")), qPrintable(view.peakText()));
    QCOMPARE(view.plot()->axisRect(1)->axis(QCPAxis::atLeft)->label(),
             QStringLiteral("Activations (GiB)"));
    bool foundBinaryHeadroom = false;
    for (QCPGraph* graph : view.plot()->axisRect(1)->graphs()) {
        if (graph->data()->size() == 2 &&
            std::fabs(graph->data()->at(0)->value - 22e9 / 1073741824.0) < 1e-9) {
            foundBinaryHeadroom = true;
        }
    }
    QVERIFY(foundBinaryHeadroom);
}

void TestMemoryTimelineChart::negativeHeadroomClampsAtZero() {
    // Usable 40 GB, 50 GB of weights on each stage: headroom 40 − 50 = −10 GB. The axis stays at
    // 0 .. peak (rank 0: 2 sets × 3 GB = 6 GB) and a note says why there is no headroom line.
    auto evaluation = withSchedule(twoRankSchedule());
    core::MemoryReport memory;
    memory.capacityBytes = 48'000'000'000ull;
    memory.usableBytes = 40'000'000'000ull;
    for (int stage = 0; stage < 2; ++stage) {
        core::StageMemory entry;
        entry.stage = stage;
        const auto sets = static_cast<std::uint64_t>(2 - stage);
        entry.items[static_cast<std::size_t>(core::MemoryCategory::Activations)].bytes =
            3'000'000'000ull * sets;
        entry.items[static_cast<std::size_t>(core::MemoryCategory::Weights)].bytes =
            50'000'000'000ull;
        entry.totalBytes = 50'000'000'000ull + 3'000'000'000ull * sets;
        entry.inFlightMicroBatches = 2 - stage;
        entry.activationBytesPerMicroBatch = 3'000'000'000ull;
        memory.stages.push_back(entry);
    }
    evaluation = withSchedule(twoRankSchedule(), memory);
    QCustomPlot plot;
    const ui::MemoryTimelineInfo info = ui::drawMemoryTimeline(plot.axisRect(), *evaluation);
    QVERIFY(info.inBytes);
    QVERIFY(!info.note.isEmpty());
    const QCPRange range = plot.axisRect()->axis(QCPAxis::atLeft)->range();
    QCOMPARE(range.lower, 0.0);
    // The peak (6 GB) and a band above it for the note, so no line runs under it.
    QVERIFY(range.upper >= 6.0 * 1.3 && range.upper < 9.0);
    for (QCPGraph* graph : plot.axisRect()->graphs()) {
        for (auto point = graph->data()->constBegin(); point != graph->data()->constEnd();
             ++point) {
            QVERIFY(point->value >= 0);  // no line drawn below zero
        }
    }
    const std::vector<ui::StepLine>& lines = ui::stepLines(ui::stepLinesOf(plot.axisRect()));
    QCOMPARE(lines.size(), std::size_t{2});
    for (const ui::StepLine& line : lines) {
        for (const QPointF& point : line.points) QVERIFY(point.y() >= 0);
    }
}

// Each drawing shows the limit lines of the evaluation it draws, and only those: the graphs of
// the lines drawn before are drawn again (a drag draws as many at every step), and the ones
// left over go.
void TestMemoryTimelineChart::limitLinesFollowEachDrawing() {
    const auto withHeadroom = [](std::uint64_t otherBytes, std::uint64_t usableBytes) {
        core::MemoryReport memory;
        memory.capacityBytes = 80ull << 30;
        memory.usableBytes = usableBytes;
        for (int stage = 0; stage < 2; ++stage) {
            core::StageMemory entry;
            entry.stage = stage;
            entry.inFlightMicroBatches = 2 - stage;
            const auto sets = static_cast<std::uint64_t>(2 - stage);
            entry.items[static_cast<std::size_t>(core::MemoryCategory::Activations)].bytes =
                3'000'000'000ull * sets;
            entry.items[static_cast<std::size_t>(core::MemoryCategory::Weights)].bytes = otherBytes;
            entry.totalBytes = otherBytes + 3'000'000'000ull * sets;
            entry.activationBytesPerMicroBatch = 3'000'000'000ull;
            memory.stages.push_back(entry);
        }
        return withSchedule(twoRankSchedule(), memory);
    };
    const auto limits = [](QCPAxisRect* rect) {
        QList<double> levels;
        for (QCPGraph* graph : rect->graphs()) {
            if (graph->data()->size() == 2) levels << graph->data()->at(0)->value;
        }
        std::sort(levels.begin(), levels.end());
        return levels;
    };
    QCustomPlot plot;
    QCPAxisRect* rect = plot.axisRect();
    // Usable 72 GB, 50 GB of weights on each rank: both ranks' headroom is 72 − 50 = 22 GB.
    (void)ui::drawMemoryTimeline(rect, *withHeadroom(50'000'000'000ull, 72'000'000'000ull));
    QCOMPARE(limits(rect), (QList<double>{22.0, 22.0}));
    const QList<QCPGraph*> first = rect->graphs();
    // 30 GB of weights: headroom 42 GB, drawn by the same two graphs.
    (void)ui::drawMemoryTimeline(rect, *withHeadroom(30'000'000'000ull, 72'000'000'000ull));
    QCOMPARE(limits(rect), (QList<double>{42.0, 42.0}));
    QCOMPARE(rect->graphs(), first);
    QCOMPARE(plot.graphCount(), 2);
    // 80 GB of weights: no headroom, so no line (a note says so); the graphs go.
    const ui::MemoryTimelineInfo none =
        ui::drawMemoryTimeline(rect, *withHeadroom(80'000'000'000ull, 72'000'000'000ull));
    QVERIFY(!none.note.isEmpty());
    QCOMPARE(limits(rect), QList<double>{});
    QCOMPARE(plot.graphCount(), 0);
    // And they come back with the headroom.
    (void)ui::drawMemoryTimeline(rect, *withHeadroom(50'000'000'000ull, 72'000'000'000ull));
    QCOMPARE(limits(rect), (QList<double>{22.0, 22.0}));
    // Without a schedule nothing is drawn at all.
    (void)ui::drawMemoryTimeline(rect, core::Evaluation{});
    QCOMPARE(plot.graphCount(), 0);
}

QTEST_MAIN(TestMemoryTimelineChart)
#include "tst_memory_timeline_chart.moc"
