// SPDX-License-Identifier: MIT
#include "core/model/model.h"
#include "core/plan/catalog.h"
#include "core/plan/detail/catalog_parse.h"
#include "core/plan/detail/embedded_presets.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <set>

using namespace fourfold::core;

namespace {

// Parameters of a decoder written out term by term (q, k, v, o; MLP matrices; two norms per
// layer; embedding, untied head, final norm; MoE router). Independent of the engine's code.
double decoderParameters(const ModelSpec& m) {
    const double h = m.hidden;
    const double headDim = h / m.heads;
    const double attention = h * h + 2.0 * h * (m.kvHeads * headDim) + h * h;
    const double matrices = m.mlp == MlpKind::Swiglu ? 3.0 : 2.0;
    double mlp = matrices * h * m.ffnHidden;
    if (m.moe.experts > 1) {
        const double expertFfn = m.moe.expertFfnHidden > 0 ? m.moe.expertFfnHidden : m.ffnHidden;
        mlp = m.moe.experts * matrices * h * expertFfn + h * m.moe.experts;
    }
    const double perLayer = attention + mlp + 2.0 * h;
    const double embeddings = (m.tiedEmbeddings ? 1.0 : 2.0) * m.vocab * h;
    return m.layers * perLayer + embeddings + h;
}

}  // namespace

class TestCatalog : public QObject {
    Q_OBJECT
private slots:
    void embeddedFilesParseWithoutProblems() {
        const auto files = detail::embeddedPresets();
        QVERIFY(files.size() >= 3);
        const auto parsed = detail::parseCatalog(files);
        for (const auto& problem : parsed.problems) qWarning("%s", problem.c_str());
        QVERIFY(parsed.problems.empty());
        QCOMPARE(parsed.catalog, builtinCatalog());
    }

    void malformedFilesAreReported() {
        const std::string broken = R"({"models": [{"name": "x", "layers": "many"}]})";
        const std::string notJson = "{ this is not json";
        const std::vector<detail::EmbeddedFile> files = {{"broken.json", broken},
                                                         {"garbage.json", notJson}};
        const auto parsed = detail::parseCatalog(files);
        const auto mentions = [&](const std::string& text) {
            return std::any_of(parsed.problems.begin(), parsed.problems.end(),
                               [&](const std::string& p) { return p.find(text) != p.npos; });
        };
        QVERIFY(mentions("broken.json/models/0/layers"));
        QVERIFY(mentions("\"hidden\""));
        QVERIFY(mentions("garbage.json"));
    }

    void parsedOnceAndImmutable() { QCOMPARE(&builtinCatalog(), &builtinCatalog()); }

    void presetNamesAsDocumented() {
        // PLAN_FORMAT.md, "Preset names".
        const std::set<std::string> models = {
            "gpt3-1.3b",     "gpt3-2.7b",    "gpt3-6.7b",   "gpt3-13b",      "gpt3-175b",
            "llama2-7b",     "llama2-13b",   "llama2-70b",  "llama3-8b",     "llama3-70b",
            "llama3-405b",   "mixtral-8x7b", "generic-7b",  "llama3.1-8b",   "llama3.1-70b",
            "mixtral-8x22b", "deepseek-v3",  "qwen2.5-72b", "qwen3-30b-a3b", "qwen3-235b-a22b",
            "gemma3-27b",    "olmo2-13b"};
        const std::set<std::string> gpus = {"rtx3090-24gb",   "rtx4090-24gb",  "a100-sxm-40gb",
                                            "a100-sxm-80gb",  "h100-sxm-80gb", "h800-sxm-80gb",
                                            "h200-sxm-141gb", "b200-192gb",    "mi300x-192gb"};
        const std::set<std::string> links = {"nvlink3", "nvlink4", "nvlink4-h800",
                                             "nvlink5", "pcie4",   "pcie5",
                                             "ib-200g", "ib-400g", "roce-100g"};
        const Catalog& catalog = builtinCatalog();
        std::set<std::string> seen;
        for (const auto& preset : catalog.models) {
            QVERIFY2(seen.insert(preset.name).second, preset.name.c_str());
            QCOMPARE(preset.spec.preset, preset.name);
        }
        QCOMPARE(seen, models);
        seen.clear();
        for (const auto& preset : catalog.gpus) QVERIFY(seen.insert(preset.spec.name).second);
        QCOMPARE(seen, gpus);
        seen.clear();
        for (const auto& preset : catalog.links) QVERIFY(seen.insert(preset.spec.name).second);
        QCOMPARE(seen, links);
    }

