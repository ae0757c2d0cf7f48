// SPDX-License-Identifier: MIT
#include "performance_references.h"
#include "search_plans.h"
#include "shapes_for_tests.h"

#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_json.h"
#include "core/performance/detail/performance_comm.h"
#include "core/performance/performance.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/plan/plan_patch.h"
#include "core/rules/validate.h"
#include "core/text/format.h"

#include <QTest>

#include <cmath>

using namespace fourfold::core;
using fourfold::test::MegatronRun;
using fourfold::test::performanceOf;
using fourfold::test::relativeError;

namespace {

// Narayanan et al. 2021 eq. 3 (hardware FLOPs per iteration with full recompute) and its
// model-FLOPs form without recompute (Korthikanti et al. 2022, §6: 72 instead of 96, V/12lh).
double eq3(double batch, double s, double l, double h, double vocab) {
    return 96.0 * batch * s * l * h * h * (1.0 + s / (6.0 * h) + vocab / (16.0 * l * h));
}
double modelFlopsFormula(double batch, double s, double l, double h, double vocab) {
    return 72.0 * batch * s * l * h * h * (1.0 + s / (6.0 * h) + vocab / (12.0 * l * h));
}

struct Band {
    double sum = 0;
    double worst = 0;
    int rows = 0;
};

void addRun(QTestData& row, const MegatronRun& run) {
    row << run.heads << run.hidden << run.layers << run.tp << run.pp << run.gpus << run.globalBatch
        << run.measured;
}

MegatronRun fetchRun() {
    QFETCH(int, heads);
    QFETCH(int, hidden);
    QFETCH(int, layers);
    QFETCH(int, tp);
    QFETCH(int, pp);
    QFETCH(int, gpus);
    QFETCH(int, globalBatch);
    QFETCH(double, measured);
    return {"", heads, hidden, layers, tp, pp, gpus, globalBatch, measured};
}

void runColumns() {
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("hidden");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("globalBatch");
    QTest::addColumn<double>("measured");
}

// Predicted share of peak in eq. 3 FLOPs (the paper's "% of theoretical peak").
double narayananUtilization(const MegatronRun& run) {
    const Plan plan = fourfold::test::megatronPlan(run, Recompute::Full, false);
    return performanceOf(plan).hfu;
}

double korthikantiStep(const MegatronRun& run, bool selective) {
    const Plan plan = fourfold::test::megatronPlan(
        run, selective ? Recompute::Selective : Recompute::Full, selective);
    return performanceOf(plan).stepTimeS;
}

// A Mixtral-like MoE layer stack on H100s linked by NVLink 4: 8 experts, top-2, hidden 4096,
// so a layer's compute far outlasts its all-to-all inside a node. bf16, micro-batch 1, m = 8.
Plan moePlan() {
    Plan plan = defaultPlan();
    plan.model = ModelSpec{};
    plan.model.layers = 4;
    plan.model.hidden = 4096;
    plan.model.heads = 32;
    plan.model.kvHeads = 8;
    plan.model.ffnHidden = 14336;
    plan.model.vocab = 32000;
    plan.model.sequence = 4096;
    plan.model.moe = {.experts = 8, .topK = 2, .expertFfnHidden = 0};
    plan.training.precision = Precision::Bf16;
    plan.training.microBatch = 1;
    plan.training.gradAccumulation = 8;
    plan.cluster.gpu = findGpuPreset("h100-sxm-80gb")->spec;
    plan.cluster.gpusPerNode = 8;
    plan.cluster.nodes = 1;
    plan.cluster.intraNode = findLinkPreset("nvlink4")->spec;
    return plan;
}

}  // namespace

class TestPerformance : public QObject {
    Q_OBJECT
private slots:
    void hardwareFlopsReproduceNarayananEq3_data() {
        runColumns();
        for (const MegatronRun& run : fourfold::test::kNarayanan2021Table1) {
            addRun(QTest::newRow(run.name), run);
        }
    }
    void hardwareFlopsReproduceNarayananEq3() {
        const MegatronRun run = fetchRun();
        const Plan plan = fourfold::test::megatronPlan(run, Recompute::Full, false);
        const ModelReport model = analyzeModel(plan);
        const double expected = eq3(run.globalBatch, 2048, run.layers, run.hidden, 51200);
        QVERIFY(std::fabs(hardwareFlopsPerStep(plan, model) / expected - 1.0) < 1e-12);
        const double modelExpected =
            modelFlopsFormula(run.globalBatch, 2048, run.layers, run.hidden, 51200);
        QVERIFY(std::fabs(modelFlopsPerStep(plan, model) / modelExpected - 1.0) < 1e-12);
        // Without recompute hardware and model FLOPs agree.
        Plan plain = plan;
        plain.training.recompute = Recompute::None;
        QCOMPARE(hardwareFlopsPerStep(plain, model), modelFlopsPerStep(plain, model));
    }

