// SPDX-License-Identifier: MIT
// The TOML reader behind the torchtitan import (core/frameworks/detail/toml_document.h): what
// toml++ reads that the hand-written reader before it kept as text (arrays, inline tables,
// dotted keys, escapes, dates), where each value starts, and the nesting guard's bound.
#include "core/frameworks/detail/toml_document.h"

#include <QTest>

#include <string>

using namespace fourfold::core;
using namespace fourfold::core::detail;
using Json = nlohmann::json;

class TestTomlDocument : public QObject {
    Q_OBJECT
private slots:
    void arraysAreValues() {
        const TomlDocument document = readToml(
            "[float8]\nfilter_fqns = [\n  \"output\",  # the head\n  \"router.gate\",\n]\n"
            "splits = [[1, 2], [3, [4.5, \"x\"]], []]\n");
        QVERIFY(!document.problem);
        const Json& float8 = document.root["float8"];
        QVERIFY2(float8["filter_fqns"] == Json({"output", "router.gate"}), float8.dump().c_str());
        QVERIFY2(float8["splits"] == Json::parse(R"([[1, 2], [3, [4.5, "x"]], []])"),
                 float8.dump().c_str());
        QVERIFY(float8["splits"][0][0].is_number_integer());
    }

    void inlineTablesDottedKeysAndHeadersAreTheSameTables() {
        const Json expected = Json::parse(
            R"({"parallelism": {"tensor_parallel_degree": 4, "pipeline_parallel_degree": 2}})");
        for (const char* text :
             {"[parallelism]\ntensor_parallel_degree = 4\npipeline_parallel_degree = 2\n",
              "parallelism.tensor_parallel_degree = 4\nparallelism . pipeline_parallel_degree = "
              "2\n",
              "\"parallelism\".'tensor_parallel_degree' = 4\nparallelism.pipeline_parallel_degree "
              "= 2\n",
              "parallelism = { tensor_parallel_degree = 4, pipeline_parallel_degree = 2 }\n"}) {
            const TomlDocument document = readToml(text);
            QVERIFY2(!document.problem, text);
            QVERIFY2(document.root == expected, document.root.dump().c_str());
        }
    }

    void stringsDatesAndArraysOfTables() {
        const TomlDocument document = readToml(
            "name = \"Adam\\u0057\"\nraw = 'C:\\path'\nlong = \"\"\"\none\ntwo\"\"\"\n"
            "started = 1979-05-27T07:32:00Z\nday = 1979-05-27\nat = 07:32:00\n"
            "[[datasets]]\nname = \"c4\"\n[[datasets]]\nname = \"wiki\"\n");
        QVERIFY(!document.problem);
        const Json& root = document.root;
        QCOMPARE(root["name"].get<std::string>(), std::string("AdamW"));
        QCOMPARE(root["raw"].get<std::string>(), std::string("C:\\path"));
        QCOMPARE(root["long"].get<std::string>(), std::string("one\ntwo"));
        QCOMPARE(root["started"].get<std::string>(), std::string("1979-05-27T07:32:00Z"));
        QCOMPARE(root["day"].get<std::string>(), std::string("1979-05-27"));
        QCOMPARE(root["at"].get<std::string>(), std::string("07:32:00"));
        QVERIFY2(root["datasets"] == Json::parse(R"([{"name": "c4"}, {"name": "wiki"}])"),
                 root.dump().c_str());
    }

    void valuesKeepTheirLineAndColumn() {
        const TomlDocument document =
            readToml("# job\n[parallelism]\n  tensor_parallel_degree = 4\nx = [1, \n  2]\n");
        QVERIFY(!document.problem);
        QCOMPARE(document.positions.at("/parallelism/tensor_parallel_degree"),
                 (TomlPosition{3, 28}));
        QCOMPARE(document.positions.at("/parallelism/x/1"), (TomlPosition{5, 3}));
    }

    void syntaxErrorsNameTheKeyAndPlace() {
        const TomlDocument document =
            readToml("[training]\nseq_len = 4096\n[parallelism]\ntensor_parallel_degree = \n");
        QVERIFY(document.problem);
        QCOMPARE(document.problem->code, std::string("import.toml_syntax_at_key"));
        QCOMPARE(document.problem->line, 4);
        QCOMPARE(document.problem->column, 26);
        QVERIFY(document.problem->message.find("parallelism.tensor_parallel_degree") !=
                std::string::npos);
        QVERIFY(document.root.empty());
    }

    // The bound counts levels below the root: a key is one, each array or table inside it one
    // more, each segment of a dotted key or header one.
    void nestingBound_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");  // where it is refused; 0: read
        const auto arrays = [](int count) {
            return QStringLiteral("x = ") + QString(count, QLatin1Char('[')) +
                   QString(count, QLatin1Char(']')) + QLatin1Char('\n');
        };
        const auto dotted = [](int segments) {
            QString key = QStringLiteral("a");
            for (int i = 1; i < segments; ++i) key += QStringLiteral(".a");
            return key;
        };
        QTest::newRow("key-and-63-arrays") << arrays(kMaxTomlNesting - 1) << 0;
        QTest::newRow("key-and-64-arrays") << arrays(kMaxTomlNesting) << 1;
        QTest::newRow("64-segment-key") << dotted(kMaxTomlNesting) + QStringLiteral(" = 1\n") << 0;
        QTest::newRow("65-segment-key")
            << dotted(kMaxTomlNesting + 1) + QStringLiteral(" = 1\n") << 1;
        QTest::newRow("60-segment-header-and-a-4-segment-key")
            << QStringLiteral("[") + dotted(60) + QStringLiteral("]\nb.b.b.b = 1\n") << 0;
        QTest::newRow("60-segment-header-and-a-5-segment-key")
            << QStringLiteral("\n[") + dotted(60) + QStringLiteral("]\nb.b.b.b.b = 1\n") << 3;
        QTest::newRow("inline-tables-in-arrays")
            << QStringLiteral("x = [") + QString(20, QLatin1Char('[')) +
                   QStringLiteral("{a.a.a = {b.b = [") + QString(40, QLatin1Char('[')) +
                   QString(41, QLatin1Char(']')) + QStringLiteral("}}") +
                   QString(20, QLatin1Char(']')) + QStringLiteral("]\n")
            << 1;
        QTest::newRow("brackets-in-strings-and-comments")
            << QStringLiteral("a = \"") + QString(200, QLatin1Char('[')) + QStringLiteral("\" # ") +
                   QString(200, QLatin1Char('{')) + QStringLiteral("\nb = '''\n") +
                   QString(200, QLatin1Char('[')) + QStringLiteral("'''\n")
            << 0;
    }
    void nestingBound() {
        QFETCH(QString, text);
        QFETCH(int, line);
        const std::string toml = text.toStdString();
        const auto refused = findExcessiveTomlNesting(toml, kMaxTomlNesting);
        QCOMPARE(refused.has_value(), line > 0);
        if (refused) QCOMPARE(refused->line, line);
        const TomlDocument document = readToml(toml);
        QCOMPARE(document.problem && document.problem->code == "import.toml_too_deep", line > 0);
        if (line == 0) QVERIFY2(!document.problem, document.problem->message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestTomlDocument)
#include "tst_toml_document.moc"
