// SPDX-License-Identifier: MIT
#include "tests/core/plan_json_test_util.h"

#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"

#include <QTest>

using namespace fourfold::core;
using namespace fourfold::core::test;

class TestPlanJsonDiagnostics : public QObject {
    Q_OBJECT
private slots:
    void unknownKeysWarn();
    void duplicateKeysWarn();
    void wrongValues_data();
    void wrongValues();
    void wrongValuesFileHasLines();
    void syntaxErrorPosition_data();
    void syntaxErrorPosition();
    void nonFiniteLiteralsAreSyntaxErrors_data();
    void nonFiniteLiteralsAreSyntaxErrors();
    void invalidUtf8IsADiagnostic();
    void deepNestingIsRefused();
    void topLevelMustBeAnObject_data();
    void topLevelMustBeAnObject();
    void emptyTextIsAnError();
    void newerSchemaIsRefused();
    void otherFormatsAreRefused_data();
    void otherFormatsAreRefused();
    void unknownPresetsAreErrors_data();
    void unknownPresetsAreErrors();
    void numberBeyondDoubleRange();
};

void TestPlanJsonDiagnostics::unknownKeysWarn() {
    const PlanParse parse = parsePlan(readDataFile("unknown-keys.json"));
    QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
    QCOMPARE(parse.plan->parallel.tp, 2);
    const Diagnostic* nested = findAt(parse, Severity::Warning, "/parallel/tensor_parallel");
    QVERIFY(nested != nullptr);
    QVERIFY(nested->message.find("\"tensor_parallel\"") != std::string::npos);
    QVERIFY(nested->message.find("/parallel/tensor_parallel") != std::string::npos);
    QCOMPARE(nested->line, 4);
    const Diagnostic* top = findAt(parse, Severity::Warning, "/colour");
    QVERIFY(top != nullptr);
    QVERIFY(top->message.find("colour") != std::string::npos);
    QCOMPARE(top->line, 5);
    // Keys with '/' or '~' are escaped in the pointer (RFC 6901).
    const PlanParse odd = parsePlan(R"({"memory": {"a/b~c": 1}})");
    QVERIFY(findAt(odd, Severity::Warning, "/memory/a~1b~0c") != nullptr);
}

void TestPlanJsonDiagnostics::duplicateKeysWarn() {
    const PlanParse parse = parsePlan("{\"parallel\": {\"tp\": 2,\n \"tp\": 4}}");
    QVERIFY(parse.plan.has_value());
    QCOMPARE(parse.plan->parallel.tp, 4);
    const Diagnostic* warning = findAt(parse, Severity::Warning, "/parallel/tp");
    QVERIFY(warning != nullptr);
    QCOMPARE(warning->line, 2);
}

