// SPDX-License-Identifier: GPL-3.0-or-later
// The Step-time pane draws the Evaluation's performance, scaling and checkpoint figures: the
// stacked bars hold the breakdown's seconds, the headline figures explain themselves on hover,
// the tabs switch between breakdown, scaling and checkpoints, and the scaling chart draws the
// core's curve.
#include "event_counter.h"

#include "core/evaluate/evaluate.h"
#include "core/plan/catalog.h"
#include "core/text/format.h"
#include "ui/views/checkpoint_panel.h"
#include "ui/views/scaling_chart.h"
#include "ui/views/step_time_view.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QLabel>
#include <QTabWidget>
#include <QTest>

#include <cmath>
#include <memory>
#include <vector>

using namespace fourfold;

namespace {

std::shared_ptr<const core::Evaluation> evaluated(const core::Plan& plan) {
    return std::make_shared<const core::Evaluation>(core::evaluate(plan));
}

QString qs(const std::string& text) { return QString::fromStdString(text); }

// Four pipeline stages: the first holds the embedding, the last the output layer, so their
// steps differ and each gets its bar.
core::Plan pipelinePlan() {
    core::Plan plan = core::defaultPlan();
    plan.parallel.pp = 4;
    plan.parallel.dp = 2;
    return plan;
}

// The legend lies outside the axes, where no curve runs, every entry at its full width and
// inside the plot; in a narrow, short pane as in a wide one.
void checkLegendBesideTheCurves(QCustomPlot* plot) {
    plot->replot(QCustomPlot::rpImmediateRefresh);
    QCPLegend* legend = plot->legend;
    QVERIFY(legend->visible());
    QVERIFY(legend->itemCount() >= 2);
    const QRect axes = plot->axisRect()->rect();
    for (int index = 0; index < legend->itemCount(); ++index) {
        QCPAbstractLegendItem* item = legend->item(index);
        if (!item) continue;  // an empty cell of the legend's grid
        QVERIFY2(!item->outerRect().intersects(axes),
                 qPrintable(QStringLiteral("legend entry over the curves")));
        QVERIFY2(plot->rect().contains(item->outerRect()), "legend entry outside the plot");
        QVERIFY2(item->outerRect().width() + 0.5 >= item->minimumOuterSizeHint().width(),
                 "legend entry squeezed");
    }
}

// The GPU axis's labels keep a gap between them (every other power of two when the axis is
// short) and count from 1,024 in thousands ("4k"); returns the labels shown.
QStringList checkGpuTicksApart(QCustomPlot* plot) {
    plot->replot(QCustomPlot::rpImmediateRefresh);
    plot->replot(QCustomPlot::rpImmediateRefresh);  // the ticker fits the axis laid out before
    QCPAxis* axis = plot->xAxis;
    const QFontMetricsF metrics(axis->tickLabelFont());
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    QStringList shown;
    double previousRight = -1e9;
    for (int index = 0; index < ticks.size(); ++index) {
        const double at = axis->coordToPixel(ticks[index]);
        if (at < axis->axisRect()->left() - 1 || at > axis->axisRect()->right() + 1) continue;
        const double half = metrics.horizontalAdvance(labels[index]) / 2;
        if (at - half < previousRight + 4) {
            QTest::qFail(
                qPrintable(QStringLiteral("\"%1\" crowds the label before it").arg(labels[index])),
                __FILE__, __LINE__);
            return shown;
        }
        previousRight = at + half;
        shown << labels[index];
    }
    return shown;
}

}  // namespace

