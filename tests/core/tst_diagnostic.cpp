// SPDX-License-Identifier: MIT
// Coded diagnostics: every code in the core's one table renders to a sentence that quotes every
// arg, and a diagnostic's JSON carries code, args and message.
#include "core/text/diagnostic.h"
#include "core/text/diagnostic_json.h"
#include "core/text/diagnostic_text.h"
#include "core/text/format.h"

#include <QTest>

#include <algorithm>
#include <set>

using namespace fourfold::core;

class TestDiagnostic : public QObject {
    Q_OBJECT
private slots:
    void codesAreSortedUniqueAndNamed() {
        const auto codes = diagnosticCodes();
        QVERIFY(codes.size() >= 100);
        std::set<std::string_view> sections;
        for (std::size_t i = 0; i < codes.size(); ++i) {
            const std::string_view code = codes[i].code;
            if (i > 0) QVERIFY2(codes[i - 1].code < code, std::string(code).c_str());
            // "section.name": lower case, one dot, no spaces.
            QVERIFY2(std::count(code.begin(), code.end(), '.') == 1, std::string(code).c_str());
            QVERIFY(std::all_of(code.begin(), code.end(), [](char c) {
                return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
            }));
            sections.insert(code.substr(0, code.find('.')));
            QCOMPARE(diagnosticTemplate(code), codes[i].text);
        }
        for (const char* section :
             {"json", "schema", "model", "training", "parallel", "pipeline", "cluster", "memory",
              "measured", "range", "topology", "evaluate"}) {
            QVERIFY2(sections.count(section) == 1, section);
        }
    }

