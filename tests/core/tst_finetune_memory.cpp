// SPDX-License-Identifier: MIT
// Fine-tuning (LoRA, QLoRA) and today's memory savers (activation offloading, chunked
// cross-entropy, paged optimizer): each figure checked against its paper's constant, a published
// measurement (row names cite it) or a hand calculation written out below.
#include "core/frameworks/frameworks.h"
#include "core/memory/finetune_memory.h"
#include "core/memory/memory.h"
#include "core/model/model.h"
#include "core/performance/detail/finetune_time.h"
#include "core/performance/performance.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/rules/validate.h"
#include "core/search/search.h"
#include "core/text/explained.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace fourfold::core;

namespace {

constexpr double kGiB = 1073741824.0;

std::uint64_t bytesOf(const StageMemory& stage, MemoryCategory category) {
    return stage.items[static_cast<std::size_t>(category)].bytes;
}

MemoryReport estimate(const Plan& plan) { return estimateMemory(plan, analyzeModel(plan)); }

// LLaMA (Touvron et al. 2023, Table 2) shapes: 65B has 80 layers of 8192 (64 heads, FFN 22016),
// 33B 60 layers of 6656 (52 heads, FFN 17920); both a 32000-token vocabulary.
ModelSpec llama1(int layers, int hidden, int heads, int ffn) {
    ModelSpec spec;
    spec.preset = "";
    spec.layers = layers;
    spec.hidden = hidden;
    spec.heads = heads;
    spec.kvHeads = heads;
    spec.ffnHidden = ffn;
    spec.vocab = 32000;
    return spec;
}

// The Guanaco runs as the QLoRA repository's scripts state them (artidoro/qlora,
// scripts/finetune_guanaco_{33b,65b}.sh, with qlora.py's defaults): NF4 with double quantisation,
// LoRA r = 64 on every linear layer but the head, adapters in bf16 (bf16 gradients, no fp32
// copy), paged 32-bit AdamW, gradient checkpointing, per-device batch 4, source 16 + target 512
// tokens, one GPU.
Plan guanaco(ModelSpec model) {
    Plan plan = defaultPlan();
    plan.model = model;
    plan.model.sequence = 16 + 512;
    TrainingSpec& t = plan.training;
    t.precision = Precision::Bf16;
    t.masterWeights = false;
    t.gradDtype = Precision::Bf16;
    t.optimizer = OptimizerKind::AdamW;
    t.microBatch = 4;
    t.gradAccumulation = 4;
    t.recompute = Recompute::Full;
    t.finetune = FineTune::Qlora;
    t.loraRank = 64;
    t.pagedOptimizer = true;
    plan.parallel.dp = 1;
    plan.cluster.gpusPerNode = 1;
    return plan;
}

// Unsloth's notebooks: a 4-bit or 16-bit Llama 3 8B, r = 16 on q, k, v, o, gate, up, down,
// 8-bit AdamW, Unsloth's gradient checkpointing (checkpointed inputs offloaded to the host) and
// its chunked cross-entropy; the smallest batch the "absolute minimum" implies.
Plan unslothLlama3(FineTune mode) {
    Plan plan = defaultPlan();
    plan.model = findModelPreset("llama3-8b")->spec;
    plan.model.sequence = 512;
    TrainingSpec& t = plan.training;
    t.microBatch = 1;
    t.gradAccumulation = 4;
    t.recompute = Recompute::Full;
    t.optimizer = OptimizerKind::Adam8bit;
    t.finetune = mode;
    t.activationOffload = true;
    t.lossChunks = 8;
    plan.parallel.dp = 1;
    plan.cluster.gpu = findGpuPreset("rtx4090-24gb")->spec;
    plan.cluster.gpusPerNode = 1;
    return plan;
}

bool hasCode(const std::vector<Diagnostic>& diagnostics, const std::string& code,
             const std::string& path) {
    for (const Diagnostic& d : diagnostics) {
        if (d.code == code && d.path == path) return true;
    }
    return false;
}

}  // namespace

class TestFineTuneMemory : public QObject {
    Q_OBJECT
private slots:
    // QLoRA §3: 64-weight blocks with an fp32 absmax cost 32/64 = 0.5 bits per weight; double
    // quantisation brings that to 8/64 + 32/(64·256) = 0.127 bits.
    void nf4ConstantsDettmers23Section3() {
        QVERIFY(std::abs((detail::nf4BytesPerParameter(true) * 8 - 4) - 0.127) < 0.0005);
        QCOMPARE((detail::nf4BytesPerParameter(false) * 8 - 4), 0.5);
    }