class TestStepTimeView : public QObject {
    Q_OBJECT
private slots:
    void oneBarWhenStagesAgree() {
        ui::StepTimeView view;
        view.resize(700, 420);
        view.show();
        const auto evaluation = evaluated(core::defaultPlan());
        QVERIFY(evaluation->performance.has_value());
        view.showEvaluation(evaluation);
        QVERIFY(!view.showsMessage());
        QCOMPARE(view.barLabels(), QStringList{QStringLiteral("step")});
        const core::StepBreakdown& b = evaluation->performance->breakdown;
        QCOMPARE(view.shownSeconds(QStringLiteral("compute"), 0), b.compute);
        QCOMPARE(view.shownSeconds(QStringLiteral("dp"), 0), b.dpComm);
        QCOMPARE(view.shownSeconds(QStringLiteral("optimizer"), 0), b.optimizer);
        // The parts shown sum to the step time.
        double sum = 0;
        for (const QString& part : view.shownParts()) sum += view.shownSeconds(part, 0);
        QVERIFY(std::fabs(sum - evaluation->performance->stepTimeS) <=
                1e-9 * evaluation->performance->stepTimeS);
        // Parts that take no time are left out of the stack and the legend.
        if (b.cpComm == 0) QVERIFY(!view.shownParts().contains(QStringLiteral("cp")));
    }

    void oneBarPerStageWhenTheyDiffer() {
        ui::StepTimeView view;
        view.show();
        const auto evaluation = evaluated(pipelinePlan());
        view.showEvaluation(evaluation);
        const core::PerformanceReport& performance = *evaluation->performance;
        QCOMPARE(view.barLabels().size(), 4);
        QCOMPARE(view.barLabels().at(3), QStringLiteral("stage 3"));
        for (int stage = 0; stage < 4; ++stage) {
            const core::StepBreakdown& b = performance.stages.at(stage).breakdown;
            QCOMPARE(view.shownSeconds(QStringLiteral("compute"), stage), b.compute);
            QCOMPARE(view.shownSeconds(QStringLiteral("bubble"), stage), b.bubble);
        }
        QVERIFY(view.shownParts().contains(QStringLiteral("bubble")));
        // The note names the stage with the most work and the one that sets the step.
        const QString note = view.findChild<QLabel*>(QStringLiteral("stepNote"))->text();
        QVERIFY2(note.contains(
                     QStringLiteral("Stage %1 has the most work").arg(performance.busiestStage)),
                 qPrintable(note));
        QCOMPARE(note.contains(QStringLiteral("Stage %1 ends last and sets the step")
                                   .arg(performance.criticalStage)),
                 performance.busiestStage != performance.criticalStage);
        // With its output layer the last of four stages does the most; the first (embedding,
        // its gradients' all-reduce) may end last, and is then named for it.
        QCOMPARE(performance.busiestStage, 3);
    }

    void headlineFiguresExplainThemselves() {
        ui::StepTimeView view;
        view.show();
        const auto evaluation = evaluated(core::defaultPlan());
        view.showEvaluation(evaluation);
        const core::PerformanceReport& p = *evaluation->performance;
        QCOMPARE(view.figure(QStringLiteral("stepTimeValue"))->text(),
                 qs(core::formatSeconds(p.stepTimeS)));
        QCOMPARE(view.figure(QStringLiteral("mfuValue"))->text(), qs(core::formatPercent(p.mfu)));
        QCOMPARE(view.figure(QStringLiteral("tokensValue"))->text(),
                 qs(core::formatCount(p.tokensPerS)));
        const QString mfuTip = view.figure(QStringLiteral("mfuValue"))->toolTip();
        QVERIFY2(mfuTip.contains(QStringLiteral("f × B × s / (T × N × P)")), qPrintable(mfuTip));
        QVERIFY(mfuTip.contains(QStringLiteral("Narayanan et al. 2021, eq. 3")));
        const QString stepTip = view.figure(QStringLiteral("stepTimeValue"))->toolTip();
        QVERIFY2(stepTip.contains(QStringLiteral("t_c")), qPrintable(stepTip));
        QVERIFY(view.figure(QStringLiteral("tokensPerGpuValue"))
                    ->toolTip()
                    .contains(QStringLiteral("B × s / (T × N)")));
    }