    void selectiveRecomputeAddsOnlyTheAttentionCore() {
        Plan plan = fourfold::test::megatronPlan(fourfold::test::kKorthikanti2022Table5Full[1],
                                                 Recompute::Selective, true);
        const ModelReport model = analyzeModel(plan);
        // Korthikanti et al. 2022 §6: HFU − MFU = the 4·b·s²·h·l recomputed score products.
        const double extra = 4.0 * 64 * 2048.0 * 2048.0 * 12288.0 * 96;
        QVERIFY(
            std::fabs((hardwareFlopsPerStep(plan, model) - modelFlopsPerStep(plan, model)) / extra -
                      1.0) < 1e-12);
    }

    // Op-level selective recompute replays k, the output projection and w3 in every layer:
    // HFU − MFU = tokens × L × 2·h·(kv + h + f), for Llama 3.1 8B 32 × 2 × 4096 × 19,456 FLOPs
    // a token (37 % of the forward's matmul FLOPs).
    void opLevelRecomputeReplaysEveryOtherMatmul() {
        Plan plan = defaultPlan();
        plan.model = fourfold::test::llama31_8b();
        plan.training.recompute = Recompute::SelectiveOp;
        const ModelReport model = analyzeModel(plan);
        const double tokens = static_cast<double>(derivedGlobalBatch(plan)) * 8192;
        const double extra = tokens * 32 * 2.0 * 4096 * (1024 + 4096 + 14336);
        QVERIFY(
            std::fabs((hardwareFlopsPerStep(plan, model) - modelFlopsPerStep(plan, model)) / extra -
                      1.0) < 1e-12);
        // Its time lies between attention-core selective recompute's and full recompute's.
        const double op = performanceOf(plan).stepTimeS;
        plan.training.recompute = Recompute::Full;
        QVERIFY(performanceOf(plan).stepTimeS > op);
        plan.training.recompute = Recompute::None;
        QVERIFY(performanceOf(plan).stepTimeS < op);
    }

    void ringCollectivesFollowTheAlphaBetaModel() {
        using namespace fourfold::core::detail;
        GroupPath path;
        path.size = 8;
        path.intraBytesPerS = 300e9;
        path.intraLatencyS = 3.4e-6;
        path.interBytesPerS = 25e9;
        path.interLatencyS = 14e-6;
        // Ring all-reduce of 1 GB over 8 NVLink ranks: 2 × (7 × 3.4 µs + 7/8 × 1e9 / 300e9).
        const double expected = 2.0 * (7 * 3.4e-6 + 7.0 / 8.0 * 1e9 / 300e9);
        QVERIFY(std::fabs(allReduceS(1e9, path) - expected) < 1e-15);
        QVERIFY(std::fabs(allGatherS(1e9, path) - expected / 2) < 1e-15);
        // 32 ranks over 4 nodes: reduce-scatter inside (8 ranks), then across 4 nodes on 1/8.
        path.size = 32;
        path.nodesSpanned = 4;
        const double hierarchical =
            (7 * 3.4e-6 + 7.0 / 8.0 * 1e9 / 300e9) + (3 * 14e-6 + 3.0 / 4.0 * 1e9 / 8 / 25e9);
        QVERIFY(std::fabs(reduceScatterS(1e9, path) - hierarchical) < 1e-15);
        // One rank per node: a flat ring over the NICs.
        path.size = 4;
        path.nodesSpanned = 4;
        QVERIFY(std::fabs(reduceScatterS(1e9, path) - (3 * 14e-6 + 0.75 * 1e9 / 25e9)) < 1e-15);
        // Point to point across nodes: α + S/β.
        QVERIFY(std::fabs(pointToPointS(1e6, path) - (14e-6 + 1e6 / 25e9)) < 1e-18);
    }

    void tensorParallelAcrossNodesPaysForTheNetwork() {
        Plan single = defaultPlan();
        single.model = fourfold::test::megatronPlan(fourfold::test::kNarayanan2021Table1[2],
                                                    Recompute::None, false)
                           .model;
        single.parallel.dp = 1;
        single.parallel.tp = 1;
        single.training.gradAccumulation = 1;
        single.cluster.nodes = 1;
        Plan wide = single;
        wide.parallel.tp = 32;
        wide.cluster.nodes = 4;
        wide.cluster.interNode = findLinkPreset("roce-100g")->spec;
        const PerformanceReport one = performanceOf(single);
        const PerformanceReport roce = performanceOf(wide);
        wide.cluster.interNode = findLinkPreset("ib-400g")->spec;
        const PerformanceReport infiniband = performanceOf(wide);
        QVERIFY(one.stepTimeS > 0 && roce.stepTimeS > 0 && infiniband.stepTimeS > 0);
        // Far from 32× faster, and the slower network gives the slower step.
        QVERIFY(one.stepTimeS / roce.stepTimeS < 8.0);
        QVERIFY(roce.stepTimeS > infiniband.stepTimeS);
        QVERIFY(roce.breakdown.tpComm > 1.5 * infiniband.breakdown.tpComm);
        QVERIFY(roce.breakdown.tpComm > roce.breakdown.compute);
    }