    // LoRA (Hu et al. 2021) Table 4: GPT-3 175B with adapters on W_q and W_v trains 4.7M
    // parameters at r = 1 and 37.7M at r = 8: 96 layers × 2 matrices × r × (12288 + 12288).
    void adapterCountHu21Table4_data() {
        QTest::addColumn<int>("rank");
        QTest::addColumn<double>("published");
        QTest::newRow("hu21-table4-gpt3-r1-4.7M") << 1 << 4.7e6;
        QTest::newRow("hu21-table4-gpt3-r8-37.7M") << 8 << 37.7e6;
    }
    void adapterCountHu21Table4() {
        QFETCH(int, rank);
        QFETCH(double, published);
        Plan plan = defaultPlan();
        plan.model = findModelPreset("gpt3-175b")->spec;
        plan.training.finetune = FineTune::Lora;
        plan.training.loraRank = rank;
        plan.training.loraTargets = kLoraQuery | kLoraValue;
        const double adapters = plan.model.layers * detail::adapterParametersPerLayer(plan);
        QCOMPARE(adapters, 96.0 * 2 * rank * (12288 + 12288));
        // The table rounds to three digits.
        QVERIFY2(std::abs(adapters - published) <= 0.05e6, qPrintable(QString::number(adapters)));
    }

    // QLoRA's abstract: a 65B model fine-tunes on one 48 GB GPU (an RTX A6000: 48 GiB), with the
    // Guanaco 65B settings. A fit claim, so the test asks for the device total to fit the card
    // with no safety margin, and for it not to fit by leaving something out (above 40 GB: the
    // NF4 weights alone are 33.4 GB).
    void guanaco65bFitsOn48GbDettmers23() {
        Plan plan = guanaco(llama1(80, 8192, 64, 22016));
        plan.cluster.gpu.name = "rtx-a6000-48gb";
        plan.cluster.gpu.memoryBytes = static_cast<std::uint64_t>(48 * kGiB);
        plan.memory.safetyMargin = 0;
        QVERIFY(validate(plan).empty() || !hasCode(validate(plan), "range.out_of_range", ""));
        const MemoryReport report = estimate(plan);
        QVERIFY2(report.fits, qPrintable(QString::number(report.peakBytes / 1e9)));
        QVERIFY(report.peakBytes > 40e9);
        // 64.76e9 layer linears (80 × (4 × 8192² + 3 × 8192 × 22016)) at 4.127 bits.
        const StageMemory& stage = report.stages.front();
        const double nf4 = 80.0 * (4.0 * 8192 * 8192 + 3.0 * 8192 * 22016) * 4.127 / 8;
        const double weights = static_cast<double>(bytesOf(stage, MemoryCategory::Weights));
        QVERIFY(weights > nf4 && weights < nf4 + 3.0e9);  // + bf16 embeddings, head, adapters
    }

    // QLoRA: Guanaco 33B trains on one 24 GB consumer GPU (RTX 3090, 24 GiB). The measurement
    // wins over the accounting's 1.5 GB default for the CUDA context and NCCL/cuBLAS
    // workspaces, which a one-GPU run without NCCL does not take: the caching allocator's
    // reserve must fit the card, and the device total may pass it by 2 % (0.5 GB, about the
    // context of a lone process).
    void guanaco33bFitsOn24GbDettmers23() {
        Plan plan = guanaco(llama1(60, 6656, 52, 17920));
        plan.cluster.gpu = findGpuPreset("rtx3090-24gb")->spec;
        const MemoryReport report = estimate(plan);
        const double capacity = static_cast<double>(report.capacityBytes);
        QVERIFY2(static_cast<double>(report.peakReservedBytes) <= capacity,
                 qPrintable(QString::number(report.peakReservedBytes / 1e9)));
        QVERIFY(static_cast<double>(report.peakBytes) <= 1.02 * capacity);
    }