    void everyPresetHasDisplayNameAndSource() {
        const Catalog& catalog = builtinCatalog();
        const auto check = [](const std::string& name, const std::string& display,
                              const std::string& source) {
            QVERIFY2(!display.empty(), name.c_str());
            // A citation, not a placeholder: long enough to name a paper or datasheet.
            QVERIFY2(source.size() > 60, name.c_str());
        };
        for (const auto& p : catalog.models) {
            check(p.name, p.displayName, p.source);
            QVERIFY2(!p.family.empty(), p.name.c_str());  // the chooser's heading
        }
        for (const auto& p : catalog.gpus) check(p.spec.name, p.displayName, p.source);
        for (const auto& p : catalog.links) check(p.spec.name, p.displayName, p.source);
    }

    void modelShapes_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QList<int>>("shape");  // layers hidden heads kv ffn vocab sequence
        QTest::addColumn<bool>("swiglu");
        QTest::addColumn<bool>("tied");
        QTest::addColumn<QList<int>>("moe");  // experts topK expertFfn
        // Brown et al. 2020 Table 2.1; d_ff = 4 d_model; GPT-2 vocabulary, 2048 context.
        QTest::newRow("brown20-table2.1-xl")
            << QStringLiteral("gpt3-1.3b") << QList<int>{24, 2048, 16, 16, 8192, 50257, 2048}
            << false << true << QList<int>{0, 0, 0};
        QTest::newRow("brown20-table2.1-2.7b")
            << QStringLiteral("gpt3-2.7b") << QList<int>{32, 2560, 32, 32, 10240, 50257, 2048}
            << false << true << QList<int>{0, 0, 0};
        QTest::newRow("brown20-table2.1-6.7b")
            << QStringLiteral("gpt3-6.7b") << QList<int>{32, 4096, 32, 32, 16384, 50257, 2048}
            << false << true << QList<int>{0, 0, 0};
        QTest::newRow("brown20-table2.1-13b")
            << QStringLiteral("gpt3-13b") << QList<int>{40, 5120, 40, 40, 20480, 50257, 2048}
            << false << true << QList<int>{0, 0, 0};
        QTest::newRow("brown20-table2.1-175b")
            << QStringLiteral("gpt3-175b") << QList<int>{96, 12288, 96, 96, 49152, 50257, 2048}
            << false << true << QList<int>{0, 0, 0};
        // Touvron et al. 2023 Table 1 + released configurations.
        QTest::newRow("touvron23-7b")
            << QStringLiteral("llama2-7b") << QList<int>{32, 4096, 32, 32, 11008, 32000, 4096}
            << true << false << QList<int>{0, 0, 0};
        QTest::newRow("touvron23-13b")
            << QStringLiteral("llama2-13b") << QList<int>{40, 5120, 40, 40, 13824, 32000, 4096}
            << true << false << QList<int>{0, 0, 0};
        QTest::newRow("touvron23-70b-gqa")
            << QStringLiteral("llama2-70b") << QList<int>{80, 8192, 64, 8, 28672, 32000, 4096}
            << true << false << QList<int>{0, 0, 0};
        // Dubey et al. 2024 Table 3.
        QTest::newRow("dubey24-table3-8b")
            << QStringLiteral("llama3-8b") << QList<int>{32, 4096, 32, 8, 14336, 128256, 8192}
            << true << false << QList<int>{0, 0, 0};
        QTest::newRow("dubey24-table3-70b")
            << QStringLiteral("llama3-70b") << QList<int>{80, 8192, 64, 8, 28672, 128256, 8192}
            << true << false << QList<int>{0, 0, 0};
        QTest::newRow("dubey24-table3-405b")
            << QStringLiteral("llama3-405b") << QList<int>{126, 16384, 128, 8, 53248, 128256, 8192}
            << true << false << QList<int>{0, 0, 0};
        // Jiang et al. 2024 Table 1.
        QTest::newRow("jiang24-table1-mixtral")
            << QStringLiteral("mixtral-8x7b") << QList<int>{32, 4096, 32, 8, 14336, 32000, 32768}
            << true << false << QList<int>{8, 2, 14336};
    }
    void modelShapes() {
        QFETCH(QString, name);
        QFETCH(QList<int>, shape);
        QFETCH(bool, swiglu);
        QFETCH(bool, tied);
        QFETCH(QList<int>, moe);
        const auto preset = findModelPreset(name.toStdString());
        QVERIFY(preset.has_value());
        const ModelSpec& m = preset->spec;
        QCOMPARE(
            (QList<int>{m.layers, m.hidden, m.heads, m.kvHeads, m.ffnHidden, m.vocab, m.sequence}),
            shape);
        QCOMPARE(m.mlp == MlpKind::Swiglu, swiglu);
        QCOMPARE(m.tiedEmbeddings, tied);
        QCOMPARE((QList<int>{m.moe.experts, m.moe.topK, m.moe.expertFfnHidden}), moe);
        QCOMPARE(m.parameters, 0.0);  // count the shape
        QCOMPARE(m.hidden % m.heads, 0);
        QCOMPARE(m.heads % m.kvHeads, 0);
    }

    void modelParameterCounts_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("published");
        QTest::addColumn<double>("tolerance");  // relative
        // Exact counts of the released checkpoints (their model cards / safetensors indexes).
        QTest::newRow("llama2-7b-released") << QStringLiteral("llama2-7b") << 6738415616.0 << 0.0;
        QTest::newRow("llama2-13b-released")
            << QStringLiteral("llama2-13b") << 13015864320.0 << 0.0;
        QTest::newRow("llama2-70b-released")
            << QStringLiteral("llama2-70b") << 68976648192.0 << 0.0;
        QTest::newRow("llama3-8b-released") << QStringLiteral("llama3-8b") << 8030261248.0 << 0.0;
        QTest::newRow("llama3-70b-released")
            << QStringLiteral("llama3-70b") << 70553706496.0 << 0.0;
        QTest::newRow("llama3-405b-released")
            << QStringLiteral("llama3-405b") << 405853388800.0 << 0.0;
        QTest::newRow("mixtral-released") << QStringLiteral("mixtral-8x7b") << 46702792704.0 << 0.0;
        // Brown et al. 2020 Table 2.1 nominal sizes (rounded in the paper; no position table here).
        QTest::newRow("brown20-1.3b") << QStringLiteral("gpt3-1.3b") << 1.3e9 << 0.02;
        QTest::newRow("brown20-2.7b") << QStringLiteral("gpt3-2.7b") << 2.7e9 << 0.03;
        QTest::newRow("brown20-6.7b") << QStringLiteral("gpt3-6.7b") << 6.7e9 << 0.02;
        QTest::newRow("brown20-13b") << QStringLiteral("gpt3-13b") << 13.0e9 << 0.02;
        QTest::newRow("brown20-175b") << QStringLiteral("gpt3-175b") << 175.0e9 << 0.01;
    }
    void modelParameterCounts() {
        QFETCH(QString, name);
        QFETCH(double, published);
        QFETCH(double, tolerance);
        const auto preset = findModelPreset(name.toStdString());
        QVERIFY(preset.has_value());
        const double count = decoderParameters(preset->spec);
        QVERIFY2(std::abs(count - published) <= tolerance * published,
                 qPrintable(QStringLiteral("%1 counts %2").arg(name).arg(count, 0, 'f', 0)));
    }

    // Today's presets against their released checkpoints: the count memory uses is the
    // checkpoint's (tests/core/tst_hf_models.cpp reads the same figures from each config.json,
    // with the model card or hub page named there).
    void todaysPresetsCountTheirCheckpoints_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<quint64>("released");
        QTest::addColumn<bool>("shapeExact");  // the shape alone counts every tensor
        QTest::newRow("llama-3.1-8b")
            << QStringLiteral("llama3.1-8b") << quint64(8'030'261'248ULL) << true;
        QTest::newRow("llama-3.1-70b")
            << QStringLiteral("llama3.1-70b") << quint64(70'553'706'496ULL) << true;
        QTest::newRow("llama-3.1-405b")
            << QStringLiteral("llama3-405b") << quint64(405'853'388'800ULL) << true;
        QTest::newRow("mixtral-8x22b-v0.1")
            << QStringLiteral("mixtral-8x22b") << quint64(140'620'634'112ULL) << true;
        // DeepSeek-V3 report, Sec. 1: 671B total (the MTP module outside it).
        QTest::newRow("deepseek-v3-671b")
            << QStringLiteral("deepseek-v3") << quint64(671'026'419'200ULL) << false;
        QTest::newRow("qwen2.5-72b")
            << QStringLiteral("qwen2.5-72b") << quint64(72'706'203'648ULL) << false;
        QTest::newRow("qwen3-30b-a3b")
            << QStringLiteral("qwen3-30b-a3b") << quint64(30'532'122'624ULL) << true;
        QTest::newRow("qwen3-235b-a22b")
            << QStringLiteral("qwen3-235b-a22b") << quint64(235'093'634'560ULL) << true;
        QTest::newRow("gemma-3-27b-it")
            << QStringLiteral("gemma3-27b") << quint64(27'432'406'640ULL) << false;
        QTest::newRow("olmo-2-1124-13b")
            << QStringLiteral("olmo2-13b") << quint64(13'716'198'400ULL) << false;
    }
    void todaysPresetsCountTheirCheckpoints() {
        QFETCH(QString, name);
        QFETCH(quint64, released);
        QFETCH(bool, shapeExact);
        const auto preset = findModelPreset(name.toStdString());
        QVERIFY(preset.has_value());
        Plan plan = defaultPlan();
        plan.model = preset->spec;
        const ModelReport report = analyzeModel(plan);
        QCOMPARE(quint64(report.parameters), released);
        if (shapeExact) {
            QCOMPARE(preset->spec.parameters, 0.0);
            QCOMPARE(quint64(report.shapeParameters), released);
        } else {
            // A given count, and a shape within 2 % of it (what it leaves out is small).
            QCOMPARE(preset->spec.parameters, static_cast<double>(released));
            const double shape = static_cast<double>(report.shapeParameters);
            QVERIFY2(std::abs(shape - static_cast<double>(released)) < 0.02 * shape,
                     qPrintable(QString::number(shape, 'f', 0)));
        }
    }

    void gpuFigures_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<QList<double>>("peaks");  // bf16 fp16 fp8 fp32 (dense TFLOP/s)
        QTest::addColumn<double>("bandwidth");     // GB/s
        const quint64 gib = 1ULL << 30;
        QTest::newRow("ga102-whitepaper-3090") << QStringLiteral("rtx3090-24gb") << 24 * gib
                                               << QList<double>{71, 71, 0, 35.6} << 936.0;
        QTest::newRow("ada-whitepaper-4090") << QStringLiteral("rtx4090-24gb") << 24 * gib
                                             << QList<double>{165.2, 165.2, 330.3, 82.6} << 1008.0;
        QTest::newRow("a100-datasheet-40gb") << QStringLiteral("a100-sxm-40gb") << 40 * gib
                                             << QList<double>{312, 312, 0, 19.5} << 1555.0;
        QTest::newRow("a100-datasheet-80gb") << QStringLiteral("a100-sxm-80gb") << 80 * gib
                                             << QList<double>{312, 312, 0, 19.5} << 2039.0;
        QTest::newRow("h100-datasheet-sxm") << QStringLiteral("h100-sxm-80gb") << 85899345920ULL
                                            << QList<double>{989.4, 989.4, 1978.9, 66.9} << 3350.0;
        QTest::newRow("h800-datasheet-sxm") << QStringLiteral("h800-sxm-80gb") << 80 * gib
                                            << QList<double>{989.4, 989.4, 1978.9, 66.9} << 3350.0;
        QTest::newRow("h200-datasheet-sxm") << QStringLiteral("h200-sxm-141gb") << 141 * gib
                                            << QList<double>{989.4, 989.4, 1978.9, 66.9} << 4800.0;
        QTest::newRow("hgx-b200-datasheet") << QStringLiteral("b200-192gb") << 192 * gib
                                            << QList<double>{2250, 2250, 4500, 75} << 8000.0;
        QTest::newRow("mi300x-datasheet") << QStringLiteral("mi300x-192gb") << 192 * gib
                                          << QList<double>{1307.4, 1307.4, 2614.9, 163.4} << 5300.0;
    }
    void gpuFigures() {
        QFETCH(QString, name);
        QFETCH(quint64, bytes);
        QFETCH(QList<double>, peaks);
        QFETCH(double, bandwidth);
        const auto preset = findGpuPreset(name.toStdString());
        QVERIFY(preset.has_value());
        const GpuSpec& gpu = preset->spec;
        QCOMPARE(quint64(gpu.memoryBytes), bytes);
        QCOMPARE((QList<double>{gpu.peakTflops.bf16, gpu.peakTflops.fp16, gpu.peakTflops.fp8,
                                gpu.peakTflops.fp32}),
                 peaks);
        QCOMPARE(gpu.hbmGbps, bandwidth);
    }

    void linkFigures_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("gbps");
        QTest::addColumn<double>("latency");
        // Vendor totals halved to one direction; NCCL tuning.cc ring/Simple step latencies.
        QTest::newRow("a100-600GBs-total") << QStringLiteral("nvlink3") << 300.0 << 3.4;
        QTest::newRow("h100-900GBs-total") << QStringLiteral("nvlink4") << 450.0 << 3.4;
        QTest::newRow("b200-1.8TBs-total") << QStringLiteral("nvlink5") << 900.0 << 3.4;
        QTest::newRow("pcie4-x16") << QStringLiteral("pcie4") << 32.0 << 5.7;
        QTest::newRow("pcie5-x16") << QStringLiteral("pcie5") << 64.0 << 5.7;
        QTest::newRow("hdr-200Gbps") << QStringLiteral("ib-200g") << 200.0 / 8 << 14.0;
        QTest::newRow("ndr-400Gbps") << QStringLiteral("ib-400g") << 400.0 / 8 << 14.0;
        QTest::newRow("roce-100Gbps") << QStringLiteral("roce-100g") << 100.0 / 8 << 14.0;
    }
    void linkFigures() {
        QFETCH(QString, name);
        QFETCH(double, gbps);
        QFETCH(double, latency);
        const auto preset = findLinkPreset(name.toStdString());
        QVERIFY(preset.has_value());
        QCOMPARE(preset->spec.gbps, gbps);
        QCOMPARE(preset->spec.latencyUs, latency);
    }

    void unknownNamesAreNotFound() {
        QVERIFY(!findModelPreset("llama2-7B").has_value());  // names are lower case
        QVERIFY(!findModelPreset("").has_value());
        QVERIFY(!findGpuPreset("h100").has_value());
        QVERIFY(!findLinkPreset("nvlink").has_value());
    }

    void familyShapeOnLogGrid_data() {
        QTest::addColumn<double>("parameters");
        // 1e8 .. 2e12, 97 points evenly spaced in log10.
        const double first = 8.0;
        const double last = std::log10(2e12);
        const int points = 97;
        for (int i = 0; i < points; ++i) {
            const double parameters = std::pow(10.0, first + (last - first) * i / (points - 1));
            QTest::newRow(qPrintable(QStringLiteral("family-%1").arg(parameters, 0, 'g', 4)))
                << parameters;
        }
    }
    void familyShapeOnLogGrid() {
        QFETCH(double, parameters);
        const ModelSpec m = shapeForParameterCount(parameters);
        QCOMPARE(m.parameters, parameters);
        QVERIFY(m.preset.empty());
        // The documented family (docs/presets.md).
        QCOMPARE(m.hidden, m.heads * 128);
        QCOMPARE(m.kvHeads, m.heads);
        QCOMPARE(m.ffnHidden % 256, 0);
        QVERIFY(std::abs(m.ffnHidden - 8.0 * m.hidden / 3.0) <= 128.0);
        QCOMPARE(m.vocab, 32000);
        QCOMPARE(m.sequence, 4096);
        QCOMPARE(m.mlp, MlpKind::Swiglu);
        QVERIFY(!m.tiedEmbeddings);
        QCOMPARE(m.moe.experts, 0);
        QVERIFY(m.layers >= 1);
        // Its own count: 4h^2 attention + 3hf SwiGLU + 2h norms per layer, 2Vh embedding and
        // head, h final norm.
        const double h = m.hidden;
        const double count =
            m.layers * (4 * h * h + 3 * h * m.ffnHidden + 2 * h) + 2 * 32000.0 * h + h;
        QVERIFY2(std::abs(count - parameters) <= 0.02 * parameters,
                 qPrintable(
                     QStringLiteral("L=%1 h=%2 counts %3").arg(m.layers).arg(m.hidden).arg(count)));
        QCOMPARE(decoderParameters(m), count);
    }

    void familyShapeForAbsurdInput_data() {
        QTest::addColumn<double>("parameters");
        QTest::newRow("zero") << 0.0;
        QTest::newRow("negative") << -7e9;
        QTest::newRow("nan") << std::numeric_limits<double>::quiet_NaN();
        QTest::newRow("infinity") << std::numeric_limits<double>::infinity();
        QTest::newRow("minus-infinity") << -std::numeric_limits<double>::infinity();
        QTest::newRow("denormal") << std::numeric_limits<double>::denorm_min();
        QTest::newRow("one") << 1.0;
        QTest::newRow("1e15") << 1e15;
        QTest::newRow("1e300") << 1e300;
        QTest::newRow("max") << std::numeric_limits<double>::max();
    }
    void familyShapeForAbsurdInput() {
        QFETCH(double, parameters);
        const ModelSpec m = shapeForParameterCount(parameters);
        if (std::isnan(parameters)) {
            QVERIFY(std::isnan(m.parameters));
        } else {
            QCOMPARE(m.parameters, parameters);  // kept as typed: validate() reports it
        }
        QVERIFY(m.layers >= 1 && m.layers <= 100000);
        QVERIFY(m.hidden >= 128 && m.hidden <= 1'000'000);
        QVERIFY(m.heads >= 1);
        QCOMPARE(m.hidden % m.heads, 0);
        QCOMPARE(m.kvHeads, m.heads);
        QVERIFY(m.ffnHidden >= 256);
    }

    void familyAt1e15StaysClose() {
        const ModelSpec m = shapeForParameterCount(1e15);
        const double h = m.hidden;
        const double count =
            m.layers * (4 * h * h + 3 * h * m.ffnHidden + 2 * h) + 2 * 32000.0 * h + h;
        QVERIFY(std::abs(count - 1e15) <= 0.02 * 1e15);
    }

    void generic7bIsTheFamilyAt7e9() {
        const auto preset = findModelPreset("generic-7b");
        QVERIFY(preset.has_value());
        // The source article's 7B: the memory uses exactly 7e9 parameters.
        QCOMPARE(preset->spec.parameters, 7e9);
        ModelSpec expected = shapeForParameterCount(7e9);
        expected.preset = "generic-7b";
        QCOMPARE(preset->spec, expected);
        QVERIFY(std::abs(decoderParameters(preset->spec) - 7e9) <= 0.02 * 7e9);
    }

    void defaultPlanMatchesPlanFormatExample() {
        const Plan plan = defaultPlan();
        QCOMPARE(plan.name, std::string("Llama-2 7B on 8 x H100"));
        QCOMPARE(plan.model, findModelPreset("llama2-7b")->spec);
        QCOMPARE(plan.training.precision, Precision::Bf16);
        QCOMPARE(plan.training.optimizer, OptimizerKind::AdamW);
        QVERIFY(plan.training.masterWeights);
        QCOMPARE(plan.training.microBatch, 1);
        QCOMPARE(plan.training.gradAccumulation, 8);
        QVERIFY(!plan.training.globalBatch.has_value());
        QCOMPARE(plan.parallel.dp, 8);
        QCOMPARE(plan.parallel.tp, 1);
        QCOMPARE(plan.parallel.pp, 1);
        QCOMPARE(plan.parallel.cp, 1);
        QCOMPARE(plan.parallel.ep, 1);
        QCOMPARE(plan.cluster.gpu, findGpuPreset("h100-sxm-80gb")->spec);
        QCOMPARE(plan.cluster.gpusPerNode, 8);
        QCOMPARE(plan.cluster.nodes, 1);
        QCOMPARE(plan.cluster.intraNode, findLinkPreset("nvlink4")->spec);
        QCOMPARE(plan.cluster.interNode, findLinkPreset("ib-400g")->spec);
        // PLAN_FORMAT example: 64 = 1 x 8 x 8.
        QCOMPARE(derivedGlobalBatch(plan), std::int64_t{64});
        QCOMPARE(worldSize(plan), std::int64_t{8});
    }
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
