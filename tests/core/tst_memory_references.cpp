// SPDX-License-Identifier: MIT
// The reference conventions against the references' own numbers: the ZeRO paper's Figure 1,
// Korthikanti et al. 2022's per-layer activations, Megatron-LM's theoretical memory and
// DeepSpeed's ZeRO-2/3 model-state estimators. Where the full accounting differs, the test
// prints both numbers (docs/memory.md says why).
#include "shapes_for_tests.h"

#include "core/advice/what_ifs.h"
#include "core/memory/detail/memory_activations.h"
#include "core/memory/memory.h"
#include "core/memory/memory_common.h"
#include "core/text/format.h"

#include <QTest>

using namespace fourfold::core;
using namespace fourfold::test;

namespace {

std::uint64_t bytesOf(const StageMemory& stage, MemoryCategory category) {
    return stage.items[static_cast<std::size_t>(category)].bytes;
}

std::uint64_t modelState(const StageMemory& stage) {
    return bytesOf(stage, MemoryCategory::Weights) + bytesOf(stage, MemoryCategory::MasterWeights) +
           bytesOf(stage, MemoryCategory::Gradients) +
           bytesOf(stage, MemoryCategory::OptimizerStates);
}

MemoryReport estimate(const Plan& plan) {
    return estimateMemoryWithWhatIfs(plan, analyzeModel(plan));
}

void showBoth(const char* what, double reference, double fourfold) {
    qInfo("%s: reference %s, full accounting %s", what,
          formatBytes(static_cast<std::uint64_t>(reference)).c_str(),
          formatBytes(static_cast<std::uint64_t>(fourfold)).c_str());
}

}  // namespace

class TestMemoryReferences : public QObject {
    Q_OBJECT
private slots:
    // Rajbhandari et al. 2020, Figure 1: Ψ = 7.5B, Nd = 64, K = 12.
    // Baseline (2 + 2 + K)Ψ = 120 GB; P_os 4Ψ + KΨ/Nd = 31.4 GB; P_os+g 2Ψ + (2 + K)Ψ/Nd =
    // 16.6 GB; P_os+g+p (4 + K)Ψ/Nd = 1.9 GB.
    void zeroPaperFigure1_data() {
        QTest::addColumn<int>("zero");
        QTest::addColumn<double>("expected");
        QTest::newRow("zero-fig1-baseline-120GB") << 0 << 120e9;
        QTest::newRow("zero-fig1-pos-31.4GB") << 1 << 31.40625e9;
        QTest::newRow("zero-fig1-pos+g-16.6GB") << 2 << 16.640625e9;
        QTest::newRow("zero-fig1-pos+g+p-1.9GB") << 3 << 1.875e9;
    }
    void zeroPaperFigure1() {
        QFETCH(int, zero);
        QFETCH(double, expected);
        Plan plan;
        plan.model = llama2_7b();
        plan.model.parameters = 7.5e9;
        plan.parallel.dp = 64;
        plan.parallel.zeroStage = zero;
        plan.cluster.gpu.memoryBytes = 80ULL << 30;
        plan.memory.convention = MemoryConvention::ZeroPaper;
        const auto report = estimate(plan);
        QCOMPARE(double(report.peakBytes), expected);
        QCOMPARE(double(modelState(report.stages[0])), expected);
        plan.memory.convention = MemoryConvention::Fourfold;
        const auto full = estimate(plan);
        // fp32 gradients (4 B, not 2), activations, buffers, framework, fragmentation.
        QVERIFY(full.peakBytes > report.peakBytes);
        showBoth(QTest::currentDataTag(), expected, double(full.peakBytes));
    }

