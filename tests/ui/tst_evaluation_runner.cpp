// SPDX-License-Identifier: GPL-3.0-or-later
// Large plans are evaluated off the GUI thread: the document keeps showing the last result,
// reports that it is busy, shows only results that describe its current plan, and ends with
// the newest plan's evaluation however quickly the edits come.
#include "core/plan/catalog.h"
#include "ui/document/evaluation_runner.h"
#include "ui/document/plan_document.h"

#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

using fourfold::core::Plan;
using fourfold::ui::EditField;
using fourfold::ui::PlanDocument;
using fourfold::ui::PlanEdit;

namespace {

// 16,384 GPUs: DP 2048 × TP 8 on 2,048 nodes of 8.
Plan largePlan() {
    Plan plan = fourfold::core::defaultPlan();
    plan.cluster.nodes = 2048;
    plan.parallel.dp = 2048;
    plan.parallel.tp = 8;
    plan.parallel.pp = 1;
    return plan;
}

PlanEdit setMicroBatch(int value) {
    return {EditField::MicroBatch, 0, QStringLiteral("Set micro-batch to %1").arg(value),
            [value](Plan& plan) { plan.training.microBatch = value; }};
}

}  // namespace

class TestEvaluationRunner : public QObject {
    Q_OBJECT
private slots:
    void sizeRuleSeparatesSmallFromLarge() {
        QVERIFY(!fourfold::ui::evaluatesInBackground(fourfold::core::defaultPlan()));
        QVERIFY(fourfold::ui::evaluatesInBackground(largePlan()));
        // A long pipeline alone: 2 × p × v × m = 2 × 64 × 2 × 256 = 65,536 operations.
        Plan pipeline = fourfold::core::defaultPlan();
        pipeline.parallel.pp = 64;
        pipeline.parallel.virtualStages = 2;
        pipeline.training.gradAccumulation = 256;
        QVERIFY(fourfold::ui::evaluatesInBackground(pipeline));
    }

    void smallPlansStayOnTheGuiThread() {
        PlanDocument document(fourfold::core::defaultPlan());
        QSignalSpy busy(&document, &PlanDocument::evaluationBusyChanged);
        document.apply(setMicroBatch(2));
        QTRY_COMPARE(document.evaluation()->plan.training.microBatch, 2);
        QCOMPARE(busy.count(), 0);
    }

    void largePlanEvaluatesInTheBackgroundAndArrives() {
        PlanDocument document(largePlan());
        const auto before = document.evaluation();
        QSignalSpy busy(&document, &PlanDocument::evaluationBusyChanged);
        QSignalSpy changed(&document, &PlanDocument::evaluationChanged);
        QVERIFY(document.apply(setMicroBatch(2)));
        QVERIFY(document.isEvaluationPending());
        // Until the worker is done the views keep the previous result.
        QCOMPARE(document.evaluation(), before);
        QTRY_VERIFY_WITH_TIMEOUT(!document.isEvaluationPending(), 20000);
        QCOMPARE(document.evaluation()->plan, document.plan());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(busy.count(), 2);
        QCOMPARE(busy.at(0).at(0).toBool(), true);
        QCOMPARE(busy.at(1).at(0).toBool(), false);
    }

    // The run has a thread of its own: Qt's raster engine splits large fills across its global
    // pool and waits for the parts, so a run queued there would keep the window waiting.
    void runsBesideQtsGlobalPool() {
        fourfold::ui::EvaluationRunner runner;
        QSignalSpy finished(&runner, &fourfold::ui::EvaluationRunner::finished);
        const int before = QThreadPool::globalInstance()->activeThreadCount();
        runner.start(largePlan());
        QVERIFY(runner.isBusy());
        QCOMPARE(QThreadPool::globalInstance()->activeThreadCount(), before);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        const auto evaluation =
            finished.at(0).at(0).value<std::shared_ptr<const fourfold::core::Evaluation>>();
        QVERIFY(evaluation);
        QCOMPARE(evaluation->plan, largePlan());
    }

    void staleResultsAreNeverShown() {
        PlanDocument document(largePlan());
        int shown = 0;
        connect(&document, &PlanDocument::evaluationChanged, this,
                [&](const std::shared_ptr<const fourfold::core::Evaluation>& evaluation) {
                    ++shown;
                    // Whatever arrives describes the plan the document holds at that moment.
                    QCOMPARE(evaluation->plan, document.plan());
                });
        for (int micro = 2; micro <= 6; ++micro) {
            document.apply(setMicroBatch(micro));
            QCoreApplication::processEvents();  // starts (or queues) a background run
        }
        QTRY_VERIFY_WITH_TIMEOUT(!document.isEvaluationPending(), 30000);
        QCOMPARE(document.evaluation()->plan.training.microBatch, 6);
        QVERIFY(shown >= 1);
        QVERIFY(shown <= 5);
    }

    void undoBackToTheShownPlanCancelsTheRun() {
        PlanDocument document(largePlan());
        const auto before = document.evaluation();
        document.apply(setMicroBatch(3));
        QCoreApplication::processEvents();
        document.undoStack()->undo();
        QTRY_VERIFY_WITH_TIMEOUT(!document.isEvaluationPending(), 20000);
        // The result for micro-batch 3 is stale on arrival: the first evaluation stays.
        QCOMPARE(document.evaluation(), before);
    }
};

QTEST_MAIN(TestEvaluationRunner)
#include "tst_evaluation_runner.moc"
