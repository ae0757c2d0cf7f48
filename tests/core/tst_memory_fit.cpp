// SPDX-License-Identifier: MIT
// "How to make it fit": offload (ZeRO-Offload), what-ifs that are true and carry their patch,
// the largest micro-batch, MoE under the Megatron convention, ZeRO buckets and plan titles.
// Each test names its reference and writes its numbers out.
#include "shapes_for_tests.h"

#include "core/advice/what_ifs.h"
#include "core/memory/memory.h"
#include "core/memory/memory_json.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/plan/plan_patch.h"
#include "core/plan/plan_title.h"
#include "core/rules/validate.h"

#include <QTest>

#include <cmath>
#include <thread>

using namespace fourfold::core;
using namespace fourfold::test;

namespace {

constexpr std::uint64_t kGiB = 1ULL << 30;

std::uint64_t bytesOf(const StageMemory& stage, MemoryCategory category) {
    return stage.items[static_cast<std::size_t>(category)].bytes;
}

MemoryReport estimate(const Plan& plan) {
    return estimateMemoryWithWhatIfs(plan, analyzeModel(plan));
}

// A GPT-2-like shape (Radford et al. 2019: GELU, tied embeddings, 50257 tokens, 1024 positions)
// scaled to a layer count: 12·L·h² + V·h parameters; 50 layers of h = 4096 are 10.3 B.
ModelSpec gpt2Like(int layers) {
    ModelSpec spec;
    spec.layers = layers;
    spec.hidden = 4096;
    spec.heads = 32;
    spec.kvHeads = 32;
    spec.ffnHidden = 4 * 4096;
    spec.vocab = 50257;
    spec.sequence = 1024;
    spec.mlp = MlpKind::Gelu;
    spec.tiedEmbeddings = true;
    return spec;
}

// One 32 GB V100 (32 GiB of HBM, 125 TFLOP/s fp16 tensor cores), ZeRO-2 + optimizer offload,
// fp16 with activation checkpointing: the ZeRO-Offload paper's single-GPU setting.
Plan zeroOffloadOnOneV100(int layers) {
    Plan plan;
    plan.model = gpt2Like(layers);
    plan.training.precision = Precision::Fp16;
    plan.training.optimizer = OptimizerKind::Adam;
    plan.training.recompute = Recompute::Full;
    plan.training.microBatch = 1;
    plan.training.gradAccumulation = 1;
    plan.parallel.dp = 1;
    plan.parallel.zeroStage = 2;
    plan.parallel.offload = Offload::OptimizerCpu;
    plan.cluster.gpu.name = "v100-32gb";
    plan.cluster.gpu.memoryBytes = 32 * kGiB;
    plan.cluster.gpu.peakTflops.fp16 = 125;
    plan.cluster.gpusPerNode = 1;
    return plan;
}

// Llama-2 7B, bf16 AdamW, on one 80 GB card: 16 B per parameter of model state alone.
Plan sevenBillionOnOneGpu() {
    Plan plan = defaultPlan();
    plan.parallel.dp = 1;
    plan.training.gradAccumulation = 8;
    return plan;
}

bool hasChangeStartingWith(const MemoryReport& report, const std::string& prefix) {
    return std::any_of(report.whatIfs.begin(), report.whatIfs.end(),
                       [&](const WhatIf& hint) { return hint.change.rfind(prefix, 0) == 0; });
}

const WhatIf* findChange(const MemoryReport& report, const std::string& prefix) {
    for (const WhatIf& hint : report.whatIfs) {
        if (hint.change.rfind(prefix, 0) == 0) return &hint;
    }
    return nullptr;
}

}  // namespace

