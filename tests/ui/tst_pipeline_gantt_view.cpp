// SPDX-License-Identifier: GPL-3.0-or-later
// PipelineGanttView draws a hand-built ScheduleResult: every op is a block (or, when too
// narrow, part of a merged span), hit tests find the op under a point, keys zoom and reset,
// the bubble's formula is on show, and half a million ops draw without per-block items.
#include "gantt_fixtures.h"
#include "image_checks.h"

#include "core/memory/activation_timeline.h"
#include "ui/charts/palette.h"
#include "ui/charts/raster_worker.h"
#include "ui/charts/step_lines.h"
#include "ui/views/memory_timeline_chart.h"
#include "ui/views/pipeline_gantt_view.h"

#include <qcustomplot.h>

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace fourfold;
using core::OpKind;
using test::op;
using test::twoRankSchedule;
using test::withSchedule;

namespace {

// p ranks, m micro-batches, v chunks: every (micro-batch, chunk) gets an F then a B, back to
// back, 1 µs and 2 µs long, each rank starting one forward later than the one before.
core::ScheduleResult hugeSchedule(int ranks, int microBatches, int chunks) {
    core::ScheduleResult schedule;
    schedule.kind = core::ScheduleKind::Interleaved1F1B;
    schedule.stages = ranks;
    schedule.microBatches = microBatches;
    schedule.virtualStages = chunks;
    schedule.bubbleFormula = "(p − 1)/(v·m + p − 1)";
    for (int rank = 0; rank < ranks; ++rank) {
        core::RankTimeline timeline;
        timeline.stage = rank;
        timeline.ops.reserve(static_cast<std::size_t>(microBatches * chunks * 2));
        double time = rank * 1e-6;
        for (int micro = 0; micro < microBatches; ++micro) {
            for (int chunk = 0; chunk < chunks; ++chunk) {
                timeline.ops.push_back({OpKind::Forward, micro, chunk, time, time + 1e-6});
                timeline.ops.push_back({OpKind::Backward, micro, chunk, time + 1e-6, time + 3e-6});
                time += 3e-6;
            }
        }
        schedule.makespanS = std::max(schedule.makespanS, time);
        schedule.ranks.push_back(std::move(timeline));
    }
    return schedule;
}

// 1F1B's shape on p ranks and m micro-batches, F 1 µs and B 2 µs (t_b = 2 t_f): rank r runs
// p − 1 − r forwards (warm-up), then one forward and one backward in turn (the steady state),
// then the backwards left (cool-down).
core::ScheduleResult oneForwardOneBackward(int ranks, int microBatches) {
    core::ScheduleResult schedule;
    schedule.kind = core::ScheduleKind::OneFOneB;
    schedule.stages = ranks;
    schedule.microBatches = microBatches;
    for (int rank = 0; rank < ranks; ++rank) {
        core::RankTimeline timeline;
        timeline.stage = rank;
        double time = rank * 1e-6;
        const auto run = [&](OpKind kind, int micro) {
            const double length = kind == OpKind::Forward ? 1e-6 : 2e-6;
            timeline.ops.push_back({kind, micro, 0, time, time + length});
            time += length;
        };
        const int warm = std::min(ranks - 1 - rank, microBatches);
        for (int micro = 0; micro < warm; ++micro) run(OpKind::Forward, micro);
        for (int micro = warm; micro < microBatches; ++micro) {
            run(OpKind::Forward, micro);
            run(OpKind::Backward, micro - warm);
        }
        for (int micro = microBatches - warm; micro < microBatches; ++micro) {
            run(OpKind::Backward, micro);
        }
        schedule.makespanS = std::max(schedule.makespanS, time);
        schedule.ranks.push_back(std::move(timeline));
    }
    return schedule;
}

// The pixels of `image` in exactly `colour` (the lines are drawn aliased, so a line's pixels
// are its pen's colour and nothing else is).
std::vector<QPoint> pixelsOf(const QImage& image, QRgb colour) {
    std::vector<QPoint> found;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (image.pixel(x, y) == colour) found.emplace_back(x, y);
        }
    }
    return found;
}

