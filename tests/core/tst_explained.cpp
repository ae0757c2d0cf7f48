// SPDX-License-Identifier: MIT
// Explained figures: the expression evaluator and renderer on hand-made figures, and for every
// memory category of every stage of plans built on every model preset, under each convention,
// the figure's terms evaluated per its formula give the figure's value; likewise the global
// batch and the bubble; and the JSON shape of PLAN_FORMAT.md's "Additions".
#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_json.h"
#include "core/plan/catalog.h"
#include "core/text/explained.h"
#include "core/text/explained_json.h"

#include <QTest>

#include <cmath>

using namespace fourfold::core;

namespace {

// 8 B × 8.00e9 parameters / 8 ranks: ZeRO-1 optimizer states of an 8B model on dp 8.
ExplainedFigure shardedOptimizer() {
    ExplainedFigure figure;
    figure.expression =
        figure.term("k", "optimizer bytes per parameter", 8, units::kBytesPerParameter) *
        figure.term("Φ", "parameters on this rank", 8e9, units::kParameters) /
        figure.term("N_d", "ranks sharding the state", 8, units::kCount);
    figure.value = 8e9;
    figure.unit = std::string(units::kBytes);
    figure.source = "Rajbhandari et al. 2020";
    return figure;
}

struct Variant {
    const char* name;
    void (*apply)(Plan&);
};

// Parallel layouts and options that reach every branch of the memory formulas.
const Variant kVariants[] = {
    {"dp8", [](Plan&) {}},
    {"zero1-adafactor",
     [](Plan& p) {
         p.parallel.zeroStage = 1;
         p.training.optimizer = OptimizerKind::Adafactor;
     }},
    {"zero2-tp2-pp2-sp-selective",
     [](Plan& p) {
         p.parallel.zeroStage = 2;
         p.parallel.tp = 2;
         p.parallel.pp = 2;
         p.parallel.dp = 2;
         p.parallel.sequenceParallel = true;
         p.training.recompute = Recompute::Selective;
         p.training.flashAttention = false;
     }},
    {"zero3-cp2-full-recompute",
     [](Plan& p) {
         p.parallel.zeroStage = 3;
         p.parallel.cp = 2;
         p.parallel.dp = 4;
         p.training.recompute = Recompute::Full;
     }},
    {"zero3-param-offload",
     [](Plan& p) {
         p.parallel.zeroStage = 3;
         p.parallel.offload = Offload::OptimizerAndParamsCpu;
     }},
    {"zero3-optimizer-offload",
     [](Plan& p) {
         p.parallel.zeroStage = 3;
         p.parallel.offload = Offload::OptimizerCpu;
     }},
    {"zero2-optimizer-offload",
     [](Plan& p) {
         p.parallel.zeroStage = 2;
         p.parallel.offload = Offload::OptimizerCpu;
     }},
    {"interleaved-pp4-v2",
     [](Plan& p) {
         p.parallel.pp = 4;
         p.parallel.dp = 2;
         p.parallel.virtualStages = 2;
         p.parallel.schedule = ScheduleKind::Interleaved1F1B;
         p.parallel.zeroStage = 1;
     }},
    {"fp32-gpipe-pp2",
     [](Plan& p) {
         p.training.precision = Precision::Fp32;
         p.parallel.pp = 2;
         p.parallel.dp = 4;
         p.parallel.schedule = ScheduleKind::Gpipe;
     }},
    {"ep8-zero1",
     [](Plan& p) {
         p.parallel.ep = 8;
         p.parallel.zeroStage = 1;
     }},
};

constexpr MemoryConvention kConventions[] = {
    MemoryConvention::Fourfold, MemoryConvention::ZeroPaper, MemoryConvention::DeepSpeed,
    MemoryConvention::Megatron};

Plan planFor(const ModelPreset& preset, const Variant& variant, MemoryConvention convention) {
    Plan plan = defaultPlan();
    plan.model = preset.spec;
    variant.apply(plan);
    plan.memory.convention = convention;
    plan.cluster.nodes = static_cast<int>((worldSize(plan) + 7) / 8);
    return plan;
}

bool agrees(double evaluated, double value) {
    // Bytes are stored rounded to whole bytes; everything else agrees to rounding error.
    return std::fabs(evaluated - value) <= 0.5 + 1e-9 * std::fabs(value);
}

}  // namespace

