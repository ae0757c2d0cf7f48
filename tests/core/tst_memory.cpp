// SPDX-License-Identifier: MIT
// The full accounting (Fourfold convention): the source article's worked numbers, the ZeRO
// sharding table, TP/EP splits, in-flight activations, offload, buffers, what-ifs and JSON.
#include "shapes_for_tests.h"

#include "core/advice/what_ifs.h"
#include "core/memory/memory.h"
#include "core/memory/memory_common.h"
#include "core/memory/memory_json.h"
#include "core/schedule/schedule.h"
#include "core/text/explained.h"
#include "core/text/format.h"

#include <QTest>

using namespace fourfold::core;
using namespace fourfold::test;

namespace {

constexpr std::uint64_t kGiB = 1ULL << 30;

std::uint64_t bytesOf(const StageMemory& stage, MemoryCategory category) {
    return stage.items[static_cast<std::size_t>(category)].bytes;
}

// The figure's line as the CLI prints it, in GB.
std::string formulaOf(const StageMemory& stage, MemoryCategory category) {
    return explainedLine(categoryKey(category),
                         stage.items[static_cast<std::size_t>(category)].explain,
                         ByteUnits::Decimal);
}

std::uint64_t modelState(const StageMemory& stage) {
    return bytesOf(stage, MemoryCategory::Weights) + bytesOf(stage, MemoryCategory::MasterWeights) +
           bytesOf(stage, MemoryCategory::Gradients) +
           bytesOf(stage, MemoryCategory::OptimizerStates);
}

// One GPU, one stage, the given count: the article's single-card setting.
Plan singleGpu(double parameters) {
    Plan plan;
    plan.model = llama2_7b();
    plan.model.parameters = parameters;
    plan.parallel.dp = 1;
    plan.training.gradAccumulation = 1;
    plan.cluster.gpu.memoryBytes = 80 * kGiB;
    return plan;
}

MemoryReport estimate(const Plan& plan) {
    return estimateMemoryWithWhatIfs(plan, analyzeModel(plan));
}

}  // namespace