    // Unsloth's requirements page (unsloth.ai/docs/get-started/fine-tuning-for-beginners/
    // unsloth-requirements): Llama 3 8B needs 6 GB with QLoRA and 22 GB with 16-bit LoRA, "the
    // absolute minimum", as the notebooks print torch.cuda.max_memory_reserved() in GiB. The
    // table states no batch or sequence: QLoRA's figure is matched to 15 % (one rounded figure
    // per size; the 16-bit embeddings and head, 2.1 GB of Llama 3's 128k vocabulary, set most
    // of it). The 16-bit figure is 6 GB above 16 GB of bf16 weights and the adapters' states,
    // which no stated setting explains; the accounting stays 30 % under it, and docs/memory.md
    // says so.
    void unslothLlama3_8b_data() {
        QTest::addColumn<int>("mode");
        QTest::addColumn<double>("publishedGiB");
        QTest::addColumn<double>("tolerance");
        QTest::newRow("unsloth-requirements-llama3-8b-qlora-6GB")
            << static_cast<int>(FineTune::Qlora) << 6.0 << 0.15;
        QTest::newRow("unsloth-requirements-llama3-8b-lora16-22GB")
            << static_cast<int>(FineTune::Lora) << 22.0 << 0.30;
    }
    void unslothLlama3_8b() {
        QFETCH(int, mode);
        QFETCH(double, publishedGiB);
        QFETCH(double, tolerance);
        const MemoryReport report = estimate(unslothLlama3(static_cast<FineTune>(mode)));
        const double reserved = static_cast<double>(report.peakReservedBytes) / kGiB;
        QVERIFY2(std::abs(reserved - publishedGiB) <= tolerance * publishedGiB,
                 qPrintable(QString::number(reserved)));
        QVERIFY(report.fits);
    }

    // A frozen linear backpropagates dx = dy·Wᵀ without its input: under LoRA on q and v only
    // (flash attention), the MLP norm's output (e·T·h) and the down projection's input
    // (e·T·ffn) go, and each adapter keeps x·A (e·T·r). Llama-2 7B, b = 1, s = 4096, r = 8.
    void frozenBaseDropsInputsOfFrozenLinears() {
        Plan full = defaultPlan();
        full.parallel.dp = 1;
        Plan lora = full;
        lora.training.finetune = FineTune::Lora;
        lora.training.loraRank = 8;
        lora.training.loraTargets = kLoraQuery | kLoraValue;
        const double T = 4096, e = 2;
        const double perLayer = e * T * 4096 + e * T * 11008 - 2 * e * T * 8;
        const auto activations = [](const Plan& plan) {
            return static_cast<double>(
                bytesOf(estimate(plan).stages.front(), MemoryCategory::Activations));
        };
        QCOMPARE(activations(full) - activations(lora), 32 * perLayer);
        // QLoRA's 4-bit matmul (bitsandbytes) keeps its input: only the adapters' x·A is added.
        Plan qlora = lora;
        qlora.training.finetune = FineTune::Qlora;
        QCOMPARE(activations(qlora) - activations(full), 32 * 2 * e * T * 8);
    }

    // Chunked cross-entropy: the last stage keeps one chunk of the logits (6 B per element)
    // and the head input's gradient (2 B × T × h) instead of the whole: Llama 3 8B, s = 2048.
    void chunkedLossKeepsOneChunk() {
        Plan plan = defaultPlan();
        plan.model = findModelPreset("llama3-8b")->spec;
        plan.model.sequence = 2048;
        plan.parallel.dp = 1;
        Plan chunked = plan;
        chunked.training.lossChunks = 8;
        const double logits = 2048.0 * 128256 * 6;
        const double saved = logits - logits / 8 - 2.0 * 2048 * 4096;
        const auto activations = [](const Plan& p) {
            return static_cast<double>(
                bytesOf(estimate(p).stages.front(), MemoryCategory::Activations));
        };
        QVERIFY(std::abs(activations(plan) - activations(chunked) - saved) <= 1);
        // The same GEMMs and element-wise passes run in chunks: the step does not change.
        QCOMPARE(predictPerformance(chunked).stepTimeS, predictPerformance(plan).stepTimeS);
    }

    // Activation offloading keeps two layers of a micro-batch's saved tensors on the GPU and
    // moves the rest to the host: with 32 layers and one set in flight, 30 layers' worth.
    void offloadMovesAllButTwoLayers() {
        Plan plan = defaultPlan();
        plan.parallel.dp = 1;
        Plan offloaded = plan;
        offloaded.training.activationOffload = true;
        const MemoryReport before = estimate(plan);
        const MemoryReport after = estimate(offloaded);
        const ModelReport model = analyzeModel(plan);
        const double layer =
            detail::offloadedActivationBytesPerMicroBatch(offloaded, model, model.stages[0]) / 30;
        const double moved =
            static_cast<double>(bytesOf(before.stages[0], MemoryCategory::Activations)) -
            static_cast<double>(bytesOf(after.stages[0], MemoryCategory::Activations));
        QVERIFY(std::abs(moved - 30 * layer) <= 2);
        QVERIFY(std::abs(static_cast<double>(after.hostBytesPerGpu - before.hostBytesPerGpu) -
                         30 * layer) <= 2);
    }

