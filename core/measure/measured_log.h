// SPDX-License-Identifier: MIT
// Measured figures from the training logs people already have: Megatron-LM's iteration and
// memory lines, torchtitan's step lines, DeepSpeed's throughput timer and flops profiler, the
// Hugging Face Trainer's final metrics and printouts of PyTorch's torch.cuda.max_memory_*. Each
// figure is the median of its samples after the warm-up iterations (the first N steps; peaks are
// the largest of every sample), with its spread and the lines it was read from. The patterns are
// rows of one table (core/measure/detail/log_patterns.cpp); docs/calibration.md lists them.
#pragma once

#include "core/plan/plan.h"
#include "core/text/coded_text.h"
#include "core/text/diagnostic.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

// A log of up to this size is read (a long run's log is a few hundred megabytes at most).
inline constexpr std::size_t kMaxLogBytes = std::size_t{512} << 20;
// Steps 1 to this are warm-up unless told otherwise: allocator growth, compilation, NCCL set-up.
inline constexpr int kDefaultWarmupSteps = 10;

enum class LogFigure { StepTime, TokensPerSPerGpu, SamplesPerS, TflopsPerGpu, Mfu, PeakBytes };
enum class LogFramework { MegatronLm, Torchtitan, DeepSpeed, HuggingFace, PyTorch };

// "step_time_s", "tokens_per_s_per_gpu", ...: the key a plan's measured section gives it.
[[nodiscard]] std::string_view logFigureKey(LogFigure figure);
// "megatron-lm", "torchtitan", "deepspeed", "huggingface", "pytorch".
[[nodiscard]] std::string_view logFrameworkKey(LogFramework framework);

struct LogLine {
    int number = 0;    // 1-based
    std::string text;  // as written (escape sequences removed), at most 240 characters
    bool operator==(const LogLine&) const = default;
};

// One figure the log reports.
struct LogFigureReading {
    LogFigure figure = LogFigure::StepTime;
    LogFramework framework = LogFramework::MegatronLm;
    double value = 0;  // the median, or for a peak the largest sample; in seconds, bytes, 0–1
    double median = 0;
    double minimum = 0;
    double maximum = 0;
    double spread = 0;           // (maximum − minimum) / median of the samples used
    int samples = 0;             // samples used
    int warmup = 0;              // samples left out as warm-up
    bool warmupKept = false;     // every sample was in the warm-up, so all were used
    std::vector<LogLine> lines;  // the first lines the samples came from (at most 3)

    bool operator==(const LogFigureReading&) const = default;
};

struct MeasuredLog {
    int lines = 0;  // lines read
    int warmupSteps = kDefaultWarmupSteps;
    std::vector<LogFigureReading> figures;  // in LogFigure order; empty when nothing was found
    // The figures as a plan's measured section holds them: those inside the range a plan gives
    // them (docs/plan-format.md, "Ranges"; core/rules/validate_ranges.h).
    MeasuredFigures measured;
    // A figure outside that range (a peak of 2^31 MB, an MFU of 150 %) is left out of
    // `measured`, with an error at /measured/KEY on the line it was read from
    // (measured.log_figure_out_of_range: the figure, the value and the range).
    std::vector<Diagnostic> diagnostics;

    bool operator==(const MeasuredLog&) const = default;
};

// Reads a log's text. Never throws; a log without any known line gives no figures.
[[nodiscard]] MeasuredLog readMeasuredLog(std::string_view text,
                                          int warmupSteps = kDefaultWarmupSteps);

}  // namespace fourfold::core