    void tabsSwitchToScalingAndCheckpoints() {
        core::Plan plan = core::defaultPlan();
        plan.parallel.dp = 4;
        plan.training.gradAccumulation = 16;
        ui::StepTimeView view;
        view.resize(800, 450);
        view.show();
        const auto evaluation = evaluated(plan);
        QVERIFY(evaluation->scaling.has_value());
        view.showEvaluation(evaluation);
        QCOMPARE(view.tabs()->count(), 3);
        view.tabs()->setCurrentIndex(1);
        QVERIFY(view.scalingChart()->isVisible());
        // Strong scaling first; the chart holds the core's curve.
        QCOMPARE(view.scalingChart()->shownPoints(), evaluation->scaling->strong);
        checkLegendBesideTheCurves(view.scalingChart()->plot());
        view.scalingChart()->kindBox()->setCurrentIndex(1);
        QCOMPARE(view.scalingChart()->shownPoints(), evaluation->scaling->weak);
        {
            // Alone and narrow, the legend takes two rows.
            ui::ScalingChart narrow;
            narrow.resize(420, 260);
            narrow.show();
            narrow.showCurves(&*evaluation->scaling, plan.parallel.dp);
            checkLegendBesideTheCurves(narrow.plot());
            QVERIFY(narrow.plot()->legend->wrap() < narrow.plot()->legend->itemCount());
            // 1 to 16 GPUs at 420 px: each power of two has room for its label.
            const QStringList ticks = checkGpuTicksApart(narrow.plot());
            QVERIFY2(ticks.size() >= 4, qPrintable(ticks.join(QLatin1Char(' '))));
        }
        {
            // 256 to 4,096 GPUs squeezed into 260 px: every other power, in thousands.
            core::ScalingCurves wide = *evaluation->scaling;
            for (core::ScalingPoint& point : wide.strong) point.gpus *= 256;
            ui::ScalingChart squeezed;
            squeezed.resize(260, 260);
            squeezed.show();
            squeezed.showCurves(&wide, plan.parallel.dp);
            const QStringList ticks = checkGpuTicksApart(squeezed.plot());
            QVERIFY2(ticks.contains(QStringLiteral("4k")),
                     qPrintable(ticks.join(QLatin1Char(' '))));
            QVERIFY2(!ticks.contains(QStringLiteral("2k")),
                     qPrintable(ticks.join(QLatin1Char(' '))));
        }
        view.tabs()->setCurrentIndex(2);
        QVERIFY(view.checkpointPanel()->isVisible());
        checkLegendBesideTheCurves(view.checkpointPanel()->plot());
        QVERIFY(!view.scalingChart()->isVisible());
        const core::CheckpointReport& checkpoint = *evaluation->checkpoint;
        QCOMPARE(view.checkpointPanel()->value(QStringLiteral("sizeValue"))->text(),
                 qs(core::formatBytes(checkpoint.bytes)));
        QCOMPARE(view.checkpointPanel()->value(QStringLiteral("goodputValue"))->text(),
                 qs(core::formatPercent(checkpoint.goodput)));
        QCOMPARE(view.checkpointPanel()->value(QStringLiteral("intervalValue"))->toolTip(),
                 qs(checkpoint.intervalFormula));
    }

    // Only the tab on show is drawn at each evaluation; a tab brought forward later draws the
    // latest evaluation, not the one current when it was last shown.
    void hiddenTabsCatchUpWhenShown() {
        core::Plan plan = core::defaultPlan();
        plan.parallel.dp = 4;
        plan.training.gradAccumulation = 16;
        ui::StepTimeView view;
        view.resize(800, 450);
        view.show();
        view.tabs()->setCurrentIndex(1);
        view.showEvaluation(evaluated(plan));
        view.tabs()->setCurrentIndex(0);
        plan.model.layers = 16;  // a different model: different scaling and checkpoint figures
        const auto later = evaluated(plan);
        view.showEvaluation(later);
        QVERIFY(later->scaling && !later->scaling->strong.empty());
        QVERIFY(view.scalingChart()->shownPoints() != later->scaling->strong);
        view.tabs()->setCurrentIndex(1);
        QCOMPARE(view.scalingChart()->shownPoints(), later->scaling->strong);
        view.tabs()->setCurrentIndex(2);
        QCOMPARE(view.checkpointPanel()->value(QStringLiteral("sizeValue"))->text(),
                 qs(core::formatBytes(later->checkpoint->bytes)));
    }