class TestMemory : public QObject {
    Q_OBJECT
private slots:
    // Source article: 7B × 2 bytes in FP16 ≈ 14 GB of weights.
    void articleWeights7b() {
        Plan plan = singleGpu(7e9);
        plan.training.precision = Precision::Fp16;
        const auto report = estimate(plan);
        QCOMPARE(quint64(bytesOf(report.stages[0], MemoryCategory::Weights)),
                 quint64(14'000'000'000ULL));
        QVERIFY(formulaOf(report.stages[0], MemoryCategory::Weights).find("14.0 GB") !=
                std::string::npos);
    }

    // Source article: mixed precision with Adam keeps 2 + 2 + 4 + 8 = 16 B per parameter,
    // ~112 GB for 7B before activations; with other optimizers 12–20 B per parameter.
    void articleBytesPerParameter_data() {
        QTest::addColumn<int>("optimizer");
        QTest::addColumn<int>("gradDtype");
        QTest::addColumn<int>("expectedPerParameter");
        const int adam = int(OptimizerKind::Adam);
        QTest::newRow("article-adam-fp16-grads-16B") << adam << int(Precision::Fp16) << 16;
        QTest::newRow("article-adamw-fp32-grads-18B")
            << int(OptimizerKind::AdamW) << int(Precision::Fp32) << 18;
        QTest::newRow("article-sgd-momentum-12B")
            << int(OptimizerKind::SgdMomentum) << int(Precision::Fp16) << 12;
        QTest::newRow("article-lion-12B") << int(OptimizerKind::Lion) << int(Precision::Fp16) << 12;
        QTest::newRow("article-lion-fp32-grads-14B")
            << int(OptimizerKind::Lion) << int(Precision::Fp32) << 14;
        // Dettmers et al. 2022: two 8-bit moments (2 B) instead of 8 B: below the range.
        QTest::newRow("dettmers22-adam-8bit-10B")
            << int(OptimizerKind::Adam8bit) << int(Precision::Fp16) << 10;
        QTest::newRow("plain-sgd-8B") << int(OptimizerKind::Sgd) << int(Precision::Fp16) << 8;
    }
    void articleBytesPerParameter() {
        QFETCH(int, optimizer);
        QFETCH(int, gradDtype);
        QFETCH(int, expectedPerParameter);
        Plan plan = singleGpu(7e9);
        plan.training.precision = Precision::Fp16;
        plan.training.optimizer = static_cast<OptimizerKind>(optimizer);
        plan.training.gradDtype = static_cast<Precision>(gradDtype);
        const auto report = estimate(plan);
        QCOMPARE(quint64(modelState(report.stages[0])),
                 quint64(std::uint64_t(expectedPerParameter) * 7'000'000'000ULL));
        if (optimizer == int(OptimizerKind::Adam) && gradDtype == int(Precision::Fp16)) {
            QCOMPARE(quint64(modelState(report.stages[0])), quint64(112'000'000'000ULL));
        }
        // The report carries the same sum and the per-parameter figure the views show.
        QCOMPARE(quint64(report.stages[0].modelStateBytes), quint64(modelState(report.stages[0])));
        QCOMPARE(report.stages[0].bytesPerParameter, double(expectedPerParameter));
    }

    // The byte rules the memory, step and checkpoint figures share (memory_common.h).
    void byteRules_data() {
        QTest::addColumn<int>("precision");
        QTest::addColumn<bool>("masterWeights");
        QTest::addColumn<double>("weight");
        QTest::addColumn<double>("master");
        QTest::addColumn<double>("activation");
        QTest::newRow("micikevicius18-fp16-with-fp32-master")
            << int(Precision::Fp16) << true << 2.0 << 4.0 << 2.0;
        QTest::newRow("bf16-without-master") << int(Precision::Bf16) << false << 2.0 << 0.0 << 2.0;
        QTest::newRow("fp32-needs-no-master") << int(Precision::Fp32) << true << 4.0 << 0.0 << 4.0;
        // Transformer Engine keeps 16-bit weights and casts them to FP8 per matmul.
        QTest::newRow("transformer-engine-fp8-keeps-16-bit-weights")
            << int(Precision::Fp8) << true << 2.0 << 4.0 << 2.0;
    }
    void byteRules() {
        QFETCH(int, precision);
        QFETCH(bool, masterWeights);
        QFETCH(double, weight);
        QFETCH(double, master);
        QFETCH(double, activation);
        TrainingSpec training;
        training.precision = static_cast<Precision>(precision);
        training.masterWeights = masterWeights;
        QCOMPARE(detail::weightBytesPerParameter(training.precision), weight);
        QCOMPARE(detail::masterBytesPerParameter(training), master);
        QCOMPARE(detail::activationBytesPerElement(training.precision), activation);
    }

    // Parameter offload (ZeRO-Infinity) moves ZeRO-3's shards: without ZeRO-3 nothing moves.
    void parameterOffloadNeedsZero3_data() {
        QTest::addColumn<int>("offload");
        QTest::addColumn<int>("zeroStage");
        QTest::addColumn<bool>("optimizerMoves");
        QTest::addColumn<bool>("parametersMove");
        QTest::newRow("none") << int(Offload::None) << 3 << false << false;
        QTest::newRow("ren21-optimizer-cpu") << int(Offload::OptimizerCpu) << 3 << true << false;
        QTest::newRow("rajbhandari21-cpu-zero3")
            << int(Offload::OptimizerAndParamsCpu) << 3 << true << true;
        QTest::newRow("rajbhandari21-nvme-zero3") << int(Offload::Nvme) << 3 << true << true;
        QTest::newRow("params-cpu-zero2")
            << int(Offload::OptimizerAndParamsCpu) << 2 << true << false;
    }
    void parameterOffloadNeedsZero3() {
        QFETCH(int, offload);
        QFETCH(int, zeroStage);
        QFETCH(bool, optimizerMoves);
        QFETCH(bool, parametersMove);
        ParallelSpec parallel;
        parallel.offload = static_cast<Offload>(offload);
        parallel.zeroStage = zeroStage;
        QCOMPARE(detail::offloadsOptimizer(parallel.offload), optimizerMoves);
        QCOMPARE(detail::parametersOffloaded(parallel), parametersMove);
    }

    // Source article: a 131072 × 262144 matrix is ≈ 34.4B parameters, ≈ 68.7 GB in FP16.
    void articleSingleLayer() {
        const double count = 131072.0 * 262144.0;
        Plan plan = singleGpu(count);
        plan.training.precision = Precision::Fp16;
        const auto report = estimate(plan);
        QCOMPARE(quint64(report.stages[0].parameters), quint64(34'359'738'368ULL));
        QCOMPARE(
            QString::fromStdString(formatBytes(bytesOf(report.stages[0], MemoryCategory::Weights))),
            QStringLiteral("68.7 GB"));
        QVERIFY(!report.fits);  // "a single card cannot hold it"
        const StageMemory& stage = report.stages[0];
        QCOMPARE(quint64(stage.bytesOverUsable), quint64(stage.totalBytes - report.usableBytes));
    }

    // Source article's table: DP replicates all; ZeRO-1 shards optimizer states; ZeRO-2 also
    // gradients; ZeRO-3 also parameters. Master weights are optimizer state (ZeRO §5.1).
    void zeroTable_data() {
        QTest::addColumn<int>("zero");
        QTest::addColumn<bool>("optimizerSharded");
        QTest::addColumn<bool>("gradientsSharded");
        QTest::addColumn<bool>("weightsSharded");
        QTest::newRow("article-dp-replicates-all") << 0 << false << false << false;
        QTest::newRow("article-zero1-optimizer") << 1 << true << false << false;
        QTest::newRow("article-zero2-plus-gradients") << 2 << true << true << false;
        QTest::newRow("article-zero3-plus-parameters") << 3 << true << true << true;
    }
    void zeroTable() {
        QFETCH(int, zero);
        QFETCH(bool, optimizerSharded);
        QFETCH(bool, gradientsSharded);
        QFETCH(bool, weightsSharded);
        Plan plan = singleGpu(8e9);
        plan.parallel.dp = 8;
        const auto base = estimate(plan).stages[0];
        plan.parallel.zeroStage = zero;
        const auto stage = estimate(plan).stages[0];
        const auto check = [&](MemoryCategory category, bool sharded) {
            const auto whole = bytesOf(base, category);
            QCOMPARE(quint64(bytesOf(stage, category)), quint64(sharded ? whole / 8 : whole));
        };
        check(MemoryCategory::OptimizerStates, optimizerSharded);
        check(MemoryCategory::MasterWeights, optimizerSharded);
        check(MemoryCategory::Gradients, gradientsSharded);
        check(MemoryCategory::Weights, weightsSharded);
        if (optimizerSharded) {
            QVERIFY(formulaOf(stage, MemoryCategory::OptimizerStates).find("/ N_d") !=
                    std::string::npos);
            const auto& terms =
                stage.items[static_cast<std::size_t>(MemoryCategory::OptimizerStates)]
                    .explain.terms;
            QCOMPARE(terms.back().symbol, std::string("N_d"));
            QCOMPARE(terms.back().value, 8.0);
        }
    }

    // The explanation carries the values: 8 B × 8.00e9 / 8 ranks = 8.0 GB.
    void formulaHasValues() {
        Plan plan = singleGpu(8e9);
        plan.parallel.dp = 8;
        plan.parallel.zeroStage = 1;
        const auto stage = estimate(plan).stages[0];
        const std::string text = formulaOf(stage, MemoryCategory::OptimizerStates);
        QVERIFY2(text.find("optimizer_states = k × Φ / N_d = 8 B × 8.00e9 / 8 = 8.0 GB") !=
                     std::string::npos,
                 text.c_str());
    }

    // TP splits the matrices (embedding by vocab) and replicates the norms.
    void tensorParallelSplit() {
        Plan plan = singleGpu(0);
        plan.parallel.tp = 2;
        const auto report = estimate(plan);
        const std::uint64_t norms = 32 * 2 * 4096 + 4096;  // 2 RMSNorms per layer + final
        QCOMPARE(quint64(report.stages[0].parameters),
                 quint64((6'738'415'616ULL - norms) / 2 + norms));
    }

    // Experts are split over ep × etp, the rest over tp; the router is replicated.
    void expertParallelSplit() {
        Plan plan = singleGpu(0);
        plan.model = mixtral_8x7b();
        plan.parallel.tp = 2;
        plan.parallel.ep = 4;
        plan.parallel.etp = 1;
        plan.parallel.dp = 4;
        const auto report = estimate(plan);
        const ModelReport model = analyzeModel(plan);
        const std::uint64_t experts = 32 * model.layer.mlp;
        const std::uint64_t replicated = 32 * (model.layer.norms + model.layer.router) + 4096;
        const std::uint64_t split = model.parameters - experts - replicated;
        QCOMPARE(quint64(report.stages[0].parameters),
                 quint64(split / 2 + replicated + experts / 4));
    }

    // The uneven stage shows: 30 layers on 4 stages → stage 1 holds 8 layers, stage 2 7.
    void unevenStages() {
        Plan plan = singleGpu(0);
        plan.model.layers = 30;
        plan.parallel.pp = 4;
        plan.training.gradAccumulation = 8;
        const auto report = estimate(plan);
        QCOMPARE(int(report.stages.size()), 4);
        QVERIFY(report.stages[1].parameters > report.stages[2].parameters);
        QVERIFY(bytesOf(report.stages[1], MemoryCategory::Weights) >
                bytesOf(report.stages[2], MemoryCategory::Weights));
    }

    // In-flight sets come from the schedule; activations scale with them.
    void inFlightFromSchedule_data() {
        QTest::addColumn<int>("schedule");
        QTest::newRow("gpipe-holds-m") << int(ScheduleKind::Gpipe);
        QTest::newRow("1f1b-holds-p-minus-s") << int(ScheduleKind::OneFOneB);
    }
    void inFlightFromSchedule() {
        QFETCH(int, schedule);
        Plan plan = singleGpu(0);
        plan.parallel.pp = 4;
        plan.training.gradAccumulation = 8;
        plan.parallel.schedule = static_cast<ScheduleKind>(schedule);
        plan.memory.countCommBuffers = false;
        const auto report = estimate(plan);
        for (const auto& stage : report.stages) {
            QCOMPARE(stage.inFlightMicroBatches,
                     inFlightActivationSets(plan.parallel.schedule, 4, 8, 1, stage.stage));
        }
        // Stages 1 and 2 hold the same layers (8 each): activations ∝ in-flight sets.
        const double ratio =
            static_cast<double>(bytesOf(report.stages[1], MemoryCategory::Activations)) /
            static_cast<double>(bytesOf(report.stages[2], MemoryCategory::Activations));
        const double expected = static_cast<double>(report.stages[1].inFlightMicroBatches) /
                                report.stages[2].inFlightMicroBatches;
        QVERIFY(std::abs(ratio - expected) < 1e-6);
        // One set's bytes: the category shared over the sets held, to within the remainder.
        for (const auto& stage : report.stages) {
            const auto sets = static_cast<std::uint64_t>(stage.inFlightMicroBatches);
            const std::uint64_t activations = bytesOf(stage, MemoryCategory::Activations);
            QVERIFY(stage.activationBytesPerMicroBatch > 0);
            QVERIFY(stage.activationBytesPerMicroBatch * sets <= activations);
            QVERIFY(activations - stage.activationBytesPerMicroBatch * sets < sets);
        }
    }

    // Recompute ladder: none > selective ≥ full, and full keeps only 2sbh per layer.
    void recomputeLadder() {
        Plan plan = singleGpu(0);
        plan.training.flashAttention = false;
        plan.training.microBatch = 2;
        std::uint64_t previous = UINT64_MAX;
        for (Recompute recompute : {Recompute::None, Recompute::Selective, Recompute::Full}) {
            plan.training.recompute = recompute;
            const auto bytes = bytesOf(estimate(plan).stages[0], MemoryCategory::Activations);
            QVERIFY(bytes < previous);
            previous = bytes;
        }
    }

    // Op-level selective recompute (torchtitan's selective_ac_option = "op") keeps per token
    // and layer the layer input, q, v, the attention output, w1's output and the MLP output:
    // 4h + kv + f = 4 × 4096 + 1024 + 14336 = 31,744 values for Llama 3.1 8B, at 2 B each. One
    // layer more adds s × b × 2 B × 31,744 = 8192 × 1 × 63,488 B.
    void opLevelRecomputeKeepsEveryOtherMatmul() {
        Plan plan = singleGpu(0);
        plan.model = fourfold::test::llama31_8b();
        plan.training.microBatch = 1;
        plan.training.recompute = Recompute::SelectiveOp;
        const auto activations = [&](int layers) {
            Plan sized = plan;
            sized.model.layers = layers;
            return static_cast<double>(
                bytesOf(estimate(sized).stages[0], MemoryCategory::Activations));
        };
        QCOMPARE(activations(2) - activations(1), 8192.0 * 1 * 2.0 * 31744);
        // Between attention-core selective recompute (which keeps every matmul output) and
        // full recompute (the layer input alone).
        plan.model.layers = 32;
        const auto bytesWith = [&](Recompute recompute) {
            plan.training.recompute = recompute;
            return bytesOf(estimate(plan).stages[0], MemoryCategory::Activations);
        };
        QVERIFY(bytesWith(Recompute::SelectiveOp) < bytesWith(Recompute::Selective));
        QVERIFY(bytesWith(Recompute::SelectiveOp) > bytesWith(Recompute::Full));
    }

    // Optimizer offload empties the GPU of master weights and moments and reports host
    // memory per node (8 GPUs of the node).
    void optimizerOffload() {
        Plan plan = singleGpu(8e9);
        plan.parallel.dp = 8;
        const auto before = estimate(plan).stages[0];
        plan.parallel.offload = Offload::OptimizerCpu;
        const auto report = estimate(plan);
        const auto& stage = report.stages[0];
        QCOMPARE(quint64(bytesOf(stage, MemoryCategory::OptimizerStates)), quint64(0));
        QCOMPARE(quint64(bytesOf(stage, MemoryCategory::MasterWeights)), quint64(0));
        // ZeRO-Offload moves the gradients with the optimizer (Ren et al. 2021 §4).
        QCOMPARE(quint64(bytesOf(stage, MemoryCategory::Gradients)), quint64(0));
        const std::uint64_t moved = bytesOf(before, MemoryCategory::OptimizerStates) +
                                    bytesOf(before, MemoryCategory::MasterWeights) +
                                    bytesOf(before, MemoryCategory::Gradients);
        QCOMPARE(quint64(report.hostBytesPerNode), quint64(8 * moved));
        QCOMPARE(quint64(report.hostBytesPerGpu), quint64(moved));
    }

    // ZeRO-3 keeps gathered layers (working + prefetch) and one layer's gradient.
    void zero3GatherBuffers() {
        Plan plan = singleGpu(0);
        plan.parallel.dp = 8;
        plan.parallel.zeroStage = 3;
        plan.memory.ddpBucketBytes = 0;
        const auto stage = estimate(plan).stages[0];
        // The unit is one layer (202M parameters), larger than the embedding (131M).
        const double layer = 202'383'360.0;
        // Plus DeepSpeed's reduce bucket: 5e8 elements of 2 B.
        const double expected = 2.0 * layer * 2.0 + layer * 4.0 + 5e8 * 2.0;
        QCOMPARE(double(bytesOf(stage, MemoryCategory::CommBuffers)), expected);
    }

    // Each assumption is a switch.
    void switches() {
        Plan plan = singleGpu(0);
        plan.parallel.dp = 8;
        auto stage = estimate(plan).stages[0];
        QCOMPARE(quint64(bytesOf(stage, MemoryCategory::CommBuffers)), quint64(50'000'000));
        QCOMPARE(quint64(bytesOf(stage, MemoryCategory::Framework)), quint64(1'500'000'000));
        // Fragmentation = fraction × everything allocated (not the framework).
        std::uint64_t allocated = modelState(stage) + bytesOf(stage, MemoryCategory::Activations) +
                                  bytesOf(stage, MemoryCategory::CommBuffers);
        QVERIFY(std::abs(double(bytesOf(stage, MemoryCategory::Fragmentation)) -
                         0.05 * double(allocated)) <= 1.0);
        plan.memory.countCommBuffers = false;
        plan.memory.frameworkBytes = 400'000'000;
        plan.memory.fragmentation = 0;
        stage = estimate(plan).stages[0];
        QCOMPARE(quint64(bytesOf(stage, MemoryCategory::CommBuffers)), quint64(0));
        QCOMPARE(quint64(bytesOf(stage, MemoryCategory::Framework)), quint64(400'000'000));
        QCOMPARE(quint64(bytesOf(stage, MemoryCategory::Fragmentation)), quint64(0));
        // The logits buffer: b·s·V·(2 + 4) on the last stage, switchable per element.
        const auto withLogits = bytesOf(stage, MemoryCategory::Activations);
        plan.memory.logitsBytesPerElement = 0;
        const auto withoutLogits = bytesOf(estimate(plan).stages[0], MemoryCategory::Activations);
        QCOMPARE(quint64(withLogits - withoutLogits), quint64(4096ULL * 32000 * 6));
    }

    // The peak as torch and nvidia-smi measure it (docs/memory.md, "Comparing with a measured
    // peak"): allocated = model state + activations + buffers, reserved = that plus the
    // fragmentation share, and the device figure adds the framework bytes, on a stage by hand.
    void peakAsMeasured() {
        Plan plan = singleGpu(0);
        plan.parallel.dp = 8;
        const MemoryReport report = estimate(plan);
        const StageMemory& stage = report.stages[0];
        const std::uint64_t allocated = modelState(stage) +
                                        bytesOf(stage, MemoryCategory::Activations) +
                                        bytesOf(stage, MemoryCategory::CommBuffers);
        QCOMPARE(quint64(report.peakAllocatedBytes), quint64(allocated));
        QCOMPARE(quint64(report.peakReservedBytes),
                 quint64(allocated + bytesOf(stage, MemoryCategory::Fragmentation)));
        QCOMPARE(quint64(report.peakBytes), quint64(report.peakReservedBytes + 1'500'000'000));
        QVERIFY(report.peakReservedBytes > report.peakAllocatedBytes);
        const auto json = toJson(report);
        QCOMPARE(json["peak_allocated_bytes"].get<std::uint64_t>(), report.peakAllocatedBytes);
        QCOMPARE(json["peak_reserved_bytes"].get<std::uint64_t>(), report.peakReservedBytes);
        // Without fragmentation the allocator reserves what it hands out.
        plan.memory.fragmentation = 0;
        const MemoryReport exact = estimate(plan);
        QCOMPARE(quint64(exact.peakReservedBytes), quint64(exact.peakAllocatedBytes));
    }

    // Capacity, usable (capacity × (1 − margin)) and the fit test (PLAN_FORMAT's sample).
    void capacity() {
        Plan plan = singleGpu(1e9);
        const auto report = estimate(plan);
        QCOMPARE(quint64(report.capacityBytes), quint64(85'899'345'920ULL));
        QCOMPARE(quint64(report.usableBytes), quint64(77'309'411'328ULL));
        QCOMPARE(report.fits, report.peakBytes <= report.usableBytes);
        QVERIFY(report.fits);
        QCOMPARE(quint64(report.stages[0].bytesOverUsable), quint64(0));
        QVERIFY(report.whatIfs.empty());
    }

    // Each what-if equals a full re-estimate of the changed plan.
    void whatIfsAreReestimates() {
        Plan plan = singleGpu(0);
        plan.parallel.dp = 2;
        plan.training.microBatch = 4;
        plan.cluster.gpu.memoryBytes = 24 * kGiB;
        const auto report = estimate(plan);
        QVERIFY(!report.fits);
        QVERIFY(report.whatIfs.size() >= 4);
        for (const WhatIf& hint : report.whatIfs) {
            QVERIFY(hint.savedBytes == static_cast<std::int64_t>(report.peakBytes) -
                                           static_cast<std::int64_t>(hint.peakBytes));
        }
        Plan zero1 = plan;
        zero1.parallel.zeroStage = 1;
        QCOMPARE(quint64(report.whatIfs[0].peakBytes), quint64(estimate(zero1).peakBytes));
        QCOMPARE(QString::fromStdString(report.whatIfs[0].change),
                 QStringLiteral("ZeRO stage 0 → 1"));
    }

    // The largest micro-batch that fits: it fits, one more does not.
    void largestMicroBatch() {
        Plan plan = singleGpu(1.3e9);
        plan.model.layers = 24;
        plan.model.hidden = 2048;
        plan.model.heads = 16;
        plan.model.kvHeads = 16;
        plan.model.ffnHidden = 5504;
        plan.model.sequence = 2048;
        const auto report = estimate(plan);
        const int best = report.largestFittingMicroBatch;
        QVERIFY(best >= 1);
        plan.training.microBatch = best;
        QVERIFY(estimate(plan).fits);
        plan.training.microBatch = best + 1;
        QVERIFY(!estimate(plan).fits);
        // A model that never fits gives 0.
        QCOMPARE(estimate(singleGpu(1e12)).largestFittingMicroBatch, 0);
    }

    void absurdValues() {
        Plan plan = singleGpu(0);
        plan.cluster.gpu.memoryBytes = 0;  // unknown GPU: nothing fits, no search
        auto report = estimate(plan);
        QVERIFY(!report.fits);
        QVERIFY(report.whatIfs.empty());
        plan = singleGpu(1e15);
        plan.training.microBatch = 0;
        plan.parallel.tp = 0;
        plan.parallel.dp = -3;
        plan.parallel.zeroStage = 7;
        plan.memory.fragmentation = -1;
        plan.memory.safetyMargin = 5;
        report = estimate(plan);
        QCOMPARE(report.stages.size(), std::size_t{1});
        QCOMPARE(quint64(report.usableBytes), quint64(0));
        plan = singleGpu(0);
        plan.parallel.pp = 1'000'000'000;
        report = estimate(plan);  // no stage list: reported as not fitting, no crash
        QVERIFY(report.stages.empty());
        QVERIFY(!report.fits);
    }

    // PLAN_FORMAT.md's memory object, key for key and in order, then the extra keys.
    void json() {
        Plan plan = singleGpu(0);
        plan.parallel.pp = 2;
        plan.cluster.gpu.memoryBytes = 8 * kGiB;
        const auto json = toJson(estimate(plan));
        std::vector<std::string> keys;
        for (auto it = json.begin(); it != json.end(); ++it) keys.push_back(it.key());
        const std::vector<std::string> expected = {"capacity_bytes",
                                                   "usable_bytes",
                                                   "peak_bytes",
                                                   "fits",
                                                   "stages",
                                                   "host_bytes_per_node",
                                                   "host_bytes_per_gpu",
                                                   "nvme_bytes_per_node",
                                                   "what_ifs",
                                                   "largest_fitting_micro_batch",
                                                   "largest_fitting_micro_batch_at_least",
                                                   "peak_allocated_bytes",
                                                   "peak_reserved_bytes"};
        QCOMPARE(keys, expected);
        const auto& stage = json["stages"][0];
        std::vector<std::string> stageKeys;
        for (auto it = stage.begin(); it != stage.end(); ++it) stageKeys.push_back(it.key());
        const std::vector<std::string> expectedStage = {"stage",
                                                        "parameters",
                                                        "in_flight_micro_batches",
                                                        "bytes",
                                                        "total_bytes",
                                                        "fits",
                                                        "model_state_bytes",
                                                        "bytes_per_parameter",
                                                        "activation_bytes_per_micro_batch",
                                                        "bytes_over_usable",
                                                        "formulas",
                                                        "explain"};
        QCOMPARE(stageKeys, expectedStage);
        std::vector<std::string> byteKeys;
        for (auto it = stage["bytes"].begin(); it != stage["bytes"].end(); ++it)
            byteKeys.push_back(it.key());
        const std::vector<std::string> expectedBytes = {
            "weights",     "master_weights", "gradients", "optimizer_states",
            "activations", "comm_buffers",   "framework", "fragmentation"};
        QCOMPARE(byteKeys, expectedBytes);
        QVERIFY(!json["what_ifs"].empty());
        QVERIFY(json["what_ifs"][0].contains("saved_bytes"));
    }
};

QTEST_APPLESS_MAIN(TestMemory)
#include "tst_memory.moc"