    // Korthikanti et al. 2022, eq. 1–2 and Table 2, GPT-3 175B: s = 2048, h = 12288, a = 96,
    // t = 8, b = 1 (5as/h = 80). Bytes per layer per micro-batch.
    void korthikantiTable2_data() {
        QTest::addColumn<int>("tp");
        QTest::addColumn<bool>("sequenceParallel");
        QTest::addColumn<int>("recompute");
        QTest::addColumn<bool>("flash");
        QTest::addColumn<double>("expected");
        const double s = 2048, b = 1, h = 12288, a = 96, t = 8;
        const double sbh = s * b * h;
        const int none = int(Recompute::None);
        const int selective = int(Recompute::Selective);
        QTest::newRow("korthikanti22-eq1-no-parallelism")
            << 1 << false << none << false << sbh * (34 + 5 * a * s / h);
        QTest::newRow("korthikanti22-eq2-tensor-parallel")
            << 8 << false << none << false << sbh * (10 + 24 / t + 5 * a * s / (h * t));
        QTest::newRow("korthikanti22-table2-tp-sp")
            << 8 << true << none << false << sbh / t * (34 + 5 * a * s / h);
        QTest::newRow("korthikanti22-table2-tp-selective")
            << 8 << false << selective << false << sbh * (10 + 24 / t);
        QTest::newRow("korthikanti22-table2-tp-sp-selective")
            << 8 << true << selective << false << sbh / t * 34;
        QTest::newRow("korthikanti22-table2-full-recompute")
            << 8 << false << int(Recompute::Full) << false << 2 * sbh;
        // Our adaptation: flash attention never stores the 5as²b score matrices.
        QTest::newRow("fourfold-flash-attention-drops-5as/h")
            << 1 << false << none << true << sbh * 34;
    }
    void korthikantiTable2() {
        QFETCH(int, tp);
        QFETCH(bool, sequenceParallel);
        QFETCH(int, recompute);
        QFETCH(bool, flash);
        QFETCH(double, expected);
        Plan plan;
        plan.model = gpt3_175b();
        plan.parallel.tp = tp;
        plan.parallel.sequenceParallel = sequenceParallel;
        plan.training.flashAttention = flash;
        plan.training.microBatch = 1;
        const ModelReport model = analyzeModel(plan);
        const auto inputs = detail::memoryInputs(plan, model);
        const auto layer = detail::layerActivations(inputs, static_cast<Recompute>(recompute));
        QCOMPARE(layer.bytes, expected);
    }

    // Megatron-LM, megatron/training/theoretical_memory_usage.py, for a GPT-3-175B-like model
    // (vocab padded to 51200, tied) at TP 8, PP 8, DP 16, SP + selective recompute, b 1, 64
    // micro-batches. The reference is computed here from the published formula.
    void megatronTheoretical_data() {
        QTest::addColumn<bool>("distributedOptimizer");
        QTest::newRow("megatron-theoretical-18B-per-param") << false;
        QTest::newRow("megatron-theoretical-distributed-6+12/dp") << true;
    }
    void megatronTheoretical() {
        QFETCH(bool, distributedOptimizer);
        Plan plan;
        plan.model = gpt3_175b();
        plan.model.vocab = 51200;
        plan.parallel.tp = 8;
        plan.parallel.pp = 8;
        plan.parallel.dp = 16;
        plan.parallel.sequenceParallel = true;
        plan.parallel.zeroStage = distributedOptimizer ? 1 : 0;
        plan.training.recompute = Recompute::Selective;
        plan.training.microBatch = 1;
        plan.training.gradAccumulation = 64;
        plan.cluster.gpu.memoryBytes = 80ULL << 30;
        plan.memory.convention = MemoryConvention::Megatron;

        // The published formula, written out.
        const double h = 12288, layers = 96, vocab = 51200, ffn = 4 * h, s = 2048, b = 1;
        const double tp = 8, pp = 8, dp = 16, microBatches = 64;
        const double normSize = 2;  // LayerNorm
        const double attention = 2 * h * h * (1 + 96.0 / 96.0);
        const double layer = 2 * h * (ffn * 1.0 + normSize) + attention;
        const double block = layer * layers + normSize * h;
        const double embedding = h * vocab;
        const double mostLoaded = (block / pp + embedding) / tp;
        const double bytesPerParameter = distributedOptimizer ? 6 + 12 / dp : 18;
        const double weightAndOptimizer = mostLoaded * bytesPerParameter;
        double activation = s * b * h * (18 + 4 * ffn / h) * layers;
        activation += 8 * s * b * pp + s * b * h * pp;
        activation *= std::min(1.0, microBatches / pp);
        activation /= tp;

        const auto report = estimate(plan);
        const auto& first = report.stages[0];
        QVERIFY(std::abs(double(modelState(first)) - weightAndOptimizer) <= 4);
        QVERIFY(std::abs(double(bytesOf(first, MemoryCategory::Activations)) - activation) <= 1);
        qInfo("Megatron stage 0: weight and optimizer %.2f MB, activation %.2f MB",
              weightAndOptimizer / 1048576.0, activation / 1048576.0);
        // Other stages hold block / (p·t) parameters.
        QVERIFY(std::abs(double(modelState(report.stages[3])) -
                         block / (pp * tp) * bytesPerParameter) <= 4);

        plan.memory.convention = MemoryConvention::Fourfold;
        const auto full = estimate(plan);
        showBoth(QTest::currentDataTag(), weightAndOptimizer + activation,
                 double(full.stages[0].totalBytes));
    }

