// SPDX-License-Identifier: MIT
// The training-log reader on excerpts written in each framework's documented format (the
// sources are named in core/measure/detail/log_patterns.cpp): which figures it finds, the
// warm-up it leaves out, the median, spread and peak it reports, and the lines it quotes.
#include "core/measure/measured_log.h"
#include "core/measure/measured_log_json.h"

#include <QTest>

#include <cmath>
#include <string>

using namespace fourfold::core;

namespace {

const LogFigureReading* find(const MeasuredLog& log, LogFigure figure) {
    for (const LogFigureReading& reading : log.figures) {
        if (reading.figure == figure) return &reading;
    }
    return nullptr;
}

bool near(double a, double b, double tolerance = 1e-9) {
    return std::fabs(a - b) <= tolerance * std::max(1.0, std::fabs(b));
}

// Megatron-LM training_log() and report_memory(), log_interval 5, 30 iterations.
std::string megatronLog() {
    std::string log =
        "using world size: 8, data-parallel size: 8, tensor-model-parallel size: 1\n"
        "[Rank 0] (after 5 iterations) memory (MB) | allocated: 20480.5 | max allocated: "
        "61440.25 | reserved: 65536.0 | max reserved: 65536.0\n";
    const double times[] = {9000.0, 4100.2, 4000.0, 4020.0, 3980.0, 4010.0};
    const double tflops[] = {90.1, 380.0, 402.5, 400.0, 404.5, 401.4};
    for (int i = 0; i < 6; ++i) {
        const int iteration = 5 * (i + 1);
        log += " [2025-06-01 10:00:" + std::to_string(10 + i) + "] iteration " +
               std::to_string(iteration) +
               "/     100 | consumed samples:        " + std::to_string(iteration * 64) +
               " | elapsed time per iteration (ms): " + std::to_string(times[i]) +
               " | throughput per GPU (TFLOP/s/GPU): " + std::to_string(tflops[i]) +
               " | learning rate: 1.500000E-04 | global batch size:    64 | lm loss: "
               "7.250000E+00 | loss scale: 1.0 | grad norm: 1.234 | number of skipped "
               "iterations:   0 | number of nan iterations:   0 |\n";
    }
    return log;
}

// torchtitan MetricsProcessor.log(), coloured, from two ranks, with a validation line.
std::string torchtitanLog() {
    std::string log;
    const int steps[] = {1, 10, 20, 30, 40};
    const char* tps[] = {"1,020", "6,480", "6,512", "6,530", "6,498"};
    const char* tflops[] = {"48.10", "302.40", "304.10", "305.00", "303.50"};
    const char* mfu[] = {"4.86%", "30.58%", "30.75%", "30.84%", "30.69%"};
    const char* memory[] = {"40.12", "61.20", "61.20", "61.25", "61.25"};
    for (int i = 0; i < 5; ++i) {
        for (int rank = 0; rank < 2; ++rank) {
            log += "[rank" + std::to_string(rank) +
                   "]:[titan] 2025-06-01 10:00:00,000 - root - INFO - \x1b[31mstep: " +
                   std::to_string(steps[i]) +
                   "  \x1b[32mloss:  7.1234  \x1b[38;2;180;60;0m"
                   "grad_norm:  1.2345  \x1b[36mmemory: " +
                   memory[i] + "GiB(64.41%)  \x1b[34mtps: " + tps[i] +
                   "  \x1b[36mtflops: " + tflops[i] + "  \x1b[35mmfu: " + mfu[i] + "\x1b[39m\n";
        }
    }
    log +=
        "[rank0]:[titan] 2025-06-01 10:00:00,000 - root - INFO - validate step: 40  loss:  "
        "7.0000  memory: 62.00GiB(65.26%)  tps: 19,000\n";
    return log;
}

// DeepSpeed's ThroughputTimer lines and a flops-profiler summary.
std::string deepspeedLog() {
    std::string log;
    const int steps[] = {10, 20, 30, 40};
    const char* samples[] = {"22.5", "25.704280480541442", "25.811997512605966", "25.75"};
    for (int i = 0; i < 4; ++i) {
        log += "[2023-11-07 01:55:23,714] [INFO] [timer.py:260:stop] epoch=0/micro_step=" +
               std::to_string(steps[i] * 4) + "/global_step=" + std::to_string(steps[i]) +
               ", RunningAvgSamplesPerSec=25.0, CurrSamplesPerSec=" + samples[i] +
               ", MemAllocated=4.32GB, MaxMemAllocated=38.49GB\n";
    }
    log +=
        "-------------------------- DeepSpeed Flops Profiler --------------------------\n"
        "Profile Summary at step 10:\n"
        "fwd latency:                                                            60 ms\n"
        "fwd FLOPS per GPU = fwd flops per GPU / fwd latency:                    6.38 TFLOPS\n"
        "iter latency:                                                           487.61 ms\n"
        "FLOPS per GPU = 3 * fwd flops per GPU / iter latency:                   2.35 TFLOPS\n"
        "samples/second:                                                         196.88\n";
    return log;
}

}  // namespace

