// SPDX-License-Identifier: MIT
#include "cli_test_util.h"

#include "app/cli/cli_commands.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <sstream>

using namespace fourfold::core;
using namespace fourfold::test;

namespace {

// True when a null stands where the format documents a number. PLAN_FORMAT.md allows null only
// for largest_fitting_micro_batch and for a measured peak that could not be compared.
bool containsNull(const nlohmann::json& value) {
    if (value.is_null()) return true;
    if (value.is_array()) {
        for (const auto& item : value) {
            if (containsNull(item)) return true;
        }
    } else if (value.is_object()) {
        for (const auto& [key, item] : value.items()) {
            if (key == "largest_fitting_micro_batch" || key == "peak_error_per_stage") continue;
            if (containsNull(item)) return true;
        }
    }
    return false;
}

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

    std::string writePlan(const QString& name, const std::string& text) {
        return writeFile(dir_, name, text);
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
        QVERIFY2(result.out.find("optimizer states 50.2 GiB") != std::string::npos,
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
        // FILE:LINE:COLUMN: severity: message, on standard error; nothing on standard output.
        QVERIFY2(result.err.rfind(malformed + ":2:22: error: ", 0) == 0, result.err.c_str());
        QVERIFY(result.out.empty());

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
        QVERIFY(invalid.out.empty());
        // Validation problems point at their key in the file too ("tp": 3 is on line 28).
        const std::string text = planToJson(plan);
        const auto tpAt = text.find("\"tp\": 3");
        const auto line = 1 + std::count(text.begin(), text.begin() + tpAt, '\n');
        const std::string where = wrong + ":" + std::to_string(line) + ":";
        QVERIFY2(invalid.err.find(where) != std::string::npos, invalid.err.c_str());
        QVERIFY(invalid.err.find(": error: tp 3 does not divide heads 32") != std::string::npos);
        QVERIFY(invalid.err.find("[/parallel/tp]") != std::string::npos);
    }

    void validateAcceptsTheDefaultPlan() {
        const std::string path = writePlan(QStringLiteral("ok.json"), planToJson(defaultPlan()));
        const CliRun result = run({"validate", path});
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.find("ok: no errors") != std::string::npos);
        // The default plan is valid but does not fit (the lesson it teaches): that one warning,
        // on standard error, is all there is.
        QVERIFY2(result.err.find("warning: Does not fit") != std::string::npos, result.err.c_str());
        QCOMPARE(std::count(result.err.begin(), result.err.end(), '\n'), 1L);
    }