void TestPlanJsonDiagnostics::wrongValues_data() {
    QTest::addColumn<QString>("document");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("found");
    QTest::addColumn<QString>("expected");
    const auto row = [](const char* name, const char* document, const char* pointer,
                        const char* found, const char* expected) {
        QTest::newRow(name) << QString::fromUtf8(document) << QString::fromUtf8(pointer)
                            << QString::fromUtf8(found) << QString::fromUtf8(expected);
    };
    // DESIGN.md's own example of a message a person can act on.
    row("design-tp-four", R"({"parallel": {"tp": "four"}})", "/parallel/tp", "\"four\"",
        "must be a positive integer, got");
    row("tp-zero", R"({"parallel": {"tp": 0}})", "/parallel/tp", "0", "positive integer");
    row("tp-fraction", R"({"parallel": {"tp": 2.5}})", "/parallel/tp", "2.5", "integer");
    row("tp-1e15", R"({"parallel": {"tp": 1000000000000000}})", "/parallel/tp", "1000000000000000",
        "no larger than 2147483647");
    row("tp-1e15-float", R"({"parallel": {"tp": 1e15}})", "/parallel/tp", "1e+15",
        "no larger than 2147483647");
    row("dp-negative", R"({"parallel": {"dp": -3}})", "/parallel/dp", "-3", "positive integer");
    row("zero-stage-4", R"({"parallel": {"zero_stage": 4}})", "/parallel/zero_stage", "4",
        "from 0 to 3");
    row("order-number", R"({"parallel": {"order": 5}})", "/parallel/order", "5", "a string");
    row("schedule-case", R"({"parallel": {"schedule": "1F1B"}})", "/parallel/schedule", "\"1F1B\"",
        "gpipe|1f1b|interleaved_1f1b|zb_h1|zb_h2");
    row("precision-bf17", R"({"training": {"precision": "bf17"}})", "/training/precision",
        "\"bf17\"", "fp32|fp16|bf16|fp8");
    row("optimizer-number", R"({"training": {"optimizer": 3}})", "/training/optimizer", "3",
        "adam|adamw|sgd|sgd_momentum|adam_8bit|adafactor|lion");
    row("master-weights-yes", R"({"training": {"master_weights": "yes"}})",
        "/training/master_weights", "\"yes\"", "true or false");
    row("global-batch-zero", R"({"training": {"global_batch": 0}})", "/training/global_batch", "0",
        "positive integer");
    row("global-batch-string", R"({"training": {"global_batch": "64"}})", "/training/global_batch",
        "\"64\"", "positive integer");
    row("name-number", R"({"name": 5})", "/name", "5", "a string");
    row("model-array", R"({"model": []})", "/model", "[]", "an object");
    row("sequence-null", R"({"model": {"sequence": null}})", "/model/sequence", "null",
        "positive integer");
    row("parameters-negative", R"({"model": {"parameters": -5}})", "/model/parameters", "-5",
        "non-negative number");
    row("moe-experts-negative", R"({"model": {"moe": {"experts": -1}}})", "/model/moe/experts",
        "-1", "non-negative integer");
    row("mlp-relu", R"({"model": {"mlp": "relu"}})", "/model/mlp", "\"relu\"", "gelu|swiglu");
    row("gpu-number", R"({"cluster": {"gpu": 80}})", "/cluster/gpu", "80",
        "a GPU preset name or an object");
    row("gpu-peak-string",
        R"({"cluster": {"gpu": {"name": "x", "peak_tflops": {"bf16": "fast"}}}})",
        "/cluster/gpu/peak_tflops/bf16", "\"fast\"", "non-negative number");
    row("gpu-memory-fraction", R"({"cluster": {"gpu": {"name": "x", "memory_bytes": 2.5}}})",
        "/cluster/gpu/memory_bytes", "2.5", "whole number of bytes");
    row("link-bool", R"({"cluster": {"intra_node": true}})", "/cluster/intra_node", "true",
        "a link preset name or an object");
    row("nodes-zero", R"({"cluster": {"nodes": 0}})", "/cluster/nodes", "0", "positive integer");
    row("fragmentation-1.5", R"({"memory": {"fragmentation": 1.5}})", "/memory/fragmentation",
        "1.5", "a number from 0 up to (not including) 1");
    row("margin-negative", R"({"memory": {"safety_margin": -0.1}})", "/memory/safety_margin",
        "-0.1", "a number from 0 ");
    row("framework-negative", R"({"memory": {"framework_bytes": -1}})", "/memory/framework_bytes",
        "-1", "non-negative whole number of bytes");
    row("framework-2^64", R"({"memory": {"framework_bytes": 18446744073709551616}})",
        "/memory/framework_bytes", "1.8446744073709552e+19", "no larger than 18446744073709551615");
    row("prefetch-negative", R"({"memory": {"zero3_prefetch_layers": -1}})",
        "/memory/zero3_prefetch_layers", "-1", "non-negative integer");
    row("logits-bytes-string", R"({"memory": {"logits_bytes_per_element": "six"}})",
        "/memory/logits_bytes_per_element", "\"six\"", "non-negative number");
    row("convention-unknown", R"({"memory": {"convention": "mine"}})", "/memory/convention",
        "\"mine\"", "fourfold|zero_paper|deepspeed|megatron");
    row("measured-peaks-string", R"({"measured": {"peak_bytes_per_stage": "x"}})",
        "/measured/peak_bytes_per_stage", "\"x\"", "an array of byte counts");
    row("measured-peak-negative", R"({"measured": {"peak_bytes_per_stage": [1, -1]}})",
        "/measured/peak_bytes_per_stage/1", "-1", "non-negative whole number of bytes");
    row("measured-step-zero", R"({"measured": {"step_time_s": 0}})", "/measured/step_time_s", "0",
        "a positive number");
}

