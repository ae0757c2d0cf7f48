// SPDX-License-Identifier: MIT
// The memory categories' table (core/memory/memory_category.h): one row per category in enum
// order with its JSON key and a name in both languages; its flags say what the estimate does
// (model state is what ZeRO counts and what the reference conventions keep, fragmentation is a
// share of the allocated categories).
#include "shapes_for_tests.h"

#include "core/memory/memory.h"
#include "core/plan/catalog.h"
#include "core/text/coded_text.h"

#include <QTest>

#include <cmath>
#include <set>
#include <string>

using namespace fourfold::core;

namespace {

Plan testPlan(MemoryConvention convention) {
    Plan plan = defaultPlan();
    plan.model = fourfold::test::llama2_7b();
    plan.parallel.dp = 4;
    plan.parallel.tp = 2;
    plan.parallel.pp = 2;
    plan.parallel.zeroStage = 1;
    plan.memory.fragmentation = 0.1;
    plan.memory.convention = convention;
    return plan;
}

std::uint64_t bytes(const StageMemory& stage, MemoryCategory category) {
    return stage.items[static_cast<std::size_t>(category)].bytes;
}

}  // namespace

class TestMemoryCategories : public QObject {
    Q_OBJECT
private slots:
    void namesAndKeys_data() {
        QTest::addColumn<MemoryCategory>("category");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("english");
        QTest::addColumn<QString>("chinese");
        QTest::newRow("weights") << MemoryCategory::Weights << "weights"
                                 << "weights"
                                 << "权重";
        QTest::newRow("master_weights") << MemoryCategory::MasterWeights << "master_weights"
                                        << "master weights"
                                        << "主权重";
        QTest::newRow("gradients") << MemoryCategory::Gradients << "gradients"
                                   << "gradients"
                                   << "梯度";
        QTest::newRow("optimizer_states") << MemoryCategory::OptimizerStates << "optimizer_states"
                                          << "optimizer states"
                                          << "优化器状态";
        QTest::newRow("activations") << MemoryCategory::Activations << "activations"
                                     << "activations"
                                     << "激活";
        QTest::newRow("comm_buffers") << MemoryCategory::CommBuffers << "comm_buffers"
                                      << "comm buffers"
                                      << "通信缓冲区";
        QTest::newRow("framework") << MemoryCategory::Framework << "framework"
                                   << "framework"
                                   << "框架";
        QTest::newRow("fragmentation") << MemoryCategory::Fragmentation << "fragmentation"
                                       << "fragmentation"
                                       << "碎片";
    }
    void namesAndKeys() {
        QFETCH(MemoryCategory, category);
        QFETCH(QString, key);
        QFETCH(QString, english);
        QFETCH(QString, chinese);
        QVERIFY(categoryInfo(category).category == category);
        QCOMPARE(QString::fromUtf8(categoryKey(category).data(),
                                   static_cast<qsizetype>(categoryKey(category).size())),
                 key);
        QCOMPARE(QString::fromStdString(categoryName(category, Language::English)), english);
        QCOMPARE(QString::fromStdString(categoryName(category, Language::SimplifiedChinese)),
                 chinese);
    }

    void everyRowHasItsOwnKeyAndANameInBothCatalogues() {
        std::set<std::string_view> keys;
        for (const MemoryCategoryInfo& row : kMemoryCategories) {
            QVERIFY2(keys.insert(row.key).second, row.key.data());
            QVERIFY2(!codedTemplate(row.nameCode, Language::English).empty(), row.nameCode.data());
            QVERIFY2(!codedTemplate(row.nameCode, Language::SimplifiedChinese).empty(),
                     row.nameCode.data());
            QVERIFY(row.build != nullptr);
        }
    }

    // Model state is the flagged rows' sum; fragmentation is its share of the allocated rows.
    void flagsSayWhatTheEstimateDoes() {
        const Plan plan = testPlan(MemoryConvention::Fourfold);
        const MemoryReport report = estimateMemory(plan, analyzeModel(plan));
        QVERIFY(!report.stages.empty());
        for (const StageMemory& stage : report.stages) {
            std::uint64_t modelState = 0;
            double allocated = 0;
            for (const MemoryCategoryInfo& row : kMemoryCategories) {
                if (row.modelState) modelState += bytes(stage, row.category);
                if (row.allocated) allocated += static_cast<double>(bytes(stage, row.category));
            }
            QVERIFY(modelState > 0);
            QCOMPARE(stage.modelStateBytes, modelState);
            const double fragmentation =
                static_cast<double>(bytes(stage, MemoryCategory::Fragmentation));
            QVERIFY(fragmentation > 0);
            QVERIFY(std::fabs(fragmentation - 0.1 * allocated) <= 1.0);
        }
    }

    // A reference convention counts the model states and leaves every other row at 0.
    void referencesCountModelStateOnly() {
        for (const MemoryConvention convention :
             {MemoryConvention::ZeroPaper, MemoryConvention::DeepSpeed}) {
            const Plan plan = testPlan(convention);
            const MemoryReport report = estimateMemory(plan, analyzeModel(plan));
            QVERIFY(!report.stages.empty());
            const StageMemory& stage = report.stages.front();
            for (const MemoryCategoryInfo& row : kMemoryCategories) {
                if (row.modelState) continue;
                QCOMPARE(bytes(stage, row.category), std::uint64_t{0});
                QVERIFY(!stage.items[static_cast<std::size_t>(row.category)].explain.note.empty());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestMemoryCategories)
#include "tst_memory_categories.moc"
