// SPDX-License-Identifier: MIT
// fourfold-cli measured and calibrate, and plans naming a profile: what `evaluate`, `validate`
// and `search` do with cluster.profile (read relative to the plan, a warning when it is missing).
#include "cli_test_util.h"

#include "core/calibrate/runs_file.h"
#include "core/evaluate/evaluate.h"
#include "core/plan/calibration_profile.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace fourfold::core;
using namespace fourfold::test;

namespace {

const std::string kMegatronLog =
    "[Rank 0] (after 10 iterations) memory (MB) | allocated: 30000.0 | max allocated: 61000.5 | "
    "reserved: 64000.0 | max reserved: 64000.0\n"
    " [2025-06-01 10:00:00] iteration       10/     100 | consumed samples:          640 | elapsed "
    "time per iteration (ms): 6100.0 | throughput per GPU (TFLOP/s/GPU): 260.0 |\n"
    " [2025-06-01 10:00:20] iteration       20/     100 | consumed samples:         1280 | elapsed "
    "time per iteration (ms): 4050.0 | throughput per GPU (TFLOP/s/GPU): 392.0 |\n"
    " [2025-06-01 10:00:40] iteration       30/     100 | consumed samples:         1920 | elapsed "
    "time per iteration (ms): 4010.0 | throughput per GPU (TFLOP/s/GPU): 396.0 |\n"
    " [2025-06-01 10:01:00] iteration       40/     100 | consumed samples:         2560 | elapsed "
    "time per iteration (ms): 4030.0 | throughput per GPU (TFLOP/s/GPU): 394.0 |\n";

Plan planOn(int nodes, int tp) {
    Plan plan = defaultPlan();
    plan.cluster.nodes = nodes;
    plan.parallel.tp = tp;
    plan.parallel.dp = nodes * 8 / tp;
    plan.training.gradAccumulation = 64 / plan.parallel.dp > 0 ? 64 / plan.parallel.dp : 1;
    return plan;
}

std::string runsText(const std::vector<std::pair<std::string, double>>& planSteps,
                     const std::string& extra = "") {
    std::string text = R"({"schema": "fourfold.runs/1", "name": "lab", "runs": [)";
    for (std::size_t i = 0; i < planSteps.size(); ++i) {
        text += (i ? "," : "") + std::string(R"({"source": "job )") + std::to_string(i) +
                R"(", "plan": ")" + planSteps[i].first + R"(", "measured": {"step_time_s": )" +
                std::to_string(planSteps[i].second) + "}}";
    }
    return text + extra + "]}";
}

}  // namespace

class TestCliCalibrate : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

    std::string write(const QString& name, const std::string& text) {
        return writeFile(dir_, name, text);
    }

    // Four runs in plans/ beside runs.json, measured 20 % faster than the defaults predict.
    std::string writeRuns(const std::string& extra = "") {
        QDir(dir_.path()).mkpath(QStringLiteral("plans"));
        std::vector<std::pair<std::string, double>> runs;
        const std::vector<std::pair<int, int>> layouts = {{1, 1}, {1, 2}, {2, 1}, {2, 4}};
        for (std::size_t i = 0; i < layouts.size(); ++i) {
            const Plan plan = planOn(layouts[i].first, layouts[i].second);
            const std::string name = "plans/p" + std::to_string(i) + ".json";
            write(QString::fromStdString(name), planToJson(plan));
            runs.emplace_back(name, evaluate(plan).performance->stepTimeS / 1.2);
        }
        return write(QStringLiteral("runs.json"), runsText(runs, extra));
    }