class TestExplained : public QObject {
    Q_OBJECT
private slots:
    void evaluatesItsExpression() {
        const ExplainedFigure figure = shardedOptimizer();
        QCOMPARE(evaluateFigure(figure), 8e9);
        // (p − 1) / (m + p − 1) with p = 4, m = 8: GPipe's 3/11.
        ExplainedFigure bubble;
        const Expression p = bubble.term("p", "pipeline stages", 4, units::kCount);
        bubble.expression =
            (p - 1.0) / (bubble.term("m", "micro-batches", 8, units::kCount) + p - 1.0);
        QCOMPARE(evaluateFigure(bubble), 3.0 / 11.0);
        QCOMPARE(symbolicFormula(bubble), std::string("(p − 1) / (m + p − 1)"));
        QCOMPARE(substitutedFormula(bubble, ByteUnits::Decimal),
                 std::string("(4 − 1) / (8 + 4 − 1)"));
        // Floor, ceiling and minimum, as DeepSpeed's int() and Megatron's min(1, m/p) use them.
        ExplainedFigure rounding;
        const Expression psi = rounding.term("Ψ", "parameters", 1001, units::kParameters);
        rounding.expression = floorExpr(18.0 * psi / numberExpr(4)) +
                              ceilExpr(psi / numberExpr(1000)) +
                              minExpr(numberExpr(1), numberExpr(3) / numberExpr(4));
        QCOMPARE(evaluateFigure(rounding), 4504.0 + 2.0 + 0.75);
        QCOMPARE(symbolicFormula(rounding),
                 std::string("⌊18 × Ψ / 4⌋ + ⌈Ψ / 1000⌉ + min(1, 3 / 4)"));
        // Terms come in the order the formula names them, whatever order they were added in.
        ExplainedFigure reordered;
        const Expression second = reordered.term("y", "second", 3, units::kCount);
        const Expression first = reordered.term("x", "first", 2, units::kCount);
        reordered.expression = first - second;
        orderTermsByFormula(reordered);
        QCOMPARE(reordered.terms[0].symbol, std::string("x"));
        QCOMPARE(symbolicFormula(reordered), std::string("x − y"));
        QCOMPARE(evaluateFigure(reordered), -1.0);
        Expression broken;
        broken.kind = Expression::Kind::Term;
        broken.term = 7;
        QVERIFY(std::isnan(evaluateExpression(broken, {})));
    }

    void rendersWithValuesInTheChosenUnit() {
        const ExplainedFigure figure = shardedOptimizer();
        QCOMPARE(symbolicFormula(figure), std::string("k × Φ / N_d"));
        QCOMPARE(substitutedFormula(figure, ByteUnits::Decimal), std::string("8 B × 8.00e9 / 8"));
        QCOMPARE(explainedLine("optimizer states", figure, ByteUnits::Decimal),
                 std::string("optimizer states = k × Φ / N_d = 8 B × 8.00e9 / 8 = 8.0 GB"));
        // 8e9 bytes = 7.45 GiB.
        QCOMPARE(explainedLine("optimizer states", figure, ByteUnits::Binary),
                 std::string("optimizer states = k × Φ / N_d = 8 B × 8.00e9 / 8 = 7.5 GiB"));
        ExplainedFigure none;
        none.unit = std::string(units::kBytes);
        none.note = "not counted by Megatron-LM's theoretical memory";
        QCOMPARE(explainedLine("framework", none, ByteUnits::Binary),
                 std::string("framework = 0 B (not counted by Megatron-LM's theoretical memory)"));
    }

