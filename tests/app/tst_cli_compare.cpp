// SPDX-License-Identifier: MIT
// fourfold-cli compare: two plan files side by side, as the core compares them (the same JSON
// as comparisonToJson), in English and Chinese, and its usage errors.
#include "cli_test_util.h"

#include "core/evaluate/evaluate.h"
#include "core/evaluate/plan_compare.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"

#include <nlohmann/json.hpp>

#include <QTest>

using namespace fourfold::core;
using namespace fourfold::test;

class TestCliCompare : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

private slots:
    void jsonIsTheCoresComparison() {
        const Plan a = defaultPlan();
        Plan b = a;
        b.parallel.zeroStage = 1;
        const std::string pathA = writeFile(dir_, QStringLiteral("a.json"), planToJson(a));
        const std::string pathB = writeFile(dir_, QStringLiteral("b.json"), planToJson(b));
        const CliRun result = run({"compare", pathA, pathB, "--json"});
        QCOMPARE(result.exitCode, 0);
        nlohmann::ordered_json j = nlohmann::ordered_json::parse(result.out);
        QVERIFY(j["generator"].get<std::string>().starts_with("fourfold-cli"));
        j.erase("generator");
        const nlohmann::ordered_json expected =
            comparisonToJson(comparePlans(evaluate(a), evaluate(b)));
        QCOMPARE(j.dump(), expected.dump());
        QCOMPARE(j["fields"].size(), std::size_t{1});
        QCOMPARE(j["fields"][0]["pointer"].get<std::string>(), std::string("/parallel/zero_stage"));
    }

    void tableInBothLanguages() {
        Plan b = defaultPlan();
        b.parallel.tp = 2;
        b.parallel.dp = 4;
        b.training.gradAccumulation = 16;
        const std::string pathA =
            writeFile(dir_, QStringLiteral("ta.json"), planToJson(defaultPlan()));
        const std::string pathB = writeFile(dir_, QStringLiteral("tb.json"), planToJson(b));
        const CliRun en = run({"compare", pathA, pathB});
        QCOMPARE(en.exitCode, 0);
        QVERIFY(en.out.find("Tokens per second") != std::string::npos);
        QVERIFY(en.out.find("/parallel/tp: 1 → 2") != std::string::npos);
        const CliRun zh = run({"compare", pathA, pathB, "--lang", "zh_CN"});
        QCOMPARE(zh.exitCode, 0);
        QVERIFY(zh.out.find("每秒词元数") != std::string::npos);
    }

    void usageErrors() {
        const std::string path =
            writeFile(dir_, QStringLiteral("u.json"), planToJson(defaultPlan()));
        QCOMPARE(run({"compare", path}).exitCode, 2);
        QCOMPARE(run({"compare", path, path, path}).exitCode, 2);
        QCOMPARE(run({"compare", path, dir_.filePath(QStringLiteral("missing.json")).toStdString()})
                     .exitCode,
                 2);
        QCOMPARE(run({"compare", path, path, "--frobnicate"}).exitCode, 2);
        QVERIFY(run({"--help"}).out.find("compare A B") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestCliCompare)
#include "tst_cli_compare.moc"