class TestMeasuredLog : public QObject {
    Q_OBJECT
private slots:
    void megatronLeavesOutTheWarmupAndTakesTheMedian() {
        const MeasuredLog log = readMeasuredLog(megatronLog(), 10);
        const LogFigureReading* step = find(log, LogFigure::StepTime);
        QVERIFY(step != nullptr);
        QCOMPARE(step->framework, LogFramework::MegatronLm);
        // Iterations 5 and 10 are warm-up; 4000, 4020, 3980, 4010 ms remain.
        QCOMPARE(step->warmup, 2);
        QCOMPARE(step->samples, 4);
        QVERIFY(near(step->median, (4000.0 + 4010.0) / 2 * 1e-3));
        QVERIFY(near(step->value, step->median));
        QVERIFY(near(step->spread, (4.020 - 3.980) / step->median));
        QVERIFY(near(*log.measured.stepTimeS, 4.005));
        const LogFigureReading* tflops = find(log, LogFigure::TflopsPerGpu);
        QVERIFY(tflops != nullptr);
        QVERIFY(near(tflops->median, (401.4 + 402.5) / 2));
    }

    void megatronMemoryReportGivesThePeakReserved() {
        const MeasuredLog log = readMeasuredLog(megatronLog());
        const LogFigureReading* peak = find(log, LogFigure::PeakBytes);
        QVERIFY(peak != nullptr);
        QVERIFY(near(peak->value, 65536.0 * 1024 * 1024));
        QCOMPARE(*log.measured.peakBytes, std::uint64_t{65536} * 1024 * 1024);
        QCOMPARE(peak->lines.size(), std::size_t{1});
        QCOMPARE(peak->lines.front().number, 2);
        QVERIFY(peak->lines.front().text.find("max reserved: 65536.0") != std::string::npos);
    }

    void megatronAllocatedWhenNothingIsReserved() {
        const MeasuredLog log = readMeasuredLog(
            "[Rank 3] (after 10 iterations) memory (GB) | allocated: 10.5 | max allocated: "
            "40.25\n");
        QVERIFY(near(find(log, LogFigure::PeakBytes)->value, 40.25 * 1024 * 1024 * 1024));
    }

    void sourceLinesAreQuotedFromTheFirstSamples() {
        const MeasuredLog log = readMeasuredLog(megatronLog());
        const LogFigureReading* step = find(log, LogFigure::StepTime);
        QCOMPARE(step->lines.size(), std::size_t{3});
        QCOMPARE(step->lines[0].number, 3);
        QCOMPARE(step->lines[2].number, 5);
        QVERIFY(step->lines[0].text.starts_with(" [2025-06-01 10:00:10] iteration 5/"));
    }

    void warmupStepsAreAnOption_data() {
        QTest::addColumn<int>("warmup");
        QTest::addColumn<int>("left");
        QTest::addColumn<double>("median");
        QTest::newRow("none") << 0 << 0 << (4010.0 + 4020.0) / 2 * 1e-3;
        QTest::newRow("five") << 5 << 1 << 4010.0 * 1e-3;
        QTest::newRow("twenty") << 20 << 4 << (3980.0 + 4010.0) / 2 * 1e-3;
    }
    void warmupStepsAreAnOption() {
        QFETCH(int, warmup);
        QFETCH(int, left);
        QFETCH(double, median);
        const LogFigureReading* step =
            find(readMeasuredLog(megatronLog(), warmup), LogFigure::StepTime);
        QCOMPARE(step->warmup, left);
        QVERIFY2(near(step->median, median), std::to_string(step->median).c_str());
    }

    void aLogAllInTheWarmupKeepsEverySample() {
        const MeasuredLog log = readMeasuredLog(megatronLog(), 1000);
        const LogFigureReading* step = find(log, LogFigure::StepTime);
        QVERIFY(step->warmupKept);
        QCOMPARE(step->samples, 6);
        QCOMPARE(step->warmup, 0);
    }

