// SPDX-License-Identifier: MIT
#include "app/cli/cli_commands.h"
#include "core/catalog.h"
#include "core/plan_json.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <sstream>

using namespace fourfold::core;
using fourfold::app::runCli;

namespace {

struct CliRun {
    int exitCode = 0;
    std::string out;
    std::string err;
};

CliRun run(const std::vector<std::string>& args) {
    std::ostringstream out;
    std::ostringstream err;
    const int code = runCli(args, out, err);
    return {code, out.str(), err.str()};
}

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

    std::string writePlan(const QString& name, const std::string& text) {
        const QString path = dir_.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly)) return {};
        file.write(text.data(), static_cast<qint64>(text.size()));
        return path.toStdString();
    }

private slots:
    void helpOnEveryCommand_data() {
        QTest::addColumn<QString>("command");
        for (const char* command : {"presets", "new", "validate", "evaluate"}) {
            QTest::newRow(command) << QString::fromLatin1(command);
        }
    }
    void helpOnEveryCommand() {
        QFETCH(QString, command);
        const CliRun result = run({command.toStdString(), "--help"});
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.find("Usage: fourfold-cli " + command.toStdString()) !=
                std::string::npos);
    }

    void usageErrorsExitTwo_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no-command") << QStringList{};
        QTest::newRow("unknown-command") << QStringList{QStringLiteral("frobnicate")};
        QTest::newRow("evaluate-without-plan") << QStringList{QStringLiteral("evaluate")};
        QTest::newRow("unknown-option") << QStringList{
            QStringLiteral("evaluate"), QStringLiteral("x.json"), QStringLiteral("--colour")};
        QTest::newRow("missing-file")
            << QStringList{QStringLiteral("validate"), QStringLiteral("/nonexistent/plan.json")};
    }
    void usageErrorsExitTwo() {
        QFETCH(QStringList, args);
        std::vector<std::string> argv;
        for (const QString& arg : args) argv.push_back(arg.toStdString());
        const CliRun result = run(argv);
        QCOMPARE(result.exitCode, 2);
        QVERIFY(!result.err.empty());
        QVERIFY(result.out.empty());
    }

    void presetsListsTheCatalog() {
        const CliRun result = run({"presets"});
        QCOMPARE(result.exitCode, 0);
        for (const char* name : {"gpt3-175b", "llama2-7b", "mixtral-8x7b", "h100-sxm-80gb",
                                 "mi300x-192gb", "nvlink4", "ib-400g"}) {
            QVERIFY2(result.out.find(name) != std::string::npos, name);
        }
        const CliRun json = run({"presets", "--json"});
        QCOMPARE(json.exitCode, 0);
        const auto parsed = nlohmann::json::parse(json.out);
        QCOMPARE(parsed["models"].size(), builtinCatalog().models.size());
    }

    void newPrintsTheDefaultPlan() {
        const CliRun result = run({"new"});
        QCOMPARE(result.exitCode, 0);
        const PlanParse parse = parsePlan(result.out);
        QVERIFY(parse.plan.has_value());
        QVERIFY(*parse.plan == defaultPlan());
    }

    void evaluateJsonIsOnlyTheEvaluationObject() {
        const std::string path =
            writePlan(QStringLiteral("default.json"), planToJson(defaultPlan()));
        const CliRun result = run({"evaluate", path, "--json"});
        QCOMPARE(result.exitCode, 0);
        const auto json = nlohmann::json::parse(result.out);  // throws (fails) on any extra text
        QCOMPARE(json["schema"].get<std::string>(), std::string("fourfold.evaluation/1"));
        QCOMPARE(json["world_size"].get<int>(), 8);
        QCOMPARE(json["batch"]["global_batch"].get<int>(), 64);
        QCOMPARE(json["batch"]["formula"].get<std::string>(), std::string("64 = 1 × 8 × 8"));
        QCOMPARE(json["batch"]["tokens_per_step"].get<int>(), 64 * 4096);
        QCOMPARE(json["batch"]["explain"]["global_batch"]["formula"].get<std::string>(),
                 std::string("b × a × dp"));
        QCOMPARE(json["memory"]["stages"][0]["explain"]["weights"]["formula"].get<std::string>(),
                 std::string("w × Φ"));
        QVERIFY(json["schedule"]["explain"].contains("bubble"));
    }

    void evaluateTableIsReadable() {
        const std::string path = writePlan(QStringLiteral("table.json"), planToJson(defaultPlan()));
        const CliRun result = run({"evaluate", path});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(
            result.out.find("global batch B = b × a × dp = 1 × 8 × 8 = 64") != std::string::npos,
            result.out.c_str());
        QVERIFY(result.out.find("world size 8") != std::string::npos);
        // Llama-2 7B (6 738 415 616 parameters) in bf16: 2 B × Φ = 13 476 831 232 B = 13.5 GB.
        QVERIFY2(result.out.find("weights = w × Φ = 2 B × 6.74e9 = 13.5 GB") != std::string::npos,
                 result.out.c_str());
    }

    // --gib changes the formula lines with the table: a formula line states the same number in
    // the same unit as the table beside it. AdamW moments: 8 B × 6 738 415 616 = 53 907 324 928 B
    // = 50.21 GiB; weights 13 476 831 232 B = 12.55 GiB.
    void gibChangesFormulaLines() {
        const std::string path = writePlan(QStringLiteral("gib.json"), planToJson(defaultPlan()));
        const CliRun result = run({"evaluate", path, "--gib"});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.find("optimizer_states 50.2 GiB") != std::string::npos,
                 result.out.c_str());
        QVERIFY2(result.out.find("optimizer states = k × Φ = 8 B × 6.74e9 = 50.2 GiB") !=
                     std::string::npos,
                 result.out.c_str());
        QVERIFY(result.out.find("weights = w × Φ = 2 B × 6.74e9 = 12.6 GiB") != std::string::npos);
        // No line of the memory section is left in decimal gigabytes.
        const std::size_t from = result.out.find("Memory per GPU");
        const std::size_t to = result.out.find("Pipeline (");
        QVERIFY(from != std::string::npos && to != std::string::npos);
        const std::string memory = result.out.substr(from, to - from);
        QVERIFY2(memory.find(" GB") == std::string::npos, memory.c_str());
    }

    // DeepSpeed's estimate_zero2_model_states_mem_needs for 6 738 415 616 parameters on 8 GPUs
    // of one node: per GPU 2Ψ + int(18Ψ/8) = 28 638 266 368 B, per CPU 4Ψ × 8 × 1.5 =
    // 323 443 949 568 B; it prints both divided by 2^30: 26.67GB and 301.23GB.
    void deepSpeedFigureInItsOwnUnits() {
        Plan plan = defaultPlan();
        plan.parallel.zeroStage = 2;
        plan.memory.convention = MemoryConvention::DeepSpeed;
        const std::string path = writePlan(QStringLiteral("deepspeed.json"), planToJson(plan));
        const CliRun result = run({"evaluate", path});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.find("as DeepSpeed prints it (GB = 2^30 bytes): per GPU 26.67GB, "
                                 "per CPU 301.23GB") != std::string::npos,
                 result.out.c_str());
    }

    // Megatron-LM's theoretical memory prints MB of 2^20 bytes with two decimals.
    void megatronFigureInItsOwnUnits() {
        Plan plan = defaultPlan();
        plan.memory.convention = MemoryConvention::Megatron;
        const std::string path = writePlan(QStringLiteral("megatron.json"), planToJson(plan));
        const auto json = nlohmann::json::parse(run({"evaluate", path, "--json"}).out);
        const auto& stage = json["memory"]["stages"][0];
        const auto mib = [](std::uint64_t bytes) {
            return QString::number(static_cast<double>(bytes) / 1048576.0, 'f', 2).toStdString();
        };
        const std::uint64_t activations = stage["bytes"]["activations"].get<std::uint64_t>();
        const std::uint64_t total = stage["total_bytes"].get<std::uint64_t>();
        const std::string expected =
            "as Megatron-LM prints it (MB = 2^20 bytes): weight and "
            "optimizer=" +
            mib(total - activations) + " MB, activation=" + mib(activations) +
            " MB, total=" + mib(total) + " MB";
        const CliRun result = run({"evaluate", path});
        QVERIFY2(result.out.find(expected) != std::string::npos,
                 (expected + "\n" + result.out).c_str());
    }

    void planErrorsExitOne() {
        const std::string malformed =
            writePlan(QStringLiteral("bad.json"), "{\n  \"parallel\": {\"tp\": }\n}\n");
        const CliRun result = run({"validate", malformed});
        QCOMPARE(result.exitCode, 1);
        QVERIFY(result.out.find("line 2") != std::string::npos);

        const CliRun evaluated = run({"evaluate", malformed, "--json"});
        QCOMPARE(evaluated.exitCode, 1);
        const auto json = nlohmann::json::parse(evaluated.out);
        QVERIFY(!json["diagnostics"].empty());
        QVERIFY(!json.contains("memory"));

        // Semantically wrong: TP does not divide the 32 heads of Llama-2 7B.
        Plan plan = defaultPlan();
        plan.parallel.tp = 3;
        plan.parallel.dp = 1;
        const std::string wrong = writePlan(QStringLiteral("tp3.json"), planToJson(plan));
        const CliRun invalid = run({"validate", wrong});
        QCOMPARE(invalid.exitCode, 1);
        QVERIFY(invalid.out.find("/parallel/tp") != std::string::npos);
    }

    void validateAcceptsTheDefaultPlan() {
        const std::string path = writePlan(QStringLiteral("ok.json"), planToJson(defaultPlan()));
        const CliRun result = run({"validate", path});
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.find("ok: no errors") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