    // New figures repaint the figures, not the tabs above them: QTabWidget repaints itself
    // whole, tab bar included, when one of its pages asks for a new layout.
    void newFiguresLeaveTheTabBarAlone() {
        ui::StepTimeView view;
        view.resize(800, 450);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        core::Plan plan = core::defaultPlan();
        view.showEvaluation(evaluated(plan));
        for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
        auto* stepTime = view.findChild<QLabel*>(QStringLiteral("stepTimeValue"));
        QVERIFY(stepTime);
        const test::EventCounter tabPaints(view.tabs()->tabBar(), QEvent::Paint);
        const test::EventCounter figurePaints(stepTime, QEvent::Paint);
        const QString before = stepTime->text();
        plan.training.gradAccumulation *= 10;  // a step ten times as long: a wider figure
        view.showEvaluation(evaluated(plan));
        QVERIFY(stepTime->text() != before);
        QTRY_VERIFY(figurePaints.count >= 1);
        for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
        QCOMPARE(tabPaints.count, 0);
    }

    // Each evaluation's bars hold its seconds, with one legend entry per part, whether its
    // parts are new or the same as the last evaluation's (then the bars stay and take the new
    // values).
    void barsFollowEachEvaluation() {
        ui::StepTimeView view;
        view.resize(800, 450);
        view.show();
        auto* plot = view.findChild<QCustomPlot*>(QStringLiteral("stepBreakdownPlot"));
        QVERIFY(plot);
        core::Plan longer = pipelinePlan();
        longer.training.gradAccumulation *= 4;  // the same parts, other seconds
        const std::vector<core::Plan> plans{pipelinePlan(), core::defaultPlan(), pipelinePlan(),
                                            longer};
        for (const core::Plan& plan : plans) {
            const auto evaluation = evaluated(plan);
            view.showEvaluation(evaluation);
            const core::PerformanceReport& performance = *evaluation->performance;
            const int columns = static_cast<int>(view.barLabels().size());
            QCOMPARE(columns, plan.parallel.pp == 1 ? 1 : plan.parallel.pp);
            QCOMPARE(plot->plottableCount(), view.shownParts().size());
            QCOMPARE(plot->legend->itemCount(), view.shownParts().size());
            for (int index = 0; index < plot->plottableCount(); ++index) {
                auto* bars = qobject_cast<QCPBars*>(plot->plottable(index));
                QVERIFY(bars);
                QCOMPARE(bars->data()->size(), columns);
                for (int bar = 0; bar < columns; ++bar) {
                    QCOMPARE(bars->data()->at(bar)->key, static_cast<double>(bar));
                    QCOMPARE(bars->data()->at(bar)->value,
                             view.shownSeconds(view.shownParts().at(index), bar));
                }
            }
            for (int bar = 0; bar < columns; ++bar) {
                const core::StepBreakdown& expected =
                    columns > 1 ? performance.stages.at(static_cast<std::size_t>(bar)).breakdown
                                : performance.breakdown;
                QCOMPARE(view.shownSeconds(QStringLiteral("compute"), bar), expected.compute);
                QCOMPARE(view.shownSeconds(QStringLiteral("bubble"), bar), expected.bubble);
            }
        }
    }

    void planWithErrorsShowsAMessage() {
        core::Plan plan = core::defaultPlan();
        plan.model.layers = 0;
        ui::StepTimeView view;
        view.show();
        view.showEvaluation(evaluated(plan));
        QVERIFY(view.showsMessage());
    }
};

QTEST_MAIN(TestStepTimeView)
#include "tst_step_time_view.moc"