    // Expert parallelism over 16 ranks on two nodes of 8 (Megatron order: EP inside DP, dp 16):
    // each all-to-all sends 15/16 of the routed tokens, 7/16 over NVLink and 8/16 over the NIC at
    // once; the slower side sets the time, after 15 NIC latencies. Four all-to-alls per layer and
    // micro-batch (dispatch and combine, forward and backward).
    void expertParallelAcrossNodesPaysForTheNetwork() {
        Plan plan = moePlan();
        plan.parallel.dp = 16;
        plan.parallel.ep = 16;
        plan.cluster.nodes = 2;
        plan.cluster.interNode = findLinkPreset("ib-400g")->spec;
        const double routed = 1.0 * 4096 * 2 * 4096 * 2.0;  // b × s × top-k × h × 2 B
        const double nic = 15 * 14e-6 + 8.0 / 16.0 * routed / 50e9;
        const double nvlink = 7.0 / 16.0 * routed / 450e9;
        QVERIFY(nic > nvlink);
        const double perLayer = 4.0 * nic;
        const PerformanceReport wide = performanceOf(plan);
        QVERIFY(!wide.stages.empty());
        const double expected = plan.training.gradAccumulation * plan.model.layers * perLayer;
        QVERIFY2(std::fabs(wide.stages[0].breakdown.epComm - expected) < 1e-9 * expected,
                 qPrintable(QString::number(wide.stages[0].breakdown.epComm, 'g', 10)));
        // The same 16 ranks on one node of 16 ride NVLink only: 15 × 3.4 µs + 15/16 of the bytes.
        plan.cluster.nodes = 1;
        plan.cluster.gpusPerNode = 16;
        const double inside = plan.training.gradAccumulation * plan.model.layers * 4.0 *
                              (15 * 3.4e-6 + 15.0 / 16.0 * routed / 450e9);
        const PerformanceReport narrow = performanceOf(plan);
        QVERIFY(std::fabs(narrow.stages[0].breakdown.epComm - inside) < 1e-9 * inside);
        QVERIFY(wide.stepTimeS > narrow.stepTimeS);
    }

    // Megatron-Core's MoE layer works on each TP rank's sequence-parallel share of the tokens
    // ([s/tp, b, h]), so with TP 2 every rank dispatches half the tokens of TP 1: the same 16
    // ranks on one node of 16, EP 8 inside a TP-2 layout, move 1 × 4096 / 2 tokens × top-2 ×
    // h × 2 B each way.
    void expertTokensAreTheSequenceParallelShare() {
        Plan plan = moePlan();
        plan.cluster.nodes = 1;
        plan.cluster.gpusPerNode = 16;
        plan.parallel.dp = 8;
        plan.parallel.tp = 2;
        plan.parallel.etp = 1;
        plan.parallel.ep = 8;
        plan.parallel.sequenceParallel = true;
        const double routed = 1.0 * 4096 / 2 * 2 * 4096 * 2.0;  // b × s / tp × top-k × h × 2 B
        const double perLayer = 4.0 * (7 * 3.4e-6 + 7.0 / 8.0 * routed / 450e9);
        const double expected = plan.training.gradAccumulation * plan.model.layers * perLayer;
        const PerformanceReport report = performanceOf(plan);
        QVERIFY(!report.stages.empty());
        QVERIFY2(std::fabs(report.stages[0].breakdown.epComm - expected) < 1e-9 * expected,
                 qPrintable(QString::number(report.stages[0].breakdown.epComm, 'g', 10)));
        // The experts' activations are t · ffn / tp whatever expert TP is: etp 2 splits each
        // expert's width over the ranks that gathered twice the tokens.
        Plan wide = plan;
        wide.parallel.etp = 2;
        wide.parallel.ep = 4;
        const auto activations = [](const Plan& p) {
            const Evaluation evaluation = evaluate(p);
            const auto& items = evaluation.memory->stages.front().items;
            return items[static_cast<std::size_t>(fourfold::core::MemoryCategory::Activations)]
                .bytes;
        };
        QCOMPARE(activations(wide), activations(plan));
    }

