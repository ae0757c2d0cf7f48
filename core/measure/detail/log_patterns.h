// SPDX-License-Identifier: MIT
// The lines each framework prints, one row per figure and form: what marks the line, the text the
// value follows, its unit, and the text the step number follows (none for a run's summary). The
// rows of a figure are tried in order on each line and the first that matches counts.
#pragma once

#include "core/measure/measured_log.h"

#include <span>
#include <string_view>

namespace fourfold::core::detail {

enum class LogUnit {
    Number,           // as printed, times `scale`
    Percent,          // printed in percent: ÷ 100
    BytesWithSuffix,  // a number and B, KB, MB, GB, TB or KiB, ..., TiB (powers of 1024); bytes if
                      // none
    FlopsWithSuffix,  // a number and FLOPS, KFLOPS, ..., TFLOPS, PFLOPS: kept as TFLOP/s
};

struct LogPattern {
    LogFramework framework;
    LogFigure figure;
    std::string_view marker;  // the line holds this ("" : any line with the key)
    std::string_view key;     // the value follows this
    LogUnit unit;
    double scale;              // the value × scale is in seconds, bytes, or per second
    std::string_view stepKey;  // the step number follows this ("": a summary, no step)
    std::string_view exclude;  // a line holding this is not a sample ("": none)
};

[[nodiscard]] std::span<const LogPattern> logPatterns();

}  // namespace fourfold::core::detail
