// SPDX-License-Identifier: MIT
// Parameter counts, stage placement and FLOPs against published model sizes and formulas.
#include "shapes_for_tests.h"

#include "core/model/model.h"
#include "core/model/model_json.h"

#include <QTest>

using namespace fourfold::core;
using namespace fourfold::test;

Q_DECLARE_METATYPE(fourfold::core::ModelSpec)

namespace {

Plan planFor(const ModelSpec& spec, int pp = 1) {
    Plan plan;
    plan.model = spec;
    plan.parallel.pp = pp;
    return plan;
}

}  // namespace

class TestModel : public QObject {
    Q_OBJECT
private slots:
    void parameterCounts_data() {
        QTest::addColumn<ModelSpec>("spec");
        QTest::addColumn<quint64>("expected");
        // Counts of the released checkpoints (sum of tensor sizes).
        QTest::newRow("touvron23-llama2-7b") << llama2_7b() << quint64(6'738'415'616ULL);
        QTest::newRow("touvron23-llama2-13b") << llama2_13b() << quint64(13'015'864'320ULL);
        QTest::newRow("touvron23-llama2-70b-gqa") << llama2_70b() << quint64(68'976'648'192ULL);
        QTest::newRow("jiang24-mixtral-8x7b") << mixtral_8x7b() << quint64(46'702'792'704ULL);
    }
    void parameterCounts() {
        QFETCH(ModelSpec, spec);
        QFETCH(quint64, expected);
        const ModelReport report = analyzeModel(planFor(spec));
        QCOMPARE(quint64(report.parameters), expected);
        QCOMPARE(quint64(report.shapeParameters), expected);
    }

    // Brown et al. 2020 call it 175B; the shape (biases, LayerNorms, 2048 learned positions,
    // vocab 50257, tied head) counts 174.6B.
    void gpt3Count() {
        const ModelReport report = analyzeModel(planFor(gpt3_175b()));
        QVERIFY2(std::abs(static_cast<double>(report.parameters) - 174.6e9) < 0.05e9,
                 std::to_string(report.parameters).c_str());
        // Per layer: 12h² + 13h (weights and biases of attention and MLP, two LayerNorms).
        const std::uint64_t h = 12288;
        QCOMPARE(quint64(report.layer.total), quint64(12 * h * h + 13 * h));
        QCOMPARE(quint64(report.embedding), quint64((50257 + 2048) * h));
        QCOMPARE(quint64(report.head), quint64(2 * h));  // final LayerNorm only: tied head
    }

    // Mixtral's announcement: 12.9B parameters active per token (top-2 of 8 experts).
    void moeActiveParameters() {
        const ModelReport report = analyzeModel(planFor(mixtral_8x7b()));
        QCOMPARE(quint64(report.activeParameters), quint64(12'879'925'248ULL));
        QCOMPARE(quint64(report.layer.router), quint64(4096 * 8));
    }

    // Uneven split: 30 layers over 4 stages → 8, 8, 7, 7 (the first L mod p stages get one
    // more); stage 0 holds the embedding, the last the head and a tied copy when pp > 1.
    void stagePlacement() {
        ModelSpec spec = llama2_7b();
        spec.layers = 30;
        spec.tiedEmbeddings = true;
        const ModelReport report = analyzeModel(planFor(spec, 4));
        QCOMPARE(int(report.stages.size()), 4);
        const int counts[] = {8, 8, 7, 7};
        const int firsts[] = {0, 8, 16, 23};
        for (int s = 0; s < 4; ++s) {
            QCOMPARE(report.stages[static_cast<std::size_t>(s)].layerCount, counts[s]);
            QCOMPARE(report.stages[static_cast<std::size_t>(s)].firstLayer, firsts[s]);
        }
        QVERIFY(report.stages[0].hasEmbedding && !report.stages[0].hasHead);
        QVERIFY(report.stages[3].hasHead && !report.stages[3].hasEmbedding);
        const std::uint64_t layer = report.layer.total;
        QCOMPARE(quint64(report.stages[1].parameters), quint64(8 * layer));
        QCOMPARE(quint64(report.stages[2].parameters), quint64(7 * layer));
        QCOMPARE(quint64(report.tiedHeadCopy), quint64(32000ULL * 4096));
        QCOMPARE(quint64(report.stages[3].parameters),
                 quint64(7 * layer + report.head + report.tiedHeadCopy));
        // The copy is storage, not a new parameter: the model count excludes it.
        std::uint64_t sum = 0;
        for (const auto& stage : report.stages) sum += stage.parameters;
        QCOMPARE(quint64(sum - report.tiedHeadCopy), quint64(report.parameters));
    }

    // A given count overrides the shape's for memory: stages are scaled to sum to it.
    void givenCountScales() {
        ModelSpec spec = llama2_7b();
        spec.parameters = 7.5e9;
        const ModelReport one = analyzeModel(planFor(spec));
        QCOMPARE(quint64(one.parameters), quint64(7'500'000'000ULL));
        QCOMPARE(quint64(one.stages[0].parameters), quint64(7'500'000'000ULL));
        QCOMPARE(quint64(one.shapeParameters), quint64(6'738'415'616ULL));
        const ModelReport four = analyzeModel(planFor(spec, 4));
        double sum = 0;
        for (const auto& stage : four.stages) sum += static_cast<double>(stage.parameters);
        QVERIFY(std::abs(sum - 7.5e9) < 4.0);
    }

    // Narayanan et al. 2021 eq. 3 without recompute (3 passes, not 4): per token,
    // 72·l·h²·(1 + s/(6h) + V/(12·l·h)).
    void flopsNarayanan() {
        const ModelSpec spec = gpt3_175b();
        const ModelReport report = analyzeModel(planFor(spec));
        const double l = 96, h = 12288, s = 2048, v = 50257;
        const double expected = 72.0 * l * h * h * (1.0 + s / (6.0 * h) + v / (12.0 * l * h));
        QVERIFY(std::abs(report.flopsPerToken / expected - 1.0) < 1e-12);
        // 6N rule of thumb (Kaplan et al. 2020) is within a few per cent at s = 2048.
        QVERIFY(std::abs(report.flopsPerToken / (6.0 * 174.6e9) - 1.0) < 0.05);
    }

    // Stage forward FLOPs add up to the micro-batch's forward FLOPs.
    void stageFlopsSum() {
        Plan plan = planFor(llama2_7b(), 4);
        plan.training.microBatch = 2;
        const ModelReport report = analyzeModel(plan);
        double sum = 0;
        for (const auto& stage : report.stages) sum += stage.forwardFlopsPerMicroBatch;
        const double expected = 2.0 * 4096 * report.forwardFlopsPerToken;
        QVERIFY(std::abs(sum / expected - 1.0) < 1e-12);
        QVERIFY(report.stages[3].forwardFlopsPerMicroBatch >
                report.stages[1].forwardFlopsPerMicroBatch);  // the LM head
    }

    void absurdValues() {
        ModelSpec empty = llama2_7b();
        empty.layers = 0;
        empty.hidden = 0;
        empty.vocab = 0;
        QCOMPARE(quint64(analyzeModel(planFor(empty)).parameters), quint64(0));
        ModelSpec negative = llama2_7b();
        negative.layers = -5;
        negative.heads = 0;
        negative.parameters = -1;
        const ModelReport report = analyzeModel(planFor(negative));
        QCOMPARE(report.stages.size(), std::size_t{1});
        // Far more stages than anything real: no per-stage list, no crash.
        QVERIFY(analyzeModel(planFor(llama2_7b(), 1'000'000'000)).stages.empty());
        // More stages than layers: some stages are empty, the count still adds up.
        const ModelReport sparse = analyzeModel(planFor(llama2_7b(), 40));
        QCOMPARE(sparse.stages[39].layerCount, 0);
        QVERIFY(sparse.stages[39].parameters > 0);  // the head
        ModelSpec huge = llama2_7b();
        huge.parameters = 1e30;
        QVERIFY(analyzeModel(planFor(huge)).parameters > 0);
    }

    void json() {
        const auto json = toJson(analyzeModel(planFor(llama2_7b(), 2)));
        QCOMPARE(json.begin().key(), std::string("parameters"));
        QCOMPARE(json["parameters"].get<std::uint64_t>(), std::uint64_t{6'738'415'616ULL});
        QVERIFY(json["flops_per_token"].get<double>() > 4e10);
        QCOMPARE(json["stages"].size(), std::size_t{2});
        QCOMPARE(json["stages"][1]["layer_count"].get<int>(), 16);
    }

    void formula() {
        const std::string text = analyzeModel(planFor(llama2_7b())).formula;
        QVERIFY2(text.find("32 × 202M") != std::string::npos, text.c_str());
        QVERIFY2(text.find("= 6.74B") != std::string::npos, text.c_str());
    }
};

QTEST_APPLESS_MAIN(TestModel)
#include "tst_model.moc"
