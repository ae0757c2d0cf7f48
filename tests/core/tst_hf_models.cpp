// SPDX-License-Identifier: MIT
// Hugging Face configs of today's families (Qwen2.5, Qwen3 dense and MoE, Gemma 1/2/3, OLMo 2,
// Phi-3/Phi-4, Mistral-Nemo, Mixtral 8x22B, Llama 3.1, Llama 4, DeepSeek-V2) against the
// released checkpoints' parameter counts, and the shape each import leaves in the plan.
#include "hf_configs_for_tests.h"

#include "core/frameworks/frameworks.h"
#include "core/model/model.h"
#include "core/plan/catalog.h"

#include <QTest>

using namespace fourfold::core;
using namespace fourfold::test;

namespace {

PlanImport importConfig(const char* text) {
    const FrameworkFormat* row = findFrameworkFormat("huggingface");
    Q_ASSERT(row != nullptr);
    return importPlan(defaultPlan(), text, *row);
}

bool has(const std::string& text, const std::string& word) {
    return text.find(word) != std::string::npos;
}

}  // namespace

class TestHfModels : public QObject {
    Q_OBJECT

private slots:
    void countsMatchReleasedCheckpoints_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<quint64>("parameters");
        // Each count is the sum of the released checkpoint's tensors: the hub's safetensors
        // parameter count on the model page (total_size of model.safetensors.index.json over
        // the bytes of its dtype), which the model card rounds (named beside each row).
        // Qwen2.5 card: 72.7B, 0.49B.
        QTest::newRow("qwen2.5-72b")
            << QString::fromUtf8(kQwen25_72bConfig) << quint64(72'706'203'648ULL);
        QTest::newRow("qwen2.5-0.5b-tied")
            << QString::fromUtf8(kQwen25_05bConfig) << quint64(494'032'768ULL);
        // Qwen3 cards: 8.2B (6.95B non-embedding), 0.6B (0.44B non-embedding), 30.5B (29.9B
        // non-embedding), 235B (234B non-embedding).
        QTest::newRow("qwen3-8b") << QString::fromUtf8(kQwen3_8bConfig)
                                  << quint64(8'190'735'360ULL);
        QTest::newRow("qwen3-0.6b-tied")
            << QString::fromUtf8(kQwen3_06bConfig) << quint64(596'049'920ULL);
        QTest::newRow("qwen3-30b-a3b")
            << QString::fromUtf8(kQwen3_30bA3bConfig) << quint64(30'532'122'624ULL);
        QTest::newRow("qwen3-235b-a22b")
            << QString::fromUtf8(kQwen3_235bA22bConfig) << quint64(235'093'634'560ULL);
        // Gemma (Gemma Team 2024): 8.54B; Gemma 2 pages: 27.2B, 9.24B.
        QTest::newRow("gemma-7b") << QString::fromUtf8(kGemma7bConfig) << quint64(8'537'680'896ULL);
        QTest::newRow("gemma-2-27b")
            << QString::fromUtf8(kGemma2_27bConfig) << quint64(27'227'128'320ULL);
        QTest::newRow("gemma-2-9b")
            << QString::fromUtf8(kGemma2_9bConfig) << quint64(9'241'705'984ULL);
        // Gemma 3 pages (language model, SigLIP tower and projector): 27.4B, 4.3B, 1B.
        QTest::newRow("gemma-3-27b-it")
            << QString::fromUtf8(kGemma3_27bConfig) << quint64(27'432'406'640ULL);
        QTest::newRow("gemma-3-4b-it")
            << QString::fromUtf8(kGemma3_4bConfig) << quint64(4'300'079'472ULL);
        QTest::newRow("gemma-3-1b-pt")
            << QString::fromUtf8(kGemma3_1bConfig) << quint64(999'885'952ULL);
        // OLMo 2 pages: 7.3B, 13.7B.
        QTest::newRow("olmo-2-1124-7b")
            << QString::fromUtf8(kOlmo2_7bConfig) << quint64(7'298'617'344ULL);
        QTest::newRow("olmo-2-1124-13b")
            << QString::fromUtf8(kOlmo2_13bConfig) << quint64(13'716'198'400ULL);
        // Phi-3-mini card: 3.8B; Phi-4 card: 14B (page 14.7B).
        QTest::newRow("phi-3-mini-4k")
            << QString::fromUtf8(kPhi3MiniConfig) << quint64(3'821'079'552ULL);
        QTest::newRow("phi-4") << QString::fromUtf8(kPhi4Config) << quint64(14'659'507'200ULL);
        // Mistral-Nemo card: 12B (page 12.2B); Mixtral 8x22B: 141B (page 140.6B).
        QTest::newRow("mistral-nemo-base-2407")
            << QString::fromUtf8(kMistralNemoConfig) << quint64(12'247'782'400ULL);
        QTest::newRow("mixtral-8x22b-v0.1")
            << QString::fromUtf8(kMixtral8x22bConfig) << quint64(140'620'634'112ULL);
        // Llama 3.1 card: 8B (page 8.03B).
        QTest::newRow("llama-3.1-8b")
            << QString::fromUtf8(kLlama31_8bConfig) << quint64(8'030'261'248ULL);
        // Llama 4 cards: 109B and 400B total (pages 108.6B, 401.6B), vision encoder included.
        QTest::newRow("llama-4-scout-17b-16e")
            << QString::fromUtf8(kLlama4ScoutConfig) << quint64(108'641'793'536ULL);
        QTest::newRow("llama-4-maverick-17b-128e")
            << QString::fromUtf8(kLlama4MaverickConfig) << quint64(401'583'781'376ULL);
        // DeepSeek-V2 paper: 236B total.
        QTest::newRow("deepseek-v2-236b")
            << QString::fromUtf8(kDeepseekV2Config) << quint64(235'741'434'880ULL);
    }
    void countsMatchReleasedCheckpoints() {
        QFETCH(QString, config);
        QFETCH(quint64, parameters);
        const std::string text = config.toStdString();
        const FrameworkFormat* detected = detectFormat(text);
        QVERIFY(detected != nullptr);
        QCOMPARE(detected->key, std::string_view("huggingface"));
        const PlanImport imported = importPlan(defaultPlan(), text, *detected);
        QVERIFY2(imported.plan.has_value(),
                 imported.diagnostics.empty() ? "" : imported.diagnostics[0].message.c_str());
        QCOMPARE(quint64(analyzeModel(*imported.plan).parameters), parameters);
    }

    // Families whose every weight the plan's shape can hold need no given count.
    void shapeCountsExactly_data() {
        QTest::addColumn<QString>("config");
        QTest::newRow("qwen3-8b") << QString::fromUtf8(kQwen3_8bConfig);
        QTest::newRow("qwen3-30b-a3b") << QString::fromUtf8(kQwen3_30bA3bConfig);
        QTest::newRow("phi-4") << QString::fromUtf8(kPhi4Config);
        QTest::newRow("mistral-nemo") << QString::fromUtf8(kMistralNemoConfig);
        QTest::newRow("deepseek-v2-lite") << QString::fromUtf8(kDeepseekV2LiteConfig);
        QTest::newRow("deepseek-v2") << QString::fromUtf8(kDeepseekV2Config);
    }
    void shapeCountsExactly() {
        QFETCH(QString, config);
        const PlanImport imported = importConfig(config.toStdString().c_str());
        QVERIFY(imported.plan);
        QCOMPARE(imported.plan->model.parameters, 0.0);
    }

    void headDimIsTheConfigs() {
        const PlanImport nemo = importConfig(kMistralNemoConfig);
        QVERIFY(nemo.plan);
        QCOMPARE(nemo.plan->model.headDim, 128);  // not 5120 / 32 = 160
        const PlanImport llama = importConfig(kLlama31_8bConfig);
        QVERIFY(llama.plan);
        QCOMPARE(llama.plan->model.headDim, 0);  // 4096 / 32 = 128 already
        const PlanImport gemma = importConfig(kGemma3_4bConfig);
        QVERIFY(gemma.plan);
        QCOMPARE(gemma.plan->model.headDim, 256);  // Gemma3TextConfig's default
        QCOMPARE(gemma.plan->model.heads, 8);
        QCOMPARE(gemma.plan->model.kvHeads, 4);
        QCOMPARE(gemma.plan->model.vocab, 262208);
    }

    void mistralNemoFlopsUseTheRealHeadSize() {
        const PlanImport nemo = importConfig(kMistralNemoConfig);
        QVERIFY(nemo.plan);
        Plan plan = *nemo.plan;
        plan.model.sequence = 4096;
        // Per layer 2 × (5120 × 4096 × 2 + 2 × 5120 × 1024 + 3 × 5120 × 14336) + 4 × 4096 × 4096,
        // 40 layers and a 2 × 131072 × 5120 head: 2.583e10 forward, 7.75e10 with backward
        // (hidden / heads = 160 would give 8.27e10).
        const double perLayer =
            2.0 * (5120.0 * 4096 * 2 + 2.0 * 5120 * 1024 + 3.0 * 5120 * 14336) + 4.0 * 4096 * 4096;
        const double expected = 3.0 * (40 * perLayer + 2.0 * 131072 * 5120);
        QCOMPARE(analyzeModel(plan).flopsPerToken, expected);
        QVERIFY(expected < 7.8e10 && expected > 7.7e10);
    }

    void gemmaAlternatesLocalAndGlobalLayers() {
        const PlanImport gemma2 = importConfig(kGemma2_9bConfig);
        QVERIFY(gemma2.plan);
        QCOMPARE(gemma2.plan->model.slidingWindow, 4096);
        QCOMPARE(gemma2.plan->model.fullAttentionEvery, 2);
        const PlanImport gemma3 = importConfig(kGemma3_27bConfig);
        QVERIFY(gemma3.plan);
        QCOMPARE(gemma3.plan->model.slidingWindow, 1024);
        QCOMPARE(gemma3.plan->model.fullAttentionEvery, 6);
        QVERIFY(gemma3.plan->model.qkNorm);
        QVERIFY(gemma3.plan->model.tiedEmbeddings);
        // Newer configs list the layer types instead of a pattern.
        const PlanImport listed = importConfig(R"({"model_type": "gemma3_text",
            "hidden_size": 1152, "num_hidden_layers": 6, "num_attention_heads": 4,
            "num_key_value_heads": 1, "head_dim": 256, "intermediate_size": 6912,
            "vocab_size": 262144, "sliding_window": 512,
            "layer_types": ["sliding_attention", "sliding_attention", "sliding_attention",
                            "full_attention", "sliding_attention", "sliding_attention"]})");
        QVERIFY(listed.plan);
        QCOMPARE(listed.plan->model.fullAttentionEvery, 4);
        // Qwen2 keeps full attention while use_sliding_window is false.
        const PlanImport qwen = importConfig(kQwen25_72bConfig);
        QVERIFY(qwen.plan);
        QCOMPARE(qwen.plan->model.slidingWindow, 0);
    }

    void deepseekKeepsItsArchitecture() {
        const PlanImport v3 = importConfig(kDeepseekV3Config);
        QVERIFY(v3.plan);
        const ModelSpec& m = v3.plan->model;
        QCOMPARE(m.mla.kvRank, 512);
        QCOMPARE(m.mla.qRank, 1536);
        QCOMPARE(m.mla.ropeDim, 64);
        QCOMPARE(m.headDim, 128);
        QCOMPARE(m.mla.vHeadDim, 0);  // the same as the head dimension
        QCOMPARE(m.moe.sharedExperts, 1);
        QCOMPARE(m.moe.firstDenseLayers, 3);
        QCOMPARE(m.mtpLayers, 1);
        const ModelReport report = analyzeModel(*v3.plan);
        // The MTP module: one MoE layer, the 2h × h projection and three norms (DeepSeek-V3
        // report section 2.2; with the router bias, the shared embedding and head it stored
        // in the checkpoint this is the model card's "14B of MTP weights").
        QCOMPARE(report.mtpParameters, quint64(11'610'067'968ULL));
        QVERIFY(report.mtpForwardFlopsPerToken > 0);
    }

    void llama4InterleavesMoeLayers() {
        const PlanImport maverick = importConfig(kLlama4MaverickConfig);
        QVERIFY(maverick.plan);
        const ModelSpec& m = maverick.plan->model;
        QCOMPARE(m.moe.experts, 128);
        QCOMPARE(m.moe.layerStep, 2);
        QCOMPARE(m.moe.sharedExperts, 1);  // one shared expert of the routed width
        QCOMPARE(m.moe.expertFfnHidden, 8192);
        QCOMPARE(m.ffnHidden, 16384);  // the dense layers between
        QVERIFY(has(v(maverick), "vision"));
    }

    // Megatron-LM has flags for the head size, QK-norm, MLA, shared experts, the MoE layer
    // pattern and MTP: they survive the round trip; the sliding window has none and is listed.
    void megatronWritesWhatItCanExpress_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QStringList>("unexpressed");
        QTest::newRow("deepseek-v3") << QStringLiteral("deepseek-v3")
                                     << QStringList{"--multi-latent-attention",
                                                    "--q-lora-rank 1536",
                                                    "--kv-lora-rank 512",
                                                    "--qk-head-dim 128",
                                                    "--qk-pos-emb-head-dim 64",
                                                    "--v-head-dim 128",
                                                    "--moe-shared-expert-intermediate-size 2048",
                                                    "--moe-layer-freq '[0,0,0,1,",
                                                    "--mtp-num-layers 1"}
                                     << QStringList{"/model/parameters"};
        QTest::newRow("qwen3-30b-a3b")
            << QStringLiteral("qwen3-30b-a3b")
            << QStringList{"--kv-channels 128", "--qk-layernorm", "--num-experts 128"}
            << QStringList{};
        QTest::newRow("gemma3-27b")
            << QStringLiteral("gemma3-27b") << QStringList{"--kv-channels 128", "--qk-layernorm"}
            << QStringList{"/model/sliding_window", "/model/full_attention_every"};
    }
    void megatronWritesWhatItCanExpress() {
        QFETCH(QString, preset);
        QFETCH(QStringList, flags);
        QFETCH(QStringList, unexpressed);
        Plan plan = defaultPlan();
        plan.model = findModelPreset(preset.toStdString())->spec;
        const FrameworkFormat* megatron = findFrameworkFormat("megatron");
        QVERIFY(megatron != nullptr);
        const FrameworkExport out = exportPlan(plan, *megatron);
        for (const QString& flag : flags) {
            QVERIFY2(has(out.text, flag.toStdString()), qPrintable(flag));
        }
        std::string listed;
        for (const std::string& line : out.unexpressed) listed += line + "\n";
        for (const char* pointer :
             {"/model/head_dim", "/model/qk_norm", "/model/mla/kv_rank", "/model/mtp_layers",
              "/model/moe/shared_experts", "/model/moe/first_dense_layers"}) {
            QVERIFY2(!has(listed, std::string(pointer) + " "), listed.c_str());
        }
        for (const QString& pointer : unexpressed) {
            QVERIFY2(has(listed, pointer.toStdString()), listed.c_str());
        }
    }

    void unknownModelTypeListsTheFamilies() {
        const PlanImport imported =
            importConfig(R"({"model_type": "falcon_h1", "hidden_size": 1024})");
        QVERIFY(!imported.plan);
        const std::string& message = imported.diagnostics.front().message;
        for (const char* word :
             {"falcon_h1", "qwen3_moe", "gemma3", "olmo2", "phi3", "llama4", "deepseek_v3"}) {
            QVERIFY2(has(message, word), message.c_str());
        }
    }

private:
    static std::string v(const PlanImport& imported) {
        std::string text;
        for (const Diagnostic& d : imported.diagnostics) text += d.message + "\n";
        return text;
    }
};

QTEST_APPLESS_MAIN(TestHfModels)
#include "tst_hf_models.moc"