void TestPlanJsonDiagnostics::wrongValues() {
    QFETCH(QString, document);
    QFETCH(QString, pointer);
    QFETCH(QString, found);
    QFETCH(QString, expected);
    const PlanParse parse = parsePlan(document.toStdString());
    QVERIFY(!parse.plan.has_value());
    const Diagnostic* error = findAt(parse, Severity::Error, pointer.toStdString());
    QVERIFY2(error != nullptr, qPrintable(allMessages(parse)));
    const QString message = QString::fromStdString(error->message);
    QVERIFY2(message.contains(u'`' + pointer + u'`'), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("got ") + found), qPrintable(message));
    QVERIFY2(message.contains(expected), qPrintable(message));
    QCOMPARE(error->line, 1);
    QVERIFY(error->column > 1);
}

void TestPlanJsonDiagnostics::wrongValuesFileHasLines() {
    const PlanParse parse = parsePlan(readDataFile("wrong-types.json"));
    QVERIFY(!parse.plan.has_value());
    const std::vector<std::pair<std::string, int>> expected = {
        {"/training/precision", 5},   {"/training/micro_batch", 6}, {"/parallel/tp", 9},
        {"/parallel/zero_stage", 10}, {"/parallel/dp", 11},         {"/memory/fragmentation", 13}};
    for (const auto& [pointer, line] : expected) {
        const Diagnostic* error = findAt(parse, Severity::Error, pointer);
        QVERIFY2(error != nullptr, pointer.c_str());
        QCOMPARE(error->line, line);
    }
    // "tp": "four" — the value starts at column 11 of line 9.
    QCOMPARE(findAt(parse, Severity::Error, "/parallel/tp")->column, 11);
    QCOMPARE(std::count_if(parse.diagnostics.begin(), parse.diagnostics.end(),
                           [](const Diagnostic& d) { return d.severity == Severity::Error; }),
             std::ptrdiff_t{6});
}

void TestPlanJsonDiagnostics::syntaxErrorPosition_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("says");
    // Counted by hand: the offending character's line and column (1-based, in characters).
    QTest::newRow("file-missing-comma-at-pp")
        << QByteArray::fromStdString(readDataFile("syntax-error.json")) << 6 << 5
        << QStringLiteral("not valid JSON");
    QTest::newRow("double-comma") << QByteArray("{\n  \"tp\": 4,,\n}") << 2 << 11
                                  << QStringLiteral("not valid JSON");
    QTest::newRow("truncated-after-value")
        << QByteArray("{\n  \"tp\": 4") << 2 << 10 << QStringLiteral("ends before");
    QTest::newRow("bad-literal-after-cjk-name")
        << QByteArray("{\"name\": \"显存\" x}") << 1 << 15 << QStringLiteral("not valid JSON");
    QTest::newRow("trailing-garbage")
        << QByteArray("{}\n{}") << 2 << 1 << QStringLiteral("not valid JSON");
    QTest::newRow("single-quotes")
        << QByteArray("{\n'name': 1}") << 2 << 1 << QStringLiteral("not valid JSON");
}

void TestPlanJsonDiagnostics::syntaxErrorPosition() {
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, says);
    const PlanParse parse = parsePlan(text.toStdString());
    QVERIFY(!parse.plan.has_value());
    QCOMPARE(parse.diagnostics.size(), std::size_t{1});
    const Diagnostic& error = parse.diagnostics.front();
    QCOMPARE(name(error.severity), name(Severity::Error));
    QCOMPARE(error.path, std::string());
    QVERIFY2(QString::fromStdString(error.message).contains(says), error.message.c_str());
    QVERIFY2(error.message.find("json.exception") == std::string::npos, error.message.c_str());
    QCOMPARE(error.line, line);
    QCOMPARE(error.column, column);
}

void TestPlanJsonDiagnostics::nonFiniteLiteralsAreSyntaxErrors_data() {
    QTest::addColumn<QString>("literal");
    for (const char* literal : {"NaN", "Infinity", "-Infinity", "nan", "inf"}) {
        QTest::newRow(literal) << QString::fromLatin1(literal);
    }
}