class TestMemoryFit : public QObject {
    Q_OBJECT
private slots:
    // Ren et al. 2021 (ZeRO-Offload), abstract and §6: a 10 B GPT-2-like model trains on one
    // 32 GB V100. Gradients go to the CPU with the optimizer states (DeepSpeed's stage 2
    // offload), so the GPU keeps the fp16 weights: 2 B × 10.3 B = 20.6 GB, plus buffers.
    void offloadTenBillionOnOneV100() {
        const Plan plan = zeroOffloadOnOneV100(50);
        const ModelReport model = analyzeModel(plan);
        const double parameters = static_cast<double>(model.parameters);
        QVERIFY(parameters > 10.0e9 && parameters < 10.5e9);
        const MemoryReport report = estimateMemoryWithWhatIfs(plan, model);
        const StageMemory& stage = report.stages.at(0);
        QCOMPARE(quint64(bytesOf(stage, MemoryCategory::Weights)), quint64(2 * model.parameters));
        QCOMPARE(quint64(bytesOf(stage, MemoryCategory::Gradients)), quint64(0));
        QCOMPARE(quint64(bytesOf(stage, MemoryCategory::MasterWeights)), quint64(0));
        QCOMPARE(quint64(bytesOf(stage, MemoryCategory::OptimizerStates)), quint64(0));
        // CPU: 4 B fp32 gradients + 4 B master weights + 8 B Adam moments per parameter.
        QVERIFY(std::abs(static_cast<double>(report.hostBytesPerGpu) - 16.0 * parameters) < 16.0);
        QVERIFY2(report.fits, std::to_string(report.peakBytes).c_str());
        // Without offload the same model needs 2 + 4 + 4 + 8 = 18 B per parameter on the GPU.
        Plan noOffload = plan;
        noOffload.parallel.offload = Offload::None;
        QVERIFY(!estimate(noOffload).fits);
    }

    // Ren et al. 2021, abstract: "over 13 billion parameters on a single GPU". 64 layers of
    // h = 4096 are 13.1 B; its 26.2 GB of fp16 weights fill the 34.4 GB card when nothing is
    // held back as a planning margin (the paper measured what runs, not what is safe).
    void offloadThirteenBillionOnOneGpu() {
        Plan plan = zeroOffloadOnOneV100(64);
        plan.memory.safetyMargin = 0;
        const ModelReport model = analyzeModel(plan);
        QVERIFY(model.parameters > 13'000'000'000ULL);
        const MemoryReport report = estimateMemoryWithWhatIfs(plan, model);
        QVERIFY2(report.fits, std::to_string(report.peakBytes).c_str());
        // 18 B per parameter would be 236 GB: offload is what makes it fit.
        QVERIFY(report.peakBytes < 35'000'000'000ULL);
    }

    // ZeRO-Infinity (Rajbhandari et al. 2021) fetches each layer's weights before use even on
    // one GPU: the gathered layers count at dp 1 too, 2 × layer × 2 B (one computing, one
    // prefetched) + the layer's gradient.
    void paramOffloadCountsGatheredLayerAtAnyDp() {
        Plan plan = zeroOffloadOnOneV100(50);
        plan.parallel.zeroStage = 3;
        plan.parallel.offload = Offload::OptimizerAndParamsCpu;
        const MemoryReport report = estimate(plan);
        const double layer = 12.0 * 4096 * 4096;  // one GPT-2 layer, ≈ 2.0e8 parameters
        const auto buffers =
            static_cast<double>(bytesOf(report.stages.at(0), MemoryCategory::CommBuffers));
        QVERIFY2(buffers >= 2.0 * layer * 2.0, std::to_string(buffers).c_str());
        QCOMPARE(quint64(bytesOf(report.stages.at(0), MemoryCategory::Weights)), quint64(0));
    }

    void offloadNeverSaysNothingIsSaved() {
        Plan plan = zeroOffloadOnOneV100(50);
        for (const Diagnostic& diagnostic : validate(plan)) {
            QVERIFY2(diagnostic.message.find("nothing is saved") == std::string::npos,
                     diagnostic.message.c_str());
        }
        plan.parallel.offload = Offload::None;
        const auto diagnostics = validate(plan);
        QVERIFY(std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& d) {
            return d.message.find("nothing is saved") != std::string::npos;
        }));
    }

