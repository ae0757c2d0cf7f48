// SPDX-License-Identifier: MIT
// Diagnostics in Simplified Chinese: every code of the English table has a Chinese sentence that
// quotes exactly the same args (the same required ones outside [[ ]] clauses), and rendered
// with sample args it is written in Chinese characters and shows every number and name.
#include "core/text/cjk_spacing.h"
#include "core/text/diagnostic.h"
#include "core/text/diagnostic_text.h"
#include "core/text/format.h"

#include <QTest>

#include <algorithm>
#include <set>
#include <string>

using namespace fourfold::core;

namespace {

std::set<std::string> argNames(std::string_view text) {
    const std::vector<std::string> names = templateArgNames(text);
    return {names.begin(), names.end()};
}

// The args a template quotes outside its optional [[ ]] clauses.
std::set<std::string> requiredArgNames(std::string_view text) {
    std::string required(text);
    for (auto open = required.find("[["); open != std::string::npos; open = required.find("[[")) {
        const auto close = required.find("]]", open);
        required.erase(open, close == std::string::npos ? std::string::npos : close + 2 - open);
    }
    return argNames(required);
}

bool hasCjk(const std::string& text) {
    // UTF-8 lead bytes 0xE4–0xE9 start the CJK Unified Ideographs (U+4E00–U+9FFF).
    return std::any_of(text.begin(), text.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte >= 0xE4 && byte <= 0xE9;
    });
}

}  // namespace

class TestDiagnosticZh : public QObject {
    Q_OBJECT
private slots:
    void sameCodesInTheSameOrder() {
        const auto english = diagnosticCodes();
        const auto chinese = diagnosticCodes(Language::SimplifiedChinese);
        QCOMPARE(chinese.size(), english.size());
        for (std::size_t i = 0; i < english.size(); ++i) {
            QCOMPARE(chinese[i].code, english[i].code);
        }
        QCOMPARE(diagnosticCodes(Language::English).data(), english.data());
    }