// How many of `pixels` have none of `others` within one pixel.
int strays(const std::vector<QPoint>& pixels, const std::vector<QPoint>& others,
           const QImage& othersImage) {
    QImage mask(othersImage.size(), QImage::Format_Mono);
    mask.fill(0);
    for (const QPoint& pixel : others) mask.setPixel(pixel, 1);
    int count = 0;
    for (const QPoint& pixel : pixels) {
        bool near = false;
        for (int dy = -1; dy <= 1 && !near; ++dy) {
            for (int dx = -1; dx <= 1 && !near; ++dx) {
                const QPoint at = pixel + QPoint(dx, dy);
                near = mask.rect().contains(at) && mask.pixelIndex(at) == 1;
            }
        }
        count += near ? 0 : 1;
    }
    return count;
}

}  // namespace

class TestPipelineGanttView : public QObject {
    Q_OBJECT
private slots:
    // The density view (thousands of ops to a pixel) reads warm-up, steady state and cool-down
    // apart: the steady state, where a forward and a backward alternate and the forward takes
    // a third of the time, is drawn in a hue of its own, far from both the forward and the
    // backward colour, and covers most of the chart; the warm-up's forwards and the
    // cool-down's backwards keep their own colours.
    void densityViewReadsThePhasesApart() {
        ui::PipelineGanttView view;
        test::showGantt(view);
        view.showEvaluation(withSchedule(oneForwardOneBackward(16, 1536)));
        view.plot()->replot();
        const QImage image = view.plot()->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QRect area = view.plot()->axisRect(0)->rect();
        const QColor forward = ui::palette::opKind(OpKind::Forward);
        const QColor backward = ui::palette::opKind(OpKind::Backward);
        const QColor steady = ui::palette::opBlend(1.0 / 3.0);
        const auto distance = [](const QColor& a, const QColor& b) {
            return std::hypot(a.red() - b.red(), a.green() - b.green(), a.blue() - b.blue());
        };
        // Hand-checked: the steady hue stands at least 100 RGB steps from either colour (a
        // straight blend of the two at a third stood 50 from the backward orange).
        QVERIFY2(distance(steady, backward) >= 100 && distance(steady, forward) >= 100,
                 qPrintable(steady.name()));
        int forwards = 0;
        int backwards = 0;
        int steadies = 0;
        const double dpr = image.devicePixelRatio();
        for (int y = area.top(); y <= area.bottom(); ++y) {
            for (int x = area.left(); x <= area.right(); ++x) {
                const QColor pixel(
                    image.pixel(static_cast<int>(x * dpr), static_cast<int>(y * dpr)));
                if (distance(pixel, forward) < 40) ++forwards;
                if (distance(pixel, backward) < 40) ++backwards;
                if (distance(pixel, steady) < 40) ++steadies;
            }
        }
        const int coloured = forwards + backwards + steadies;
        QVERIFY2(coloured > 0 && steadies > coloured / 2 && forwards > 0 && backwards > 0,
                 qPrintable(QStringLiteral("forward %1, steady %2, backward %3")
                                .arg(forwards)
                                .arg(steadies)
                                .arg(backwards)));
    }
    void drawsEveryBlock();
    void hitTestFindsOp_data();
    void hitTestFindsOp();
    void keysZoomPanAndReset();
    void bubbleLabelShowsFormula();
    void drawsTheCoreActivationCurve();
    void activationLinesInkWhatAStepGraphInks_data();
    void activationLinesInkWhatAStepGraphInks();
    void absentScheduleShowsMessage();
    void hugeScheduleUsesLevelOfDetail();
    void rowsWrittenAheadDrawTheSame();
    void peakRingsLookAsCircleScattersDo();
    void legendEntriesStayThroughAnEdit();
    void manyChunksShareOneLegendEntry_data();
    void manyChunksShareOneLegendEntry();
    void exports();
};

void TestPipelineGanttView::drawsEveryBlock() {
    ui::PipelineGanttView view;
    test::showGantt(view);
    view.showEvaluation(withSchedule(twoRankSchedule()));
    view.plot()->replot();
    const ui::GanttDrawStats stats = view.drawStats();
    QCOMPARE(stats.rows, 2);
    QCOMPARE(stats.blocks, 8);
    QCOMPARE(stats.aggregates, 0);
    QCOMPARE(stats.labels, 8);  // 1 ms blocks are wide enough for their micro-batch number
    QCOMPARE(view.plot()->itemCount(), 0);
}

