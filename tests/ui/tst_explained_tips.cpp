// SPDX-License-Identifier: GPL-3.0-or-later
// ExplainedTips keeps the explanations a view showed lately; whatever it kept, each must be
// what ExplainedText writes for that heading, figure and unit, and a figure that differs in
// any value gets its own.
#include "core/evaluate/evaluate.h"
#include "core/plan/catalog.h"
#include "ui/views/explained_text.h"

#include <QTest>

#include <vector>

using namespace fourfold;
using ui::ExplainedText;

class TestExplainedTips : public QObject {
    Q_OBJECT
private slots:
    void keptTipsAreTheWrittenOnes();
};

void TestExplainedTips::keptTipsAreTheWrittenOnes() {
    // The figures of a few plans, as a drag shows them: performance and memory explanations.
    std::vector<core::ExplainedFigure> figures;
    for (int microBatch : {1, 2, 3}) {
        core::Plan plan = core::defaultPlan();
        plan.training.microBatch = microBatch;
        const core::Evaluation evaluation = core::evaluate(plan);
        QVERIFY(evaluation.performance && evaluation.memory);
        figures.push_back(evaluation.performance->mfuExplain);
        figures.push_back(evaluation.performance->tokensPerSExplain);
        figures.push_back(evaluation.batch.explain);
        for (const core::MemoryItem& item : evaluation.memory->stages.front().items) {
            figures.push_back(item.explain);
        }
    }
    // Some differ in a value only: each gets its own text.
    core::ExplainedFigure nudged = figures.front();
    nudged.value *= 1.5;
    figures.push_back(nudged);
    QVERIFY(figures.size() > 16);  // more than are kept
    ui::ExplainedTips tips;
    int compared = 0;
    for (int round = 0; round < 3; ++round) {
        for (const core::ExplainedFigure& figure : figures) {
            for (const core::ByteUnits units :
                 {core::ByteUnits::Decimal, core::ByteUnits::Binary}) {
                for (const QString& heading :
                     {QStringLiteral("Model FLOPs utilisation"), QStringLiteral("Weights")}) {
                    QCOMPARE(tips.toolTip(heading, figure, units),
                             ExplainedText::toolTip(heading, figure, units));
                    ++compared;
                }
            }
        }
    }
    QVERIFY(ExplainedText::toolTip(QStringLiteral("x"), nudged, core::ByteUnits::Decimal) !=
            ExplainedText::toolTip(QStringLiteral("x"), figures.front(), core::ByteUnits::Decimal));
    QVERIFY(compared > 200);
}

QTEST_MAIN(TestExplainedTips)
#include "tst_explained_tips.moc"