    // evaluate() shares a plan's what-ifs between two threads, each taking the next change
    // until none is left: the hints come out as one thread alone gives them, in their order.
    void whatIfsSharedByTwoThreadsComeOutTheSame() {
        for (const Plan& plan : {sevenBillionOnOneGpu(), defaultPlan()}) {
            const ModelReport model = analyzeModel(plan);
            const MemoryReport alone = estimate(plan);
            QVERIFY(!alone.fits);
            QVERIFY(alone.whatIfs.size() >= 3);
            for (int round = 0; round < 20; ++round) {
                detail::WhatIfWork work(plan, model, alone.peakBytes, nullptr,
                                        alone.largestFittingMicroBatch);
                std::thread other([&work] { work.help(); });
                work.help();
                other.join();
                QCOMPARE(work.hints(), alone.whatIfs);
            }
        }
    }

    // A 1-GPU job that doubles TP grows to 2 GPUs, and the label says so (not "2 → 4").
    void whatIfGpuCountsAreTrue() {
        const MemoryReport report = estimate(sevenBillionOnOneGpu());
        QVERIFY(!report.fits);
        const WhatIf* tp = findChange(report, "tensor parallel");
        QVERIFY(tp != nullptr);
        QCOMPARE(QString::fromStdString(tp->change),
                 QStringLiteral("tensor parallel 1 → 2 (1 → 2 GPUs)"));
        QCOMPARE(tp->worldSize, std::int64_t{2});
        // On the default 8-GPU plan dp halves and the job keeps its 8 GPUs.
        const MemoryReport eight = estimate(defaultPlan());
        const WhatIf* tp8 = findChange(eight, "tensor parallel");
        QVERIFY(tp8 != nullptr);
        QCOMPARE(QString::fromStdString(tp8->change),
                 QStringLiteral("tensor parallel 1 → 2 (dp 8 → 4, accumulation 8 → 16)"));
        QCOMPARE(tp8->worldSize, std::int64_t{8});
        // dp halves and the accumulation doubles: the global batch stays.
        QCOMPARE(tp8->globalBatch, derivedGlobalBatch(defaultPlan()));
    }

    // Every what-if says what it does to the global batch and gives its step and throughput:
    // half the micro-batch and doubling TP keep the batch, the largest micro-batch that fits
    // (accumulation kept) shrinks it, and each figure is the changed plan's own.
    void whatIfsCarryTheirBatchStepAndThroughput() {
        // The default plan with ZeRO 1 at micro-batch 8: 512 samples a step, and only
        // micro-batch 1 fits, which with the accumulation kept is 64.
        Plan plan = defaultPlan();
        plan.parallel.zeroStage = 1;
        plan.training.microBatch = 8;
        plan.training.gradAccumulation = 8;
        const MemoryReport report = estimate(plan);
        QVERIFY(!report.fits);
        QCOMPARE(report.largestFittingMicroBatch, 1);
        const std::int64_t batch = derivedGlobalBatch(plan);
        for (const WhatIf& hint : report.whatIfs) {
            const Plan changed = *applyPlanPatch(plan, hint.patch).plan;
            QCOMPARE(hint.globalBatch, derivedGlobalBatch(changed));
            QVERIFY2(hint.stepTimeS > 0 && hint.tokensPerS > 0, hint.change.c_str());
            const double tokens =
                static_cast<double>(hint.globalBatch) * changed.model.sequence / hint.stepTimeS;
            QVERIFY2(std::fabs(hint.tokensPerS / tokens - 1) < 1e-9, hint.change.c_str());
        }
        const WhatIf* half = findChange(report, "micro-batch 8 → 4");
        QVERIFY(half);
        QCOMPARE(half->globalBatch, batch);
        const std::string largest = "micro-batch 8 → " +
                                    std::to_string(report.largestFittingMicroBatch) +
                                    " (accumulation 8 kept)";
        const WhatIf* smallest = findChange(report, largest);
        QVERIFY2(smallest, largest.c_str());
        QVERIFY(smallest->fits);
        QCOMPARE(batch, std::int64_t{512});
        QCOMPARE(smallest->globalBatch, std::int64_t{64});
    }