    // Megatron-Core's combined 1F1B step (--overlap-moe-expert-parallel-comm) merges one micro-
    // batch's forward with another's backward, so each one's all-to-all runs beside the other's
    // compute. Without a pipeline every micro-batch but the first pairs up; here the compute
    // outlasts the all-to-all, so a paired all-to-all costs half its time (the contention share):
    // m = 8 gives 1/8 + 7/8 × 0.5 = 0.5625 of the plain figure.
    void moeAllToAllOverlapHidesPairedMicroBatches() {
        Plan plan = moePlan();
        plan.parallel.dp = 8;
        plan.parallel.ep = 8;
        const PerformanceReport plain = performanceOf(plan);
        plan.performance.overlapMoeA2a = true;
        const PerformanceReport overlapped = performanceOf(plan);
        QVERIFY(plain.breakdown.epComm > 0);
        QVERIFY(std::fabs(overlapped.breakdown.epComm / plain.breakdown.epComm - 0.5625) < 1e-9);
        QVERIFY(overlapped.stepTimeS < plain.stepTimeS);
        // One micro-batch has nothing to pair with.
        plan.training.gradAccumulation = 1;
        Plan single = plan;
        single.performance.overlapMoeA2a = false;
        QCOMPARE(performanceOf(plan).breakdown.epComm, performanceOf(single).breakdown.epComm);
        // With a pipeline, Megatron-Core runs it only under interleaving: 1F1B is unchanged.
        plan.training.gradAccumulation = 8;
        plan.parallel.pp = 2;
        plan.parallel.dp = 4;
        plan.parallel.ep = 4;
        plan.model.layers = 8;
        plan.parallel.schedule = ScheduleKind::OneFOneB;
        Plan noOverlap = plan;
        noOverlap.performance.overlapMoeA2a = false;
        QCOMPARE(performanceOf(plan).stages[0].breakdown.epComm,
                 performanceOf(noOverlap).stages[0].breakdown.epComm);
        // Interleaved, p = 2, v = 2, m = 8: m·v = 16 forwards per rank, warm-up (p − r − 1)·2 +
        // (v − 1)·p + 1 = 5 on rank 0 and 3 on rank 1, so 11/16 and 13/16 of them pair up.
        plan.parallel.schedule = ScheduleKind::Interleaved1F1B;
        plan.parallel.virtualStages = 2;
        noOverlap = plan;
        noOverlap.performance.overlapMoeA2a = false;
        const PerformanceReport interleaved = performanceOf(plan);
        const PerformanceReport reference = performanceOf(noOverlap);
        for (const auto& [rank, paired] : {std::pair{0, 11.0 / 16}, std::pair{1, 13.0 / 16}}) {
            const auto index = static_cast<std::size_t>(rank);
            const double ratio = interleaved.stages[index].breakdown.epComm /
                                 reference.stages[index].breakdown.epComm;
            QVERIFY2(std::fabs(ratio - (1.0 - paired * 0.5)) < 1e-9,
                     qPrintable(QString::number(ratio, 'g', 10)));
        }
    }

    // DeepSeek-V3's shape (arXiv 2412.19437: 61 layers, 256 routed experts, top-8; MLA and the
    // shared expert are left to the model) on H800s: the report's layout (PP 16, EP 64 over 8
    // nodes, ZeRO-1 DP 128, no TP, DualPipe) on 2,048 GPUs, and the issue's TP 2, PP 16, DP 32,
    // EP 64, expert TP 1 on 1,024 (EP spans the TP ranks, as Megatron-Core's expert layout
    // allows). Both validate without an error and evaluate; EP 64 crosses nodes in both, and
    // DualPipe hides a share of its all-to-all that 1F1B leaves exposed.
    void deepSeekV3LayoutsEvaluate() {
        Plan plan = defaultPlan();
        plan.model = ModelSpec{};
        plan.model.layers = 61;
        plan.model.hidden = 7168;
        plan.model.heads = 128;
        plan.model.kvHeads = 128;
        plan.model.ffnHidden = 18432;
        plan.model.vocab = 129280;
        plan.model.sequence = 4096;
        plan.model.moe = {.experts = 256, .topK = 8, .expertFfnHidden = 2048};
        plan.training.precision = Precision::Fp8;
        plan.training.microBatch = 1;
        plan.training.gradAccumulation = 120;
        plan.training.recompute = Recompute::Selective;
        plan.parallel = ParallelSpec{};
        plan.parallel.dp = 128;
        plan.parallel.pp = 16;
        plan.parallel.ep = 64;
        plan.parallel.etp = 1;
        plan.parallel.zeroStage = 1;
        plan.parallel.virtualStages = 2;
        plan.parallel.schedule = ScheduleKind::DualPipe;
        plan.cluster.gpu = findGpuPreset("h800-sxm-80gb")->spec;
        plan.cluster.nodes = 256;
        plan.cluster.intraNode = findLinkPreset("nvlink4-h800")->spec;
        plan.cluster.interNode = findLinkPreset("ib-400g")->spec;
        Plan megatron = plan;
        megatron.parallel.dp = 32;
        megatron.parallel.tp = 2;
        megatron.parallel.sequenceParallel = true;
        megatron.training.gradAccumulation = 480;
        megatron.cluster.nodes = 128;
        for (const Plan* layout : {&plan, &megatron}) {
            for (const Diagnostic& d : validate(*layout)) {
                QVERIFY2(d.severity != Severity::Error, d.message.c_str());
            }
            const Evaluation evaluation = evaluate(*layout);
            QVERIFY(evaluation.performance.has_value());
            QVERIFY(evaluation.performance->stepTimeS > 0);
            QVERIFY(evaluation.performance->breakdown.epComm > 0);
        }
        Plan oneFOneB = plan;
        oneFOneB.parallel.schedule = ScheduleKind::OneFOneB;
        oneFOneB.parallel.virtualStages = 1;
        QVERIFY(performanceOf(plan).breakdown.epComm < performanceOf(oneFOneB).breakdown.epComm);
    }