void TestPipelineGanttView::hitTestFindsOp_data() {
    QTest::addColumn<double>("timeMs");
    QTest::addColumn<double>("row");
    QTest::addColumn<int>("rank");
    QTest::addColumn<int>("opIndex");  // -1: nothing there
    QTest::newRow("rank0-B0-centre") << 5.0 << 0.0 << 0 << 2;
    QTest::newRow("rank1-F1-centre") << 4.5 << 1.0 << 1 << 2;
    QTest::newRow("rank1-B1-edge-of-row") << 6.0 << 1.35 << 1 << 3;
    QTest::newRow("rank0-idle-2-to-4ms") << 3.0 << 0.0 << 0 << -1;
    QTest::newRow("between-rows") << 5.0 << 0.5 << 0 << -1;
    QTest::newRow("after-makespan") << 9.5 << 0.0 << 0 << -1;
}

void TestPipelineGanttView::hitTestFindsOp() {
    QFETCH(double, timeMs);
    QFETCH(double, row);
    QFETCH(int, rank);
    QFETCH(int, opIndex);
    ui::PipelineGanttView view;
    test::showGantt(view);
    view.showEvaluation(withSchedule(twoRankSchedule()));
    view.plot()->replot();
    const auto hit = view.hitTest(timeMs, row);
    QCOMPARE(hit.has_value(), opIndex >= 0);
    if (!hit) return;
    QCOMPARE(hit->rank, rank);
    QCOMPARE(hit->opIndex, opIndex);
    // The same op under the mouse.
    QCPAxisRect* rect = view.plot()->axisRect(0);
    const QPoint pixel(qRound(rect->axis(QCPAxis::atBottom)->coordToPixel(timeMs)),
                       qRound(rect->axis(QCPAxis::atLeft)->coordToPixel(row)));
    const auto underMouse = view.hitTestPixel(pixel);
    QVERIFY(underMouse);
    QCOMPARE(underMouse->opIndex, opIndex);
    const QString tip = view.toolTipFor(*hit);
    QVERIFY2(tip.contains(QStringLiteral("rank %1").arg(rank)), qPrintable(tip));
}

void TestPipelineGanttView::keysZoomPanAndReset() {
    ui::PipelineGanttView view;
    test::showGantt(view);
    view.showEvaluation(withSchedule(twoRankSchedule()));
    const double fullStart = view.visibleStartMs();
    const double fullEnd = view.visibleEndMs();
    QVERIFY(fullStart <= 0 && fullEnd >= 9.0);
    QTest::keyClick(&view, Qt::Key_Plus);
    QVERIFY(view.visibleEndMs() - view.visibleStartMs() < 0.81 * (fullEnd - fullStart));
    const double zoomedStart = view.visibleStartMs();
    QTest::keyClick(&view, Qt::Key_Right);
    QVERIFY(view.visibleStartMs() > zoomedStart);
    QTest::keyClick(&view, Qt::Key_Home);
    QCOMPARE(view.visibleStartMs(), fullStart);
    QCOMPARE(view.visibleEndMs(), fullEnd);
    // Zooming out past the schedule or panning off it is held at the full range.
    QTest::keyClick(&view, Qt::Key_Minus);
    QTest::keyClick(&view, Qt::Key_Left);
    QCOMPARE(view.visibleStartMs(), fullStart);
    QCOMPARE(view.visibleEndMs(), fullEnd);
    QTest::keyClick(&view, Qt::Key_Plus);
    QTest::keyClick(&view, Qt::Key_0);
    QCOMPARE(view.visibleEndMs(), fullEnd);
    // The memory chart below follows the same time range.
    QCPAxisRect* memory = view.plot()->axisRect(1);
    QTest::keyClick(&view, Qt::Key_Plus);
    QCOMPARE(memory->axis(QCPAxis::atBottom)->range().lower, view.visibleStartMs());
    QCOMPARE(memory->axis(QCPAxis::atBottom)->range().upper, view.visibleEndMs());
}

