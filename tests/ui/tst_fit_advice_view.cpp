// SPDX-License-Identifier: GPL-3.0-or-later
// "How to make it fit" in the main window: an over-capacity plan lists the engine's what-ifs
// under the memory chart; clicking one applies its patch as one undoable step, the memory bars
// show the new peak, and undo restores both.
#include "tests/core/search_plans.h"
#include "tests/ui/memory_view_lookup.h"

#include "core/evaluate/evaluate.h"
#include "core/memory/memory.h"
#include "core/plan/catalog.h"
#include "core/text/format.h"
#include "ui/document/plan_document.h"
#include "ui/shell/main_window.h"
#include "ui/views/fit_advice_view.h"
#include "ui/views/memory_stack_view.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace fourfold;
using fourfold::test::memoryView;

namespace {

// The peak of the evaluation the memory view draws, and its stage-0 optimizer-state bar (GB).
std::uint64_t drawnPeak(const ui::MemoryStackView& view) {
    return view.evaluation() && view.evaluation()->memory ? view.evaluation()->memory->peakBytes
                                                          : 0;
}

double optimizerBarGb(const ui::MemoryStackView& view) {
    const QCPBars* bars = view.categoryBars(core::MemoryCategory::OptimizerStates);
    return bars->data()->isEmpty() ? -1.0 : bars->data()->at(0)->value;
}

double optimizerGb(const core::MemoryReport& memory) {
    return memory.stages.at(0)
               .items[static_cast<std::size_t>(core::MemoryCategory::OptimizerStates)]
               .bytes /
           1e9;
}

QPushButton* choice(const QWidget& window, const QString& startsWith) {
    for (QPushButton* button : window.findChildren<QPushButton*>(QStringLiteral("fitChoice"))) {
        if (button->text().startsWith(startsWith)) return button;
    }
    return nullptr;
}

}  // namespace

class TestFitAdviceView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void clickingAWhatIfAppliesItAndUndoRestores() {
        const core::Plan plan = core::defaultPlan();  // 7B on 8 GPUs, no ZeRO: does not fit
        ui::PlanDocument document(plan);
        ui::MainWindow window(&document);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::MemoryStackView* memory = memoryView(window);
        QVERIFY(memory);
        const core::MemoryReport before =
            *document.evaluation()->memory;  // a copy: it outlives the evaluation
        QVERIFY(!before.fits);
        QTRY_COMPARE(quint64(drawnPeak(*memory)), quint64(before.peakBytes));
        const double optimizerBefore = optimizerGb(before);
        QTRY_VERIFY(qAbs(optimizerBarGb(*memory) - optimizerBefore) < 0.01);

        auto* headline = window.findChild<QLabel*>(QStringLiteral("fitHeadline"));
        QVERIFY(headline);
        QVERIFY2(headline->text().startsWith(QStringLiteral("Does not fit")),
                 qPrintable(headline->text()));
        QPushButton* zero = choice(window, QStringLiteral("ZeRO stage 0 → 1"));
        QVERIFY(zero);
        QVERIFY(zero->isVisible());
        const auto hint =
            std::find_if(before.whatIfs.begin(), before.whatIfs.end(),
                         [](const core::WhatIf& w) { return w.change == "ZeRO stage 0 → 1"; });
        QVERIFY(hint != before.whatIfs.end());
        const std::uint64_t expectedPeak = hint->peakBytes;
        // Beside the memory, the step the change would give.
        QVERIFY(hint->stepTimeS > 0);
        QVERIFY2(
            zero->text().contains(QStringLiteral("step ") +
                                  QString::fromStdString(core::formatSeconds(hint->stepTimeS))),
            qPrintable(zero->text()));

        QTest::mouseClick(zero, Qt::LeftButton);
        QTRY_COMPARE(document.plan().parallel.zeroStage, 1);
        QCOMPARE(document.undoStack()->count(), 1);
        QTRY_COMPARE(quint64(document.evaluation()->memory->peakBytes), quint64(expectedPeak));
        QTRY_COMPARE(quint64(drawnPeak(*memory)), quint64(expectedPeak));
        // ZeRO-1 shards the optimizer states over dp 8: the bar drops to an eighth.
        QTRY_VERIFY(qAbs(optimizerBarGb(*memory) - optimizerBefore / 8) < 0.01);
        QVERIFY(document.evaluation()->memory->fits);
        QTRY_VERIFY(headline->text().startsWith(QStringLiteral("Fits")));

