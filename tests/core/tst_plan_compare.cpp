// SPDX-License-Identifier: MIT
// Two plans side by side (core/evaluate/plan_compare.h): each figure is its Evaluation's own,
// the difference is B − A with the better side named, stages line up by index, and the fields
// that differ are exactly the plan JSON leaves that differ.
#include "core/evaluate/evaluate.h"
#include "core/evaluate/plan_compare.h"
#include "core/plan/catalog.h"

#include <QTest>

using namespace fourfold::core;

namespace {

const ComparedFigure& find(const std::vector<ComparedFigure>& figures, const std::string& key) {
    for (const ComparedFigure& f : figures) {
        if (f.key == key) return f;
    }
    static const ComparedFigure none;
    return none;
}

}  // namespace

class TestPlanCompare : public QObject {
    Q_OBJECT
private slots:
    void samePlanHasNoDifference() {
        const Evaluation e = evaluate(defaultPlan());
        const PlansCompared c = comparePlans(e, e);
        QVERIFY(c.fields.empty());
        for (const ComparedFigure& f : c.figures) {
            QVERIFY2(f.a && f.b, f.key.c_str());
            QCOMPARE(*f.difference, 0.0);
            QCOMPARE(f.better, 0);
        }
        QCOMPARE(c.stages.size(), e.memory->stages.size());
    }

    // TP 1 → 2 on the default plan: the figures are each evaluation's, the differences B − A,
    // and the fields that differ are tp and dp.
    void figuresAreTheEvaluationsOwn() {
        const Plan planA = defaultPlan();
        Plan planB = planA;
        planB.parallel.tp = 2;
        planB.parallel.dp = 4;
        planB.training.gradAccumulation = 16;
        const Evaluation a = evaluate(planA);
        const Evaluation b = evaluate(planB);
        const PlansCompared c = comparePlans(a, b);
        const ComparedFigure& peak = find(c.figures, "peak_bytes");
        QCOMPARE(*peak.a, static_cast<double>(a.memory->peakBytes));
        QCOMPARE(*peak.b, static_cast<double>(b.memory->peakBytes));
        QCOMPARE(*peak.difference, *peak.b - *peak.a);
        QVERIFY(peak.lowerIsBetter);
        QCOMPARE(peak.better, *peak.b < *peak.a ? 1 : -1);
        const ComparedFigure& tokens = find(c.figures, "tokens_per_s");
        QVERIFY(*tokens.a == a.performance->tokensPerS);
        QVERIFY(*tokens.b == b.performance->tokensPerS);
        QCOMPARE(tokens.better, *tokens.b > *tokens.a ? 1 : -1);
        QVERIFY(*tokens.relative == (*tokens.b - *tokens.a) / *tokens.a);
        const ComparedFigure& batch = find(c.figures, "global_batch");
        QCOMPARE(*batch.a, 64.0);
        QCOMPARE(*batch.b, 64.0);
        std::vector<std::string> pointers;
        for (const FieldDifference& field : c.fields) pointers.push_back(field.pointer);
        QCOMPARE(pointers, (std::vector<std::string>{"/training/grad_accumulation", "/parallel/dp",
                                                     "/parallel/tp"}));
        QCOMPARE(c.fields[2].a, std::string("1"));
        QCOMPARE(c.fields[2].b, std::string("2"));
        const ComparedFigure& compute = find(c.stepParts, "compute_s");
        QVERIFY(*compute.a == a.performance->breakdown.compute);
    }

    // Four stages against one: the stages line up by index, B has none past its first.
    void stagesLineUpByIndex() {
        Plan planA = defaultPlan();
        planA.parallel.pp = 4;
        planA.parallel.dp = 2;
        planA.training.gradAccumulation = 32;
        const Plan planB = defaultPlan();
        const PlansCompared c = comparePlans(evaluate(planA), evaluate(planB));
        QCOMPARE(c.stages.size(), std::size_t{4});
        QVERIFY(c.stages[0].a && c.stages[0].b);
        QVERIFY(c.stages[3].a && !c.stages[3].b);
        QCOMPARE(c.stages[2].stage, 2);
    }

    // A plan with errors has no figures: they are absent, not zero.
    void anInvalidPlanHasNoFigures() {
        Plan broken = defaultPlan();
        broken.parallel.tp = 3;  // does not divide 32 heads
        const PlansCompared c = comparePlans(evaluate(defaultPlan()), evaluate(broken));
        const ComparedFigure& peak = find(c.figures, "peak_bytes");
        QVERIFY(peak.a && !peak.b && !peak.difference);
        QCOMPARE(peak.better, 0);
    }

    void jsonAndTableInBothLanguages() {
        Plan planB = defaultPlan();
        planB.training.microBatch = 2;
        planB.training.gradAccumulation = 4;
        const PlansCompared c = comparePlans(evaluate(defaultPlan()), evaluate(planB));
        const nlohmann::ordered_json j = comparisonToJson(c);
        QCOMPARE(j["schema"].get<std::string>(), std::string("fourfold.compare/1"));
        QCOMPARE(j["figures"].size(), c.figures.size());
        QCOMPARE(j["fields"].size(), std::size_t{2});
        QVERIFY(j["stages"][0]["a"]["categories"].contains("optimizer_states"));
        const std::string en = comparisonTable(c, Language::English);
        QVERIFY(en.find("Peak memory per GPU") != std::string::npos);
        QVERIFY(en.find("/training/micro_batch: 1 → 2") != std::string::npos);
        const std::string zh = comparisonTable(c, Language::SimplifiedChinese);
        QVERIFY(zh.find("每块 GPU 的峰值显存") != std::string::npos);
        for (const ComparedFigure& f : c.figures) {
            QVERIFY(comparedFigureName(f, Language::SimplifiedChinese) !=
                        comparedFigureName(f, Language::English) ||
                    f.key == "mfu");
        }
    }

    void differencesReadWithTheirSign() {
        ComparedFigure f;
        f.unit = FigureUnit::Seconds;
        f.a = 2.0;
        f.b = 1.5;
        f.difference = -0.5;
        f.relative = -0.25;
        QCOMPARE(comparedDifferenceText(f), std::string("−500 ms (−25.0 %)"));
        f.unit = FigureUnit::Share;
        f.a = 0.40;
        f.b = 0.45;
        f.difference = 0.05;
        QCOMPARE(comparedDifferenceText(f), std::string("+5.0 pt"));
    }
};

QTEST_APPLESS_MAIN(TestPlanCompare)
#include "tst_plan_compare.moc"