    void everyCodeRenders_data() {
        QTest::addColumn<QString>("code");
        for (const DiagnosticCode& entry : diagnosticCodes()) {
            const std::string code(entry.code);
            QTest::newRow(code.c_str()) << QString::fromStdString(code);
        }
    }
    void everyCodeRenders() {
        QFETCH(QString, code);
        const std::string_view text = diagnosticTemplate(code.toStdString());
        QVERIFY(!text.empty());
        // Sample args: distinct numbers (integers, a real) and a text value, each of which must
        // appear in the sentence exactly as written.
        DiagnosticArgs args;
        std::vector<std::string> expected;
        int index = 0;
        for (const std::string& name : templateArgNames(text)) {
            ++index;
            const bool percent = text.find("{" + name + ":percent}") != std::string_view::npos;
            const bool bytes = text.find("{" + name + ":bytes}") != std::string_view::npos;
            if (bytes) {
                // Byte counts read as the tables print them: 2,000,000,000 + i as "2.0 GB".
                args.emplace_back(name, 2'000'000'000LL * index);
                expected.push_back(formatBytes(2'000'000'000ULL * static_cast<unsigned>(index)));
            } else if (percent) {
                args.emplace_back(name, 0.125 * index);
                expected.push_back(formatPercentForTest(0.125 * index));
            } else if (index % 3 == 0) {
                args.emplace_back(name, "text" + std::to_string(index));
                expected.push_back("text" + std::to_string(index));
            } else if (index % 3 == 1) {
                args.emplace_back(name, 90'000 + index);
                expected.push_back(std::to_string(90'000 + index));
            } else {
                args.emplace_back(name, 0.5 + index);
                expected.push_back(std::to_string(index) + ".5");
            }
        }
        const std::string sentence = renderDiagnostic(code.toStdString(), args);
        QVERIFY(sentence.size() > 15);
        for (const std::string& value : expected) {
            QVERIFY2(sentence.find(value) != std::string::npos,
                     qPrintable(QString::fromStdString(value + " missing in: " + sentence)));
        }
        // No placeholder is left, and the code's own name is not the fallback sentence.
        for (const std::string& name : templateArgNames(text)) {
            QVERIFY(sentence.find("{" + name) == std::string::npos);
        }
        QVERIFY(sentence.find("[[") == std::string::npos);
        QVERIFY(sentence.rfind(code.toStdString(), 0) != 0);

        // makeDiagnostic keeps code and args and renders the same sentence.
        const Diagnostic d = makeDiagnostic(Severity::Error, "/x", code.toStdString(), args);
        QCOMPARE(d.message, sentence);
        QCOMPARE(d.code, code.toStdString());
        QVERIFY(d.args == args);
    }

    void templatesFillClausesAndKeepLiteralBraces() {
        const std::string_view text = "a {x}[[, b {y}]][[, c {z:percent}]] {} {…} {name, gbps}";
        const auto names = templateArgNames(text);
        QCOMPARE(names, (std::vector<std::string>{"x", "y", "z"}));
        QCOMPARE(renderTemplate(text, {{"x", 1}}), std::string("a 1 {} {…} {name, gbps}"));
        QCOMPARE(renderTemplate(text, {{"x", 1}, {"z", 0.5}}),
                 std::string("a 1, c 50.0 % {} {…} {name, gbps}"));
        QCOMPARE(renderTemplate("{missing}!", {}), std::string("?!"));
    }

    void argsShowAsTheyRead() {
        QCOMPARE(argText({"n", 8}), std::string("8"));
        QCOMPARE(argText({"n", -3}), std::string("-3"));
        QCOMPARE(argText({"n", 0.95}), std::string("0.95"));
        QCOMPARE(argText({"n", 6.74e9}), std::string("6.74e9"));
        QCOMPARE(argText({"n", std::numeric_limits<double>::quiet_NaN()}), std::string("NaN"));
        QCOMPARE(argText({"n", std::uint64_t{18446744073709551615ULL}}), std::string("1.84e19"));
        QCOMPARE(argText({"n", std::uint64_t{85899345920ULL}}), std::string("85899345920"));
        QCOMPARE(argText({"s", "tp-cp"}), std::string("tp-cp"));
    }

    void unknownCodeStillSaysSomething() {
        QCOMPARE(renderDiagnostic("nope.nothing", {{"a", 1}, {"b", "x"}}),
                 std::string("nope.nothing (a=1, b=x)"));
    }

    void jsonCarriesCodeArgsAndMessage() {
        Diagnostic d =
            makeDiagnostic(Severity::Error, "/parallel/tp", "parallel.tp_divides_kv_heads",
                           {{"tp", 16}, {"kv_heads", 8}, {"choices", "1, 2, 4 or 8"}});
        d.line = 3;
        d.column = 9;
        const auto json = diagnosticToJson(d);
        QCOMPARE(json["severity"].get<std::string>(), std::string("error"));
        QCOMPARE(json["code"].get<std::string>(), std::string("parallel.tp_divides_kv_heads"));
        QCOMPARE(json["path"].get<std::string>(), std::string("/parallel/tp"));
        QCOMPARE(json["args"]["tp"].get<int>(), 16);
        QCOMPARE(json["args"]["kv_heads"].get<int>(), 8);
        QCOMPARE(json["message"].get<std::string>(), d.message);
        QVERIFY(d.message.find("tp 16 does not divide kv_heads 8") != std::string::npos);
        QCOMPARE(json["line"].get<int>(), 3);
        // A non-finite arg is written as text, never as null.
        const auto nan = diagnosticToJson(
            makeDiagnostic(Severity::Error, "/model/parameters", "range.out_of_range",
                           {{"key", "parameters"},
                            {"value", std::numeric_limits<double>::quiet_NaN()},
                            {"minimum", 0},
                            {"maximum", 1e14}}));
        QCOMPARE(nan["args"]["value"].get<std::string>(), std::string("NaN"));
        QVERIFY(!nan.contains("line"));
    }

private:
    static std::string formatPercentForTest(double fraction) {
        // formatPercent's one-decimal form, written out: 0.125 → "12.5 %".
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.1f %%", fraction * 100);
        return buffer;
    }
};

QTEST_GUILESS_MAIN(TestDiagnostic)
#include "tst_diagnostic.moc"