void TestPipelineGanttView::bubbleLabelShowsFormula() {
    ui::PipelineGanttView view;
    test::showGantt(view);
    view.showEvaluation(withSchedule(twoRankSchedule()));
    QVERIFY2(view.bubbleText().contains(
                 QStringLiteral("(p − 1) / (m + p − 1) = (2 − 1) / (2 + 2 − 1) = 33.3 %")),
             qPrintable(view.bubbleText()));
    QVERIFY(view.bubbleText().contains(QStringLiteral("33.3 %")));
}

void TestPipelineGanttView::drawsTheCoreActivationCurve() {
    // No memory report: the chart counts sets, drawing the evaluation's steps as they are.
    // Rank 0 (1F1B, Narayanan et al. 2021): 1 set after F0 at 1 ms, 2 after F1 at 2 ms, 1 after
    // B0 at 6 ms, none after B1 at 9 ms.
    const auto evaluation = withSchedule(twoRankSchedule());
    QCustomPlot plot;
    const ui::MemoryTimelineInfo info = ui::drawMemoryTimeline(plot.axisRect(), *evaluation);
    QVERIFY(!info.inBytes);
    QCOMPARE(info.series, 2);
    const std::vector<ui::StepLine>& lines = ui::stepLines(ui::stepLinesOf(plot.axisRect()));
    QCOMPARE(lines.size(), std::size_t{2});
    const std::vector<QPointF>& rank0 = lines.front().points;
    const std::vector<std::pair<double, double>> expected = {
        {0, 0}, {1, 1}, {2, 2}, {6, 1}, {9, 0}};
    QCOMPARE(rank0.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QVERIFY(qFuzzyCompare(rank0[i].x() + 1, expected[i].first + 1));
        QCOMPARE(rank0[i].y(), expected[i].second);
    }
    QVERIFY2(info.peakText.contains(QStringLiteral("2 activation sets")),
             qPrintable(info.peakText));
    QVERIFY(info.peakText.contains(QStringLiteral("rank 0")));
}

void TestPipelineGanttView::activationLinesInkWhatAStepGraphInks_data() {
    QTest::addColumn<double>("scale");
    QTest::newRow("screen pixels") << 1.0;  // written straight into an image
    QTest::newRow("scaled export") << 2.0;  // under a transform: drawn as polylines
}

void TestPipelineGanttView::activationLinesInkWhatAStepGraphInks() {
    // The reference is QCustomPlot's own step line (QCPGraph::lsStepLeft, aliased, one-pixel
    // pen) over the same points: the step-line plottable must ink the same pixels, give or take
    // one for rounding, and as many of them.
    QFETCH(double, scale);
    const QColor colour(200, 30, 40);
    const std::vector<QPointF> points = {{0, 0}, {1, 1},   {2, 2},  {6, 1},
                                         {9, 0}, {9.5, 3}, {10, 0}, {10.2, 0.5}};
    const auto render = [&](bool reference) {
        QCustomPlot plot;
        plot.xAxis->setRange(-0.5, 10.5);
        plot.yAxis->setRange(-0.5, 3.5);
        if (reference) {
            QCPGraph* graph = plot.addGraph();
            graph->setLineStyle(QCPGraph::lsStepLeft);
            graph->setPen(QPen(colour, 0));
            graph->setAntialiased(false);
            for (const QPointF& point : points) graph->addData(point.x(), point.y());
        } else {
            ui::setStepLines(ui::stepLinesOf(plot.axisRect()), {{colour, points}}, 0);
        }
        return plot.toPixmap(400, 300, scale).toImage().convertToFormat(QImage::Format_RGB32);
    };
    const QImage expected = render(true);
    const QImage drawn = render(false);
    const std::vector<QPoint> expectedInk = pixelsOf(expected, colour.rgb());
    const std::vector<QPoint> drawnInk = pixelsOf(drawn, colour.rgb());
    // Eight points over 400 × 300 pixels: several hundred pixels of line at the least.
    QVERIFY2(expectedInk.size() > 500, qPrintable(QString::number(expectedInk.size())));
    QVERIFY2(
        std::abs(static_cast<double>(drawnInk.size()) / expectedInk.size() - 1) < 0.05,
        qPrintable(QStringLiteral("%1 against %2").arg(drawnInk.size()).arg(expectedInk.size())));
    QCOMPARE(strays(drawnInk, expectedInk, expected), 0);
    QCOMPARE(strays(expectedInk, drawnInk, drawn), 0);
}