    // The copies overlap the pass they belong to up to the host link: 3 GB over 25 GB/s is
    // 0.12 s, so a 0.1 s forward exposes 0.02 s and a 0.2 s backward none.
    void offloadExposesWhatTheLinkCannotHide() {
        Plan plan = defaultPlan();
        plan.parallel.dp = 1;
        plan.training.activationOffload = true;
        const ModelReport model = analyzeModel(plan);
        const double bytes =
            detail::offloadedActivationBytesPerMicroBatch(plan, model, model.stages[0]);
        const double link = bytes / 0.12;
        const detail::OffloadExposure exposed =
            detail::activationOffloadExposure(plan, model, &model.stages[0], 0.1, 0.2, link);
        QVERIFY(std::abs(exposed.forwardS - 0.02) < 1e-12);
        QCOMPARE(exposed.backwardS, 0.0);
        QVERIFY(predictPerformance(plan).breakdown.offload >= 0);
    }

    // Frozen matmuls skip their weight-gradient GEMMs: the backward of a GEMM-bound plan shrinks
    // from about 2× to about 1× the forward, so compute falls to about 2/3 (Hu et al. 2021
    // §4.2 reports 25 % faster training on GPT-3 175B); the adapters' GEMMs add little.
    void frozenBackwardSkipsWeightGradients() {
        Plan full = defaultPlan();
        full.model = findModelPreset("llama2-70b")->spec;
        full.parallel.dp = 1;
        full.parallel.tp = 8;
        Plan lora = full;
        lora.training.finetune = FineTune::Lora;
        lora.training.loraRank = 8;
        const double ratio =
            predictPerformance(lora).breakdown.compute / predictPerformance(full).breakdown.compute;
        QVERIFY2(ratio > 0.6 && ratio < 0.8, qPrintable(QString::number(ratio)));
    }

    // A paged optimizer's states leave the GPU while the activations are held: the GPU keeps
    // k·Φ − min(k·Φ, A), the host the rest.
    void pagedOptimizerMakesRoomForActivations() {
        Plan plan = guanaco(llama1(60, 6656, 52, 17920));
        Plan resident = plan;
        resident.training.pagedOptimizer = false;
        const StageMemory paged = estimate(plan).stages.front();
        const StageMemory whole = estimate(resident).stages.front();
        const double states = static_cast<double>(bytesOf(whole, MemoryCategory::OptimizerStates));
        const double activations = static_cast<double>(bytesOf(paged, MemoryCategory::Activations));
        QCOMPARE(static_cast<double>(bytesOf(paged, MemoryCategory::OptimizerStates)),
                 std::max(0.0, states - activations));
    }

    // Every new figure explains itself: its formula evaluates to its bytes.
    void figuresExplainThemselves() {
        for (Plan plan : {guanaco(llama1(60, 6656, 52, 17920)), unslothLlama3(FineTune::Lora)}) {
            for (const StageMemory& stage : estimate(plan).stages) {
                for (const MemoryCategory category :
                     {MemoryCategory::Weights, MemoryCategory::Gradients,
                      MemoryCategory::OptimizerStates, MemoryCategory::Activations}) {
                    const MemoryItem& item = stage.items[static_cast<std::size_t>(category)];
                    QVERIFY(!item.explain.terms.empty());
                    const double value = evaluateFigure(item.explain);
                    QVERIFY2(std::abs(value - static_cast<double>(item.bytes)) <=
                                 1e-6 * static_cast<double>(item.bytes) + 1,
                             qPrintable(QString::fromStdString(symbolicFormula(item.explain))));
                    QVERIFY(!item.explain.source.empty());
                }
            }
        }
    }

