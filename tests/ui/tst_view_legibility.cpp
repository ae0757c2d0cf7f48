// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing overlaps or is cut off: for the default plan, GPT-3 175B on 1,024 GPUs, a Mixtral-like
// MoE plan, an 8-stage plan and a 16,384-GPU plan with 64 stages, in windows of 1600 × 1000 and
// 1280 × 800 and at a 1.5 scale factor (the same screens in logical pixels: 1067 × 667 and
// 853 × 533), the memory chart's stage labels, the pipeline's rank labels, the texts drawn in
// the memory chart, the headings and the legends keep apart and inside their plots. Below
// 1600 × 1000 the views are tabs, each checked when brought forward.
#include "tests/core/search_plans.h"

#include "core/plan/catalog.h"
#include "ui/document/plan_document.h"
#include "ui/search/search_view.h"
#include "ui/shell/main_window.h"
#include "ui/views/evaluation_view.h"
#include "ui/views/memory_stack_view.h"
#include "ui/views/pipeline_gantt_view.h"
#include "ui/views/step_time_view.h"
#include "ui/widgets/view_grid.h"

#include <qcustomplot.h>

#include <QAction>
#include <QFontMetricsF>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScreen>
#include <QStandardPaths>
#include <QTabBar>
#include <QTest>

using namespace fourfold;

Q_DECLARE_METATYPE(fourfold::core::Plan)

namespace {

// A 2,048-node cluster with a store built for it (Llama 3's 2 TB/s, Dubey et al. 2024 §3.3.4),
// so the legibility rows see the views, not a warning about the default 20 GB/s store.
core::Plan withLlama3Store(core::Plan plan) {
    plan.checkpoint.storageGbps = 2000;
    return plan;
}

core::Plan mixtralLike() {
    core::Plan plan = core::defaultPlan();
    plan.name = "Mixtral-like on 64 GPUs";
    plan.model.kvHeads = 8;
    plan.model.ffnHidden = 14336;
    plan.model.moe.experts = 8;
    plan.model.moe.topK = 2;
    plan.model.moe.expertFfnHidden = 14336;
    plan.training.gradAccumulation = 16;
    plan.parallel.tp = 2;
    plan.parallel.pp = 4;
    plan.parallel.dp = 8;
    plan.parallel.ep = 8;
    plan.parallel.zeroStage = 1;
    plan.cluster.nodes = 8;
    return plan;
}

core::Plan eightStages() {
    core::Plan plan = core::defaultPlan();
    plan.name = "8 stages";
    plan.parallel.pp = 8;
    plan.parallel.dp = 1;
    plan.training.gradAccumulation = 16;
    return plan;
}

template <typename View>
View* viewOf(const ui::MainWindow& window) {
    for (ui::EvaluationView* view : window.views()) {
        if (auto* match = qobject_cast<View*>(view)) return match;
    }
    return nullptr;
}

// The rectangles the axis's tick labels take, in pixels, in tick order.
QList<QRectF> tickLabelRects(QCPAxis* axis) {
    QList<QRectF> rects;
    const QFontMetricsF metrics(axis->tickLabelFont());
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    for (int index = 0; index < ticks.size() && index < labels.size(); ++index) {
        const QRectF box =
            metrics.boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignCenter, labels[index]);
        const double at = axis->coordToPixel(ticks[index]);
        rects << (axis->orientation() == Qt::Horizontal
                      ? QRectF(at - box.width() / 2, 0, box.width(), box.height())
                      : QRectF(0, at - box.height() / 2, box.width(), box.height()));
    }
    return rects;
}

QString overlapOf(const QList<QRectF>& rects, const QStringList& names) {
    for (int a = 0; a < rects.size(); ++a) {
        for (int b = a + 1; b < rects.size(); ++b) {
            if (rects[a].intersects(rects[b])) {
                return QStringLiteral("\"%1\" overlaps \"%2\"").arg(names.value(a), names.value(b));
            }
        }
    }
    return {};
}

QStringList labelsOf(QCPAxis* axis) {
    QStringList names;
    for (const QString& label : axis->tickVectorLabels()) names << label;
    return names;
}