void TestPlanJsonDiagnostics::nonFiniteLiteralsAreSyntaxErrors() {
    QFETCH(QString, literal);
    const PlanParse parse =
        parsePlan("{\"memory\": {\"fragmentation\": " + literal.toStdString() + "}}");
    QVERIFY(!parse.plan.has_value());
    QVERIFY(hasErrors(parse.diagnostics));
    QVERIFY2(parse.diagnostics.front().message.find("NaN or Infinity") != std::string::npos,
             parse.diagnostics.front().message.c_str());
    QCOMPARE(parse.diagnostics.front().line, 1);
}

void TestPlanJsonDiagnostics::invalidUtf8IsADiagnostic() {
    const std::vector<std::string> documents = {
        "{\"name\": \"caf\xe9\"}",       // Latin-1 é
        "{\"name\": \"\xc3\"}",          // truncated sequence
        "{\"name\": \"\xed\xa0\x80\"}",  // UTF-16 surrogate encoded as UTF-8
        "{\"na\xffme\": 1}",             // in a key
        "{\"name\": 1, \xfe}",           // outside strings
        "\xff\xfe{\0}",                  // UTF-16 byte order mark
    };
    for (const auto& text : documents) {
        const PlanParse parse = parsePlan(text);
        QVERIFY(!parse.plan.has_value());
        QVERIFY(hasErrors(parse.diagnostics));
        for (const auto& d : parse.diagnostics) QVERIFY2(validUtf8(d.message), d.message.c_str());
    }
    const PlanParse latin1 = parsePlan("{\"name\": \"caf\xe9\"}");
    QVERIFY(latin1.diagnostics.front().message.find("UTF-8") != std::string::npos);
    QCOMPARE(latin1.diagnostics.front().column, 14);
}