void TestPipelineGanttView::absentScheduleShowsMessage() {
    ui::PipelineGanttView view;
    test::showGantt(view);
    auto evaluation = std::make_shared<core::Evaluation>();
    evaluation->diagnostics.push_back(
        {core::Severity::Error, "/parallel/pp", "pp must divide the layers.", 0, 0});
    view.showEvaluation(evaluation);
    QVERIFY(view.showsMessage());
    QVERIFY(!view.hitTest(0.5, 0));
    view.showEvaluation(withSchedule(twoRankSchedule()));
    QVERIFY(!view.showsMessage());
    core::ScheduleResult incomplete = twoRankSchedule();
    incomplete.complete = false;
    view.showEvaluation(withSchedule(incomplete));
    QVERIFY(view.showsMessage());
    // Absurd values: zero-length schedule, ops at 10^15 s.
    core::ScheduleResult odd = twoRankSchedule();
    odd.makespanS = 0;
    odd.ranks[0].ops = {op(OpKind::Forward, 0, 1e18, 2e18)};
    view.showEvaluation(withSchedule(odd));
    view.plot()->replot();
    QTest::keyClick(&view, Qt::Key_Plus);
    view.plot()->replot();
}

void TestPipelineGanttView::hugeScheduleUsesLevelOfDetail() {
    // p = 64, m = 1024, v = 4: 64 × 1024 × 4 × 2 = 524,288 ops.
    ui::PipelineGanttView view;
    test::showGantt(view);
    view.showEvaluation(withSchedule(hugeSchedule(64, 1024, 4)));
    view.plot()->replot();
    const ui::GanttDrawStats full = view.drawStats();
    QCOMPARE(full.rows, 64);
    QVERIFY(full.aggregates > 0);
    const int width = view.plot()->axisRect(0)->width();
    // At most one span per pixel column and row (blocks are merged, not drawn one by one).
    QVERIFY2(full.blocks + full.aggregates <= 64 * width,
             qPrintable(QStringLiteral("%1 + %2").arg(full.blocks).arg(full.aggregates)));
    QVERIFY(view.plot()->itemCount() < 10);
    // Zoomed far in, blocks draw one by one; 64 rows leave no height for their numbers.
    for (int step = 0; step < 30; ++step) QTest::keyClick(&view, Qt::Key_Plus);
    view.plot()->replot();
    const ui::GanttDrawStats zoomed = view.drawStats();
    QVERIFY(zoomed.blocks > 0);
    QCOMPARE(zoomed.aggregates, 0);
    QCOMPARE(zoomed.labels, 0);
    QVERIFY(view.plot()->itemCount() < 10);
}