    // Keys round-trip, are written only when set, and bad values name their pointer.
    void planKeys() {
        const Plan plain = defaultPlan();
        QVERIFY(planToJson(plain).find("finetune") == std::string::npos);
        Plan plan = unslothLlama3(FineTune::Qlora);
        plan.training.loraTargets = kLoraQuery | kLoraDown;
        plan.training.basePrecision = Precision::Fp16;
        plan.training.pagedOptimizer = true;
        const PlanParse back = parsePlan(planToJson(plan));
        QVERIFY(back.plan);
        QCOMPARE(*back.plan, plan);
        const std::string text = planToJson(plan);
        QVERIFY(text.find("\"lora_targets\": [\n      \"q\",\n      \"down\"\n    ]") !=
                std::string::npos);

        const PlanParse bad =
            parsePlan(R"({"training": {"finetune": "qlora", "lora_targets": ["q", "mlp"]}})");
        QVERIFY(!bad.plan);
        QVERIFY(hasCode(bad.diagnostics, "json.expected_one_of", "/training/lora_targets/1"));
        const PlanParse mode = parsePlan(R"({"training": {"finetune": "adapters"}})");
        QVERIFY(hasCode(mode.diagnostics, "json.expected_one_of", "/training/finetune"));
    }

    // The search keeps the plan's fine-tuning mode and savers on every layout it tries, and
    // costs them with the same memory: Guanaco 33B on two 24 GB GPUs fits as QLoRA on the GPUs
    // alone.
    void searchKnowsFineTuning() {
        Plan plan = guanaco(llama1(60, 6656, 52, 17920));
        plan.cluster.gpu = findGpuPreset("rtx3090-24gb")->spec;
        plan.cluster.gpusPerNode = 2;
        plan.parallel.dp = 2;
        plan.training.gradAccumulation = 2;
        plan.memory.frameworkBytes = 500'000'000;
        SearchOptions options;
        options.threads = 1;
        const SearchResult qlora = search(plan, options);
        QVERIFY(!qlora.candidates.empty());
        for (const SearchCandidate& candidate : qlora.candidates) {
            QCOMPARE(candidate.plan.training.finetune, FineTune::Qlora);
            QCOMPARE(candidate.plan.training.pagedOptimizer, true);
        }
        // Trained in full, the same run fits only with its state moved to the host.
        Plan full = plan;
        full.training.finetune = FineTune::Full;
        for (const SearchCandidate& candidate : search(full, options).candidates) {
            QVERIFY(candidate.plan.parallel.offload != Offload::None);
        }
    }

    // Exports write the framework's flag where one exists (Megatron-Core's fine-grained
    // activation offloading) and list the rest as unexpressed.
    void exportsWriteOrListTheOptions() {
        Plan plan = unslothLlama3(FineTune::Qlora);
        const FrameworkFormat* megatron = findFrameworkFormat("megatron");
        QVERIFY(megatron != nullptr);
        const FrameworkExport out = exportPlan(plan, *megatron);
        QVERIFY(out.text.find("--fine-grained-activation-offloading") != std::string::npos);
        const auto listed = [&](const FrameworkExport& e, const std::string& line) {
            return std::find(e.unexpressed.begin(), e.unexpressed.end(), line) !=
                   e.unexpressed.end();
        };
        QVERIFY(listed(out, "/training/finetune = \"qlora\""));
        QVERIFY(listed(out, "/training/loss_chunks = 8"));
        QVERIFY(!listed(out, "/training/activation_offload = true"));
        for (const FrameworkFormat& format : frameworkFormats()) {
            if (format.write == nullptr || std::string_view(format.key) == "megatron") continue;
            QVERIFY2(listed(exportPlan(plan, format), "/training/activation_offload = true"),
                     std::string(format.key).c_str());
        }
    }

    void validation() {
        Plan plan = defaultPlan();
        plan.training.finetune = FineTune::Lora;
        plan.training.loraRank = 0;
        plan.training.loraTargets = 0;
        plan.training.basePrecision = Precision::Fp8;
        plan.memory.convention = MemoryConvention::Megatron;
        const std::vector<Diagnostic> found = validate(plan);
        QVERIFY(hasCode(found, "range.out_of_range", "/training/lora_rank"));
        QVERIFY(hasCode(found, "training.lora_without_targets", "/training/lora_targets"));
        QVERIFY(hasCode(found, "training.base_precision_fp8", "/training/base_precision"));
        QVERIFY(hasCode(found, "memory.convention_counts_full_training", "/memory/convention"));
        plan.training.lossChunks = 0;
        QVERIFY(hasCode(validate(plan), "range.out_of_range", "/training/loss_chunks"));
    }
};

QTEST_APPLESS_MAIN(TestFineTuneMemory)
#include "tst_finetune_memory.moc"
