// SPDX-License-Identifier: MIT
#include "core/catalog.h"
#include "core/evaluate.h"

#include <QtTest>

using namespace fourfold::core;

class TestEvaluate : public QObject {
    Q_OBJECT
private slots:
    void globalBatchNeverMultipliesTpOrPp_data() {
        QTest::addColumn<int>("microBatch");
        QTest::addColumn<int>("accumulation");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<qint64>("expected");
        QTest::addColumn<QString>("formula");
        // Source article: b = 4, a = 8, n = 8 GPUs of data parallelism: B = 4 × 8 × 8 = 256.
        QTest::newRow("article-dp-example")
            << 4 << 8 << 8 << 1 << 1 << qint64(256) << QStringLiteral("256 = 4 × 8 × 8");
        // Source article's 3D example: 64 GPUs as DP 8 × TP 4 × PP 2. Only DP multiplies the
        // batch, so the same b and a still give 256, not 64 × 4 × 8 = 2048.
        QTest::newRow("article-3d-64gpu")
            << 4 << 8 << 8 << 4 << 2 << qint64(256) << QStringLiteral("256 = 4 × 8 × 8");
        // PLAN_FORMAT.md's example: 1 × 8 × 8 = 64.
        QTest::newRow("plan-format-example")
            << 1 << 8 << 8 << 1 << 1 << qint64(64) << QStringLiteral("64 = 1 × 8 × 8");
    }
    void globalBatchNeverMultipliesTpOrPp() {
        QFETCH(int, microBatch);
        QFETCH(int, accumulation);
        QFETCH(int, dp);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(qint64, expected);
        QFETCH(QString, formula);
        Plan plan = defaultPlan();
        plan.training.microBatch = microBatch;
        plan.training.gradAccumulation = accumulation;
        plan.parallel.dp = dp;
        plan.parallel.tp = tp;
        plan.parallel.pp = pp;
        plan.cluster.nodes = (dp * tp * pp + 7) / 8;
        const Evaluation evaluation = evaluate(plan);
        QCOMPARE(evaluation.batch.globalBatch, expected);
        QCOMPARE(QString::fromStdString(evaluation.batch.formula), formula);
        QCOMPARE(evaluation.batch.tokensPerStep, expected * plan.model.sequence);
        QCOMPARE(evaluation.worldSize, qint64(dp) * tp * pp);
    }

    void evaluationCarriesItsPlan() {
        Plan plan = defaultPlan();
        plan.name = "carried";
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.plan == plan);
    }

    void evaluateIsPure() {
        const Plan plan = defaultPlan();
        QVERIFY(evaluate(plan) == evaluate(plan));
    }

    void absurdValuesNeverCrash_data() {
        QTest::addColumn<int>("field");
        QTest::addColumn<int>("value");
        for (int field = 0; field < 8; ++field) {
            for (int value : {0, -1, 1 << 30}) {
                QTest::addRow("field%d=%d", field, value) << field << value;
            }
        }
    }
    void absurdValuesNeverCrash() {
        QFETCH(int, field);
        QFETCH(int, value);
        Plan plan = defaultPlan();
        int* targets[] = {&plan.parallel.dp,         &plan.parallel.tp,
                          &plan.parallel.pp,         &plan.parallel.cp,
                          &plan.training.microBatch, &plan.training.gradAccumulation,
                          &plan.cluster.nodes,       &plan.model.layers};
        *targets[field] = value;
        const Evaluation evaluation = evaluate(plan);
        QCOMPARE(evaluation.plan, plan);
        // A nonsensical size must be reported, never evaluated silently.
        if (value <= 0) QVERIFY(hasErrors(evaluation.diagnostics));
    }

    void worldSizeSaturatesInsteadOfOverflowing() {
        Plan plan = defaultPlan();
        plan.parallel.dp = plan.parallel.tp = plan.parallel.pp = plan.parallel.cp = 1 << 30;
        QCOMPARE(worldSize(plan), std::numeric_limits<std::int64_t>::max());
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(hasErrors(evaluation.diagnostics));
        QVERIFY(!evaluation.topology.has_value());
    }

    void measuredFiguresGetTheirError() {
        Plan plan = defaultPlan();
        plan.parallel.zeroStage = 1;
        const Evaluation predicted = evaluate(plan);
        QVERIFY(predicted.memory && predicted.schedule);
        QVERIFY(predicted.measured.peakError.empty());
        QVERIFY(!predicted.measured.stepTimeError);
        // Measured 10 % above the prediction: error = (p − 1.1p) / 1.1p = −1/11 = −9.09 %.
        const auto peak = predicted.memory->stages[0].totalBytes;
        plan.measured.peakBytesPerStage = {peak + peak / 10};
        QVERIFY(predicted.performance);
        plan.measured.stepTimeS = predicted.performance->stepTimeS * 2;
        const Evaluation compared = evaluate(plan);
        QCOMPARE(compared.measured.peakError.size(), std::size_t(1));
        QVERIFY(compared.measured.peakError[0].has_value());
        QVERIFY(qAbs(*compared.measured.peakError[0] + 1.0 / 11.0) < 1e-6);
        // Twice the predicted step measured: (1 − 2) / 2 = −50 %.
        QVERIFY(qAbs(*compared.measured.stepTimeError + 0.5) < 1e-12);
        QVERIFY(compared.measured.stepTimeFormula.find("-50.0 %") != std::string::npos);
        // A zero measurement means "not measured", never a division by zero.
        plan.measured.peakBytesPerStage = {0};
        plan.measured.stepTimeS = 0.0;
        const Evaluation empty = evaluate(plan);
        QVERIFY(!empty.measured.peakError[0].has_value());
        QVERIFY(!empty.measured.stepTimeError);
    }
};

QTEST_GUILESS_MAIN(TestEvaluate)
#include "tst_evaluate.moc"