// With a worker, an evaluation's rows are written beside the GUI thread for the axes as the
// view leaves them, and the replot draws them: the chart comes out as without one. A view
// zoomed after the evaluation arrived draws its rows itself.
void TestPipelineGanttView::rowsWrittenAheadDrawTheSame() {
    ui::PipelineGanttView ahead;
    ahead.setRasterWorker(std::make_shared<ui::RasterWorker>());
    ui::PipelineGanttView alone;
    core::ScheduleResult later = twoRankSchedule();
    for (core::RankTimeline& rank : later.ranks) {
        for (core::ScheduleOp& each : rank.ops) {
            each.startS *= 1.5;
            each.endS *= 1.5;
        }
    }
    later.makespanS *= 1.5;
    test::showGantt(ahead);
    test::showGantt(alone);
    std::vector<ui::GanttDrawStats> stats;
    std::vector<bool> linesAhead;
    std::vector<QImage> images;
    for (ui::PipelineGanttView* view : {&ahead, &alone}) {
        view->showEvaluation(withSchedule(twoRankSchedule()));  // lays the chart out
        view->plot()->replot();
        view->showEvaluation(withSchedule(later));
        view->plot()->replot();
        stats.push_back(view->drawStats());
        QCPAxisRect* activations =
            view->plot()->axisRectCount() > 1 ? view->plot()->axisRect(1) : nullptr;
        QVERIFY(activations && !ui::stepLines(ui::stepLinesOf(activations)).empty());
        linesAhead.push_back(ui::stepLinesDrewAhead(ui::stepLinesOf(activations)));
        images.push_back(view->plot()->grab().toImage());
    }
    QVERIFY(stats[0].writtenAhead);
    QVERIFY(!stats[1].writtenAhead);
    QVERIFY(linesAhead[0]);
    QVERIFY(!linesAhead[1]);
    QCOMPARE(stats[0].blocks, 8);
    QCOMPARE(stats[0].labels, stats[1].labels);
    QVERIFY(images[0] == images[1]);

    ahead.showEvaluation(withSchedule(twoRankSchedule()));
    QTest::keyClick(&ahead, Qt::Key_Plus);  // the axes move after the rows were asked for
    ahead.plot()->replot();
    QVERIFY(!ahead.drawStats().writtenAhead);
    QCOMPARE(ahead.drawStats().blocks + ahead.drawStats().aggregates > 0, true);
}

// The peaks' rings, blended as one kept image per point on screen, look as QCustomPlot's own
// circle scatter draws them (7 pixels, a 1.2-pixel pen, filled), on light and dark charts.
void TestPipelineGanttView::peakRingsLookAsCircleScattersDo() {
    const std::vector<QPointF> points = {{10.5, 49.5}, {60.5, 20.5}, {61.5, 22.5}, {150.5, 89.5}};
    for (const bool dark : {false, true}) {
        const QColor ink = dark ? QColor(230, 230, 230) : QColor(Qt::black);
        const QColor base = dark ? QColor(30, 30, 30) : QColor(Qt::white);
        const auto draw = [&](bool rings) {
            QCustomPlot plot;
            plot.setBackground(base);
            QCPAxisRect* rect = plot.axisRect();
            rect->setAutoMargins(QCP::msNone);
            rect->setMargins(QMargins(0, 0, 0, 0));
            plot.xAxis->setRange(0, 200);
            plot.yAxis->setRange(0, 100);
            plot.xAxis->setVisible(false);
            plot.yAxis->setVisible(false);
            plot.xAxis->grid()->setVisible(false);
            plot.yAxis->grid()->setVisible(false);
            if (rings) {
                ui::setStepMarks(ui::stepLinesOf(rect), points,
                                 ui::RingStyle{QPen(ink, 1.2), QBrush(base), 7});
            } else {
                QCPGraph* graph = plot.addGraph();
                graph->setLineStyle(QCPGraph::lsNone);
                graph->setScatterStyle(
                    QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(ink, 1.2), QBrush(base), 7));
                for (const QPointF& point : points) graph->addData(point.x(), point.y());
            }
            QImage image(200, 100, QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::transparent);
            QCPPainter painter(&image);
            plot.toPainter(&painter, 200, 100);
            painter.end();
            return image;
        };
        const QImage ours = draw(true);
        const QImage theirs = draw(false);
        int inked = 0;
        int largest = 0;
        for (int y = 0; y < ours.height(); ++y) {
            for (int x = 0; x < ours.width(); ++x) {
                const QRgb p = ours.pixel(x, y);
                const QRgb q = theirs.pixel(x, y);
                if (p != base.rgb()) ++inked;
                largest =
                    std::max({largest, std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                              std::abs(qBlue(p) - qBlue(q))});
            }
        }
        QVERIFY2(inked > 4 * 15, qPrintable(QString::number(inked)));  // four rings drawn
        QVERIFY2(largest <= 3, qPrintable(QString::number(largest)));
    }
}

