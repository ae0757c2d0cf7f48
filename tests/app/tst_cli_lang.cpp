// SPDX-License-Identifier: MIT
// fourfold-cli --lang: evaluate and validate write their table, what-ifs, formulas' notes and
// diagnostics in Simplified Chinese with --lang zh_CN (rendered by the core from codes), the
// numbers stay the same, and --json is the same in every language.
#include "cli_test_util.h"

#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"

#include <QTest>

using namespace fourfold::core;
using namespace fourfold::test;

namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// The default plan (Llama-2 7B on 8 GPUs) with ZeRO 0 and micro-batch 16: it does not fit.
Plan tooLarge() {
    Plan plan = defaultPlan();
    plan.parallel.zeroStage = 0;
    plan.training.microBatch = 16;
    return plan;
}

}  // namespace

class TestCliLang : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

private slots:
    void evaluateInChinese() {
        const std::string path =
            writeFile(dir_, QStringLiteral("big.json"), planToJson(tooLarge()));
        const CliRun en = run({"evaluate", path});
        const CliRun zh = run({"evaluate", path, "--lang", "zh_CN"});
        QCOMPARE(zh.exitCode, en.exitCode);
        // The English table is the one it always was.
        QVERIFY2(contains(en.out, "what if ZeRO stage 0 → 1: peak "), en.out.c_str());
        QVERIFY2(contains(en.out, "global batch B = b × a × dp = 16 × 8 × 8 = 1024"),
                 en.out.c_str());
        // In Chinese: labels, what-ifs and the verdict, with the same numbers.
        QVERIFY2(contains(zh.out, "全局批次 B = b × a × dp = 16 × 8 × 8 = 1024"), zh.out.c_str());
        QVERIFY2(contains(zh.out, "若改为 ZeRO 阶段 0 → 1：峰值 "), zh.out.c_str());
        QVERIFY2(contains(zh.out, "若改为完全重计算：峰值 "), zh.out.c_str());
        QVERIFY2(contains(zh.out, "放不下"), zh.out.c_str());
        QVERIFY2(contains(zh.out, "权重 = w × Φ = 2 B × 6.74e9 = 13.5 GB"), zh.out.c_str());
        QVERIFY(!contains(zh.out, "what if") && !contains(zh.out, "does not fit"));
        QVERIFY(!contains(zh.out, "recompute") && !contains(zh.out, "Memory per GPU"));
        // The does-not-fit warning on standard error, with its fitting change, in Chinese.
        QVERIFY2(contains(en.err, "warning: Does not fit"), en.err.c_str());
        QVERIFY2(contains(zh.err, "warning: 放不下"), zh.err.c_str());
        QVERIFY2(!contains(zh.err, "recompute") && !contains(zh.err, "ZeRO stage"), zh.err.c_str());
        // "--lang=zh_CN" is the same option.
        QCOMPARE(run({"evaluate", "--lang=zh_CN", path}).out, zh.out);
    }

    void jsonIsTheSameInEveryLanguage() {
        const std::string path =
            writeFile(dir_, QStringLiteral("json.json"), planToJson(tooLarge()));
        const CliRun en = run({"evaluate", path, "--json"});
        const CliRun zh = run({"evaluate", path, "--json", "--lang", "zh_CN"});
        QCOMPARE(zh.exitCode, en.exitCode);
        QCOMPARE(zh.out, en.out);
        QVERIFY(contains(en.out, "\"change_code\": \"what_if.zero_stage\""));
        const CliRun validateEn = run({"validate", path, "--json"});
        QCOMPARE(run({"validate", path, "--json", "--lang", "zh_CN"}).out, validateEn.out);
    }

    void validateInChinese() {
        Plan plan = defaultPlan();
        plan.parallel.tp = 3;  // 32 heads do not split over 3 ranks
        const std::string path = writeFile(dir_, QStringLiteral("tp3.json"), planToJson(plan));
        const CliRun en = run({"validate", path});
        const CliRun zh = run({"validate", path, "--lang", "zh_CN"});
        QCOMPARE(en.exitCode, 1);
        QCOMPARE(zh.exitCode, 1);
        QVERIFY2(contains(en.err, "error: tp 3 does not divide heads 32"), en.err.c_str());
        QVERIFY2(contains(zh.err, "error: tp 3 不能整除 heads 32"), zh.err.c_str());

        const std::string ok =
            writeFile(dir_, QStringLiteral("ok.json"), planToJson(defaultPlan()));
        const CliRun fine = run({"validate", ok, "--lang", "zh_CN"});
        QCOMPARE(fine.exitCode, 0);
        QVERIFY2(fine.out.starts_with("通过：没有错误"), fine.out.c_str());
    }

    void searchInChinese() {
        Plan plan = defaultPlan();
        const std::string path = writeFile(dir_, QStringLiteral("search.json"), planToJson(plan));
        const CliRun en = run({"search", path, "--top", "2", "--threads", "1"});
        const CliRun zh = run({"search", path, "--top", "2", "--threads", "1", "--lang", "zh_CN"});
        QCOMPARE(zh.exitCode, en.exitCode);
        QVERIFY2(en.out.starts_with("Searched "), en.out.c_str());
        QVERIFY2(contains(zh.out, " 种布局：") && contains(zh.out, "帕累托前沿"), zh.out.c_str());
        QVERIFY(!contains(zh.out, "Searched") && !contains(zh.out, "Pareto"));
        // The best layout's row has the same degrees and figures in both languages, in the same
        // columns; only the words between them (sp, offload, recompute) are translated.
        const auto best = [](const std::string& text) {
            const auto start = text.find("\n   1 ");
            return start == std::string::npos
                       ? std::string()
                       : text.substr(start + 1, text.find('\n', start + 1) - start - 1);
        };
        const std::string enRow = best(en.out);
        const std::string zhRow = best(zh.out);
        QVERIFY2(enRow.size() > 60, en.out.c_str());
        QCOMPARE(zhRow.substr(0, 25), enRow.substr(0, 25));
        QCOMPARE(zhRow.substr(zhRow.size() - 42), enRow.substr(enRow.size() - 42));
    }

    void unknownLanguageIsAUsageError() {
        const std::string path =
            writeFile(dir_, QStringLiteral("p.json"), planToJson(defaultPlan()));
        for (const char* command : {"evaluate", "validate", "search", "import"}) {
            const CliRun bad = run({command, path, "--lang", "fr"});
            QCOMPARE(bad.exitCode, 2);
            // The choices and the help's list come from the language table.
            QVERIFY2(contains(bad.err, "unknown language 'fr' (use en or zh_CN)"), bad.err.c_str());
            QVERIFY2(contains(bad.err, "en or zh_CN (default en)"), bad.err.c_str());
            QCOMPARE(run({command, path, "--lang"}).exitCode, 2);
        }
        QVERIFY(contains(run({"evaluate", path, "--lang"}).err,
                         "--lang needs a language: en or zh_CN"));
    }
};

QTEST_GUILESS_MAIN(TestCliLang)
#include "tst_cli_lang.moc"