    // DeepSpeed's estimators (stage_1_and_2.py, stage3.py) for Llama-2 7B
    // (Ψ = 6,738,415,616; largest layer = the 32000 × 4096 embedding = 131,072,000) on one node
    // of 8 GPUs, additional_buffer_factor 1.5. GPU and per-CPU bytes written out.
    void deepSpeedEstimators_data() {
        QTest::addColumn<int>("zero");
        QTest::addColumn<int>("offload");
        QTest::addColumn<quint64>("gpu");
        QTest::addColumn<quint64>("cpu");
        const int none = int(Offload::None);
        // 2Ψ + int(18Ψ/8); CPU Ψ·4·8·1.5
        QTest::newRow("deepspeed-zero2")
            << 2 << none << quint64(28'638'266'368ULL) << quint64(323'443'949'568ULL);
        // 2Ψ; CPU Ψ·max(4·8, 16)·1.5
        QTest::newRow("deepspeed-zero2-offload")
            << 2 << int(Offload::OptimizerCpu) << quint64(13'476'831'232ULL)
            << quint64(323'443'949'568ULL);
        // 4·largest + int(18Ψ/8); CPU largest·4·8·1.5 (zero_init)
        QTest::newRow("deepspeed-zero3")
            << 3 << none << quint64(15'685'723'136ULL) << quint64(6'291'456'000ULL);
        // 4·largest + int(2Ψ/8); CPU Ψ·16·1.5
        QTest::newRow("deepspeed-zero3-offload-optimizer")
            << 3 << int(Offload::OptimizerCpu) << quint64(2'208'891'904ULL)
            << quint64(161'721'974'784ULL);
        // 4·largest; CPU Ψ·18·1.5
        QTest::newRow("deepspeed-zero3-offload-all")
            << 3 << int(Offload::OptimizerAndParamsCpu) << quint64(524'288'000ULL)
            << quint64(181'937'221'632ULL);
    }
    void deepSpeedEstimators() {
        QFETCH(int, zero);
        QFETCH(int, offload);
        QFETCH(quint64, gpu);
        QFETCH(quint64, cpu);
        Plan plan;
        plan.model = llama2_7b();
        plan.parallel.dp = 8;
        plan.parallel.zeroStage = zero;
        plan.parallel.offload = static_cast<Offload>(offload);
        plan.cluster.gpusPerNode = 8;
        plan.cluster.gpu.memoryBytes = 80ULL << 30;
        plan.memory.convention = MemoryConvention::DeepSpeed;
        const auto report = estimate(plan);
        QCOMPARE(quint64(report.stages[0].totalBytes), gpu);
        QCOMPARE(quint64(report.hostBytesPerNode), cpu);
        plan.memory.convention = MemoryConvention::Fourfold;
        showBoth(QTest::currentDataTag(), double(gpu), double(estimate(plan).peakBytes));
    }
};

QTEST_APPLESS_MAIN(TestMemoryReferences)
#include "tst_memory_references.moc"