ui::ViewPane* paneOf(QWidget* widget) {
    for (; widget; widget = widget->parentWidget()) {
        if (auto* pane = qobject_cast<ui::ViewPane*>(widget)) return pane;
    }
    return nullptr;
}

// Headings: every line fits the plot's width. Legends: no entry squeezed below its text's
// width, and inside the plot.
// GPT-3 175B on its cluster with the interleaved schedule at v = 12 (one layer per chunk): the
// Gantt's legend would name twelve chunks.
core::Plan interleavedTwelveChunks() {
    core::Plan plan = test::gpt3OnDefaultCluster();
    plan.parallel.pp = 8;
    plan.parallel.dp = 16;
    plan.parallel.schedule = core::ScheduleKind::Interleaved1F1B;
    plan.parallel.virtualStages = 12;
    return plan;
}

// 1,536 micro-batches through 64 stages: blocks far under a pixel wide.
core::Plan manyMicroBatchesOnSixtyFourStages() {
    core::Plan plan = test::sixtyFourStagesOn16kGpus();
    plan.training.gradAccumulation = 1536;
    return plan;
}

void checkHeadingsAndLegend(QCustomPlot* plot) {
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        auto* heading = qobject_cast<QCPTextElement*>(element);
        if (!heading) continue;
        const QFontMetricsF metrics(heading->font());
        for (const QString& line : heading->text().split(QLatin1Char('\n'))) {
            QVERIFY2(metrics.horizontalAdvance(line) <= plot->width(),
                     qPrintable(QStringLiteral("heading cut: ") + line));
        }
    }
    QCPLegend* legend = plot->legend;
    for (int index = 0; index < legend->itemCount(); ++index) {
        QCPAbstractLegendItem* item = legend->item(index);
        if (!item) continue;  // an empty cell of the legend's grid
        QVERIFY2(item->outerRect().width() + 0.5 >= item->minimumOuterSizeHint().width(),
                 qPrintable(QStringLiteral("legend entry squeezed: %1 < %2")
                                .arg(item->outerRect().width())
                                .arg(item->minimumOuterSizeHint().width())));
        QVERIFY2(plot->rect().contains(item->outerRect()),
                 qPrintable(QStringLiteral("legend entry outside the plot")));
    }
}

void settle(QCustomPlot* plot) {
    // Ticks are chosen before layout: a few passes settle labels chosen for the final size.
    for (int pass = 0; pass < 4; ++pass) {
        QCoreApplication::processEvents();
        plot->replot(QCustomPlot::rpImmediateRefresh);
    }
}

}  // namespace

