// SPDX-License-Identifier: GPL-3.0-or-later
// RankMapView on the source article's 64-GPU example (DP 8, TP 4, PP 2 on 8 nodes of 8):
// hit testing, hover highlighting, pinning, keyboard zoom, exports, and a 16,384-GPU job.
#include "event_counter.h"

#include "core/evaluate/evaluate.h"
#include "core/plan/catalog.h"
#include "ui/charts/raster_worker.h"
#include "ui/views/rank_map_legend.h"
#include "ui/views/rank_map_painter.h"
#include "ui/views/rank_map_view.h"

#include <QComboBox>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPalette>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

using namespace fourfold;
using fourfold::ui::KeptLayer;
using fourfold::ui::RankMapCanvas;
using fourfold::ui::RankMapLayout;
using fourfold::ui::RankMapScene;
using fourfold::ui::RankMapView;

namespace {

std::shared_ptr<const core::Evaluation> evaluatePlan(int tp, int dp, int pp, int nodes) {
    core::Plan plan = core::defaultPlan();
    plan.parallel.tp = tp;
    plan.parallel.dp = dp;
    plan.parallel.pp = pp;
    plan.parallel.cp = 1;
    plan.parallel.ep = 1;
    plan.parallel.order = "tp-cp-ep-dp-pp";
    plan.cluster.gpusPerNode = 8;
    plan.cluster.nodes = nodes;
    plan.model.layers = 32;
    return std::make_shared<const core::Evaluation>(core::evaluate(plan));
}

// The article's example: rank = tp + 4·dp + 32·pp.
std::shared_ptr<const core::Evaluation> articleExample() { return evaluatePlan(4, 8, 2, 8); }

// `view` at 960 × 600 on screen with the article's example; false if it was never exposed.
bool showArticleExample(RankMapView& view) {
    view.resize(960, 600);
    view.showEvaluation(articleExample());
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

}  // namespace

class TestRankMapView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(articleExample()->topology.has_value()); }

    // An edit that leaves the rank layout alone (a micro-batch drag) repaints nothing here; a
    // new layout repaints.
    void sameLayoutIsNotPaintedAgain() {
        RankMapView view;
        QVERIFY(showArticleExample(view));
        QCoreApplication::processEvents();
        const fourfold::test::EventCounter paints(&view, QEvent::Paint);
        auto larger = articleExample()->plan;
        larger.training.microBatch *= 2;
        view.showEvaluation(std::make_shared<const core::Evaluation>(core::evaluate(larger)));
        for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
        QCOMPARE(paints.count, 0);
        view.showEvaluation(evaluatePlan(8, 4, 2, 8));
        QTRY_VERIFY(paints.count >= 1);
        QCOMPARE(view.rankAt(view.positionOfRank(63)), 63);
    }

    // A new layout repaints the map, not the colour chooser's bar over it.
    void newLayoutLeavesTheChooserAlone() {
        RankMapView view;
        QVERIFY(showArticleExample(view));
        QCoreApplication::processEvents();
        auto* chooser = view.findChild<QComboBox*>();
        QVERIFY(chooser && chooser->isVisible());
        const fourfold::test::EventCounter mapPaints(&view, QEvent::Paint);
        const fourfold::test::EventCounter chooserPaints(chooser, QEvent::Paint);
        view.showEvaluation(evaluatePlan(8, 4, 2, 8));
        QTRY_VERIFY(mapPaints.count >= 1);
        for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
        QCOMPARE(chooserPaints.count, 0);
    }

    // With a worker, the cells of a new layout are written beside the GUI thread; what the
    // view then shows is what a view without one shows.
    void cellsWrittenAheadShowTheSame() {
        RankMapView ahead;
        ahead.setRasterWorker(std::make_shared<ui::RasterWorker>());
        RankMapView alone;
        for (RankMapView* view : {&ahead, &alone}) {
            view->resize(900, 600);
            view->showEvaluation(articleExample());
            view->show();
            QVERIFY(QTest::qWaitForWindowExposed(view));
            (void)view->grab();  // the node boxes are kept from here on
        }
        for (const auto& next : {evaluatePlan(8, 4, 2, 8), evaluatePlan(2, 16, 2, 8)}) {
            ahead.showEvaluation(next);
            alone.showEvaluation(next);
            QVERIFY(ahead.grab().toImage() == alone.grab().toImage());
        }
    }

    void hitTestMapsPointsToRanks() {
        RankMapView view;
        QVERIFY(showArticleExample(view));
        for (int rank : {0, 5, 31, 32, 45, 63}) {
            const QPointF centre = view.positionOfRank(rank);
            QCOMPARE(view.rankAt(centre), rank);
            // A point just inside the cell's corner still hits it.
            QCOMPARE(view.rankAt(centre + QPointF(5, 3)), rank);
        }
        // The toolbar strip and the far corner hold no GPU.
        QCOMPARE(view.rankAt(QPointF(2, 2)), -1);
        QCOMPARE(view.rankAt(QPointF(view.width() - 2, view.height() - 2)), -1);
    }

    void hoverHighlightsGroupsAndClickPins() {
        RankMapView view;
        view.resize(960, 600);
        const auto evaluation = articleExample();
        view.showEvaluation(evaluation);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto& topology = *evaluation->topology;

        // Rank 45 = tp 1, dp 3, pp 1: TP group 44–47, PP group {13, 45}.
        QTest::mouseMove(&view, view.positionOfRank(45).toPoint());
        QCOMPARE(view.focusRank(), 45);
        QVERIFY(!view.isPinned());
        const int tpGroup = view.highlightedGroup(core::GroupKind::Tp);
        QCOMPARE(core::groupMembers(topology.tp, tpGroup), (std::vector<int>{44, 45, 46, 47}));
        const int ppGroup = view.highlightedGroup(core::GroupKind::Pp);
        QCOMPARE(core::groupMembers(topology.pp, ppGroup), (std::vector<int>{13, 45}));
        const int dpGroup = view.highlightedGroup(core::GroupKind::Dp);
        QCOMPARE(core::groupMembers(topology.dp, dpGroup).front(), 33);
        QVERIFY(view.describeRank(45).contains(QStringLiteral("node 5, GPU 5")));
        QVERIFY(view.describeRank(45).contains(QStringLiteral("TP group: 44–47")));

        // Click pins rank 45; hovering elsewhere keeps it.
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.positionOfRank(45).toPoint());
        QVERIFY(view.isPinned());
        QTest::mouseMove(&view, view.positionOfRank(2).toPoint());
        QCOMPARE(view.focusRank(), 45);
        // Esc clears; hovering then follows the pointer again.
        QTest::keyClick(&view, Qt::Key_Escape);
        QVERIFY(!view.isPinned());
        QCOMPARE(view.focusRank(), -1);
        QTest::mouseMove(&view, view.positionOfRank(3).toPoint());
        QCOMPARE(view.focusRank(), 3);
        // Pin again, then a click on empty space clears.
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.positionOfRank(3).toPoint());
        QVERIFY(view.isPinned());
        QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(view.width() - 3, 40));
        QVERIFY(!view.isPinned());
    }

    void keysZoomAndReset() {
        RankMapView view;
        QVERIFY(showArticleExample(view));
        QCOMPARE(view.zoom(), 1.0);
        const QPointF before = view.positionOfRank(0);
        QTest::keyClick(&view, Qt::Key_Plus);
        QVERIFY(view.zoom() > 1.0);
        QVERIFY(view.positionOfRank(0) != before);
        QTest::keyClick(&view, Qt::Key_Minus);
        QTest::keyClick(&view, Qt::Key_Minus);
        QVERIFY(view.zoom() < 1.0);
        QTest::keyClick(&view, Qt::Key_0);
        QCOMPARE(view.zoom(), 1.0);
        QCOMPARE(view.positionOfRank(0), before);
        // Arrows pan; the hit test follows.
        QTest::keyClick(&view, Qt::Key_Right);
        QVERIFY(view.positionOfRank(0) != before);
        QCOMPARE(view.rankAt(view.positionOfRank(9)), 9);
    }

    void exportsAllFormats() {
        RankMapView view;
        QVERIFY(showArticleExample(view));
        QTest::mouseMove(&view, view.positionOfRank(45).toPoint());
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const char* suffix : {"png", "svg", "pdf"}) {
            const QString path = dir.filePath(QStringLiteral("rank_map.") + QLatin1String(suffix));
            QString error;
            QVERIFY2(view.exportImage(path, &error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
        // The SVG renders back with cells in it.
        QSvgRenderer svg(dir.filePath(QStringLiteral("rank_map.svg")));
        QVERIFY(svg.isValid());
        QImage image(480, 300, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        svg.render(&painter);
        painter.end();
        int coloured = 0;
        for (int y = 0; y < image.height(); y += 3) {
            for (int x = 0; x < image.width(); x += 3) {
                const QColor pixel = image.pixelColor(x, y);
                if (pixel.saturation() > 80) ++coloured;
            }
        }
        QVERIFY(coloured > 500);
        // A look at the result as a person would see it.
        QVERIFY(view.grab().save(QStringLiteral("/tmp/fourfold_rank_map_article.png")));
        view.setColourAxis(core::ParallelAxis::Data);
        QVERIFY(view.grab().save(QStringLiteral("/tmp/fourfold_rank_map_article_dp.png")));
    }

    // TP placed slowest: rank = cp… + 8·tp, so TP pairs {r, r+8} straddle two nodes; the
    // tooltip says so. Drawn in a dark palette to check contrast.
    void crossNodeTpInDarkPalette() {
        core::Plan plan = core::defaultPlan();
        plan.parallel.tp = 2;
        plan.parallel.dp = 8;
        plan.parallel.pp = 1;
        plan.parallel.order = "cp-ep-dp-pp-tp";
        plan.cluster.gpusPerNode = 8;
        plan.cluster.nodes = 2;
        const auto evaluation = std::make_shared<const core::Evaluation>(core::evaluate(plan));
        QVERIFY(evaluation->topology.has_value());
        RankMapView view;
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x20, 0x22, 0x26));
        dark.setColor(QPalette::Base, QColor(0x18, 0x1a, 0x1e));
        dark.setColor(QPalette::AlternateBase, QColor(0x2a, 0x2d, 0x33));
        dark.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
        dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
        dark.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
        view.setPalette(dark);
        view.resize(900, 500);
        view.showEvaluation(evaluation);
        view.setColourAxis(core::ParallelAxis::Tensor);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.describeRank(3).contains(QStringLiteral("TP group: 3, 11 (spans nodes)")));
        QTest::mouseMove(&view, view.positionOfRank(3).toPoint());
        QCOMPARE(view.focusRank(), 3);
        QVERIFY(view.grab().save(QStringLiteral("/tmp/fourfold_rank_map_cross_dark.png")));
    }

    // The view is opaque to the window (it does not clear beneath it first), so its own
    // paint must cover every pixel, with a map and with a message: rendered without a
    // background onto magenta, no magenta may remain.
    void paintsEveryPixel() {
        RankMapView view;
        QVERIFY(showArticleExample(view));
        QVERIFY(view.testAttribute(Qt::WA_OpaquePaintEvent));
        const QRgb magenta = qRgb(255, 0, 255);
        const auto uncovered = [&] {
            QImage image(view.size(), QImage::Format_RGB32);
            image.fill(magenta);
            static_cast<QWidget&>(view).render(&image, QPoint(), QRegion(), QWidget::RenderFlags());
            int count = 0;
            for (int y = 0; y < image.height(); ++y) {
                for (int x = 0; x < image.width(); ++x) count += image.pixel(x, y) == magenta;
            }
            return count;
        };
        QCOMPARE(uncovered(), 0);
        auto absent = std::make_shared<core::Evaluation>(*articleExample());
        absent->topology.reset();
        view.showEvaluation(absent);
        QCOMPARE(uncovered(), 0);
    }

    // The hint under the map reads in full: on one line in a wide pane, on two in a pane of the
    // 1600 × 1000 grid (about 510 px), and only cut short ("…") where even half is too wide.
    // The legend grows by a line for it on screen; an export has no hint and no extra line.
    void hintReadsInFullOrOnTwoLines() {
        RankMapView view;
        const QFont font = view.font();
        const QChar ellipsis(0x2026);
        const QStringList wide = ui::rankMapHintLines(font, 1400);
        QCOMPARE(wide.size(), 1);
        QVERIFY(!wide.first().contains(ellipsis));
        const QStringList pane = ui::rankMapHintLines(font, 510);
        QCOMPARE(pane.size(), 2);
        for (const QString& line : pane) QVERIFY2(!line.contains(ellipsis), qPrintable(line));
        QVERIFY(pane.first().startsWith(QStringLiteral("Hover a GPU")));
        QVERIFY(pane.last().contains(QStringLiteral("zooms")));
        const QStringList narrow = ui::rankMapHintLines(font, 240);
        QCOMPARE(narrow.size(), 2);
        QVERIFY(narrow.first().endsWith(ellipsis));

        const double threeLines = ui::rankMapLegendHeight(font, 1400, true);
        QCOMPARE(ui::rankMapLegendHeight(font, 510, true) > threeLines, true);
        QCOMPARE(ui::rankMapLegendHeight(font, 510, false), threeLines);
        // In the view: the map's last row of GPUs stays above the taller legend.
        view.resize(510, 420);
        view.showEvaluation(articleExample());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const double legendTop = 420 - ui::rankMapLegendHeight(font, 510, true) - 4;
        for (int y = static_cast<int>(legendTop); y < 420; y += 2) {
            for (int x = 0; x < 510; x += 3) {
                QCOMPARE(view.rankAt(QPointF(x, y)), -1);
            }
        }
    }

    void absentTopologyShowsWhy() {
        core::Plan plan = core::defaultPlan();
        plan.parallel.tp = 1;
        plan.parallel.dp = 1;
        plan.parallel.pp = 1;
        auto evaluation = core::evaluate(plan);
        evaluation.topology.reset();
        evaluation.diagnostics.push_back(
            {core::Severity::Error, "/parallel/order", "The order is not valid.", 0, 0});
        RankMapView view;
        view.resize(600, 400);
        view.showEvaluation(std::make_shared<const core::Evaluation>(evaluation));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.rankAt(QPointF(300, 200)), -1);
        QVERIFY(view.grab().save(QStringLiteral("/tmp/fourfold_rank_map_absent.png")));
    }

    // On screen the cells are written as pixels into a copy of the kept node boxes; a painter
    // fills them where it cannot (exports, scale factors). Both must give the same pixels: the
    // GPT-3 layout on 1,024 GPUs (small cells) and the article's example (cells with text),
    // pinned, in both palettes.
    void writtenCellsEqualFilledOnes() {
        for (const auto& evaluation : {evaluatePlan(8, 8, 16, 128), articleExample()}) {
            const core::TopologyReport& report = *evaluation->topology;
            RankMapLayout layout;
            layout.configure(report.nodes, report.gpusPerNode, QSizeF(900, 520));
            for (const bool dark : {false, true}) {
                QPalette colours;
                colours.setColor(QPalette::Window,
                                 dark ? QColor(40, 40, 40) : QColor(239, 239, 239));
                colours.setColor(QPalette::Base, dark ? QColor(30, 30, 30) : Qt::white);
                colours.setColor(QPalette::WindowText, dark ? Qt::white : Qt::black);
                RankMapScene scene;
                scene.report = &report;
                scene.layout = &layout;
                scene.mapArea = QRectF(10, 40, 900, 520);
                scene.scale =
                    std::min(900 / layout.sceneSize().width(), 520 / layout.sceneSize().height());
                scene.origin = scene.mapArea.topLeft();
                // Cells drawn one by one, not nodes as single boxes.
                QVERIFY(RankMapLayout::kCellWidth * scene.scale >= ui::kRankMapAggregateBelowPx);
                scene.focusRank = 5;
                scene.palette = colours;
                KeptLayer frames;
                const auto paint = [&scene, &frames](bool written) {
                    scene.frames = &frames;
                    scene.writeCells = written;
                    QImage image(920, 580, QImage::Format_RGB32);
                    image.fill(Qt::gray);
                    QPainter painter(&image);
                    ui::paintRankMap(painter, scene);
                    painter.end();
                    return image;
                };
                const QImage written = paint(true);
                const QImage filled = paint(false);
                QCOMPARE(written.size(), filled.size());
                QVERIFY(written == filled);
                // A canvas made ahead from the kept boxes, as the view has one made on another
                // thread, paints the same pixels.
                const QImage* boxes = ui::keptRankMapFrames(scene, 1.0);
                QVERIFY(boxes);
                RankMapCanvas ahead = ui::composeRankMapCanvas(scene, *boxes);
                scene.composed = &ahead;
                QVERIFY(paint(true) == written);
                // It is what the paint shows while its key is the scene's (marked magenta
                // here), and left alone once the scene has moved on (another focus).
                ahead.image.fill(Qt::magenta);
                const QPoint middle = scene.mapArea.center().toPoint();
                QCOMPARE(paint(true).pixel(middle), QColor(Qt::magenta).rgb());
                scene.focusRank = 6;
                QVERIFY(paint(true).pixel(middle) != QColor(Qt::magenta).rgb());
                scene.focusRank = 5;
                scene.composed = nullptr;
                // The cells are there: the map is not only node boxes.
                QVERIFY(written.pixel(written.width() / 2, written.height() / 2) !=
                        colours.color(QPalette::Window).rgb());
            }
        }
    }

    void sixteenThousandGpus() {
        // tp 8, pp 16, dp 128: 16,384 GPUs on 2,048 nodes.
        const auto evaluation = evaluatePlan(8, 128, 16, 2048);
        QVERIFY(evaluation->topology.has_value());
        RankMapView view;
        view.resize(1200, 760);
        view.showEvaluation(evaluation);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // Paint time, median of five frames (reported, not asserted).
        const auto medianPaintMs = [&view] {
            QImage frame(view.size(), QImage::Format_ARGB32_Premultiplied);
            std::vector<qint64> times;
            for (int run = 0; run < 5; ++run) {
                QElapsedTimer timer;
                timer.start();
                static_cast<QWidget&>(view).render(&frame);
                times.push_back(timer.nsecsElapsed() / 1000);
            }
            std::sort(times.begin(), times.end());
            return static_cast<double>(times[2]) / 1000.0;
        };
        const QImage zoomedOut = view.grab().toImage();
        const double outMs = medianPaintMs();
        QVERIFY(zoomedOut.save(QStringLiteral("/tmp/fourfold_rank_map_16k.png")));
        const int rank = 16383;
        QCOMPARE(view.rankAt(view.positionOfRank(rank)), rank);
        for (int step = 0; step < 12; ++step) QTest::keyClick(&view, Qt::Key_Plus);
        const QImage zoomedIn = view.grab().toImage();
        const double inMs = medianPaintMs();
        QVERIFY(zoomedIn.save(QStringLiteral("/tmp/fourfold_rank_map_16k_zoom.png")));
        qInfo("16,384 GPUs: paint %.1f ms zoomed out, %.1f ms zoomed in (zoom %.1f)", outMs, inMs,
              view.zoom());
        const QPointF centre(view.width() / 2.0, view.height() / 2.0);
        const int centreRank = view.rankAt(centre);
        if (centreRank >= 0) QCOMPARE(view.rankAt(view.positionOfRank(centreRank)), centreRank);
    }
};

QTEST_MAIN(TestRankMapView)
#include "tst_rank_map_view.moc"
