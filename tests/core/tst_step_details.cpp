// SPDX-License-Identifier: MIT
// The step's smaller figures: eq. 4's training time under each recompute, context-parallel
// traffic in the recomputed forward, the checkpoint store at scale, and the text report's
// measured figures and byte units.
#include "performance_references.h"

#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_table.h"
#include "core/plan/catalog.h"

#include <QTest>

#include <algorithm>
#include <cmath>

Q_DECLARE_METATYPE(fourfold::core::Recompute)

using namespace fourfold::core;
using fourfold::test::performanceOf;

namespace {

bool hasCode(const Evaluation& evaluation, const std::string& code) {
    return std::any_of(evaluation.diagnostics.begin(), evaluation.diagnostics.end(),
                       [&](const Diagnostic& diagnostic) { return diagnostic.code == code; });
}

}  // namespace

class TestStepDetails : public QObject {
    Q_OBJECT

private slots:
    // Narayanan et al. 2021 eq. 4 with k FLOPs per parameter and token: 6 without recompute
    // (2 forward + 4 backward), 8 with full recompute (a second forward), in between for
    // selective; Fourfold takes k = 6 × hardware / model FLOPs.
    void eq4FollowsTheRecompute_data() {
        QTest::addColumn<Recompute>("recompute");
        QTest::addColumn<double>("lowest");
        QTest::addColumn<double>("highest");
        QTest::newRow("none") << Recompute::None << 6.0 << 6.0;
        QTest::newRow("selective") << Recompute::Selective << 6.0001 << 6.6;
        QTest::newRow("full") << Recompute::Full << 7.8 << 8.2;
    }

    void eq4FollowsTheRecompute() {
        QFETCH(Recompute, recompute);
        QFETCH(double, lowest);
        QFETCH(double, highest);
        Plan plan = defaultPlan();
        plan.training.recompute = recompute;
        plan.performance.tokenBudget = 1e12;
        const PerformanceReport report = performanceOf(plan);
        const double gpus = static_cast<double>(worldSize(plan));
        const double parameters = static_cast<double>(analyzeModel(plan).parameters);
        // eq4Days = k · T · P / (n · X) / 86,400 s, solved for k.
        const double k = report.training.eq4Days * 86400.0 * gpus * report.achievedFlopsPerGpu /
                         (1e12 * parameters);
        QVERIFY2(k >= lowest - 1e-9 && k <= highest + 1e-9, qPrintable(QString::number(k)));
        QVERIFY(std::fabs(k - 6.0 * report.hardwareFlopsPerStep / report.modelFlopsPerStep) < 1e-9);
    }

    // Recomputing attention replays its ring passes (selective recomputes the core attention,
    // where Megatron-Core's ring runs; full the whole forward).
    void contextParallelTrafficInTheRecomputedForward() {
        Plan plan = defaultPlan();
        plan.parallel.cp = 2;
        plan.parallel.dp = 4;
        plan.model.sequence = 8192;
        const double none = performanceOf(plan).breakdown.cpComm;
        plan.training.recompute = Recompute::Selective;
        const double selective = performanceOf(plan).breakdown.cpComm;
        plan.training.recompute = Recompute::Full;
        const double full = performanceOf(plan).breakdown.cpComm;
        QVERIFY(none > 0);
        QVERIFY(selective > none);
        QVERIFY(full > none);
    }

    void checkpointStoreTooSlowForTheScaleWarns_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<double>("storageGbps");
        QTest::addColumn<bool>("warns");
        // 20 GB/s over 8 nodes: 2.5 GB/s each; over 2,048 nodes: under 0.01 GB/s each.
        QTest::newRow("8-nodes-default-store") << 8 << 20.0 << false;
        QTest::newRow("2048-nodes-default-store") << 2048 << 20.0 << true;
        QTest::newRow("2048-nodes-llama3-store") << 2048 << 2000.0 << false;
    }

    void checkpointStoreTooSlowForTheScaleWarns() {
        QFETCH(int, nodes);
        QFETCH(double, storageGbps);
        QFETCH(bool, warns);
        Plan plan = defaultPlan();
        plan.cluster.nodes = nodes;
        plan.parallel.dp = nodes * plan.cluster.gpusPerNode;
        plan.checkpoint.storageGbps = storageGbps;
        const Evaluation evaluation = evaluate(plan);
        QCOMPARE(hasCode(evaluation, "checkpoint.storage_per_node"), warns);
    }

    void textReportShowsMeasuredFigures() {
        Plan plan = defaultPlan();
        plan.measured.stepTimeS = 1.5;
        plan.measured.peakBytesPerStage = {40'000'000'000ULL};
        const std::string table = evaluationTable(evaluate(plan));
        QVERIFY2(table.find("measured step 1.50 s") != std::string::npos, table.c_str());
        QVERIFY2(table.find("measured peak, stage 0: 40.0 GB") != std::string::npos, table.c_str());
        const std::string plain = evaluationTable(evaluate(defaultPlan()));
        QVERIFY(plain.find("measured") == std::string::npos);
    }

    void textReportCheckpointFollowsTheByteUnits() {
        const Evaluation evaluation = evaluate(defaultPlan());
        QVERIFY(evaluation.checkpoint.has_value());
        const std::string binary = evaluationTable(evaluation, ByteUnits::Binary);
        const std::string expected =
            "checkpoint " + formatBytes(evaluation.checkpoint->bytes, ByteUnits::Binary);
        QVERIFY2(binary.find(expected) != std::string::npos, binary.c_str());
        QVERIFY(expected.find("GiB") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestStepDetails)
#include "tst_step_details.moc"
