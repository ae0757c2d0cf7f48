// SPDX-License-Identifier: MIT
// The runs file: runs with pasted plans and plan files, every measured figure it accepts, a
// run's log, and each bad entry left out with a coded diagnostic at its JSON pointer while the
// others are kept.
#include "tests/core/coded_diagnostics_for_tests.h"

#include "core/calibrate/runs_file.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"

#include <QTest>

#include <algorithm>
#include <map>

using namespace fourfold::core;

namespace {

// Files a runs file may name, by the path written in it.
RunsFileReader filesOf(std::map<std::string, std::string> files) {
    return [files = std::move(files)](const std::string& path, std::size_t limit) {
        const auto it = files.find(path);
        if (it == files.end()) return FileText{std::nullopt, "No such file or directory"};
        if (it->second.size() > limit) return FileText{std::nullopt, "too large"};
        return FileText{it->second, {}};
    };
}

const Diagnostic* at(const RunsParse& parse, const std::string& path) {
    const auto it = std::find_if(parse.diagnostics.begin(), parse.diagnostics.end(),
                                 [&](const Diagnostic& d) { return d.path.starts_with(path); });
    return it == parse.diagnostics.end() ? nullptr : &*it;
}

const std::string kRuns = R"({
  "schema": "fourfold.runs/1",
  "name": "lab H100",
  "runs": [
    { "source": "Megatron log, job 4411", "plan": "plans/llama.json",
      "measured": { "step_time_s": 4.1, "peak_memory_bytes": [61000000000, 58000000000] } },
    { "source": "NeMo table", "plan": { "model": { "preset": "llama3-8b" },
        "parallel": { "dp": 8 }, "training": { "precision": "fp8" } },
      "measured": { "tokens_per_s_per_gpu": 12036, "tflops_per_gpu": 697, "mfu": 0.35,
                    "samples_per_s": 11.2, "peak_memory_bytes": 72000000000 } },
    { "source": "from the log", "plan": "plans/llama.json", "log": "logs/run3.log" },
    { "source": "no plan", "measured": { "step_time_s": 1.0 } },
    { "source": "missing file", "plan": "plans/gone.json", "measured": { "step_time_s": 1.0 } },
    { "source": "bad pasted plan", "plan": { "parallel": { "tp": "four" } },
      "measured": { "step_time_s": 1.0 } },
    { "source": "nothing measured", "plan": {} },
    { "source": "wrong figure", "plan": {}, "measured": { "mfu": 2 } },
    { "source": "plan that cannot be costed", "plan": { "parallel": { "tp": 3 } },
      "measured": { "step_time_s": 1.0 } },
    "a string",
    { "source": "typo", "plan": {}, "measured": { "step_time_s": 2.0 }, "mesured": {} },
    { "source": "past the range of a plan", "plan": {}, "measured": { "step_time_s": 2e9 } },
    { "source": "a stage past 10^15 bytes", "plan": {},
      "measured": { "peak_memory_bytes": [1, 2000000000000000] } },
    { "source": "a peak past 10^15 bytes", "plan": {},
      "measured": { "peak_memory_bytes": 2000000000000000 } }
  ]
})";

const std::string kLlamaPlan =
    R"({"schema": "fourfold.plan/1", "model": {"preset": "llama2-7b"}, "parallel": {"pp": 2, "dp": 4},
        "cluster": {"profile": "somewhere.json"}})";

const std::string kLog =
    " iteration       20/     100 | elapsed time per iteration (ms): 3950.0 | throughput per GPU "
    "(TFLOP/s/GPU): 410.0 |\n"
    " iteration       30/     100 | elapsed time per iteration (ms): 3970.0 | throughput per GPU "
    "(TFLOP/s/GPU): 408.0 |\n";

RunsParse parseExample() {
    return parseRuns(kRuns, filesOf({{"plans/llama.json", kLlamaPlan}, {"logs/run3.log", kLog}}));
}

}  // namespace