    void torchtitanStepLines() {
        const MeasuredLog log = readMeasuredLog(torchtitanLog());
        const LogFigureReading* tps = find(log, LogFigure::TokensPerSPerGpu);
        QVERIFY(tps != nullptr);
        QCOMPARE(tps->framework, LogFramework::Torchtitan);
        // Steps 1 and 10 are warm-up (two ranks each); the validation line is not a sample.
        QCOMPARE(tps->warmup, 4);
        QCOMPARE(tps->samples, 6);
        // Two ranks print each step: 6,498 6,498 6,512 6,512 6,530 6,530.
        QVERIFY(near(tps->median, 6512.0));
        QVERIFY(near(find(log, LogFigure::TflopsPerGpu)->median, 304.10));
        QVERIFY(near(find(log, LogFigure::Mfu)->median, 0.3075));
        // The peak is the largest of every line, the validation's included.
        QVERIFY(near(find(log, LogFigure::PeakBytes)->value, 62.0 * 1024 * 1024 * 1024));
        // The quoted lines have no colour codes left.
        QVERIFY(tps->lines.front().text.find('\x1b') == std::string::npos);
        QVERIFY(tps->lines.front().text.find("tps: 1,020") != std::string::npos);
    }

    void deepspeedTimerAndProfiler() {
        const MeasuredLog log = readMeasuredLog(deepspeedLog());
        const LogFigureReading* samples = find(log, LogFigure::SamplesPerS);
        QVERIFY(samples != nullptr);
        QCOMPARE(samples->framework, LogFramework::DeepSpeed);
        // Step 10 is warm-up; the profiler's samples/second (no step) counts too.
        QCOMPARE(samples->warmup, 1);
        QCOMPARE(samples->samples, 4);
        QVERIFY(near(samples->median, (25.75 + 25.811997512605966) / 2));
        QVERIFY(near(find(log, LogFigure::TflopsPerGpu)->value, 2.35));
        QVERIFY(near(find(log, LogFigure::PeakBytes)->value, 38.49 * 1024 * 1024 * 1024));
    }

    void huggingFaceTrainMetrics_data() {
        QTest::addColumn<QString>("line");
        QTest::newRow("logged dictionary")
            << "{'train_runtime': 412.7, 'train_samples_per_second': 31.02, "
               "'train_steps_per_second': 0.97, 'train_loss': 2.31, 'epoch': 1.0}";
        QTest::newRow("log_metrics") << "  train_samples_per_second =      31.02";
    }
    void huggingFaceTrainMetrics() {
        QFETCH(QString, line);
        const MeasuredLog log = readMeasuredLog(line.toStdString() + "\n");
        const LogFigureReading* samples = find(log, LogFigure::SamplesPerS);
        QVERIFY(samples != nullptr);
        QCOMPARE(samples->framework, LogFramework::HuggingFace);
        QVERIFY(near(samples->value, 31.02));
        QVERIFY(near(*log.measured.samplesPerS, 31.02));
    }