    // GPT-3 175B in sixteen stages at ZeRO 1: ZeRO 2 would save memory, but DeepSpeed's pipeline
    // engine takes only ZeRO 0 or 1 and validate() warns, so it is never offered (nor in pairs).
    void noWhatIfAddsALayoutWarning() {
        Plan plan = defaultPlan();
        plan.model = findModelPreset("gpt3-175b")->spec;
        plan.parallel.tp = 1;
        plan.parallel.pp = 16;
        plan.parallel.dp = 64;
        plan.parallel.zeroStage = 1;
        plan.training.gradAccumulation = 32;
        plan.cluster.nodes = 128;
        const MemoryReport report = estimate(plan);
        QVERIFY(!report.fits);
        QVERIFY(!report.whatIfs.empty());
        for (const WhatIf& hint : report.whatIfs) {
            const Plan changed = *applyPlanPatch(plan, hint.patch).plan;
            for (const Diagnostic& diagnostic : validate(changed)) {
                QVERIFY2(!rejectsLayout(diagnostic),
                         (hint.change + ": " + diagnostic.code).c_str());
            }
        }
    }

    // Llama-3 70B on 8 H100s with full recompute: no single change fits, so the best pairs of
    // changes are offered, each fitting, at most three, the fastest first, each patch giving the
    // plan it describes (ZeRO 3 with the optimizer on the CPU).
    void pairsWhenNoSingleChangeFits() {
        Plan plan = defaultPlan();
        plan.model = findModelPreset("llama3-70b")->spec;
        plan.training.recompute = Recompute::Full;
        const MemoryReport report = estimate(plan);
        QVERIFY(!report.fits);
        std::vector<const WhatIf*> singles;
        std::vector<const WhatIf*> pairs;
        for (const WhatIf& hint : report.whatIfs)
            (hint.changes == 1 ? singles : pairs).push_back(&hint);
        QVERIFY(!singles.empty());
        for (const WhatIf* hint : singles) QVERIFY2(!hint->fits, hint->change.c_str());
        QVERIFY(!pairs.empty());
        QVERIFY(pairs.size() <= detail::kPairsOffered);
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            const WhatIf& pair = *pairs[i];
            QVERIFY(pair.fits);
            QVERIFY2(pair.change.find(" and ") != std::string::npos, pair.change.c_str());
            const Plan changed = *applyPlanPatch(plan, pair.patch).plan;
            const MemoryReport after = estimate(changed);
            QVERIFY(after.fits);
            QCOMPARE(quint64(after.peakBytes), quint64(pair.peakBytes));
            QVERIFY(!hasErrors(validate(changed)));
            if (i > 0) QVERIFY(pairs[i - 1]->stepTimeS <= pair.stepTimeS);
            const std::string zh = renderCodedText(pair.changeText, Language::SimplifiedChinese);
            QVERIFY2(
                zh.find(" and ") == std::string::npos && zh.find("，并且") != std::string::npos,
                zh.c_str());
        }
        // A plan one change rescues gets no pairs.
        const MemoryReport one = estimate(sevenBillionOnOneGpu());
        for (const WhatIf& hint : one.whatIfs) QCOMPARE(hint.changes, 1);
        // Without recompute no pair fits either: the three that come closest, least memory first.
        plan.training.recompute = Recompute::None;
        const MemoryReport none = estimate(plan);
        std::vector<const WhatIf*> closest;
        for (const WhatIf& hint : none.whatIfs) {
            if (hint.changes == 2) closest.push_back(&hint);
        }
        QCOMPARE(closest.size(), detail::kPairsOffered);
        for (std::size_t i = 0; i < closest.size(); ++i) {
            QVERIFY(!closest[i]->fits);
            QVERIFY(closest[i]->peakBytes < none.peakBytes);
            if (i > 0) QVERIFY(closest[i - 1]->peakBytes <= closest[i]->peakBytes);
        }
    }

    // ZeRO 0 → 1 at dp 1 shards over one rank: the peak does not move, so it is not offered.
    void whatIfNeverOffersNoOp() {
        const MemoryReport report = estimate(sevenBillionOnOneGpu());
        QVERIFY(!hasChangeStartingWith(report, "ZeRO stage"));
        for (const WhatIf& hint : report.whatIfs) QVERIFY(hint.peakBytes != report.peakBytes);
    }

    // Llama-3 70B has 8 key/value heads: TP 8 → 16 is rejected by validation, never offered.
    void whatIfNeverOffersInvalidPlan() {
        Plan plan = defaultPlan();
        plan.model = findModelPreset("llama3-70b")->spec;
        plan.parallel.tp = 8;
        plan.parallel.dp = 2;
        plan.cluster.nodes = 4;
        plan.training.gradAccumulation = 8;
        const MemoryReport report = estimate(plan);
        QVERIFY(!report.fits);
        QVERIFY(!hasChangeStartingWith(report, "tensor parallel 8 → 16"));
        for (const WhatIf& hint : report.whatIfs) {
            const PlanParse changed = applyPlanPatch(plan, hint.patch);
            QVERIFY2(changed.plan.has_value(), hint.change.c_str());
            QVERIFY2(!hasErrors(validate(*changed.plan)), hint.change.c_str());
        }
    }

    // Megatron-LM's theoretical memory has no offload and no full recompute: under that
    // convention the what-if says it cannot model them instead of printing the same peak.
    void whatIfUnmodelledChangeSaysSo() {
        Plan plan = sevenBillionOnOneGpu();
        plan.parallel.zeroStage = 1;  // ZeRO-Offload needs stage 1 or more
        plan.memory.convention = MemoryConvention::Megatron;
        const MemoryReport report = estimate(plan);
        QVERIFY(!report.fits);
        for (const char* change : {"optimizer offload", "full recompute"}) {
            const WhatIf* hint = findChange(report, change);
            QVERIFY2(hint != nullptr, change);
            QVERIFY2(!hint->modelled, change);
            QCOMPARE(quint64(hint->peakBytes), quint64(report.peakBytes));
        }
        const WhatIf* tp = findChange(report, "tensor parallel");
        QVERIFY(tp != nullptr);
        QVERIFY(tp->modelled);
        QVERIFY(tp->peakBytes < report.peakBytes);
        // Under the full accounting the same offload is modelled and saves memory.
        plan.memory.convention = MemoryConvention::Fourfold;
        const MemoryReport full = estimate(plan);
        const WhatIf* real = findChange(full, "optimizer offload");
        QVERIFY(real != nullptr);
        QVERIFY(real->modelled);
    }

    // PLAN_FORMAT: what_ifs[].patch applied to the plan gives exactly the plan whose peak is
    // reported. Checked for every what-if of several plans under every convention.
    void whatIfPatchesReproducePeaks() {
        std::vector<Plan> plans = {defaultPlan(), sevenBillionOnOneGpu()};
        for (MemoryConvention convention :
             {MemoryConvention::ZeroPaper, MemoryConvention::DeepSpeed,
              MemoryConvention::Megatron}) {
            Plan plan = defaultPlan();
            plan.memory.convention = convention;
            plans.push_back(plan);
        }
        int checked = 0;
        for (const Plan& plan : plans) {
            const MemoryReport report = estimate(plan);
            for (const WhatIf& hint : report.whatIfs) {
                const PlanParse changed = applyPlanPatch(plan, hint.patch);
                QVERIFY2(changed.plan.has_value(), hint.patch.c_str());
                QVERIFY2(*changed.plan != plan, hint.change.c_str());
                QCOMPARE(quint64(estimate(*changed.plan).peakBytes), quint64(hint.peakBytes));
                QCOMPARE(worldSize(*changed.plan), hint.worldSize);
                ++checked;
            }
        }
        QVERIFY(checked >= 10);
    }

    void planPatchRoundTrips() {
        const Plan plan = defaultPlan();
        QCOMPARE(QString::fromStdString(planPatch(plan, plan)), QStringLiteral("{}"));
        Plan changed = plan;
        changed.parallel.tp = 2;
        changed.parallel.dp = 4;
        QCOMPARE(QString::fromStdString(planPatch(plan, changed)),
                 QStringLiteral(R"({"parallel":{"dp":4,"tp":2}})"));
        QCOMPARE(*applyPlanPatch(plan, planPatch(plan, changed)).plan, changed);
        QVERIFY(!applyPlanPatch(plan, "[1]").plan.has_value());
        QVERIFY(!applyPlanPatch(plan, "{not json").plan.has_value());
    }

    // The ZeRO paper's and DeepSpeed's counts hold no activations: no micro-batch size is a
    // finding there (null in JSON), and a search that hits its limit says "at least".
    void largestMicroBatchNullWithoutActivations() {
        Plan plan = defaultPlan();
        plan.memory.convention = MemoryConvention::ZeroPaper;
        const MemoryReport report = estimate(plan);
        QVERIFY(!report.countsActivations);
        QVERIFY(toJson(report)["largest_fitting_micro_batch"].is_null());
        plan.memory.convention = MemoryConvention::Fourfold;
        QVERIFY(toJson(estimate(plan))["largest_fitting_micro_batch"].is_number());
    }

    void largestMicroBatchAtLeastAtLimit() {
        Plan plan = defaultPlan();
        plan.model = gpt2Like(1);
        plan.model.hidden = 64;
        plan.model.heads = 1;
        plan.model.kvHeads = 1;
        plan.model.ffnHidden = 256;
        plan.model.vocab = 64;
        plan.model.sequence = 8;
        plan.cluster.gpu.memoryBytes = 16'000 * kGiB;
        const MemoryReport report = estimate(plan);
        QVERIFY(report.largestFittingMicroBatchAtLeast);
        QCOMPARE(report.largestFittingMicroBatch, 1 << 16);
        QCOMPARE(toJson(report)["largest_fitting_micro_batch_at_least"].get<bool>(), true);
        QCOMPARE(estimate(defaultPlan()).largestFittingMicroBatchAtLeast, false);
    }

    // The largest micro-batch is offered as a change too: its patch gives exactly its peak.
    void largestMicroBatchCarriesPatchAndPeak() {
        Plan plan = defaultPlan();
        plan.parallel.zeroStage = 3;
        const MemoryReport report = estimate(plan);
        QVERIFY(report.fits);
        QVERIFY(report.largestFittingMicroBatch > plan.training.microBatch);
        const PlanParse larger = applyPlanPatch(plan, report.largestFittingMicroBatchPatch);
        QVERIFY(larger.plan.has_value());
        QCOMPARE(larger.plan->training.microBatch, report.largestFittingMicroBatch);
        const MemoryReport there = estimate(*larger.plan);
        QCOMPARE(quint64(there.peakBytes), quint64(report.largestFittingMicroBatchPeakBytes));
        QVERIFY(there.fits);
    }

    // Mixtral 8x7B with EP 8 on 8 GPUs under Megatron-LM's formula (theoretical_memory_usage.py:
    // 2 weights + 4 gradients + (4 + 8) / dp with the distributed optimizer), with the routed
    // experts on ep ranks and their optimizer shards over the expert data-parallel group,
    // world / (etp × ep × pp) = 8 / 8 = 1, as Megatron-Core places them.
    void megatronMoeFollowsExpertDataParallel() {
        Plan plan = defaultPlan();
        plan.model = mixtral_8x7b();
        plan.parallel.dp = 8;
        plan.parallel.ep = 8;
        plan.parallel.zeroStage = 1;
        plan.memory.convention = MemoryConvention::Megatron;
        const double h = 4096, layers = 32, vocab = 32000, experts = 8, ffn = 14336;
        // Megatron's per-layer count: 2h²(1 + g/a) attention + 2h(E·f·3/2 + 1) MLP and norms.
        const double attention = 2 * h * h * (1 + 8.0 / 32.0);
        const double expert = layers * 2 * h * experts * ffn * 1.5;  // 45.1 B
        const double block = layers * (attention + 2 * h * (experts * ffn * 1.5 + 1)) + h;
        const double dense = block - expert + 2 * h * vocab;  // untied embedding + output, pp 1
        const double expertShare = expert / 8;                // experts over ep 8
        const MemoryReport report = estimate(plan);
        const StageMemory& stage = report.stages.at(0);
        const auto near = [](std::uint64_t actual, double expected) {
            return std::abs(static_cast<double>(actual) - expected) <= 2.0;
        };
        QVERIFY(near(bytesOf(stage, MemoryCategory::Weights), 2 * (dense + expertShare)));
        QVERIFY(near(bytesOf(stage, MemoryCategory::Gradients), 4 * (dense + expertShare)));
        QVERIFY(
            near(bytesOf(stage, MemoryCategory::MasterWeights), 4 * (dense / 8 + expertShare / 1)));
        QVERIFY(near(bytesOf(stage, MemoryCategory::OptimizerStates),
                     8 * (dense / 8 + expertShare / 1)));
        // Counting every expert on every rank (18 B × 46.7 B) would be about 4× larger.
        const double unsplit = (6 + 12.0 / 8) * (block + 2 * h * vocab);
        const double modelState = static_cast<double>(
            bytesOf(stage, MemoryCategory::Weights) + bytesOf(stage, MemoryCategory::Gradients) +
            bytesOf(stage, MemoryCategory::MasterWeights) +
            bytesOf(stage, MemoryCategory::OptimizerStates));
        QVERIFY2(unsplit / modelState > 3.0, std::to_string(unsplit / modelState).c_str());
    }

    // DeepSpeed's ZeRO-2 reduce and all-gather buckets default to 5e8 elements each (far
    // larger than DDP's 25 MB); in bf16 that is 2 × 1.0 GB. The size is a plan option.
    void zeroBucketsFollowDeepSpeed() {
        Plan plan = defaultPlan();
        plan.parallel.zeroStage = 2;
        const auto buffers = [](const Plan& p) {
            return bytesOf(estimate(p).stages.at(0), MemoryCategory::CommBuffers);
        };
        QCOMPARE(quint64(buffers(plan)), quint64(2ULL * 500'000'000ULL * 2ULL));
        plan.memory.zeroBucketElements = 50'000'000;
        QCOMPARE(quint64(buffers(plan)), quint64(2ULL * 50'000'000ULL * 2ULL));
        // ZeRO-1 (Megatron's distributed optimizer) keeps DDP's two 25 MB buckets.
        plan.parallel.zeroStage = 1;
        QCOMPARE(quint64(buffers(plan)), quint64(2ULL * 25'000'000ULL));
        // The option is read and written with the plan.
        plan.memory.zeroBucketElements = 123;
        QCOMPARE(parsePlan(planToJson(plan)).plan->memory.zeroBucketElements, std::uint64_t{123});
    }

    // A plan without a name is titled from its content, never with the default plan's name.
    void planWithoutNameIsTitledFromContent() {
        const PlanParse parse = parsePlan(R"({"schema": "fourfold.plan/1",
            "model": {"preset": "llama3-70b"},
            "parallel": {"dp": 2, "tp": 8, "pp": 2},
            "cluster": {"gpu": "a100-sxm-40gb", "gpus_per_node": 8, "nodes": 4}})");
        QVERIFY(parse.plan.has_value());
        QCOMPARE(QString::fromStdString(parse.plan->name), QString());
        QCOMPARE(QString::fromStdString(planTitle(*parse.plan)),
                 QStringLiteral("Llama-3 70B · 32 × A100 40 GB · TP 8 PP 2 DP 2"));
        QCOMPARE(QString::fromStdString(planTitle(defaultPlan())),
                 QString::fromStdString(defaultPlan().name));
        // Saving an unnamed plan writes no name, so it reads back unnamed.
        QCOMPARE(parsePlan(planToJson(*parse.plan)).plan->name, std::string());
    }
};

QTEST_GUILESS_MAIN(TestMemoryFit)
#include "tst_memory_fit.moc"