private slots:
    void theCommandsAreListed() {
        const CliRun help = run({"--help"});
        QVERIFY(help.out.find("measured LOGFILE") != std::string::npos);
        QVERIFY(help.out.find("calibrate RUNS") != std::string::npos);
        QCOMPARE(run({"calibrate", "--help"}).exitCode, 0);
        QCOMPARE(run({"measured", "--help"}).exitCode, 0);
    }

    void measuredPrintsTheFiguresAndTheirLines() {
        const std::string log = write(QStringLiteral("train.log"), kMegatronLog);
        const CliRun result = run({"measured", log});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(
            result.out.find("step time: 4.03 s, the median of 3 (1 in the warm-up left out)") !=
                std::string::npos,
            result.out.c_str());
        QVERIFY(result.out.find("line 3:") != std::string::npos);
        QVERIFY(result.out.find("peak memory") != std::string::npos);
        QVERIFY(result.out.find("measured: {\"step_time_s\":4.03") != std::string::npos);
        const CliRun chinese = run({"measured", log, "--lang", "zh_CN"});
        QVERIFY(chinese.out.find("步时间") != std::string::npos);
    }

    void measuredJsonAndWarmup() {
        const std::string log = write(QStringLiteral("train2.log"), kMegatronLog);
        const CliRun result = run({"measured", log, "--json", "--warmup", "0"});
        QCOMPARE(result.exitCode, 0);
        const nlohmann::json j = nlohmann::json::parse(result.out);
        QCOMPARE(j["schema"].get<std::string>(), std::string("fourfold.measured/1"));
        QVERIFY(j["generator"].get<std::string>().starts_with("fourfold-cli "));
        QCOMPARE(j["warmup_steps"].get<int>(), 0);
        QCOMPARE(j["figures"][0]["samples"].get<int>(), 4);
        QCOMPARE(j["measured"]["step_time_s"].get<double>(), (4.03 + 4.05) / 2);
        QCOMPARE(j["measured"]["peak_bytes"].get<std::uint64_t>(), std::uint64_t{64000} << 20);
    }

    // A figure past the plan's range: exit 1, the file, line, pointer, value and range on
    // standard error (in the JSON, the diagnostic), and no figure of it in "measured".
    void measuredRefusesAFigurePastItsRange() {
        const std::string log =
            write(QStringLiteral("huge.log"), "max_memory_allocated = 2147483648 MB\n");
        const CliRun text = run({"measured", log});
        QCOMPARE(text.exitCode, 1);
        QVERIFY2(
            text.err.find(log + ":1:1: error: line 1: peak_bytes reads as ") != std::string::npos,
            text.err.c_str());
        QVERIFY2(text.err.find("[/measured/peak_bytes]") != std::string::npos, text.err.c_str());
        const CliRun json = run({"measured", log, "--json"});
        QCOMPARE(json.exitCode, 1);
        const nlohmann::json j = nlohmann::json::parse(json.out);
        QCOMPARE(j["diagnostics"][0]["code"].get<std::string>(),
                 std::string("measured.log_figure_out_of_range"));
        QCOMPARE(j["diagnostics"][0]["args"]["maximum"].get<double>(), 1e15);
        QVERIFY(!j["measured"].contains("peak_bytes"));
    }

    void measuredExitCodes_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::newRow("nothing found") << QStringList{"empty.log"} << 1;
        QTest::newRow("missing file") << QStringList{"nowhere.log"} << 2;
        QTest::newRow("bad warm-up") << QStringList{"empty.log", "--warmup", "-3"} << 2;
        QTest::newRow("no file") << QStringList{} << 2;
    }
    void measuredExitCodes() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        write(QStringLiteral("empty.log"), "nothing to see\n");
        std::vector<std::string> argv = {"measured"};
        for (const QString& arg : args) {
            argv.push_back(arg.endsWith(QStringLiteral(".log")) ? dir_.filePath(arg).toStdString()
                                                                : arg.toStdString());
        }
        QCOMPARE(run(argv).exitCode, code);
    }

    void calibrateFitsWritesTheProfileAndReports() {
        const std::string runs = writeRuns();
        const std::string profile = dir_.filePath(QStringLiteral("lab-profile.json")).toStdString();
        const CliRun result =
            run({"calibrate", runs, "-o", profile, "--date", "2025-06-30", "--name", "lab"});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.find("Calibration on 4 runs of h100-sxm-80gb") != std::string::npos,
                 result.out.c_str());
        QVERIFY(result.out.find("held out") != std::string::npos);
        QVERIFY(result.out.find("Profile written to " + profile) != std::string::npos);
        // One node in half the runs, two in the others: the network is fitted or kept with a
        // reason, never silently.
        QVERIFY(result.err.find("stays at") != std::string::npos);
        QFile file(QString::fromStdString(profile));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const ProfileParse parse = parseProfile(file.readAll().toStdString());
        QVERIFY(parse.profile);
        QCOMPARE(parse.profile->fitted, std::string("2025-06-30"));
        QCOMPARE(parse.profile->name, std::string("lab"));
        QCOMPARE(parse.profile->runs.size(), std::size_t{4});
        QVERIFY(parse.profile->heldOutMeanError.has_value());
    }

    void calibrateJson() {
        const std::string runs = writeRuns();
        const CliRun result = run({"calibrate", runs, "--json", "--date", "2025-06-30"});
        QCOMPARE(result.exitCode, 0);
        const nlohmann::json j = nlohmann::json::parse(result.out);
        QCOMPARE(j["schema"].get<std::string>(), std::string("fourfold.calibration/1"));
        QCOMPARE(j["profile"]["schema"].get<std::string>(), std::string("fourfold.profile/1"));
        QCOMPARE(j["profile"]["name"].get<std::string>(), std::string("lab"));  // the runs file's
        QCOMPARE(j["runs"].size(), std::size_t{4});
        for (const auto& row : j["runs"]) {
            for (const char* key :
                 {"measured_step_s", "before_step_s", "after_step_s", "held_out_step_s",
                  "before_error", "after_error", "held_out_error"}) {
                QVERIFY2(row.contains(key), key);
            }
            // 20 % faster than the defaults: before, each run is predicted 20 % too slow.
            QVERIFY(std::fabs(row["before_error"].get<double>() - 0.2) < 1e-4);
            QVERIFY(std::fabs(row["after_error"].get<double>()) < 0.03);
        }
        QVERIFY(j.contains("held_out_mean_error"));
        QVERIFY(j.contains("held_out_worst_error"));
        QVERIFY(j["diagnostics"].is_array());
    }

    void badRunsAreListedAndTheOthersFitted() {
        const std::string runs = writeRuns(
            R"(, {"source": "broken", "plan": "plans/missing.json", "measured": {"step_time_s": 1}})");
        const CliRun result = run({"calibrate", runs});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.err.find("runs.json:1:") != std::string::npos, result.err.c_str());
        QVERIFY(result.err.find("the plan file plans/missing.json cannot be read") !=
                std::string::npos);
        QVERIFY(result.out.find("Calibration on 4 runs") != std::string::npos);
    }

    void calibrateExitCodes() {
        const std::string none =
            write(QStringLiteral("none.json"), R"({"runs": [{"plan": {}, "measured": {}}]})");
        QCOMPARE(run({"calibrate", none}).exitCode, 1);
        QCOMPARE(run({"calibrate", dir_.filePath(QStringLiteral("nowhere.json")).toStdString()})
                     .exitCode,
                 2);
        QCOMPARE(run({"calibrate"}).exitCode, 2);
        QCOMPARE(run({"calibrate", none, "-o"}).exitCode, 2);
    }

    void aTooLargeRunsFileIsRefusedBeforeItIsRead() {
        const std::string big =
            write(QStringLiteral("big.json"),
                  R"({"runs": [], "name": ")" + std::string(kMaxRunsBytes, 'x') + R"("})");
        const CliRun result = run({"calibrate", big});
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.find("is larger than") != std::string::npos, result.err.c_str());
    }

    void theProfileIsReplacedWholeOrNotAtAll() {
        const std::string runs = writeRuns();
        const QString profile = dir_.filePath(QStringLiteral("replaced.json"));
        write(QStringLiteral("replaced.json"), "an older profile");
        QCOMPARE(run({"calibrate", runs, "-o", profile.toStdString()}).exitCode, 0);
        QFile file(profile);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(parseProfile(file.readAll().toStdString()).profile.has_value());
        // Nothing left beside it under the temporary name.
        QCOMPARE(QDir(dir_.path()).entryList({QStringLiteral("replaced.json*")}).size(), 1);
        // A folder that does not exist: exit 2, and no file anywhere.
        const QString nowhere = dir_.filePath(QStringLiteral("no-such-folder/p.json"));
        const CliRun failed = run({"calibrate", runs, "-o", nowhere.toStdString()});
        QCOMPARE(failed.exitCode, 2);
        QVERIFY2(failed.err.find("Could not write") != std::string::npos, failed.err.c_str());
        QVERIFY(!QFileInfo::exists(nowhere));
    }

    void aPlanNamesAProfileRelativeToItself() {
        const std::string runs = writeRuns();
        QDir(dir_.path()).mkpath(QStringLiteral("profiles"));
        const std::string profile =
            dir_.filePath(QStringLiteral("profiles/lab.json")).toStdString();
        QCOMPARE(run({"calibrate", runs, "-o", profile}).exitCode, 0);
        Plan plan = planOn(1, 1);
        plan.cluster.profile.path = "profiles/lab.json";
        const std::string path = write(QStringLiteral("with-profile.json"), planToJson(plan));
        const CliRun evaluated = run({"evaluate", path, "--json"});
        QCOMPARE(evaluated.exitCode, 0);
        const nlohmann::json j = nlohmann::json::parse(evaluated.out);
        QFile file(QString::fromStdString(profile));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const CalibrationProfile fitted = *parseProfile(file.readAll().toStdString()).profile;
        const double expected = evaluate(applyProfile(planOn(1, 1), fitted)).performance->stepTimeS;
        QCOMPARE(j["performance"]["step_time_s"].get<double>(), expected);
        QVERIFY(j["performance"]["step_time_s"].get<double>() <
                evaluate(planOn(1, 1)).performance->stepTimeS);
    }

    void aMissingProfileIsAWarning() {
        Plan plan = defaultPlan();
        plan.cluster.profile.path = "gone.json";
        const std::string path = write(QStringLiteral("gone-profile.json"), planToJson(plan));
        const CliRun evaluated = run({"evaluate", path});
        QCOMPARE(evaluated.exitCode, 0);
        QVERIFY(evaluated.err.find("warning: the profile file gone.json cannot be read") !=
                std::string::npos);
        QVERIFY(evaluated.err.find("[/cluster/profile]") != std::string::npos);
        const CliRun validated = run({"validate", path});
        QCOMPARE(validated.exitCode, 0);
    }

    void searchCostsWithTheProfileAndKeepsItNamed() {
        const std::string runs = writeRuns();
        const std::string profile = dir_.filePath(QStringLiteral("search-lab.json")).toStdString();
        QCOMPARE(run({"calibrate", runs, "-o", profile}).exitCode, 0);
        Plan plan = defaultPlan();
        plan.training.globalBatch = 64;
        plan.cluster.profile.path = "search-lab.json";
        const std::string path = write(QStringLiteral("search-plan.json"), planToJson(plan));
        const CliRun result = run({"search", path, "--json", "--top", "3"});
        QCOMPARE(result.exitCode, 0);
        const nlohmann::json j = nlohmann::json::parse(result.out);
        QCOMPARE(j["candidates"].size(), std::size_t{3});
        for (const auto& candidate : j["candidates"]) {
            QCOMPARE(candidate["plan"]["cluster"]["profile"].get<std::string>(),
                     std::string("search-lab.json"));
            // Evaluated beside the profile, the candidate gives the figures the search printed.
            const std::string written =
                write(QStringLiteral("candidate.json"), candidate["plan"].dump());
            const nlohmann::json e =
                nlohmann::json::parse(run({"evaluate", written, "--json"}).out);
            QCOMPARE(e["performance"]["step_time_s"].get<double>(),
                     candidate["step_time_s"].get<double>());
        }
    }
};

QTEST_GUILESS_MAIN(TestCliCalibrate)
#include "tst_cli_calibrate.moc"