    void pytorchMemoryPrintouts_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<double>("bytes");
        QTest::newRow("GiB") << "torch.cuda.max_memory_allocated(): 71.25 GiB"
                             << 71.25 * 1073741824.0;
        QTest::newRow("MB") << "max_memory_allocated = 4096.5 MB" << 4096.5 * 1048576.0;
        QTest::newRow("bytes") << "rank 0 max_memory_allocated 76500000000" << 76.5e9;
        QTest::newRow("reserved first")
            << "max_memory_reserved: 80 GB, max_memory_allocated: 70 GB" << 80.0 * 1073741824.0;
    }
    void pytorchMemoryPrintouts() {
        QFETCH(QString, line);
        QFETCH(double, bytes);
        const MeasuredLog log = readMeasuredLog(line.toStdString());
        const LogFigureReading* peak = find(log, LogFigure::PeakBytes);
        QVERIFY(peak != nullptr);
        QCOMPARE(peak->framework, LogFramework::PyTorch);
        QVERIFY(near(peak->value, bytes));
    }

    void aFigureComesFromTheFrameworkThatPrintedItMostOften() {
        // A Megatron-DeepSpeed log: both frameworks report a peak.
        const std::string log = deepspeedLog() + megatronLog();
        const MeasuredLog read = readMeasuredLog(log);
        QCOMPARE(find(read, LogFigure::PeakBytes)->framework, LogFramework::DeepSpeed);
        QCOMPARE(find(read, LogFigure::StepTime)->framework, LogFramework::MegatronLm);
        QCOMPARE(find(read, LogFigure::TflopsPerGpu)->framework, LogFramework::MegatronLm);
    }

    void windowsLineEndsAndNoFinalNewline() {
        std::string log = megatronLog();
        std::string crlf;
        for (char c : log) {
            if (c == '\n') crlf += '\r';
            crlf += c;
        }
        crlf.pop_back();
        crlf.pop_back();
        const MeasuredLog read = readMeasuredLog(crlf);
        QCOMPARE(read.lines, 8);
        QVERIFY(near(*read.measured.stepTimeS, 4.005));
    }

    void nothingFoundInAnUnrelatedLog() {
        const MeasuredLog log = readMeasuredLog("Epoch 1/3\nloss 2.1 accuracy 0.4\n");
        QVERIFY(log.figures.empty());
        QCOMPARE(log.lines, 2);
        QCOMPARE(log.measured, MeasuredFigures{});
        QVERIFY(measuredLogReport(log, "run.log", Language::English).find("no measured figures") !=
                std::string::npos);
    }

    void malformedValuesAreNotSamples() {
        const MeasuredLog log = readMeasuredLog(
            " iteration 20/ 100 | elapsed time per iteration (ms): nan |\n"
            " iteration 21/ 100 | elapsed time per iteration (ms): -5 |\n"
            " iteration 22/ 100 | elapsed time per iteration (ms): 1e999 |\n"
            "max_memory_allocated: 12 parsecs\n");
        QVERIFY(log.figures.empty());
    }

    // A figure the plan's ranges refuse (docs/plan-format.md: peak_bytes at most 10^15, mfu at
    // most 1) is an error on the line it came from, with its value and range, and is left out of
    // "measured"; the figures in range are kept.
    void aFigurePastItsRangeIsAnErrorAndLeftOut() {
        // 2^31 MB = 2^51 bytes = 2,251,799,813,685,248 bytes, past 10^15.
        const MeasuredLog log = readMeasuredLog(
            "rank 0 max_memory_allocated 76500000000\n"
            "max_memory_allocated = 2147483648 MB\n"
            " iteration 20/ 100 | elapsed time per iteration (ms): 3950.0 |\n");
        QCOMPARE(log.diagnostics.size(), std::size_t{1});
        const Diagnostic& problem = log.diagnostics.front();
        QCOMPARE(problem.severity, Severity::Error);
        QCOMPARE(problem.code, std::string("measured.log_figure_out_of_range"));
        QCOMPARE(problem.path, std::string("/measured/peak_bytes"));
        QCOMPARE(problem.line, 2);
        QCOMPARE(problem.message, std::string("line 2: peak_bytes reads as 2.25e15, outside its "
                                              "range from 0 to 1.00e15; the figure is left out"));
        QVERIFY(!log.measured.peakBytes);
        QVERIFY(near(*log.measured.stepTimeS, 3.95));
    }

    void anMfuPastOneIsNotClampedToOne() {
        const MeasuredLog log = readMeasuredLog(
            "[rank0]:[titan] step: 20  loss:  7.1  memory: 61.20GiB(64.41%)  tps: 6,512  "
            "tflops: 304.10  mfu: 150.00%\n");
        QVERIFY(!log.measured.mfu);
        QCOMPARE(log.diagnostics.size(), std::size_t{1});
        QCOMPARE(log.diagnostics.front().path, std::string("/measured/mfu"));
        QCOMPARE(log.diagnostics.front().line, 1);
    }

    void jsonCarriesEveryFigureAndTheMeasuredSection() {
        const nlohmann::ordered_json json = measuredLogToJson(readMeasuredLog(megatronLog()));
        QCOMPARE(json["schema"].get<std::string>(), std::string("fourfold.measured/1"));
        QCOMPARE(json["figures"].size(), std::size_t{3});
        QCOMPARE(json["figures"][0]["figure"].get<std::string>(), std::string("step_time_s"));
        QCOMPARE(json["figures"][0]["framework"].get<std::string>(), std::string("megatron-lm"));
        QCOMPARE(json["figures"][0]["lines"][0]["line"].get<int>(), 3);
        QVERIFY(near(json["measured"]["step_time_s"].get<double>(), 4.005));
        QVERIFY(json["measured"].contains("peak_bytes"));
    }

    void reportInBothLanguages() {
        const MeasuredLog log = readMeasuredLog(megatronLog());
        const std::string english = measuredLogReport(log, "train.log", Language::English);
        QVERIFY(english.find("step time: 4.01 s, the median of 4") != std::string::npos ||
                english.find("step time: 4.0") != std::string::npos);
        QVERIFY(english.find("line 3:") != std::string::npos);
        QVERIFY(english.find("measured: {\"step_time_s\":4.005") != std::string::npos);
        const std::string chinese =
            measuredLogReport(log, "train.log", Language::SimplifiedChinese);
        QVERIFY(chinese.find("步时间") != std::string::npos);
        QVERIFY(chinese.find("第 3 行") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestMeasuredLog)
#include "tst_measured_log.moc"