    void jsonShape() {
        const nlohmann::ordered_json json = toJson(shardedOptimizer());
        QCOMPARE(json["value"].get<std::int64_t>(), std::int64_t{8'000'000'000});
        QVERIFY(json["value"].is_number_integer());
        QCOMPARE(json["unit"].get<std::string>(), std::string("bytes"));
        QCOMPARE(json["formula"].get<std::string>(), std::string("k × Φ / N_d"));
        QCOMPARE(json["terms"].size(), std::size_t{3});
        QCOMPARE(json["terms"][1]["symbol"].get<std::string>(), std::string("Φ"));
        QCOMPARE(json["terms"][1]["name"].get<std::string>(),
                 std::string("parameters on this rank"));
        QCOMPARE(json["terms"][1]["value"].get<double>(), 8e9);
        QCOMPARE(json["terms"][1]["unit"].get<std::string>(), std::string("parameters"));
        QCOMPARE(json["source"].get<std::string>(), std::string("Rajbhandari et al. 2020"));
        QVERIFY(!json.contains("note"));
    }

    // Every memory category of every stage, every preset, every convention: the terms,
    // evaluated per the formula, give the figure's value, which is the item's bytes.
    void memoryTermsGiveTheirValue() {
        const Catalog& catalog = builtinCatalog();
        QVERIFY(catalog.models.size() >= 10);
        int checked[4] = {0, 0, 0, 0};
        for (const ModelPreset& preset : catalog.models) {
            int presetChecked = 0;
            for (const Variant& variant : kVariants) {
                for (MemoryConvention convention : kConventions) {
                    const Evaluation evaluation = evaluate(planFor(preset, variant, convention));
                    if (!evaluation.memory) continue;
                    for (const StageMemory& stage : evaluation.memory->stages) {
                        for (int i = 0; i < kMemoryCategoryCount; ++i) {
                            const MemoryItem& item = stage.items[static_cast<std::size_t>(i)];
                            const std::string where =
                                preset.name + " " + variant.name + " convention " +
                                std::to_string(static_cast<int>(convention)) + " stage " +
                                std::to_string(stage.stage) + " " +
                                std::string(categoryKey(static_cast<MemoryCategory>(i))) + ": " +
                                explainedLine("", item.explain, ByteUnits::Decimal);
                            QVERIFY2(!item.explain.empty(), where.c_str());
                            QCOMPARE(item.explain.unit, std::string(units::kBytes));
                            QCOMPARE(item.explain.value, static_cast<double>(item.bytes));
                            QVERIFY2(agrees(evaluateFigure(item.explain), item.explain.value),
                                     where.c_str());
                            // A zero explains itself in words; a figure has a source.
                            QVERIFY2(!item.explain.terms.empty() || !item.explain.note.empty(),
                                     where.c_str());
                            if (!item.explain.terms.empty()) {
                                QVERIFY2(!item.explain.source.empty() || !item.explain.note.empty(),
                                         where.c_str());
                            }
                            ++checked[static_cast<int>(convention)];
                            ++presetChecked;
                        }
                    }
                }
            }
            QVERIFY2(presetChecked > 0, preset.name.c_str());
        }
        qInfo("figures checked per convention: %d %d %d %d", checked[0], checked[1], checked[2],
              checked[3]);
        for (int count : checked) QVERIFY(count >= 8 * 2 * static_cast<int>(catalog.models.size()));
    }

    // Context parallelism divides the tokens each rank keeps: the activation formula shows it.
    void activationsShowContextParallelism() {
        Plan plan = defaultPlan();
        plan.parallel.cp = 2;
        plan.parallel.dp = 4;
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.memory.has_value());
        const ExplainedFigure& figure =
            evaluation.memory->stages[0]
                .items[static_cast<std::size_t>(MemoryCategory::Activations)]
                .explain;
        const std::string formula = symbolicFormula(figure);
        QVERIFY2(formula.find("s × b / cp") != std::string::npos, formula.c_str());
        bool found = false;
        for (const Term& term : figure.terms)
            found = found || (term.symbol == "cp" && term.value == 2);
        QVERIFY(found);
        // Halving cp's tokens halves the per-layer part: the same plan at cp 1 holds more.
        plan.parallel.cp = 1;
        plan.parallel.dp = 8;
        const Evaluation whole = evaluate(plan);
        QVERIFY(whole.memory->stages[0].items[4].bytes >
                evaluation.memory->stages[0].items[4].bytes);
    }

    // Source article: b = 4, a = 8, dp = 8 gives B = 256; TP and PP never multiply it.
    void batchFigure() {
        Plan plan = defaultPlan();
        plan.training.microBatch = 4;
        plan.parallel.dp = 8;
        plan.parallel.tp = 1;
        const Evaluation evaluation = evaluate(plan);
        const ExplainedFigure& figure = evaluation.batch.explain;
        QCOMPARE(figure.value, 256.0);
        QCOMPARE(evaluateFigure(figure), 256.0);
        QCOMPARE(symbolicFormula(figure), std::string("b × a × dp"));
        QCOMPARE(substitutedFormula(figure, ByteUnits::Decimal), std::string("4 × 8 × 8"));
        QCOMPARE(figure.terms.size(), std::size_t{3});
        QCOMPARE(figure.terms[0].name, std::string("micro-batch size"));
        QCOMPARE(evaluation.batch.formula, std::string("256 = 4 × 8 × 8"));
    }

    void bubbleFigure_data() {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("virtualStages");
        QTest::addColumn<double>("expected");
        QTest::addColumn<QString>("formula");
        // GPipe (Huang et al. 2019) and 1F1B: (p − 1)/(m + p − 1) = 3/11 at p = 4, m = 8.
        QTest::newRow("huang19-gpipe-p4-m8") << int(ScheduleKind::Gpipe) << 1 << 3.0 / 11.0
                                             << QStringLiteral("(p − 1) / (m + p − 1)");
        QTest::newRow("narayanan21-1f1b-p4-m8") << int(ScheduleKind::OneFOneB) << 1 << 3.0 / 11.0
                                                << QStringLiteral("(p − 1) / (m + p − 1)");
        // Narayanan et al. 2021 §2.2.1: interleaving divides the fill by v: 3/(2·8 + 3) = 3/19.
        QTest::newRow("narayanan21-interleaved-v2")
            << int(ScheduleKind::Interleaved1F1B) << 2 << 3.0 / 19.0
            << QStringLiteral("(p − 1) / (v × m + p − 1)");
    }
    void bubbleFigure() {
        QFETCH(int, schedule);
        QFETCH(int, virtualStages);
        QFETCH(double, expected);
        QFETCH(QString, formula);
        Plan plan = defaultPlan();
        plan.parallel.pp = 4;
        plan.parallel.dp = 2;
        plan.parallel.schedule = static_cast<ScheduleKind>(schedule);
        plan.parallel.virtualStages = virtualStages;
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.schedule.has_value());
        const ExplainedFigure& figure = evaluation.schedule->bubbleExplain;
        QCOMPARE(QString::fromStdString(symbolicFormula(figure)), formula);
        QVERIFY(std::fabs(figure.value - expected) < 1e-12);
        QVERIFY(std::fabs(evaluateFigure(figure) - expected) < 1e-12);
        QCOMPARE(figure.unit, std::string(units::kFraction));
    }

