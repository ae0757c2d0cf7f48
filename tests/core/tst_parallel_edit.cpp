// SPDX-License-Identifier: MIT
// Editing one parallel degree as the controls do: DP follows so the job stays within the cluster,
// dependents drop to a valid value, and slider stops never give a plan with a layout error.
// Expected values are worked out by hand in each test from the rules in core/rules/parallel_edit.h.
#include "core/plan/catalog.h"
#include "core/rules/parallel_edit.h"
#include "core/rules/validate.h"

#include <QTest>

using namespace fourfold::core;

namespace {

Plan withPreset(const std::string& preset, int gpusPerNode, int nodes) {
    Plan plan = defaultPlan();
    plan.model = findModelPreset(preset)->spec;
    plan.cluster.gpusPerNode = gpusPerNode;
    plan.cluster.nodes = nodes;
    return plan;
}

// GPT-3 175B (Brown et al. 2020, Table 2.1: 96 layers, 96 heads, d_model 12288) on 16,384 GPUs
// with TP 8 × PP 64 × DP 32 = 16,384.
Plan gpt3OnSixteenThousand() {
    Plan plan = withPreset("gpt3-175b", 8, 2048);
    plan.parallel.tp = 8;
    plan.parallel.pp = 64;
    plan.parallel.dp = 32;
    return plan;
}

std::int64_t world(const Plan& plan) {
    const auto& p = plan.parallel;
    return std::int64_t{p.dp} * p.tp * p.pp * p.cp;
}

QString errorsOf(const Plan& plan) {
    QStringList lines;
    for (const Diagnostic& diagnostic : validate(plan)) {
        if (diagnostic.severity == Severity::Error)
            lines << QString::fromStdString(describe(diagnostic));
    }
    return lines.join(QLatin1Char('\n'));
}

const ParallelAxis kAxes[] = {ParallelAxis::Data,         ParallelAxis::Tensor,
                              ParallelAxis::Pipeline,     ParallelAxis::Context,
                              ParallelAxis::Expert,       ParallelAxis::VirtualStages,
                              ParallelAxis::ShardingGroup};

}  // namespace

class TestParallelEdit : public QObject {
    Q_OBJECT
private slots:
    // Default plan: Llama-2 7B, DP 8 on one node of 8 GPUs.
    void dataParallelFollowsTensorPipelineAndContext() {
        const Plan plan = defaultPlan();
        QCOMPARE(plan.parallel.dp, 8);
        // TP 2: 8 GPUs / 2 = DP 4 (before the fix DP stayed 8 and the job needed 16 GPUs).
        const Plan tp2 = withParallelDegree(plan, ParallelAxis::Tensor, 2);
        QCOMPARE(tp2.parallel.tp, 2);
        QCOMPARE(tp2.parallel.dp, 4);
        QCOMPARE(world(tp2), 8);
        // Back to TP 1: DP grows to 8 again, so no GPU idles.
        QCOMPARE(withParallelDegree(tp2, ParallelAxis::Tensor, 1).parallel.dp, 8);
        // PP 4 on TP 2: 8 / (2 × 4) = DP 1.
        QCOMPARE(withParallelDegree(tp2, ParallelAxis::Pipeline, 4).parallel.dp, 1);
        // CP 2 (4096 tokens split into 2 × 2 chunks of 1024): 8 / 2 = DP 4.
        QCOMPARE(withParallelDegree(plan, ParallelAxis::Context, 2).parallel.dp, 4);
        // Editing DP itself moves nothing else.
        const Plan dp4 = withParallelDegree(plan, ParallelAxis::Data, 4);
        QCOMPARE(dp4.parallel.dp, 4);
        QCOMPARE(dp4.parallel.tp, 1);
    }

    void aTypedInvalidValueIsKept() {
        // TP 3 divides none of Llama-2 7B's 32 heads: the value stays (the control shows the
        // error) and DP still follows: floor(8 / 3) = 2.
        const Plan tp3 = withParallelDegree(defaultPlan(), ParallelAxis::Tensor, 3);
        QCOMPARE(tp3.parallel.tp, 3);
        QCOMPARE(tp3.parallel.dp, 2);
        QVERIFY(!isValidChoice(tp3, ParallelAxis::Tensor, 3));
    }

    void pipelineStopsOnTheSixteenThousandGpuPlan() {
        const Plan plan = gpt3OnSixteenThousand();
        QVERIFY2(errorsOf(plan).isEmpty(), qPrintable(errorsOf(plan)));
        // 16,384 / TP 8 = 2,048 = 2^11 ranks per TP slot; PP must divide it to keep every GPU
        // busy and must not exceed the 96 layers: 1, 2, 4, ..., 64.
        QCOMPARE(parallelStops(plan, ParallelAxis::Pipeline),
                 (std::vector<int>{1, 2, 4, 8, 16, 32, 64}));
        // PP 32 halves the stages, so DP doubles: 2,048 / 32 = 64.
        QCOMPARE(withParallelDegree(plan, ParallelAxis::Pipeline, 32).parallel.dp, 64);
        // A typed PP 95 keeps within the cluster: DP floor(2,048 / 95) = 21, 15,960 GPUs.
        const Plan pp95 = withParallelDegree(plan, ParallelAxis::Pipeline, 95);
        QCOMPARE(pp95.parallel.dp, 21);
        QCOMPARE(world(pp95), std::int64_t{15960});
    }