    void overlapHidesGradientReduction() {
        Plan plan = defaultPlan();
        plan.cluster.nodes = 2;
        plan.parallel.dp = 16;
        plan.performance.overlapGradReduce = false;
        const PerformanceReport exposed = performanceOf(plan);
        plan.performance.overlapGradReduce = true;
        const PerformanceReport hidden = performanceOf(plan);
        QVERIFY(exposed.breakdown.dpComm > 0);
        QVERIFY(hidden.breakdown.dpComm < exposed.breakdown.dpComm);
        QVERIFY(hidden.stepTimeS < exposed.stepTimeS);
        // The breakdown sums to the step time.
        QVERIFY(std::fabs(exposed.breakdown.total() - exposed.stepTimeS) < 1e-12);
        QVERIFY(std::fabs(hidden.breakdown.total() - hidden.stepTimeS) < 1e-12);
    }

    void fp8IsNotTwiceAsFast() {
        Plan plan = defaultPlan();
        plan.cluster.gpu = findGpuPreset("h100-sxm-80gb")->spec;
        const double bf16 = performanceOf(plan).stepTimeS;
        plan.training.precision = Precision::Fp8;
        const double fp8 = performanceOf(plan).stepTimeS;
        QVERIFY(fp8 < bf16);
        QVERIFY(bf16 / fp8 < 1.6);
    }

    void zeroBubbleSplitsTheWeightGradient() {
        Plan plan = defaultPlan();
        plan.parallel.pp = 4;
        plan.parallel.dp = 2;
        plan.parallel.schedule = ScheduleKind::OneFOneB;
        const ModelReport model = analyzeModel(plan);
        const ScheduleCosts joined = scheduleCosts(plan, model);
        plan.parallel.schedule = ScheduleKind::ZbH1;
        const ScheduleCosts split = scheduleCosts(plan, model);
        QCOMPARE(joined.forwardS.size(), std::size_t(4));
        QCOMPARE(joined.weightGradS[1], 0.0);
        QVERIFY(split.weightGradS[1] > 0);
        QVERIFY(std::fabs(split.backwardS[1] + split.weightGradS[1] - joined.backwardS[1]) < 1e-12);
        // Backward (input + weight gradients) costs about twice the forward.
        QVERIFY(joined.backwardS[1] > 1.8 * joined.forwardS[1]);
        QVERIFY(joined.backwardS[1] < 2.6 * joined.forwardS[1]);
    }

    void articleStrongScalingExample() {
        // Source article: 800 ms on one GPU, 140 ms on eight: 5.71× speedup, 71.4 % efficiency.
        QVERIFY(std::fabs(scalingSpeedup(0.800, 0.140) - 0.8 / 0.14) < 1e-12);
        QCOMPARE(std::round(scalingSpeedup(0.800, 0.140) * 100) / 100, 5.71);
        QCOMPARE(std::round(scalingEfficiency(0.800, 0.140, 8) * 1000) / 10, 71.4);
    }

    void scalingCurvesStayBelowIdeal() {
        Plan plan = defaultPlan();
        plan.cluster.nodes = 8;
        plan.parallel.dp = 8;
        plan.training.gradAccumulation = 16;
        const auto strong = scalingCurve(plan, ScalingKind::Strong, {1, 2, 4, 8, 16, 32, 64});
        QCOMPARE(strong.size(), std::size_t(7));
        QCOMPARE(strong.front().efficiency, 1.0);
        for (std::size_t i = 1; i < strong.size(); ++i) {
            QVERIFY(strong[i].stepTimeS < strong[i - 1].stepTimeS);
            QVERIFY(strong[i].efficiency <= 1.0 + 1e-9);
            QVERIFY(strong[i].speedup > strong[i - 1].speedup);
        }
        const auto weak = scalingCurve(plan, ScalingKind::Weak, {1, 8, 64});
        QCOMPARE(weak.size(), std::size_t(3));
        QVERIFY(weak[2].efficiency <= 1.0 + 1e-9);
        QVERIFY(weak[2].tokensPerS > weak[1].tokensPerS);
    }

    // A curve's points are figured without their formulas: the same numbers as a full
    // prediction of each point's own plan, which does write them.
    void scalingPointsAreTheirPlansPredictions() {
        Plan plan = defaultPlan();
        plan.cluster.nodes = 8;
        plan.parallel.dp = 8;
        plan.training.gradAccumulation = 16;
        const auto weak = scalingCurve(plan, ScalingKind::Weak, {1, 2, 8, 64});
        QCOMPARE(weak.size(), std::size_t(4));
        for (const ScalingPoint& point : weak) {
            Plan scaled = plan;
            scaled.parallel.dp = point.dp;
            scaled.cluster.nodes = std::max(1, point.dp / 8);
            const PerformanceReport full = predictPerformance(scaled);
            QVERIFY(!full.stepTimeFormula.empty());
            QCOMPARE(point.stepTimeS, full.stepTimeS);
            QCOMPARE(point.tokensPerS, full.tokensPerS);
        }
    }