    void versionComesFromTheProject() {
        const CliRun result = run({"--version"});
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(result.out, std::string("fourfold-cli " FOURFOLD_TEST_VERSION "\n"));
        const std::string path = writePlan(QStringLiteral("v.json"), planToJson(defaultPlan()));
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"evaluate", path, "--json"},
              std::vector<std::string>{"validate", path, "--json"}}) {
            const auto json = nlohmann::json::parse(run(args).out);
            QCOMPARE(json["generator"].get<std::string>(),
                     std::string("fourfold-cli " FOURFOLD_TEST_VERSION));
        }
    }

    void validateJsonHoldsCodedDiagnostics() {
        Plan plan = defaultPlan();
        plan.parallel.tp = 3;
        plan.parallel.dp = 1;
        const std::string path = writePlan(QStringLiteral("tp3j.json"), planToJson(plan));
        const CliRun result = run({"validate", path, "--json"});
        QCOMPARE(result.exitCode, 1);
        QVERIFY(result.err.empty());
        const auto json = nlohmann::json::parse(result.out);
        QCOMPARE(json["schema"].get<std::string>(), std::string("fourfold.validation/1"));
        QCOMPARE(json["valid"].get<bool>(), false);
        bool found = false;
        for (const auto& d : json["diagnostics"]) {
            if (d["code"] != "parallel.tp_divides_heads") continue;
            found = true;
            QCOMPARE(d["severity"].get<std::string>(), std::string("error"));
            QCOMPARE(d["path"].get<std::string>(), std::string("/parallel/tp"));
            QCOMPARE(d["args"]["tp"].get<int>(), 3);
            QCOMPARE(d["args"]["heads"].get<int>(), 32);
            QVERIFY(d["message"].get<std::string>().find("tp 3") != std::string::npos);
            QVERIFY(d["line"].get<int>() > 1);
        }
        QVERIFY(found);

        const std::string ok = writePlan(QStringLiteral("okj.json"), planToJson(defaultPlan()));
        const CliRun fine = run({"validate", ok, "--json"});
        QCOMPARE(fine.exitCode, 0);
        QCOMPARE(nlohmann::json::parse(fine.out)["valid"].get<bool>(), true);
    }

    // Every failure mode of --json still prints one JSON object holding the diagnostics.
    void jsonOutputAlwaysParses_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("default") << QString::fromStdString(planToJson(defaultPlan())) << 0;
        QTest::newRow("syntax") << QStringLiteral("{\"parallel\": {\"tp\": }}") << 1;
        QTest::newRow("empty") << QString() << 1;
        QTest::newRow("not-a-plan") << QStringLiteral("[1, 2]") << 1;
        QTest::newRow("tp-wrong") << QStringLiteral("{\"parallel\": {\"tp\": 3, \"dp\": 1}}") << 1;
        QTest::newRow("wrapping-bytes")
            << QStringLiteral(
                   "{\"memory\": {\"fragmentation\": 0, \"framework_bytes\": "
                   "446743935351073280, \"ddp_bucket_bytes\": 10000000000000000000}}")
            << 1;
        QTest::newRow("wrapping-batch") << QStringLiteral(
                                               "{\"training\": {\"micro_batch\": 2147483647, "
                                               "\"grad_accumulation\": 2147483647}}")
                                        << 1;
        QTest::newRow("signed-overflow")
            << QStringLiteral("{\"memory\": {\"framework_bytes\": 9223371900475873555}}") << 1;
        QTest::newRow("huge-gpu")
            << QStringLiteral(
                   "{\"cluster\": {\"gpu\": {\"name\": \"x\", \"memory_bytes\": "
                   "1e19, \"peak_tflops\": {\"bf16\": 1e300}}}}")
            << 1;
        QTest::newRow("long-sequence-batch")
            << QStringLiteral(
                   "{\"model\": {\"sequence\": 100000000}, \"training\": "
                   "{\"micro_batch\": 1000000}}")
            << 1;
    }
    void jsonOutputAlwaysParses() {
        QFETCH(QString, text);
        QFETCH(int, exitCode);
        const std::string path = writePlan(QStringLiteral("j.json"), text.toStdString());
        for (const char* command : {"evaluate", "validate"}) {
            const CliRun result = run({command, path, "--json"});
            QCOMPARE(result.exitCode, exitCode);
            nlohmann::json json;
            try {
                json = nlohmann::json::parse(result.out);
            } catch (const std::exception& error) {
                QFAIL(qPrintable(
                    QStringLiteral("%1: %2\n%3").arg(command, error.what(), result.out.c_str())));
            }
            QVERIFY(json.is_object());
            QVERIFY(json["diagnostics"].is_array());
            if (exitCode == 1) QVERIFY(!json["diagnostics"].empty());
            for (const auto& d : json["diagnostics"]) {
                QVERIFY(d["code"].is_string() && !d["code"].get<std::string>().empty());
                QVERIFY(d["args"].is_object());
                QVERIFY(d["message"].is_string());
            }
            if (exitCode == 0) {
                QVERIFY2(!containsNull(json), command);
                QVERIFY(json["world_size"].is_number() || std::string(command) == "validate");
            }
        }
    }

    void fileErrorsExitTwoWithTheReason() {
        // A directory is not "an empty plan".
        const CliRun directory = run({"validate", dir_.path().toStdString()});
        QCOMPARE(directory.exitCode, 2);
        QVERIFY2(directory.err.find("is a directory") != std::string::npos, directory.err.c_str());
        QVERIFY(directory.out.empty());
        // A file that is not there: the system's reason.
        const CliRun missing = run({"evaluate", dir_.filePath("none.json").toStdString()});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.find("No such file") != std::string::npos, missing.err.c_str());
        // More than the documented limit is refused without reading the rest: megabytes of
        // unknown keys never reach the parser.
        std::string huge = "{";
        for (int i = 0; huge.size() <= kMaxPlanBytes; ++i) {
            huge += "\"unknown_key_" + std::to_string(i) + "\": [1, 2, 3, 4, 5, 6, 7, 8],\n";
        }
        huge += "\"name\": \"x\"}";
        const std::string path = writePlan(QStringLiteral("huge.json"), huge);
        const CliRun refused = run({"validate", path});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.find("1048576 bytes") != std::string::npos, refused.err.c_str());
    }

    void devZeroIsRefusedAfterTheLimit() {
        if (!QFileInfo::exists(QStringLiteral("/dev/zero"))) QSKIP("no /dev/zero");
        const CliRun result = run({"validate", "/dev/zero"});
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.find("larger than") != std::string::npos, result.err.c_str());
    }

    void mainHelpListsEveryCommandAndTheVersion() {
        const CliRun result = run({"--help"});
        QCOMPARE(result.exitCode, 0);
        for (const char* text : {"presets", "new", "validate PLAN [--json]", "evaluate PLAN",
                                 "--version", "FILE:LINE:COLUMN"}) {
            QVERIFY2(result.out.find(text) != std::string::npos, text);
        }
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