void TestPlanJsonDiagnostics::deepNestingIsRefused() {
    const std::string brackets(100'000, '[');
    PlanParse parse = parsePlan(brackets);
    QVERIFY(!parse.plan.has_value());
    QCOMPARE(parse.diagnostics.size(), std::size_t{1});
    QVERIFY(parse.diagnostics.front().message.find("128") != std::string::npos);
    QCOMPARE(parse.diagnostics.front().column, 129);

    std::string objects;
    for (int i = 0; i < 200'000; ++i) objects += "{\"a\":";
    parse = parsePlan(objects);
    QVERIFY(!parse.plan.has_value());
    QVERIFY(hasErrors(parse.diagnostics));

    // Brackets inside strings do not count; 100 real levels are allowed (an unknown key).
    std::string deepButFine = "{\"name\": \"" + std::string(500, '[') + "\", \"extra\": ";
    deepButFine += std::string(100, '[') + std::string(100, ']') + "}";
    parse = parsePlan(deepButFine);
    QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
    QCOMPARE(parse.plan->name, std::string(500, '['));
    QVERIFY(findAt(parse, Severity::Warning, "/extra") != nullptr);
}

void TestPlanJsonDiagnostics::topLevelMustBeAnObject_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("kind");
    QTest::newRow("array") << QStringLiteral("[1, 2]") << QStringLiteral("an array");
    QTest::newRow("number") << QStringLiteral("  42") << QStringLiteral("a number");
    QTest::newRow("string") << QStringLiteral("\"plan\"") << QStringLiteral("a string");
    QTest::newRow("null") << QStringLiteral("null") << QStringLiteral("null");
    QTest::newRow("bool") << QStringLiteral("true") << QStringLiteral("a boolean");
}

void TestPlanJsonDiagnostics::topLevelMustBeAnObject() {
    QFETCH(QString, text);
    QFETCH(QString, kind);
    const PlanParse parse = parsePlan(text.toStdString());
    QVERIFY(!parse.plan.has_value());
    QCOMPARE(parse.diagnostics.size(), std::size_t{1});
    QVERIFY(QString::fromStdString(parse.diagnostics.front().message).contains(kind));
}

void TestPlanJsonDiagnostics::emptyTextIsAnError() {
    for (const char* text : {"", "   \n\t "}) {
        const PlanParse parse = parsePlan(text);
        QVERIFY(!parse.plan.has_value());
        QVERIFY(hasErrors(parse.diagnostics));
        QVERIFY(parse.diagnostics.front().message.find("empty") != std::string::npos);
    }
}

void TestPlanJsonDiagnostics::newerSchemaIsRefused() {
    const PlanParse parse = parsePlan(readDataFile("newer-schema.json"));
    QVERIFY(!parse.plan.has_value());
    QCOMPARE(parse.diagnostics.size(), std::size_t{1});  // no noise about its unknown keys
    const Diagnostic& error = parse.diagnostics.front();
    QCOMPARE(name(error.severity), name(Severity::Error));
    QCOMPARE(error.path, std::string("/schema"));
    QCOMPARE(error.message, std::string("written by a newer Fourfold: fourfold.plan/2; this "
                                        "version reads up to fourfold.plan/1"));
    QCOMPARE(error.line, 2);
}

void TestPlanJsonDiagnostics::otherFormatsAreRefused_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("says");
    QTest::newRow("evaluation-file")
        << QString::fromStdString(readDataFile("evaluation-not-a-plan.json"))
        << QStringLiteral("not a Fourfold plan");
    QTest::newRow("foreign-schema") << QStringLiteral("{\"schema\": \"http://json-schema.org\"}")
                                    << QStringLiteral("not a Fourfold plan");
    QTest::newRow("plan-version-zero") << QStringLiteral(R"({"schema": "fourfold.plan/0"})")
                                       << QStringLiteral("not a Fourfold plan");
    QTest::newRow("schema-integer-7") << QStringLiteral(R"({"schema": 7})")
                                      << QStringLiteral("must be \"fourfold.plan/1\", got 7");
    QTest::newRow("no-plan-keys") << QStringLiteral(R"({"dependencies": {"a": "1.0"}})")
                                  << QStringLiteral("not a Fourfold plan");
}

void TestPlanJsonDiagnostics::otherFormatsAreRefused() {
    QFETCH(QString, text);
    QFETCH(QString, says);
    const PlanParse parse = parsePlan(text.toStdString());
    QVERIFY(!parse.plan.has_value());
    QVERIFY(hasErrors(parse.diagnostics));
    QVERIFY2(QString::fromStdString(parse.diagnostics.front().message).contains(says),
             parse.diagnostics.front().message.c_str());
}

void TestPlanJsonDiagnostics::unknownPresetsAreErrors_data() {
    QTest::addColumn<QString>("document");
    QTest::addColumn<QString>("pointer");
    QTest::newRow("model") << QStringLiteral(R"({"model": {"preset": "llama9-1t"}})")
                           << QStringLiteral("/model/preset");
    QTest::newRow("gpu") << QStringLiteral(R"({"cluster": {"gpu": "llama9-1t"}})")
                         << QStringLiteral("/cluster/gpu");
    QTest::newRow("intra") << QStringLiteral(R"({"cluster": {"intra_node": "llama9-1t"}})")
                           << QStringLiteral("/cluster/intra_node");
    QTest::newRow("inter") << QStringLiteral(R"({"cluster": {"inter_node": "llama9-1t"}})")
                           << QStringLiteral("/cluster/inter_node");
}

void TestPlanJsonDiagnostics::unknownPresetsAreErrors() {
    QFETCH(QString, document);
    QFETCH(QString, pointer);
    const PlanParse parse = parsePlan(document.toStdString());
    QVERIFY(!parse.plan.has_value());
    const Diagnostic* error = findAt(parse, Severity::Error, pointer.toStdString());
    QVERIFY2(error != nullptr, qPrintable(allMessages(parse)));
    QVERIFY(error->message.find("\"llama9-1t\"") != std::string::npos);
    QVERIFY(error->message.find("fourfold-cli presets") != std::string::npos);
    QVERIFY(error->message.find(pointer.toStdString()) != std::string::npos);
}

void TestPlanJsonDiagnostics::numberBeyondDoubleRange() {
    const PlanParse parse = parsePlan("{\"model\": {\"parameters\": 1e400}}");
    QVERIFY(!parse.plan.has_value());
    QVERIFY(hasErrors(parse.diagnostics));
    QVERIFY(parse.diagnostics.front().message.find("too large") != std::string::npos);
    QCOMPARE(parse.diagnostics.front().column, 26);
}

QTEST_GUILESS_MAIN(TestPlanJsonDiagnostics)
#include "tst_plan_json_diagnostics.moc"
