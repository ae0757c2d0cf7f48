// SPDX-License-Identifier: MIT
// The step's smaller figures: eq. 4's training time under each recompute, context-parallel
// traffic in the recomputed forward, the checkpoint store at scale, and the text report's
// measured figures and byte units.
#include "performance_references.h"

#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_json.h"
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
        // 20 GB/s over 8 nodes: 2.5 GB/s each; over 128 nodes 0.16 GB/s, above the 0.1 floor;
        // over 2,048 nodes: under 0.01 GB/s each.
        QTest::newRow("8-nodes-default-store") << 8 << 20.0 << false;
        QTest::newRow("128-nodes-default-store") << 128 << 20.0 << false;
        QTest::newRow("256-nodes-default-store") << 256 << 20.0 << true;
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

    // Llama 2 70B, TP 8 × PP 4 × 4 interleaved chunks, 64 micro-batches: 3,072 pipeline
    // operations, past the old closed-form limit of the scaling curve (2,000).
    static Plan interleavedPlan() {
        Plan plan = defaultPlan();
        plan.model = findModelPreset("llama2-70b")->spec;
        plan.training.microBatch = 1;
        plan.training.gradAccumulation = 64;
        plan.training.globalBatch.reset();
        plan.parallel.dp = 16;
        plan.parallel.tp = 8;
        plan.parallel.pp = 4;
        plan.parallel.virtualStages = 4;
        plan.parallel.schedule = ScheduleKind::Interleaved1F1B;
        plan.parallel.zeroStage = 1;
        plan.cluster.gpu = findGpuPreset("h100-sxm-80gb")->spec;
        plan.cluster.nodes = 64;
        return plan;
    }

    void scalingPointsAreTheEvaluation() {
        const Plan plan = interleavedPlan();
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.scaling.has_value() && evaluation.performance.has_value());
        for (const auto* curve : {&evaluation.scaling->strong, &evaluation.scaling->weak}) {
            const auto own = std::find_if(curve->begin(), curve->end(),
                                          [&](const ScalingPoint& p) { return p.dp == 16; });
            QVERIFY(own != curve->end());
            QCOMPARE(own->stepTimeS, evaluation.performance->stepTimeS);
        }
        // Strong scaling: each doubling of dp shortens the step and never gains efficiency.
        const auto& strong = evaluation.scaling->strong;
        QVERIFY(strong.size() >= 5);
        for (std::size_t i = 1; i < strong.size(); ++i) {
            QVERIFY(strong[i].stepTimeS < strong[i - 1].stepTimeS);
            QVERIFY(strong[i].efficiency <= strong[i - 1].efficiency + 1e-12);
        }
        QVERIFY(evaluation.scaling->strongSkipped.empty());
    }

    // A sharding group of 8 does not tile dp 1, 2 or 4: those points are left out and named.
    void invalidScalingPointsAreLeftOutAndNamed() {
        Plan plan = defaultPlan();
        plan.parallel.dp = 8;
        plan.parallel.zeroStage = 1;
        plan.parallel.shardingGroup = 8;
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.scaling.has_value());
        QCOMPARE(evaluation.scaling->strongSkipped, (std::vector<int>{1, 2, 4}));
        QCOMPARE(evaluation.scaling->weakSkipped, (std::vector<int>{1, 2, 4}));
        for (const ScalingPoint& point : evaluation.scaling->strong) QVERIFY(point.dp >= 8);
        const auto json = evaluationToJsonValue(evaluation);
        QCOMPARE(json["performance"]["scaling"]["strong_skipped_dp"].size(), std::size_t(3));
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