class TestViewLegibility : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void nothingOverlaps_data() {
        QTest::addColumn<core::Plan>("plan");
        QTest::addColumn<QSize>("size");
        // Whether the views share the area as a 2×2 grid (else tabs, one at a time).
        QTest::addColumn<bool>("grid");
        const QList<QPair<const char*, core::Plan>> plans = {
            {"default", core::defaultPlan()},
            {"gpt3-175b-1024", test::gpt3OnDefaultCluster()},
            {"mixtral-like", mixtralLike()},
            {"pp8", eightStages()},
            {"pp64-16384", withLlama3Store(test::sixtyFourStagesOn16kGpus())},
            {"interleaved-v12", interleavedTwelveChunks()},
            {"1536x64", manyMicroBatchesOnSixtyFourStages()},
        };
        struct Size {
            const char* name;
            QSize size;
            bool grid;
        };
        const QList<Size> sizes = {
            {"1920x1080", QSize(1920, 1080), true},     {"1600x1000", QSize(1600, 1000), true},
            {"1024x768", QSize(1024, 768), false},      {"1280x800", QSize(1280, 800), false},
            {"1600x1000@1.5", QSize(1067, 667), false}, {"1280x800@1.5", QSize(853, 533), false},
        };
        for (const auto& [planName, plan] : plans) {
            for (const Size& size : sizes) {
                QTest::newRow(qPrintable(
                    QStringLiteral("%1 %2").arg(QLatin1String(planName), QLatin1String(size.name))))
                    << plan << size.size << size.grid;
            }
        }
    }

    void nothingOverlaps() {
        QFETCH(core::Plan, plan);
        QFETCH(QSize, size);
        QFETCH(bool, grid);
        ui::PlanDocument document(plan);
        ui::MainWindow window(&document);
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(document.evaluation() != nullptr);
        QVERIFY2(document.evaluation()->memory && document.evaluation()->schedule,
                 "the plan evaluates");
        // Too small for four legible charts: the views become tabs.
        QCOMPARE(window.viewGrid()->isTabbed(), !grid);
        QCOMPARE(window.viewGrid()->tabBar()->isVisible(), !grid);

        auto* memory = viewOf<ui::MemoryStackView>(window);
        auto* gantt = viewOf<ui::PipelineGanttView>(window);
        QVERIFY(memory && gantt);
        auto* memoryPlot = memory->findChild<QCustomPlot*>();
        auto* ganttPlot = gantt->findChild<QCustomPlot*>();
        QVERIFY(memoryPlot && ganttPlot);
        const auto bringForward = [&window](QWidget* view, QCustomPlot* plot) {
            window.viewGrid()->bringForward(paneOf(view));
            QTRY_VERIFY(plot->isVisible());
            settle(plot);
        };

        // Stage labels under the memory bars; the texts in the memory chart ("capacity …",
        // "+x over", measured errors) keep apart.
        bringForward(memory, memoryPlot);
        QCPAxis* stages = memoryPlot->xAxis;
        QVERIFY(!stages->tickVector().isEmpty());
        QString overlap = overlapOf(tickLabelRects(stages), labelsOf(stages));
        QVERIFY2(overlap.isEmpty(), qPrintable(QStringLiteral("memory stages: ") + overlap));
        QList<QRectF> texts;
        QStringList names;
        for (int index = 0; index < memoryPlot->itemCount(); ++index) {
            auto* text = qobject_cast<QCPItemText*>(memoryPlot->item(index));
            if (text && text->visible()) {
                texts << QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition())
                             .normalized();
                names << text->text();
            }
        }
        overlap = overlapOf(texts, names);
        QVERIFY2(overlap.isEmpty(), qPrintable(QStringLiteral("memory texts: ") + overlap));
        // None is cut by the chart's top ("capacity 85.9 GB" and "+110.5 GB over" above the
        // tallest bar were, in short plots and at scale 1.5).
        const QRect bars = memoryPlot->axisRect()->rect();
        for (qsizetype index = 0; index < texts.size(); ++index) {
            QVERIFY2(
                texts[index].top() >= bars.top() - 0.5,
                qPrintable(QStringLiteral("memory text \"%1\" at %2, the chart from %3, %4 px high")
                               .arg(names[index])
                               .arg(texts[index].top())
                               .arg(bars.top())
                               .arg(bars.height())));
        }
        checkHeadingsAndLegend(memoryPlot);
        // The fit advice's choices stay inside their panel.
        for (QPushButton* button : window.findChildren<QPushButton*>(QStringLiteral("fitChoice"))) {
            if (!button->isVisible()) continue;
            const QRect inPanel(button->mapTo(button->parentWidget(), QPoint(0, 0)),
                                button->size());
            QVERIFY2(button->parentWidget()->rect().contains(inPanel), qPrintable(button->text()));
        }

        // Rank labels beside the Gantt rows.
        bringForward(gantt, ganttPlot);
        QCPAxis* ranks = ganttPlot->axisRect(0)->axis(QCPAxis::atLeft);
        QVERIFY(!ranks->tickVector().isEmpty());
        overlap = overlapOf(tickLabelRects(ranks), labelsOf(ranks));
        QVERIFY2(overlap.isEmpty(), qPrintable(QStringLiteral("gantt ranks: ") + overlap));
        checkHeadingsAndLegend(ganttPlot);

        // The activation chart is tall enough for its axis label.
        QCPAxisRect* activations = ganttPlot->axisRect(1);
        QCPAxis* value = activations->axis(QCPAxis::atLeft);
        QVERIFY2(
            activations->height() >=
                QFontMetricsF(value->labelFont()).horizontalAdvance(value->label()),
            qPrintable(
                QStringLiteral("activation axis %1 px for its label").arg(activations->height())));
        // Its value labels keep at least half a line apart: a short strip shows fewer of them.
        const QList<QRectF> values = tickLabelRects(value);
        QVERIFY2(values.size() >= 2,
                 qPrintable(QStringLiteral("activation labels \"%1\" in %2 px for %3–%4")
                                .arg(labelsOf(value).join(QLatin1Char(' ')))
                                .arg(activations->height())
                                .arg(value->range().lower)
                                .arg(value->range().upper)));
        for (qsizetype index = 1; index < values.size(); ++index) {
            const double gap =
                std::abs(values[index].center().y() - values[index - 1].center().y()) -
                values[index].height();
            QVERIFY2(gap >= values[index].height() / 2,
                     qPrintable(QStringLiteral("activation labels %1 px apart in %2 px: %3")
                                    .arg(gap)
                                    .arg(activations->height())
                                    .arg(labelsOf(value).join(QLatin1Char(' ')))));
        }

        // Stage labels under the step-time bars (one bar per stage when stages differ: GPT-3's
        // sixteen ran together as "stagstagstag" before they were thinned).
        auto* stepTime = viewOf<ui::StepTimeView>(window);
        QVERIFY(stepTime);
        auto* stepPlot = stepTime->findChild<QCustomPlot*>(QStringLiteral("stepBreakdownPlot"));
        QVERIFY(stepPlot);
        bringForward(stepTime, stepPlot);
        QVERIFY(!stepPlot->xAxis->tickVector().isEmpty());
        overlap = overlapOf(tickLabelRects(stepPlot->xAxis), labelsOf(stepPlot->xAxis));
        QVERIFY2(overlap.isEmpty(), qPrintable(QStringLiteral("step-time stages: ") + overlap));

        // Step times read in seconds once they are that long.
        const double makespan = document.evaluation()->schedule->makespanS;
        QCOMPARE(gantt->timeAxisLabel(),
                 makespan >= 10 ? QStringLiteral("Time (s)") : QStringLiteral("Time (ms)"));
        for (const QString& label : activations->axis(QCPAxis::atBottom)->tickVectorLabels()) {
            QVERIFY2(!label.contains(QChar(0x00b7)) && !label.contains(QLatin1Char('e')),
                     qPrintable(QStringLiteral("time tick ") + label));
        }
    }

    // The arrangement can be chosen: tabs in a large window, the grid in a small one.
    void arrangementCanBeChosen() {
        ui::PlanDocument document(core::defaultPlan());
        ui::MainWindow window(&document);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::ViewGrid* grid = window.viewGrid();
        QVERIFY(!grid->isTabbed());
        QVERIFY(window.maximizeAction()->isEnabled());
        grid->setArrangement(ui::ViewArrangement::Tabs);
        QVERIFY(grid->isTabbed());
        QVERIFY(!window.maximizeAction()->isEnabled());
        QCOMPARE(grid->tabBar()->count(), grid->panes().size());
        const auto visible = [grid] {
            return std::count_if(grid->panes().begin(), grid->panes().end(),
                                 [](const ui::ViewPane* pane) { return pane->isVisible(); });
        };
        QCOMPARE(visible(), 1);
        // Clicking a tab shows its pane, titled as the tab.
        const QRect second = grid->tabBar()->tabRect(1);
        QTest::mouseClick(grid->tabBar(), Qt::LeftButton, {}, second.center());
        QCOMPARE(grid->tabBar()->currentIndex(), 1);
        QVERIFY(grid->panes().at(1)->isVisible());
        QCOMPARE(grid->tabBar()->tabText(1), grid->panes().at(1)->title());
        // A pane hidden from the View menu leaves the tabs.
        grid->setPaneShown(grid->panes().at(3), false);
        QCOMPARE(grid->tabBar()->count(), grid->panes().size() - 1);
        grid->setPaneShown(grid->panes().at(3), true);
        grid->setArrangement(ui::ViewArrangement::Grid);
        window.resize(853, 533);
        QTRY_COMPARE(visible(), grid->panes().size());
        QVERIFY(!grid->isTabbed());
        grid->setArrangement(ui::ViewArrangement::Automatic);
        QVERIFY(grid->isTabbed());
    }

    // The layout search's dock opened in a 1280 × 800 window leaves the Diagnostics dock its
    // first line whole, icon included ("No problems" was cut in half), and the charts room.
    void searchDockLeavesDiagnosticsALine() {
        ui::PlanDocument document(test::gpt3OnDefaultCluster());
        ui::MainWindow window(&document);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(document.evaluation() != nullptr);
        window.findLayoutsAction()->trigger();
        QTRY_VERIFY(window.searchDock() && window.searchDock()->isVisible());
        QCoreApplication::processEvents();
        auto* list = window.diagnosticsDock()->findChild<QListWidget*>();
        QVERIFY(list && list->count() >= 1);
        const QRect first = list->visualRect(list->model()->index(0, 0));
        QVERIFY2(list->viewport()->rect().contains(first),
                 qPrintable(QStringLiteral("row %1 px in a %2 px list")
                                .arg(first.height())
                                .arg(list->viewport()->height())));
        auto* memory = viewOf<ui::MemoryStackView>(window);
        QVERIFY(memory);
        QVERIFY2(memory->height() >= 200, qPrintable(QString::number(memory->height())));
    }

    // With the search's dock open below the views, the step-time chart keeps its axis title
    // whole ("Seconds per ste") and its note never lies over the chart, at every window size.
    void searchDockOpenKeepsTheStepTimeLegible_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1024x768") << QSize(1024, 768);
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1600x1000") << QSize(1600, 1000);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
        QTest::newRow("1600x1000@1.5") << QSize(1067, 667);
    }
    void searchDockOpenKeepsTheStepTimeLegible() {
        QFETCH(QSize, size);
        ui::PlanDocument document(test::gpt3OnDefaultCluster());
        ui::MainWindow window(&document);
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(document.evaluation() != nullptr);
        window.findLayoutsAction()->trigger();
        QTRY_VERIFY(window.searchDock()->isVisible());
        auto* stepTime = viewOf<ui::StepTimeView>(window);
        QCustomPlot* plot = stepTime->breakdownPlot();
        window.viewGrid()->bringForward(paneOf(stepTime));
        QTRY_VERIFY(plot->isVisible());
        settle(plot);
        const QFontMetricsF metrics(plot->yAxis->labelFont());
        QVERIFY2(metrics.horizontalAdvance(plot->yAxis->label()) <= plot->axisRect()->height(),
                 qPrintable(QStringLiteral("\"%1\" along %2 px")
                                .arg(plot->yAxis->label())
                                .arg(plot->axisRect()->height())));
        QLabel* note = stepTime->note();
        if (note->isVisible()) {
            const QRect notePlace(note->mapTo(stepTime, QPoint(0, 0)), note->size());
            const QRect plotPlace(plot->mapTo(stepTime, QPoint(0, 0)), plot->size());
            QVERIFY2(!notePlace.intersects(plotPlace),
                     qPrintable(QStringLiteral("note %1 over chart %2")
                                    .arg(notePlace.top())
                                    .arg(plotPlace.bottom())));
            QVERIFY(note->height() >= note->heightForWidth(note->width()));
        }
        checkHeadingsAndLegend(plot);
    }

    // The first start fits the screen it opens on, status bar included.
    void firstStartFitsTheScreen() {
        ui::PlanDocument document(core::defaultPlan());
        ui::MainWindow window(&document);
        window.fitToScreen();
        const QRect free = window.screen()->availableGeometry();
        QVERIFY2(window.width() <= free.width() && window.height() <= free.height(),
                 qPrintable(QStringLiteral("%1 x %2 on %3 x %4")
                                .arg(window.width())
                                .arg(window.height())
                                .arg(free.width())
                                .arg(free.height())));
        QVERIFY(free.contains(window.geometry()));
    }
};

QTEST_MAIN(TestViewLegibility)
#include "tst_view_legibility.moc"