// An edit that leaves the legend as it was keeps its entries (no new items to lay out); one
// that changes it (interleaved chunks) rebuilds it.
void TestPipelineGanttView::legendEntriesStayThroughAnEdit() {
    ui::PipelineGanttView view;
    test::showGantt(view);
    view.showEvaluation(withSchedule(twoRankSchedule()));
    QCPLegend* legend = view.plot()->legend;
    const int entries = legend->itemCount();
    QVERIFY(entries >= 5);
    legend->item(0)->setProperty("kept", true);  // a new entry would not carry it
    core::ScheduleResult later = twoRankSchedule();
    later.makespanS *= 2;
    view.showEvaluation(withSchedule(later));
    QCOMPARE(legend->itemCount(), entries);
    QVERIFY(legend->item(0)->property("kept").toBool());
    view.showEvaluation(withSchedule(hugeSchedule(2, 4, 2)));
    QVERIFY(!view.showsMessage());
    QVERIFY(legend->itemCount() > entries);  // the chunks' entries join
    QVERIFY(!legend->item(0)->property("kept").toBool());
}

void TestPipelineGanttView::manyChunksShareOneLegendEntry_data() {
    QTest::addColumn<int>("chunks");
    QTest::newRow("v = 5") << 5;
    QTest::newRow("v = 12") << 12;
    QTest::newRow("v = 32") << 32;
}

// Two chunks are two entries; more are one ("chunks 0–11", a ramp of their shades), so the
// legend takes no more room than with two and the Gantt keeps its height.
void TestPipelineGanttView::manyChunksShareOneLegendEntry() {
    QFETCH(int, chunks);
    ui::PipelineGanttView view;
    test::showGantt(view);
    view.showEvaluation(withSchedule(hugeSchedule(4, 16, 2)));
    view.plot()->replot();
    QCPLegend* legend = view.plot()->legend;
    // The entries, not the cells of the legend's grid (its last row may have empty ones).
    const auto entries = [legend] {
        int count = 0;
        for (int index = 0; index < legend->itemCount(); ++index)
            count += legend->item(index) ? 1 : 0;
        return count;
    };
    const int twoChunks = entries();
    const double twoChunksHeight = legend->outerRect().height();
    view.showEvaluation(withSchedule(hugeSchedule(4, 16, chunks)));
    view.plot()->replot();
    QCOMPARE(entries(), twoChunks - 1);
    QVERIFY2(legend->outerRect().height() <= twoChunksHeight,
             qPrintable(QStringLiteral("%1 px, %2 with two chunks")
                            .arg(legend->outerRect().height())
                            .arg(twoChunksHeight)));
    QCPAxisRect* gantt = view.plot()->axisRect(0);
    QVERIFY2(
        gantt->height() >= view.plot()->height() / 3,
        qPrintable(
            QStringLiteral("Gantt %1 of %2 px").arg(gantt->height()).arg(view.plot()->height())));
}

void TestPipelineGanttView::exports() {
    ui::PipelineGanttView view;
    test::showGantt(view);
    const QString keep = qEnvironmentVariable("FOURFOLD_KEEP_IMAGES");
    QTemporaryDir temporary;
    const QString dir = keep.isEmpty() ? temporary.path() : keep;
    core::ScheduleResult interleaved = hugeSchedule(4, 8, 2);
    view.showEvaluation(withSchedule(twoRankSchedule()));
    for (const QString& suffix :
         {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")}) {
        const QString path = dir + QStringLiteral("/gantt.") + suffix;
        QString error;
        QVERIFY2(view.exportImage(path, &error), qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 1000);
    }
    QVERIFY(test::inkedSvgSamples(dir + QStringLiteral("/gantt.svg")) > 500);
    if (!keep.isEmpty()) {
        view.plot()->replot();
        view.grab().save(keep + QStringLiteral("/gantt_grab.png"));
        view.showEvaluation(withSchedule(interleaved));
        view.plot()->replot();
        view.grab().save(keep + QStringLiteral("/gantt_interleaved.png"));
        view.showEvaluation(withSchedule(hugeSchedule(64, 1024, 4)));
        view.plot()->replot();
        view.grab().save(keep + QStringLiteral("/gantt_huge.png"));
        view.zoomBy(0.02);
        view.plot()->replot();
        view.grab().save(keep + QStringLiteral("/gantt_huge_zoomed.png"));
    }
}

QTEST_MAIN(TestPipelineGanttView)
#include "tst_pipeline_gantt_view.moc"
