// SPDX-License-Identifier: MIT
#include "core/evaluate/evaluate.h"
#include "core/performance/checkpoint.h"
#include "core/plan/catalog.h"

#include <QTest>

#include <cmath>

using namespace fourfold::core;

class TestCheckpoint : public QObject {
    Q_OBJECT
private slots:
    void youngDalyInterval_data() {
        QTest::addColumn<double>("writeS");
        QTest::addColumn<double>("mtbfS");
        QTest::addColumn<double>("expected");
        // Daly 2006, first order: τ = √(2δM) − δ. δ = 60 s, M = 3 h: √(2 × 60 × 10800) − 60.
        QTest::newRow("daly06-60s-3h") << 60.0 << 10800.0 << std::sqrt(2.0 * 60 * 10800) - 60;
        // δ = 50 s, M = 10,000 s: √(1e6) − 50 = 950 s.
        QTest::newRow("daly06-50s-10000s") << 50.0 << 10000.0 << 950.0;
        // A write longer than half the MTBF: checkpoint once per MTBF.
        QTest::newRow("daly06-write-beyond-half-mtbf") << 600.0 << 1000.0 << 1000.0;
    }
    void youngDalyInterval() {
        QFETCH(double, writeS);
        QFETCH(double, mtbfS);
        QFETCH(double, expected);
        QVERIFY(std::fabs(fourfold::core::youngDalyInterval(writeS, mtbfS) - expected) < 1e-9);
    }

    void goodputCountsWritesAndLostWork() {
        // τ = 950 s, δ = 50 s, M = 10,000 s, R = 100 s: 1 − 50/950 − (475 + 100)/10000.
        const double expected = 1.0 - 50.0 / 950.0 - 575.0 / 10000.0;
        QVERIFY(std::fabs(expectedGoodput(950, 50, 10000, 100) - expected) < 1e-12);
        QCOMPARE(expectedGoodput(10, 50, 20, 100), 0.0);
    }

    void contentsAndWriteTime() {
        Plan plan = defaultPlan();  // Llama-2 7B shape, bf16 + fp32 master, AdamW, 8 GPUs
        const ModelReport model = analyzeModel(plan);
        plan.checkpoint.storageGbps = 10;
        const CheckpointReport report = analyzeCheckpoint(plan, model, 1.0);
        const double parameters = static_cast<double>(model.parameters);
        // 2 B weights; 4 B master + 8 B Adam moments.
        QCOMPARE(report.contents.model, static_cast<std::uint64_t>(std::llround(2 * parameters)));
        QCOMPARE(report.contents.optimizer,
                 static_cast<std::uint64_t>(std::llround(12 * parameters)));
        QVERIFY(report.contents.rng > 0 && report.contents.dataCursor > 0 &&
                report.contents.layout > 0);
        QCOMPARE(report.bytes, report.contents.total());
        QVERIFY(std::fabs(report.writeS - static_cast<double>(report.bytes) / 10e9) < 1e-12);
        QVERIFY(report.stepsPerInterval >= 1);
    }

    void largerClustersFailMoreOften() {
        Plan plan = defaultPlan();
        const ModelReport model = analyzeModel(plan);
        const CheckpointReport small = analyzeCheckpoint(plan, model, 1.0);
        QVERIFY(std::fabs(small.clusterMtbfS - 50000.0 * 3600 / 8) < 1e-6);
        plan.parallel.dp = 1024;
        plan.cluster.nodes = 1024;
        const CheckpointReport large = analyzeCheckpoint(plan, model, 1.0);
        QVERIFY(large.clusterMtbfS < small.clusterMtbfS / 100);
        QVERIFY(large.intervalS < small.intervalS);
        QVERIFY(large.goodput < small.goodput);
    }

    void evaluationCarriesTheCheckpoint() {
        const Evaluation evaluation = evaluate(defaultPlan());
        QVERIFY(evaluation.checkpoint.has_value());
        QVERIFY(evaluation.checkpoint->goodput > 0.9 && evaluation.checkpoint->goodput < 1.0);
    }
};

QTEST_GUILESS_MAIN(TestCheckpoint)
#include "tst_checkpoint.moc"