class TestCalibrationRuns : public QObject {
    Q_OBJECT
private slots:
    // A log whose figure is past the plan's range leaves its run out, naming the log's line.
    void aLogFigurePastItsRangeLeavesTheRunOut() {
        const RunsParse parse = parseRuns(
            R"({"runs": [{"plan": {}, "log": "big.log"},
                         {"plan": {}, "measured": {"step_time_s": 2.0}}]})",
            filesOf({{"big.log", "ok\nmax_memory_allocated = 2147483648 MB\n"}}));
        QCOMPARE(parse.runs.size(), std::size_t{1});
        QCOMPARE(parse.runs.front().pointer, std::string("/runs/1"));
        const Diagnostic* problem = at(parse, "/runs/0/log");
        QVERIFY(problem != nullptr);
        QCOMPARE(problem->severity, Severity::Error);
        QCOMPARE(problem->code, std::string("runs.log_figure_out_of_range"));
        QVERIFY2(problem->message.find("big.log, line 2: peak_bytes") != std::string::npos,
                 problem->message.c_str());
    }

    void goodRunsAreKeptInFileOrder() {
        const RunsParse parse = parseExample();
        QCOMPARE(parse.name, std::string("lab H100"));
        QCOMPARE(parse.runs.size(), std::size_t{4});
        QCOMPARE(parse.runs[0].pointer, std::string("/runs/0"));
        QCOMPARE(parse.runs[1].pointer, std::string("/runs/1"));
        QCOMPARE(parse.runs[2].pointer, std::string("/runs/2"));
        QCOMPARE(parse.runs[3].pointer, std::string("/runs/10"));
    }

    void aRunNamesItsPlanFileOrPastesThePlan() {
        const RunsParse parse = parseExample();
        const CalibrationRun& fromFile = parse.runs[0];
        QCOMPARE(fromFile.planPath, std::string("plans/llama.json"));
        QCOMPARE(fromFile.plan.model.preset, std::string("llama2-7b"));
        QCOMPARE(fromFile.plan.parallel.pp, 2);
        // A fit starts from the built-in values: the plan's own profile is dropped.
        QVERIFY(fromFile.plan.cluster.profile.empty());
        QCOMPARE(fromFile.source, std::string("Megatron log, job 4411"));
        const CalibrationRun& pasted = parse.runs[1];
        QVERIFY(pasted.planPath.empty());
        QCOMPARE(pasted.plan.model.preset, std::string("llama3-8b"));
        QCOMPARE(pasted.plan.training.precision, Precision::Fp8);
    }

    void everyMeasuredFigureIsRead() {
        const RunsParse parse = parseExample();
        const MeasuredFigures& perStage = parse.runs[0].measured;
        QCOMPARE(*perStage.stepTimeS, 4.1);
        QCOMPARE(perStage.peakBytesPerStage,
                 (std::vector<std::uint64_t>{61'000'000'000, 58'000'000'000}));
        const MeasuredFigures& rates = parse.runs[1].measured;
        QCOMPARE(*rates.tokensPerSPerGpu, 12036.0);
        QCOMPARE(*rates.tflopsPerGpu, 697.0);
        QCOMPARE(*rates.mfu, 0.35);
        QCOMPARE(*rates.samplesPerS, 11.2);
        QCOMPARE(*rates.peakBytes, std::uint64_t{72'000'000'000});
        QCOMPARE(parse.runs[1].plan.measured, rates);
    }

    void aRunsLogGivesItsFigures() {
        const RunsParse parse = parseExample();
        const MeasuredFigures& fromLog = parse.runs[2].measured;
        QVERIFY(fromLog.stepTimeS);
        QVERIFY(std::fabs(*fromLog.stepTimeS - 3.96) < 1e-9);
        QVERIFY(std::fabs(*fromLog.tflopsPerGpu - 409.0) < 1e-9);
    }

    void eachBadEntryIsLeftOutWithACodeAtItsPointer_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("code");
        QTest::newRow("no plan") << "/runs/3"
                                 << "runs.no_plan";
        QTest::newRow("missing plan file") << "/runs/4/plan"
                                           << "runs.plan_unreadable";
        QTest::newRow("bad pasted plan") << "/runs/5/plan/parallel/tp"
                                         << "json.expected_positive_integer";
        QTest::newRow("nothing measured") << "/runs/6"
                                          << "runs.no_measured";
        QTest::newRow("mfu above 1") << "/runs/7/measured/mfu"
                                     << "json.expected_number_between";
        QTest::newRow("plan that cannot be costed") << "/runs/8/plan"
                                                    << "runs.plan_not_valid";
        QTest::newRow("not an object") << "/runs/9"
                                       << "json.expected_object";
        QTest::newRow("unknown key") << "/runs/10/mesured"
                                     << "json.unknown_key";
        QTest::newRow("step time above 10^9 s") << "/runs/11/measured/step_time_s"
                                                << "json.expected_number_between";
        QTest::newRow("stage peak above 10^15") << "/runs/12/measured/peak_memory_bytes/1"
                                                << "json.expected_number_between";
        QTest::newRow("peak above 10^15") << "/runs/13/measured/peak_memory_bytes"
                                          << "json.expected_number_between";
    }
    void eachBadEntryIsLeftOutWithACodeAtItsPointer() {
        QFETCH(QString, pointer);
        QFETCH(QString, code);
        const RunsParse parse = parseExample();
        const Diagnostic* problem = at(parse, pointer.toStdString());
        QVERIFY2(problem != nullptr, qPrintable(pointer));
        QCOMPARE(QString::fromStdString(problem->code), code);
        QCOMPARE(QString::fromStdString(problem->path), pointer);
        QVERIFY(problem->line > 0);  // its place in the runs file
        QVERIFY2(fourfold::core::testing::codedProblem(*problem).isEmpty(),
                 qPrintable(fourfold::core::testing::codedProblem(*problem)));
    }

    void aPlanFileThatDoesNotReadNamesItsLine() {
        const RunsParse parse =
            parseRuns(R"({"runs": [{"plan": "p.json", "measured": {"step_time_s": 1}}]})",
                      filesOf({{"p.json", "{\n  \"parallel\": {\"tp\": 0}\n}"}}));
        QVERIFY(parse.runs.empty());
        const Diagnostic& problem = parse.diagnostics.front();
        QCOMPARE(problem.code, std::string("runs.plan_invalid"));
        QCOMPARE(std::get<std::int64_t>(findArg(problem, "line")->value), std::int64_t{2});
        QVERIFY(findArg(problem, "reason.code") != nullptr);
    }

    void aLogThatCannotBeReadIsAWarning() {
        const RunsParse parse = parseRuns(
            R"({"runs": [{"plan": {}, "log": "gone.log", "measured": {"step_time_s": 1}},
                         {"plan": {}, "log": "empty.log", "measured": {"step_time_s": 1}}]})",
            filesOf({{"empty.log", "nothing here\n"}}));
        QCOMPARE(parse.runs.size(), std::size_t{2});
        QCOMPARE(parse.diagnostics.size(), std::size_t{2});
        QCOMPARE(parse.diagnostics[0].code, std::string("runs.log_unreadable"));
        QCOMPARE(parse.diagnostics[1].code, std::string("runs.log_no_figures"));
        QVERIFY(!hasErrors(parse.diagnostics));
    }

    void theFileItselfIsChecked_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("code");
        QTest::newRow("newer schema") << R"({"schema": "fourfold.runs/2", "runs": []})"
                                      << "runs.schema_newer";
        QTest::newRow("a plan") << R"({"schema": "fourfold.plan/1"})"
                                << "runs.schema_other";
        QTest::newRow("no runs") << R"({"schema": "fourfold.runs/1"})"
                                 << "runs.no_runs";
        QTest::newRow("empty runs") << R"({"runs": []})"
                                    << "runs.no_runs";
        QTest::newRow("runs not a list") << R"({"runs": 3})"
                                         << "json.expected_array";
        QTest::newRow("syntax") << R"({"runs": [})"
                                << "json.syntax_error";
        QTest::newRow("empty") << "  "
                               << "json.empty_file";
        QTest::newRow("nested past the cap")
            << QString(R"({"runs": [%1]})").arg(QString(200, QLatin1Char('[')))
            << "json.file_too_deep";
        QTest::newRow("larger than 16 MiB")
            << QString(R"({"runs": [], "name": "%1"})")
                   .arg(QString(static_cast<qsizetype>(kMaxRunsBytes), QLatin1Char('x')))
            << "json.file_too_large";
    }
    void theFileItselfIsChecked() {
        QFETCH(QString, text);
        QFETCH(QString, code);
        const RunsParse parse = parseRuns(text.toStdString(), filesOf({}));
        QVERIFY(parse.runs.empty());
        QVERIFY(hasErrors(parse.diagnostics));
        QCOMPARE(QString::fromStdString(parse.diagnostics.front().code), code);
    }

    void tooManyRunsAreCut() {
        std::string text = R"({"runs": [)";
        for (std::size_t i = 0; i <= kMaxRuns; ++i) {
            text += std::string(i ? "," : "") + R"({"plan": {}, "measured": {"step_time_s": 1}})";
        }
        text += "]}";
        const RunsParse parse = parseRuns(text, filesOf({}));
        QCOMPARE(parse.runs.size(), kMaxRuns);
        QCOMPARE(parse.diagnostics.back().code, std::string("runs.too_many"));
    }

    void aRunIsAppendedToARunsFile() {
        Plan plan = defaultPlan();
        plan.measured.stepTimeS = 1.9;
        plan.measured.peakBytesPerStage = {70'000'000'000};
        const auto first = runsWithRun("", plan, "the app");
        QVERIFY(first);
        plan.measured = {};
        plan.measured.tokensPerSPerGpu = 3000;
        plan.measured.peakBytes = 72'000'000'000;
        plan.parallel.zeroStage = 2;
        const auto second = runsWithRun(*first, plan, "a log");
        QVERIFY(second);
        const RunsParse parse = parseRuns(*second, nullptr);
        QVERIFY(parse.diagnostics.empty());
        QCOMPARE(parse.runs.size(), std::size_t{2});
        QCOMPARE(parse.runs[0].source, std::string("the app"));
        QCOMPARE(*parse.runs[0].measured.stepTimeS, 1.9);
        QCOMPARE(parse.runs[0].measured.peakBytesPerStage,
                 std::vector<std::uint64_t>{70'000'000'000});
        QCOMPARE(*parse.runs[1].measured.tokensPerSPerGpu, 3000.0);
        QCOMPARE(*parse.runs[1].measured.peakBytes, std::uint64_t{72'000'000'000});
        QCOMPARE(parse.runs[1].plan.parallel.zeroStage, 2);
        // Not a runs file: nothing is written over it.
        QVERIFY(!runsWithRun(R"({"schema": "fourfold.plan/1"})", plan, "x"));
        QVERIFY(!runsWithRun("not json", plan, "x"));
    }

    void withoutAReaderNamedFilesAreUnreadable() {
        const RunsParse parse =
            parseRuns(R"({"runs": [{"plan": "p.json", "measured": {"step_time_s": 1}}]})", nullptr);
        QVERIFY(parse.runs.empty());
        QCOMPARE(parse.diagnostics.front().code, std::string("runs.plan_unreadable"));
    }
};

QTEST_APPLESS_MAIN(TestCalibrationRuns)
#include "tst_calibration_runs.moc"