        document.undoStack()->undo();
        QTRY_COMPARE(document.plan(), plan);
        QTRY_COMPARE(quint64(drawnPeak(*memory)), quint64(before.peakBytes));
        QTRY_VERIFY(qAbs(optimizerBarGb(*memory) - optimizerBefore) < 0.01);
        QTRY_VERIFY(headline->text().startsWith(QStringLiteral("Does not fit")));
    }

    // While the plan changes quickly (a drag between a plan that fits and one that does not),
    // the advice keeps its tallest height, so the memory chart above it stays put; a moment
    // after the last change it takes only the room it needs.
    void adviceHoldsItsHeightDuringADrag() {
        ui::PlanDocument document(core::defaultPlan());  // does not fit: several choices
        ui::MainWindow window(&document);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* plot = memoryView(window)->findChild<QCustomPlot*>(QStringLiteral("memoryStackPlot"));
        auto* advice = window.findChild<ui::FitAdviceView*>();
        QVERIFY(plot && advice);
        QTRY_VERIFY(!window.findChildren<QPushButton*>(QStringLiteral("fitChoice")).isEmpty());
        QCoreApplication::processEvents();
        const int dragHeight = plot->height();
        for (int step = 0; step < 6; ++step) {
            const int zero = step % 2 == 0 ? 1 : 0;  // fits, then not, and so on
            QVERIFY(
                document.applyPatch(QStringLiteral(R"({"parallel": {"zero_stage": %1}})").arg(zero),
                                    QStringLiteral("ZeRO")));
            QCoreApplication::processEvents();
            QCoreApplication::processEvents();
            QCOMPARE(document.evaluation()->memory->fits, zero == 1);
            QCOMPARE(plot->height(), dragHeight);
        }
        // The last plan fits: one headline, no choices. The advice settles to that, and the
        // chart takes the room back.
        QVERIFY(document.applyPatch(QStringLiteral(R"({"parallel": {"zero_stage": 1}})"),
                                    QStringLiteral("ZeRO")));
        QTRY_VERIFY_WITH_TIMEOUT(plot->height() > dragHeight, 3000);
        QVERIFY(window.findChildren<QPushButton*>(QStringLiteral("fitChoice")).isEmpty());
    }

    // Two columns while every choice fits half the width whole; one column rather than cut a
    // choice to "… → 153.8 G…" (GPT-3 at TP 1 in a 1600 × 1000 window did).
    void choicesTakeOneColumnRatherThanBeCut() {
        core::Plan plan = test::gpt3OnDefaultCluster();
        plan.parallel.tp = 2;
        plan.parallel.dp = 32;
        const auto evaluation = std::make_shared<const core::Evaluation>(core::evaluate(plan));
        QVERIFY(!evaluation->memory->fits);
        ui::FitAdviceView advice;
        advice.resize(1400, 300);
        advice.show();
        advice.showEvaluation(evaluation);
        QVERIFY(QTest::qWaitForWindowExposed(&advice));
        const auto shown = [&advice] {
            QList<QPushButton*> buttons;
            for (QPushButton* button :
                 advice.findChildren<QPushButton*>(QStringLiteral("fitChoice"))) {
                if (button->isVisible()) buttons << button;
            }
            std::sort(buttons.begin(), buttons.end(), [](QPushButton* a, QPushButton* b) {
                return a->y() != b->y() ? a->y() < b->y() : a->x() < b->x();
            });
            return buttons;
        };
        const auto whole = [](QPushButton* button) {
            for (const QString& line : button->text().split(QLatin1Char('\n'))) {
                if (button->fontMetrics().horizontalAdvance(line) + 8 > button->width()) {
                    return false;
                }
            }
            return true;
        };
        QTRY_VERIFY(shown().size() >= 4);
        QList<QPushButton*> buttons = shown();
        QCOMPARE(buttons.at(0)->y(), buttons.at(1)->y());  // side by side
        for (QPushButton* button : buttons) QVERIFY2(whole(button), qPrintable(button->text()));

        advice.resize(600, 300);
        QTRY_VERIFY(shown().at(1)->y() > shown().at(0)->y());  // one under another
        buttons = shown();
        for (QPushButton* button : buttons) {
            QCOMPARE(button->x(), buttons.at(0)->x());
            QVERIFY2(whole(button), qPrintable(button->text()));
        }
        QVERIFY(buttons.last()->geometry().bottom() < advice.height());  // every row inside
    }

    // Every choice says what it does to the global batch beside its step and tokens/s: the
    // largest micro-batch that fits takes 512 samples a step to 64 and says so; no plan
    // identifier or JSON in any text or tooltip.
    void everyChoiceStatesItsBatchStepAndThroughput() {
        core::Plan plan = core::defaultPlan();
        plan.parallel.zeroStage = 1;
        plan.training.microBatch = 8;
        ui::PlanDocument document(plan);
        ui::MainWindow window(&document);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(document.evaluation()->plan == plan);
        const core::MemoryReport& memory = *document.evaluation()->memory;
        QVERIFY(!memory.fits);
        QList<QPushButton*> choices;
        QTRY_VERIFY(
            !(choices = window.findChildren<QPushButton*>(QStringLiteral("fitChoice"))).isEmpty());
        QPushButton* smallest = nullptr;
        for (QPushButton* choice : choices) {
            const QString text = choice->text();
            QVERIFY2(text.contains(QStringLiteral("global batch")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("tokens/s")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("step ")), qPrintable(text));
            for (const QString& shown : {text, choice->toolTip()}) {
                QVERIFY2(!shown.contains(QLatin1Char('{')) && !shown.contains(QLatin1Char('_')),
                         qPrintable(shown));
            }
            if (text.startsWith(QStringLiteral("micro-batch 8 \u2192 1"))) smallest = choice;
        }
        QVERIFY(smallest);
        QVERIFY2(smallest->text().contains(QStringLiteral("global batch 512 \u2192 64")),
                 qPrintable(smallest->text()));
        QVERIFY(!smallest->toolTip().contains(QStringLiteral("grows")));
        // Only one choice for the micro-batch 8 → 1: the what-if, not a second row.
        QCOMPARE(std::count_if(choices.begin(), choices.end(),
                               [](QPushButton* choice) {
                                   return choice->isVisible() &&
                                          choice->text().startsWith(
                                              QStringLiteral("micro-batch 8 \u2192 1"));
                               }),
                 1);
        QTest::mouseClick(smallest, Qt::LeftButton);
        QTRY_VERIFY(document.evaluation()->plan == document.plan());
        QCOMPARE(document.plan().training.microBatch, 1);
        QCOMPARE(document.evaluation()->batch.globalBatch, std::int64_t{64});
    }

    // Llama-3 70B on 8 H100s with full recompute: no single change fits, so the headline says
    // so and the pairs that do are offered; one click applies a pair as one undoable step.
    void pairsWhenNoSingleChangeFits() {
        core::Plan plan = core::defaultPlan();
        plan.model = core::findModelPreset("llama3-70b")->spec;
        plan.training.recompute = core::Recompute::Full;
        ui::PlanDocument document(plan);
        ui::MainWindow window(&document);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(document.evaluation()->plan == plan);
        auto* headline = window.findChild<QLabel*>(QStringLiteral("fitHeadline"));
        QTRY_VERIFY2(headline->text().contains(QStringLiteral("No single change")),
                     qPrintable(headline->text()));
        QVERIFY(!headline->text().contains(QStringLiteral("Try one change")));
        QList<QPushButton*> pairs;
        for (QPushButton* choice : window.findChildren<QPushButton*>(QStringLiteral("fitChoice"))) {
            if (choice->isVisible()) pairs << choice;
        }
        QVERIFY(!pairs.isEmpty());
        for (QPushButton* pair : pairs) {
            QVERIFY2(pair->text().contains(QStringLiteral(" and ")), qPrintable(pair->text()));
            QVERIFY2(pair->text().contains(QStringLiteral("\u2713")), qPrintable(pair->text()));
        }
        const int steps = document.undoStack()->count();
        QTest::mouseClick(pairs.front(), Qt::LeftButton);
        QCOMPARE(document.undoStack()->count(), steps + 1);
        QTRY_VERIFY(document.evaluation()->plan == document.plan());
        QVERIFY(document.evaluation()->memory->fits);
    }

    // When it fits the same place shows the headroom and offers the largest micro-batch.
    void fittingPlanShowsHeadroomAndLargestMicroBatch() {
        core::Plan plan = core::defaultPlan();
        plan.parallel.zeroStage = 3;
        ui::PlanDocument document(plan);
        ui::FitAdviceView view;
        view.showEvaluation(document.evaluation());
        view.show();
        auto* headline = view.findChild<QLabel*>(QStringLiteral("fitHeadline"));
        QVERIFY(headline->text().startsWith(QStringLiteral("Fits")));
        const int largest = document.evaluation()->memory->largestFittingMicroBatch;
        QVERIFY(largest > 1);
        QVERIFY2(headline->text().contains(QString::number(largest)), qPrintable(headline->text()));
        QPushButton* micro = choice(view, QStringLiteral("micro-batch 1 → %1").arg(largest));
        QVERIFY(micro);
        QObject::connect(&view, &ui::FitAdviceView::patchRequested, &document,
                         [&document](const QString& patch, const QString& text) {
                             document.applyPatch(patch, text);
                         });
        QTest::mouseClick(micro, Qt::LeftButton);
        QCOMPARE(document.plan().training.microBatch, largest);
    }
};

QTEST_MAIN(TestFitAdviceView)
#include "tst_fit_advice_view.moc"