    void tensorStopsDivideHeadsAndTheNode() {
        // Llama-2 7B: 32 heads, 8 GPUs a node: TP 1, 2, 4, 8 (each divides 32 and 8).
        QCOMPARE(parallelStops(defaultPlan(), ParallelAxis::Tensor),
                 (std::vector<int>{1, 2, 4, 8}));
        // DP stops: 8 / 1 = 8 ranks, so its divisors 1, 2, 4, 8.
        QCOMPARE(parallelStops(defaultPlan(), ParallelAxis::Data), (std::vector<int>{1, 2, 4, 8}));
    }

    void expertParallelDropsWhenTensorParallelGrows() {
        // Mixtral 8x7B (8 experts) on 8 GPUs, DP 8, EP 8: EP divides world / (ETP × PP) = 8.
        Plan plan = withPreset("mixtral-8x7b", 8, 1);
        plan.parallel.ep = 8;
        QVERIFY2(errorsOf(plan).isEmpty(), qPrintable(errorsOf(plan)));
        // TP 2: DP 4, ETP follows TP = 2, so experts spread over 8 / 2 = 4 ranks: EP 8 → 4.
        const Plan tp2 = withParallelDegree(plan, ParallelAxis::Tensor, 2);
        QCOMPARE(tp2.parallel.dp, 4);
        QCOMPARE(tp2.parallel.ep, 4);
        QVERIFY2(errorsOf(tp2).isEmpty(), qPrintable(errorsOf(tp2)));
    }

    void globalBatchTargetKeepsItsValue() {
        // b = 1, a = 8, d = 8: B = 64 typed. TP 2 halves d to 4, so a becomes 64 / (1 × 4) = 16.
        Plan plan = defaultPlan();
        plan.training.microBatch = 1;
        plan.training.gradAccumulation = 8;
        plan.training.globalBatch = 64;
        const Plan tp2 = withParallelDegree(plan, ParallelAxis::Tensor, 2);
        QCOMPARE(tp2.parallel.dp, 4);
        QCOMPARE(tp2.training.gradAccumulation, 16);
        QVERIFY2(errorsOf(tp2).isEmpty(), qPrintable(errorsOf(tp2)));
        // Without a target the accumulation stays and the global batch follows DP.
        plan.training.globalBatch.reset();
        QCOMPARE(withParallelDegree(plan, ParallelAxis::Tensor, 2).training.gradAccumulation, 8);
    }

    void shardingGroupAndVirtualStagesFollow() {
        // Sharding group 8 divides DP 8; with TP 2 DP becomes 4 and 8 no longer divides it:
        // the group drops to the largest divisor of 4 not above 8, which is 4.
        Plan plan = defaultPlan();
        plan.parallel.zeroStage = 3;
        plan.parallel.shardingGroup = 8;
        QCOMPARE(withParallelDegree(plan, ParallelAxis::Tensor, 2).parallel.shardingGroup, 4);
        plan = defaultPlan();
        plan.parallel.schedule = ScheduleKind::Interleaved1F1B;
        plan.parallel.pp = 2;
        plan.parallel.dp = 4;
        // Interleaved 1F1B, PP 2 × v 16 = 32 chunks of Llama-2 7B's 32 layers, one layer each.
        plan.parallel.virtualStages = 16;
        // PP 4 × v 16 = 64 chunks > 32 layers: v drops to the largest divisor of 32 / 4 = 8.
        QCOMPARE(withParallelDegree(plan, ParallelAxis::Pipeline, 4).parallel.virtualStages, 8);
    }

    // Property: on valid plans, every stop of every axis gives a plan validate() accepts.
    void everyStopGivesAValidPlan_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("default-llama2-7b-8gpu") << 0;
        QTest::newRow("gpt3-175b-16384gpu-pp64") << 1;
        QTest::newRow("mixtral-8x7b-64gpu") << 2;
        QTest::newRow("llama2-70b-1024gpu") << 3;
    }
    void everyStopGivesAValidPlan() {
        QFETCH(int, which);
        Plan plan = defaultPlan();
        if (which == 1) plan = gpt3OnSixteenThousand();
        if (which == 2) {
            plan = withPreset("mixtral-8x7b", 8, 8);
            plan.parallel.dp = 64;
            plan.parallel.ep = 8;
        }
        if (which == 3) {
            plan = withPreset("llama2-70b", 8, 128);
            plan.parallel.tp = 8;
            plan.parallel.pp = 4;
            plan.parallel.dp = 32;
        }
        QVERIFY2(errorsOf(plan).isEmpty(), qPrintable(errorsOf(plan)));
        for (ParallelAxis axis : kAxes) {
            const std::vector<int> stops = parallelStops(plan, axis);
            QVERIFY(!stops.empty());
            QVERIFY(std::is_sorted(stops.begin(), stops.end()));
            for (int stop : stops) {
                const Plan edited = withParallelDegree(plan, axis, stop);
                const QString errors = errorsOf(edited);
                QVERIFY2(errors.isEmpty(), qPrintable(QStringLiteral("axis %1 value %2: %3")
                                                          .arg(static_cast<int>(axis))
                                                          .arg(stop)
                                                          .arg(errors)));
                QVERIFY(world(edited) <=
                        std::int64_t{plan.cluster.gpusPerNode} * plan.cluster.nodes);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestParallelEdit)
#include "tst_parallel_edit.moc"