    // Zero bubble has no closed form here: idle / (p × makespan), the simulated share.
    void zeroBubbleFigure() {
        Plan plan = defaultPlan();
        plan.parallel.pp = 4;
        plan.parallel.dp = 2;
        plan.parallel.schedule = ScheduleKind::ZbH1;
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.schedule.has_value());
        const ExplainedFigure& figure = evaluation.schedule->bubbleExplain;
        QCOMPARE(symbolicFormula(figure), std::string("I / (p × T)"));
        QVERIFY(agrees(evaluateFigure(figure), evaluation.schedule->bubbleFraction));
        QVERIFY(evaluation.schedule->bubbleFraction > 0);
    }

    // PLAN_FORMAT.md "Additions": batch.explain.global_batch, memory.stages[].explain.<category>,
    // schedule.explain.bubble; the keys already there keep their meaning.
    void evaluationJsonCarriesExplain() {
        const Evaluation evaluation = evaluate(defaultPlan());
        const nlohmann::ordered_json json = evaluationToJsonValue(evaluation);
        QCOMPARE(json["batch"]["formula"].get<std::string>(), std::string("64 = 1 × 8 × 8"));
        const auto& batch = json["batch"]["explain"]["global_batch"];
        QCOMPARE(batch["value"].get<int>(), 64);
        QCOMPARE(batch["formula"].get<std::string>(), std::string("b × a × dp"));
        for (const char* key : {"value", "unit", "formula", "terms", "source"}) {
            QVERIFY2(batch.contains(key), key);
        }
        const auto& stage = json["memory"]["stages"][0];
        for (int i = 0; i < kMemoryCategoryCount; ++i) {
            const std::string key(categoryKey(static_cast<MemoryCategory>(i)));
            QVERIFY2(stage["explain"].contains(key), key.c_str());
            QCOMPARE(stage["explain"][key]["value"].get<std::uint64_t>(),
                     stage["bytes"][key].get<std::uint64_t>());
            for (const auto& term : stage["explain"][key]["terms"]) {
                for (const char* field : {"symbol", "name", "value", "unit"}) {
                    QVERIFY2(term.contains(field), field);
                }
            }
        }
        const auto& bubble = json["schedule"]["explain"]["bubble"];
        QCOMPARE(bubble["unit"].get<std::string>(), std::string("fraction"));
        QCOMPARE(bubble["value"].get<double>(), 0.0);  // pp = 1: no bubble
    }
};

QTEST_GUILESS_MAIN(TestExplained)
#include "tst_explained.moc"