    void measuredStepIsComparedWithTheStepTime() {
        Plan plan = defaultPlan();
        const PerformanceReport predicted = performanceOf(plan);
        plan.measured.stepTimeS = predicted.stepTimeS * 2;
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.measured.stepTimeError.has_value());
        QVERIFY(std::fabs(*evaluation.measured.stepTimeError + 0.5) < 1e-12);
    }

    void trainingTimeAndCost() {
        Plan plan = defaultPlan();
        plan.performance.tokenBudget = 1e12;
        plan.performance.pricePerGpuHour = 2.0;
        const PerformanceReport report = performanceOf(plan);
        const double tokensPerStep = 64.0 * 4096;
        const double steps = std::ceil(1e12 / tokensPerStep);
        QCOMPARE(report.training.steps, steps);
        QVERIFY(std::fabs(report.training.days - steps * report.stepTimeS / 86400) < 1e-9);
        QVERIFY(std::fabs(report.training.gpuHours - steps * report.stepTimeS / 3600 * 8) < 1e-6);
        QVERIFY(std::fabs(report.training.cost - 2.0 * report.training.gpuHours) < 1e-6);
        QVERIFY(report.training.eq4Days > 0);
    }

    void planOptionsRoundTrip() {
        const PlanParse parse = parsePlan(R"({
          "schema": "fourfold.plan/1",
          "cluster": { "gpu": { "name": "h100-sxm-80gb",
                                "efficiency": { "gemm": 0.7, "gemm_half_dim": 64 } } },
          "performance": { "overlap_tp_comm": true, "overlap_moe_a2a": true,
                           "data_loading_s": 0.05,
                           "token_budget": 2e12, "price_per_gpu_hour": 2.5 },
          "checkpoint": { "storage_gbps": 40, "mtbf_hours_per_gpu": 30000, "restart_s": 300 }
        })");
        QVERIFY(parse.plan.has_value());
        const Plan& plan = *parse.plan;
        QCOMPARE(plan.cluster.gpuEfficiency.gemm, 0.7);
        QCOMPARE(plan.cluster.gpuEfficiency.gemmHalfDim, 64.0);
        QCOMPARE(plan.cluster.gpu.peakTflops.bf16, 989.4);
        QVERIFY(plan.performance.overlapTpComm);
        QVERIFY(plan.performance.overlapMoeA2a);
        QCOMPARE(plan.performance.dataLoadingS, 0.05);
        QCOMPARE(plan.performance.tokenBudget, 2e12);
        QCOMPARE(plan.performance.pricePerGpuHour, 2.5);
        QCOMPARE(plan.checkpoint.storageGbps, 40.0);
        QCOMPARE(plan.checkpoint.mtbfHoursPerGpu, 30000.0);
        QCOMPARE(plan.checkpoint.restartS, 300.0);
        const PlanParse again = parsePlan(planToJson(plan));
        QVERIFY(again.plan.has_value());
        QVERIFY(*again.plan == plan);
        // The defaults write nothing new.
        QVERIFY(planToJson(defaultPlan()).find("\"performance\"") == std::string::npos);
        // Out of range: an error on the key.
        const PlanParse bad = parsePlan(R"({"performance": {"data_loading_s": -1}})");
        QVERIFY(std::any_of(bad.diagnostics.begin(), bad.diagnostics.end(),
                            [](const auto& d) { return d.path == "/performance/data_loading_s"; }));
    }

    void narayananTable1Utilization_data() {
        runColumns();
        for (const MegatronRun& run : fourfold::test::kNarayanan2021Table1) {
            addRun(QTest::newRow(run.name), run);
        }
    }
    void narayananTable1Utilization() {
        const MegatronRun run = fetchRun();
        const double measured = run.measured / 312.0;
        const double predicted = narayananUtilization(run);
        const double error = relativeError(predicted, measured);
        qInfo("%s: predicted %.1f %% of peak, measured %.1f %%, error %+.1f %%",
              QTest::currentDataTag(), predicted * 100, measured * 100, error * 100);
        QVERIFY2(std::fabs(error) <= 0.20, "each row within 20 %");
    }

    void korthikantiTable5StepTime_data() {
        runColumns();
        QTest::addColumn<bool>("selective");
        for (bool selective : {false, true}) {
            const auto& runs = selective ? fourfold::test::kKorthikanti2022Table5Selective
                                         : fourfold::test::kKorthikanti2022Table5Full;
            for (const MegatronRun& run : runs) {
                QTestData& row = QTest::newRow(run.name);
                addRun(row, run);
                row << selective;
            }
        }
    }
    void korthikantiTable5StepTime() {
        const MegatronRun run = fetchRun();
        QFETCH(bool, selective);
        const double error = relativeError(korthikantiStep(run, selective), run.measured);
        QVERIFY2(std::fabs(error) <= 0.20, "each row within 20 %");
    }

    void validationBands() {
        Band narayanan;
        for (const MegatronRun& run : fourfold::test::kNarayanan2021Table1) {
            const double error =
                std::fabs(relativeError(narayananUtilization(run), run.measured / 312.0));
            narayanan.sum += error;
            narayanan.worst = std::max(narayanan.worst, error);
            ++narayanan.rows;
        }
        Band korthikanti;
        for (bool selective : {false, true}) {
            const auto& runs = selective ? fourfold::test::kKorthikanti2022Table5Selective
                                         : fourfold::test::kKorthikanti2022Table5Full;
            for (const MegatronRun& run : runs) {
                const double predicted = korthikantiStep(run, selective);
                const double error = relativeError(predicted, run.measured);
                qInfo("%s: predicted %.2f s, measured %.2f s, error %+.1f %%", run.name, predicted,
                      run.measured, error * 100);
                korthikanti.sum += std::fabs(error);
                korthikanti.worst = std::max(korthikanti.worst, std::fabs(error));
                ++korthikanti.rows;
            }
        }
        qInfo(
            "Narayanan Table 1: mean %.1f %%, worst %.1f %%; Korthikanti Table 5: mean %.1f %%, "
            "worst %.1f %%",
            100 * narayanan.sum / narayanan.rows, 100 * narayanan.worst,
            100 * korthikanti.sum / korthikanti.rows, 100 * korthikanti.worst);
        QVERIFY(narayanan.sum / narayanan.rows <= 0.10);
        QVERIFY(narayanan.worst <= 0.20);
        QVERIFY(korthikanti.sum / korthikanti.rows <= 0.10);
        QVERIFY(korthikanti.worst <= 0.20);
    }
    // Step time, tokens/s and MFU carry their formulas as data, and each formula evaluated
    // from its terms gives the figure (tokens/s by hand: B·s / T).
    void headlineFiguresExplainThemselves() {
        const Plan plan = defaultPlan();
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.performance.has_value());
        const PerformanceReport& p = *evaluation.performance;
        QVERIFY(p.stepTimeS > 0);
        const auto close = [](double a, double b) {
            return std::fabs(a - b) <= 1e-9 * std::fabs(b);
        };
        QVERIFY(close(evaluateFigure(p.stepTimeExplain), p.stepTimeS));
        QVERIFY(close(p.stepTimeExplain.value, p.stepTimeS));
        QVERIFY(close(evaluateFigure(p.tokensPerSExplain), p.tokensPerS));
        const double tokensPerStep = 64.0 * 4096;  // global batch 1 × 8 × 8, sequence 4096
        QVERIFY(close(p.tokensPerS, tokensPerStep / p.stepTimeS));
        QVERIFY(close(evaluateFigure(p.tokensPerSPerGpuExplain), p.tokensPerS / 8));
        QVERIFY(close(evaluateFigure(p.mfuExplain), p.mfu));
        QCOMPARE(p.mfuExplain.unit, std::string(units::kFraction));
        QVERIFY(p.mfuExplain.source.find("Narayanan et al. 2021, eq. 3") != std::string::npos);
        // The step's parts are the critical stage's breakdown.
        QVERIFY(close(p.stepTimeExplain.terms.front().value, p.breakdown.compute));
        QCOMPARE(QString::fromStdString(
                     formatQuantity(p.tokensPerS, units::kTokensPerSecond, ByteUnits::Decimal)),
                 QString::fromStdString(formatCount(p.tokensPerS) + " tokens/s"));
        // And they reach the JSON under performance.explain.
        const auto json = evaluationToJsonValue(evaluation);
        QCOMPARE(json["performance"]["explain"]["mfu"]["value"].get<double>(), p.mfu);
        QCOMPARE(json["performance"]["explain"]["step_time_s"]["unit"].get<std::string>(),
                 std::string("s"));
    }

    // GPT-3 175B on 1,024 A100s, 16 stages of 6 layers: the last stage also holds the output layer
    // (2hV FLOPs a token against a layer's 24h² + 4sh, so about 5.5 % more compute: Narayanan et
    // al. 2021 eq. 3's V/(16lh) term, all on one stage). It has the most work and the least bubble;
    // the others wait for it.
    void busiestStageSetsThePace() {
        const Evaluation evaluation = evaluate(fourfold::test::gpt3OnA100s());
        QVERIFY(evaluation.performance.has_value());
        const PerformanceReport& p = *evaluation.performance;
        QCOMPARE(p.stages.size(), std::size_t{16});
        QCOMPARE(p.busiestStage, 15);
        QVERIFY(!p.stagesAlike);                                    // one bar per stage in the app
        QVERIFY(evaluate(defaultPlan()).performance->stagesAlike);  // one stage: one bar
        const auto work = [](const StagePerformance& stage) {
            return stage.forwardS + stage.backwardS + stage.weightGradS;
        };
        const StagePerformance& busiest = p.stages[15];
        const double h = 12288, s = 2048, vocab = 50257;
        const double extra = 2 * h * vocab / (6 * (24 * h * h + 4 * s * h));
        const double computeRatio =
            busiest.breakdown.compute / p.stages[7].breakdown.compute;  // the GEMMs' time
        QVERIFY2(std::fabs(computeRatio - 1 - extra) < 0.01,
                 qPrintable(QString::number(computeRatio)));
        for (const StagePerformance& stage : p.stages) {
            QVERIFY(work(stage) <= work(busiest));
            QVERIFY(busiest.breakdown.bubble <= stage.breakdown.bubble);
        }
        const auto json = evaluationToJsonValue(evaluation);
        QCOMPARE(json["performance"]["busiest_stage"].get<int>(), 15);
        QCOMPARE(json["performance"]["critical_stage"].get<int>(), p.criticalStage);
    }

    // A handful of sizes around the plan's data-parallel degree, the plan's own among them.
    void scalingSizesAreBounded() {
        Plan plan = defaultPlan();
        plan.parallel.dp = 1;
        QCOMPARE(scalingDataParallelSizes(plan), (std::vector<int>{1, 2, 4, 8}));
        plan.parallel.dp = 64;
        QCOMPARE(scalingDataParallelSizes(plan), (std::vector<int>{8, 16, 32, 64, 128, 256}));
        plan.parallel.dp = 12;
        QCOMPARE(scalingDataParallelSizes(plan), (std::vector<int>{1, 2, 4, 8, 12, 16, 32}));
    }

    // evaluate() carries both curves; the plan's own point is the plan's step, and the
    // speedup and efficiency follow T₁/T_N and T₁·N₁/(N·T_N) from the first point.
    void evaluationCarriesScalingCurves() {
        Plan plan = defaultPlan();
        plan.parallel.dp = 4;
        plan.training.gradAccumulation = 16;
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.scaling.has_value());
        const auto& strong = evaluation.scaling->strong;
        const auto& weak = evaluation.scaling->weak;
        QCOMPARE(strong, scalingCurve(plan, ScalingKind::Strong, scalingDataParallelSizes(plan)));
        QCOMPARE(weak.size(), scalingDataParallelSizes(plan).size());
        QVERIFY(strong.size() >= 4);
        const ScalingPoint& base = strong.front();
        QCOMPARE(base.dp, 1);
        for (const ScalingPoint& point : strong) {
            QVERIFY(std::fabs(point.speedup - base.stepTimeS / point.stepTimeS) < 1e-12);
            const double n = static_cast<double>(point.gpus) / static_cast<double>(base.gpus);
            QVERIFY(std::fabs(point.efficiency - base.stepTimeS / (n * point.stepTimeS)) < 1e-12);
            if (point.dp == 4) {
                QVERIFY(std::fabs(point.stepTimeS - evaluation.performance->stepTimeS) <=
                        1e-9 * point.stepTimeS);
            }
            // The cluster's MTBF is the per-GPU MTBF shared over the GPUs.
            QVERIFY(std::fabs(point.clusterMtbfS * static_cast<double>(point.gpus) -
                              base.clusterMtbfS * static_cast<double>(base.gpus)) <=
                    1e-6 * base.clusterMtbfS * static_cast<double>(base.gpus));
        }
        QVERIFY(weak.back().clusterMtbfS < weak.front().clusterMtbfS);
        QVERIFY(weak.back().goodput <= weak.front().goodput);
        const auto json = evaluationToJsonValue(evaluation);
        QCOMPARE(json["performance"]["scaling"]["strong"].size(), strong.size());
        // A plan with errors carries no curves.
        plan.parallel.tp = 3;
        QVERIFY(!evaluate(plan).scaling.has_value());
    }

    // Each what-if reports the step its changed plan takes: the plan its patch gives,
    // evaluated in full.
    void whatIfsReportTheirStepTime() {
        const Evaluation evaluation = evaluate(defaultPlan());
        QVERIFY(evaluation.memory.has_value());
        QVERIFY(!evaluation.memory->whatIfs.empty());
        for (const WhatIf& hint : evaluation.memory->whatIfs) {
            const PlanParse changed = applyPlanPatch(evaluation.plan, hint.patch);
            QVERIFY(changed.plan.has_value());
            const Evaluation other = evaluate(*changed.plan);
            QVERIFY(other.performance.has_value());
            QVERIFY2(std::fabs(hint.stepTimeS - other.performance->stepTimeS) <=
                         1e-9 * other.performance->stepTimeS,
                     hint.change.c_str());
        }
    }

    // A memo of compiled schedules changes no figure: it times each plan's stage costs on the
    // shape compiled once (ZeRO-1 → 2 and a larger micro-batch keep p, m and v; a doubled
    // accumulation does not), to the same step as a full simulation.
    void scheduleMemoReusesOnlyTheSamePipeline() {
        Plan zero1 = defaultPlan();
        zero1.parallel.zeroStage = 1;
        Plan zero2 = zero1;
        zero2.parallel.zeroStage = 2;
        Plan larger = zero1;
        larger.training.microBatch *= 2;
        Plan longer = zero1;
        longer.training.gradAccumulation *= 2;
        Plan recompute = zero1;
        recompute.training.recompute = Recompute::Full;
        ScheduleMemo memo;
        for (const Plan& plan : {zero1, zero2, larger, longer, recompute, zero2}) {
            const PerformanceReport alone = predictPerformance(plan);
            const PerformanceReport shared = predictPerformance(plan, memo);
            QCOMPARE(shared.stepTimeS, alone.stepTimeS);
            QCOMPARE(shared.mfu, alone.mfu);
            QCOMPARE(shared.tokensPerS, alone.tokensPerS);
            QCOMPARE(shared.breakdown.bubble, alone.breakdown.bubble);
        }
        QCOMPARE(memo.shapes(), std::size_t{2});
    }
};

QTEST_GUILESS_MAIN(TestPerformance)
#include "tst_performance.moc"