    void everyCodeRendersInChinese_data() {
        QTest::addColumn<QString>("code");
        for (const DiagnosticCode& entry : diagnosticCodes()) {
            const std::string code(entry.code);
            QTest::newRow(code.c_str()) << QString::fromStdString(code);
        }
    }
    void everyCodeRendersInChinese() {
        QFETCH(QString, code);
        const std::string key = code.toStdString();
        const std::string_view english = diagnosticTemplate(key);
        const std::string_view chinese = diagnosticTemplate(key, Language::SimplifiedChinese);
        QVERIFY(!chinese.empty());
        QVERIFY(chinese != english);
        QVERIFY(argNames(chinese) == argNames(english));
        QVERIFY(requiredArgNames(chinese) == requiredArgNames(english));

        // Distinct sample values for every arg, each of which must show in the sentence.
        DiagnosticArgs args;
        std::vector<std::string> expected;
        int index = 0;
        for (const std::string& name : templateArgNames(english)) {
            ++index;
            const bool percent = english.find("{" + name + ":percent}") != std::string_view::npos;
            const bool bytes = english.find("{" + name + ":bytes}") != std::string_view::npos;
            if (bytes) {
                args.emplace_back(name, 3'000'000'000LL * index);
                expected.push_back(formatBytes(3'000'000'000ULL * static_cast<unsigned>(index)));
            } else if (percent) {
                args.emplace_back(name, 0.25);
                expected.push_back("25.0 %");
            } else if (index % 2 == 0) {
                args.emplace_back(name, "name" + std::to_string(index));
                expected.push_back("name" + std::to_string(index));
            } else {
                args.emplace_back(name, 70'000 + index);
                expected.push_back(std::to_string(70'000 + index));
            }
        }
        const std::string sentence = renderDiagnostic(key, args, Language::SimplifiedChinese);
        QVERIFY2(hasCjk(sentence), sentence.c_str());
        for (const std::string& value : expected) {
            QVERIFY2(sentence.find(value) != std::string::npos,
                     (value + " missing in: " + sentence).c_str());
        }
        QVERIFY2(sentence.find('{') == std::string::npos || key == "json.empty" ||
                     key == "json.expected_gpu" || key == "json.expected_link" ||
                     key == "json.not_an_object" || key == "lesson.not_an_object",
                 sentence.c_str());
        QVERIFY(sentence.find("[[") == std::string::npos);

        // A diagnostic made in English renders in Chinese from its code and args alone.
        const Diagnostic d = makeDiagnostic(Severity::Warning, "/x", key, args);
        QCOMPARE(renderMessage(d, Language::SimplifiedChinese), sentence);
        QCOMPARE(renderMessage(d, Language::English), d.message);
    }

    void globalBatchMismatchReadsAsTheArticleSays() {
        // b = 4, a = 8, dp = 8 → 256; 2048 counts every GPU of tp 2 × pp 4.
        const Diagnostic d = makeDiagnostic(Severity::Warning, "/training/global_batch",
                                            "training.global_batch_mismatch",
                                            {{"global_batch", 2048},
                                             {"micro_batch", 4},
                                             {"grad_accumulation", 8},
                                             {"dp", 8},
                                             {"derived", 256},
                                             {"tp", 2},
                                             {"pp", 4},
                                             {"cp", 1}});
        QCOMPARE(renderMessage(d, Language::SimplifiedChinese),
                 std::string("全局批次 2048 不等于 微批次 4 × 梯度累积 8 × 数据并行 8 = 256；"
                             "张量并行和流水线并行从不放大批次。2048 把每块 GPU 都算进去了"
                             "（× tp 2 × pp 4 × cp 1），但这些 rank 共享同一个副本的样本。"));
    }

    // A value written in Chinese sits in a Chinese sentence without spaces; Latin text and
    // numbers keep theirs, and English is untouched.
    void chineseValuesReadWithoutStraySpaces() {
        const auto change = [](std::string text) {
            return renderTemplate("改为 {change} 即可放下；{n} 项", {{"change", text}, {"n", 3}});
        };
        QCOMPARE(change("完全重计算"), std::string("改为完全重计算即可放下；3 项"));
        QCOMPARE(change("ZeRO-3"), std::string("改为 ZeRO-3 即可放下；3 项"));
        QCOMPARE(change("ZeRO-3 与完全重计算"),
                 std::string("改为 ZeRO-3 与完全重计算即可放下；3 项"));
        QCOMPARE(change("完全重计算与 ZeRO-3"),
                 std::string("改为完全重计算与 ZeRO-3 即可放下；3 项"));
        QCOMPARE(renderTemplate("switch to {change} and", {{"change", std::string("ZeRO-3")}}),
                 std::string("switch to ZeRO-3 and"));
        // The does-not-fit sentence with its what-if, as the Diagnostics dock shows it.
        const std::string sentence =
            renderDiagnostic("memory.does_not_fit",
                             {{"stage", 1},
                              {"peak_bytes", std::int64_t{90'000'000'000}},
                              {"capacity_bytes", std::int64_t{80'000'000'000}},
                              {"usable_bytes", std::int64_t{78'000'000'000}},
                              {"over_bytes", std::int64_t{12'000'000'000}},
                              {"fitting_change", std::string("完全重计算")},
                              {"fitting_peak_bytes", std::int64_t{70'000'000'000}}},
                             Language::SimplifiedChinese);
        QVERIFY2(sentence.find("改为完全重计算即可放下") != std::string::npos, sentence.c_str());
        QVERIFY2(sentence.find("第 1 阶段") != std::string::npos, sentence.c_str());
    }

    // The rule itself, on whole texts (undo names, labels): only a single space with Chinese on
    // both sides goes; full-width punctuation counts as Chinese, digits and Latin do not.
    void spacesBetweenChineseGo() {
        QCOMPARE(withoutSpacesBetweenCjk("将重计算设为 完全"), std::string("将重计算设为完全"));
        QCOMPARE(withoutSpacesBetweenCjk("将精度设为 FP8"), std::string("将精度设为 FP8"));
        QCOMPARE(withoutSpacesBetweenCjk("第 1 阶段"), std::string("第 1 阶段"));
        QCOMPARE(withoutSpacesBetweenCjk("完全 （每一层）"), std::string("完全（每一层）"));
        QCOMPARE(withoutSpacesBetweenCjk("plain words"), std::string("plain words"));
        QCOMPARE(withoutSpacesBetweenCjk(""), std::string());
        QVERIFY(startsWithCjk("完全") && endsWithCjk("设为") && endsWithCjk("。"));
        QVERIFY(!startsWithCjk("FP8") && !endsWithCjk("GPU") && !startsWithCjk(""));
        // A cut-off sequence (two bytes of a three-byte character) is not Chinese.
        QVERIFY(!startsWithCjk(std::string_view("\xe5\xae", 2)));
        QVERIFY(!endsWithCjk(std::string_view("a\xe5\xae", 3)));
    }

    void uncodedDiagnosticKeepsItsMessage() {
        Diagnostic d;
        d.message = "plain words";
        QCOMPARE(renderMessage(d, Language::SimplifiedChinese), std::string("plain words"));
    }

    void languageCodes() {
        Language language = Language::English;
        QVERIFY(parseLanguage("zh_CN", &language));
        QCOMPARE(language, Language::SimplifiedChinese);
        QVERIFY(parseLanguage("EN", &language));
        QCOMPARE(language, Language::English);
        QVERIFY(parseLanguage("zh-cn", &language));
        QCOMPARE(language, Language::SimplifiedChinese);
        QVERIFY(!parseLanguage("fr", &language));
        QCOMPARE(languageCode(Language::SimplifiedChinese), std::string_view("zh_CN"));
        QCOMPARE(languageCode(Language::English), std::string_view("en"));
    }
};

QTEST_GUILESS_MAIN(TestDiagnosticZh)
#include "tst_diagnostic_zh.moc"
