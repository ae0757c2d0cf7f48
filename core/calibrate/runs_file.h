// SPDX-License-Identifier: MIT
// A runs file ("schema": "fourfold.runs/1", docs/calibration.md): the measured runs a cluster
// is calibrated on, each a plan (pasted, or the path of a plan file relative to the runs file)
// with what was measured — step time, tokens/s per GPU, samples/s, TFLOP/s per GPU, MFU, peak
// memory per stage or the largest — and where the figures came from. A run the reader cannot use
// is left out with a coded diagnostic at its JSON pointer; the others are kept. The engine reads
// no files: the caller hands over a reader for the paths the runs file names.
#pragma once

#include "core/plan/plan.h"
#include "core/text/diagnostic.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

inline constexpr std::string_view kRunsSchema = "fourfold.runs/1";
inline constexpr std::size_t kMaxRunsBytes = std::size_t{16} << 20;  // a thousand pasted plans
inline constexpr std::size_t kMaxRuns = 1000;

// One measured run.
struct CalibrationRun {
    std::string pointer;   // "/runs/3": where it is in the runs file
    std::string source;    // free text: where the figures came from
    std::string planPath;  // the plan file it names ("" when pasted)
    Plan plan;             // its own cluster.profile removed: a fit starts from the built-in values
    MeasuredFigures measured;

    bool operator==(const CalibrationRun&) const = default;
};

// A file the runs file names, read by the caller: its text, or why it could not be read.
struct FileText {
    std::optional<std::string> text;
    std::string error;
};
// Reads `path` as written in the runs file (relative to it), at most `limit` bytes.
using RunsFileReader = std::function<FileText(const std::string& path, std::size_t limit)>;

struct RunsParse {
    std::string name;
    std::vector<CalibrationRun> runs;     // the usable runs, in file order
    std::vector<Diagnostic> diagnostics;  // the file's problems and each run left out
};

// A runs file with one more run: `plan` pasted (its measured figures moved to the run's
// "measured"), with `source`. `existing` is the file's text ("" starts a new file); empty when it
// is not a runs file this version reads (the diagnostics of parseRuns say why).
[[nodiscard]] std::optional<std::string> runsWithRun(std::string_view existing, const Plan& plan,
                                                     const std::string& source);

// Reads a runs file. A run's "log" (a training log, core/measure/measured_log.h) gives the
// figures its "measured" does not. Never throws.
[[nodiscard]] RunsParse parseRuns(std::string_view text, const RunsFileReader& read);

}  // namespace fourfold::core
