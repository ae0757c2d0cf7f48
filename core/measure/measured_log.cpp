// SPDX-License-Identifier: MIT
#include "core/measure/measured_log.h"

#include "core/measure/detail/log_patterns.h"
#include "core/plan/plan_json_text.h"
#include "core/rules/validate_ranges.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <exception>

namespace fourfold::core {
namespace {

constexpr std::size_t kQuotedLines = 3;
constexpr std::size_t kLineChars = 240;
constexpr std::size_t kFigures = 6;
constexpr std::size_t kFrameworks = 5;
// At most this many samples of one figure are kept (a year of steps logged every step).
constexpr std::size_t kMaxSamples = 4'000'000;

struct Sample {
    double value = 0;
    std::optional<std::int64_t> step;
    int line = 0;
};

struct Collected {
    std::vector<Sample> samples;
    std::vector<LogLine> lines;  // the first few lines samples came from
};

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// ESC [ ... letter: the colour codes torchtitan writes around its fields.
std::string withoutEscapes(std::string_view line) {
    std::string out;
    out.reserve(line.size());
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
            std::size_t end = i + 2;
            while (end < line.size() && !std::isalpha(static_cast<unsigned char>(line[end]))) ++end;
            i = end;
            continue;
        }
        out.push_back(line[i]);
    }
    return out;
}

// Skips what may stand between a key and its value: spaces, ':', '=', quotes, "()".
std::size_t skipSeparators(std::string_view text, std::size_t at) {
    while (at < text.size() &&
           std::string_view(" \t:='\"()").find(text[at]) != std::string_view::npos) {
        ++at;
    }
    return at;
}

// A number at `at` (digits may be grouped with commas: "6,543"); `end` is set past it.
std::optional<double> numberAt(std::string_view text, std::size_t at, std::size_t& end) {
    std::string digits;
    std::size_t i = at;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) digits.push_back(text[i++]);
    bool any = false;
    while (i < text.size()) {
        const char c = text[i];
        if (isDigit(c)) {
            digits.push_back(c);
            any = true;
        } else if (c == ',' && any && i + 1 < text.size() && isDigit(text[i + 1])) {
            // a thousands separator, not a list separator: three digits follow
        } else if (c == '.' || ((c == 'e' || c == 'E') && any)) {
            digits.push_back(c);
            if ((c == 'e' || c == 'E') && i + 1 < text.size() &&
                (text[i + 1] == '-' || text[i + 1] == '+')) {
                digits.push_back(text[++i]);
            }
        } else {
            break;
        }
        ++i;
    }
    if (!any) return std::nullopt;
    double value = 0;
    const auto result = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (result.ec != std::errc() || !std::isfinite(value)) return std::nullopt;
    end = i;
    return value;
}

std::string_view suffixAt(std::string_view text, std::size_t at) {
    while (at < text.size() && text[at] == ' ') ++at;
    std::size_t end = at;
    while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
    return text.substr(at, end - at);
}

bool equalsFolded(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// Bytes per unit of a memory suffix; 1 when none is written; empty for an unknown word.
std::optional<double> bytesPerUnit(std::string_view suffix) {
    if (suffix.empty() || equalsFolded(suffix, "b") || equalsFolded(suffix, "bytes")) return 1.0;
    static constexpr std::array<std::string_view, 4> kPrefixes = {"k", "m", "g", "t"};
    for (std::size_t power = 0; power < kPrefixes.size(); ++power) {
        const std::string prefix(kPrefixes[power]);
        if (equalsFolded(suffix, prefix + "b") || equalsFolded(suffix, prefix + "ib")) {
            return std::pow(1024.0, static_cast<double>(power + 1));
        }
    }
    return std::nullopt;
}

// TFLOP/s per unit of a FLOPS suffix (DeepSpeed's flops_to_string).
std::optional<double> teraPerUnit(std::string_view suffix) {
    static constexpr std::array<std::pair<std::string_view, double>, 8> kUnits = {{
        {"PFLOPS", 1e3},
        {"TFLOPS", 1.0},
        {"GFLOPS", 1e-3},
        {"MFLOPS", 1e-6},
        {"KFLOPS", 1e-9},
        {"FLOPS", 1e-12},
        {"mFLOPS", 1e-15},
        {"uFLOPS", 1e-18},
    }};
    for (const auto& [name, scale] : kUnits) {
        if (suffix == name) return scale;
    }
    return std::nullopt;
}

std::optional<double> valueOf(const detail::LogPattern& pattern, std::string_view line,
                              std::size_t keyAt) {
    const std::size_t at = skipSeparators(line, keyAt + pattern.key.size());
    std::size_t end = at;
    const auto number = numberAt(line, at, end);
    if (!number) return std::nullopt;
    double value = *number * pattern.scale;
    switch (pattern.unit) {
        case detail::LogUnit::Number:
            break;
        case detail::LogUnit::Percent:
            value /= 100.0;
            break;
        case detail::LogUnit::BytesWithSuffix: {
            const auto unit = bytesPerUnit(suffixAt(line, end));
            if (!unit) return std::nullopt;
            value *= *unit;
            break;
        }
        case detail::LogUnit::FlopsWithSuffix: {
            const auto unit = teraPerUnit(suffixAt(line, end));
            if (!unit) return std::nullopt;
            value *= *unit;
            break;
        }
    }
    if (!std::isfinite(value) || value <= 0) return std::nullopt;
    return value;
}

// The step number after `key` (its first occurrence followed by a number).
std::optional<std::int64_t> stepOf(std::string_view line, std::string_view key) {
    if (key.empty()) return std::nullopt;
    for (std::size_t at = line.find(key); at != std::string_view::npos;
         at = line.find(key, at + 1)) {
        std::size_t i = skipSeparators(line, at + key.size());
        std::int64_t step = 0;
        const auto result = std::from_chars(line.data() + i, line.data() + line.size(), step);
        if (result.ec == std::errc() && result.ptr != line.data() + i) return step;
    }
    return std::nullopt;
}

LogLine quoted(int number, std::string_view line) {
    return {number, detail::shortenUtf8(detail::sanitizeUtf8(line), kLineChars)};
}

double median(std::vector<double> values) {
    const std::size_t middle = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle),
                     values.end());
    const double upper = values[middle];
    if (values.size() % 2 == 1) return upper;
    const double lower =
        *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle));
    return (lower + upper) / 2.0;
}

LogFigureReading summarise(LogFigure figure, LogFramework framework, const Collected& collected,
                           int warmupSteps) {
    LogFigureReading reading;
    reading.figure = figure;
    reading.framework = framework;
    reading.lines = collected.lines;
    std::vector<double> used;
    const bool isPeak = figure == LogFigure::PeakBytes;
    for (const Sample& sample : collected.samples) {
        // A peak counts whenever it was seen: the warm-up can hold the largest allocation.
        if (!isPeak && sample.step && *sample.step <= warmupSteps) {
            ++reading.warmup;
            continue;
        }
        used.push_back(sample.value);
    }
    if (used.empty()) {
        reading.warmupKept = true;
        reading.warmup = 0;
        for (const Sample& sample : collected.samples) used.push_back(sample.value);
    }
    reading.samples = static_cast<int>(used.size());
    reading.minimum = *std::min_element(used.begin(), used.end());
    reading.maximum = *std::max_element(used.begin(), used.end());
    reading.median = median(used);
    reading.spread = reading.median > 0 ? (reading.maximum - reading.minimum) / reading.median : 0;
    reading.value = isPeak ? reading.maximum : reading.median;
    return reading;
}

// The line a figure's value was read from: the sample that is the value (a peak, an odd count's
// median), else the first sample used.
int lineOf(const LogFigureReading& reading, const Collected& collected) {
    for (const Sample& sample : collected.samples) {
        if (sample.value == reading.value) return sample.line;
    }
    return reading.lines.empty() ? 0 : reading.lines.front().number;
}

// Whether the figure lies inside the range a plan's measured section gives it; if not, the error.
bool checkRange(const LogFigureReading& reading, const Collected& collected,
                std::vector<Diagnostic>& out) {
    const std::string pointer = "/measured/" + std::string(logFigureKey(reading.figure));
    const KeyRange* range = findKeyRange(pointer);
    // A peak is held in whole bytes; it is rounded only where that cannot overflow.
    double value = reading.value;
    if (reading.figure == LogFigure::PeakBytes && std::isfinite(value) && std::fabs(value) < 1e18)
        value = static_cast<double>(std::llround(value));
    if (range == nullptr || inRange(*range, value)) return true;
    Diagnostic problem =
        makeDiagnostic(Severity::Error, pointer, "measured.log_figure_out_of_range",
                       {{"figure", std::string(logFigureKey(reading.figure))},
                        {"found", reading.value},
                        {"minimum", range->minimum},
                        {"maximum", range->maximum},
                        {"line", std::int64_t{lineOf(reading, collected)}}});
    problem.line = lineOf(reading, collected);
    problem.column = 1;
    out.push_back(std::move(problem));
    return false;
}

void setMeasured(MeasuredFigures& measured, const LogFigureReading& reading) {
    switch (reading.figure) {
        case LogFigure::StepTime:
            measured.stepTimeS = reading.value;
            break;
        case LogFigure::TokensPerSPerGpu:
            measured.tokensPerSPerGpu = reading.value;
            break;
        case LogFigure::SamplesPerS:
            measured.samplesPerS = reading.value;
            break;
        case LogFigure::TflopsPerGpu:
            measured.tflopsPerGpu = reading.value;
            break;
        case LogFigure::Mfu:
            measured.mfu = reading.value;
            break;
        case LogFigure::PeakBytes:
            measured.peakBytes = static_cast<std::uint64_t>(std::llround(reading.value));
            break;
    }
}

MeasuredLog readLog(std::string_view text, int warmupSteps) {
    MeasuredLog log;
    log.warmupSteps = warmupSteps;
    // One collection per figure and framework: a figure is taken from the framework that printed
    // it most often (a Megatron-DeepSpeed log holds both frameworks' lines).
    std::array<std::array<Collected, kFrameworks>, kFigures> collected{};
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view raw = text.substr(start, end - start);
        start = end + 1;
        ++log.lines;
        if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
        if (raw.empty()) continue;
        const std::string line =
            raw.find('\x1b') == std::string_view::npos ? std::string(raw) : withoutEscapes(raw);
        std::array<bool, kFigures> taken{};
        for (const detail::LogPattern& pattern : detail::logPatterns()) {
            const auto figure = static_cast<std::size_t>(pattern.figure);
            if (taken[figure]) continue;
            const std::size_t keyAt = line.find(pattern.key);
            if (keyAt == std::string::npos) continue;
            if (!pattern.marker.empty() && line.find(pattern.marker) == std::string::npos) continue;
            if (!pattern.exclude.empty() && line.find(pattern.exclude) != std::string::npos) {
                continue;
            }
            const auto value = valueOf(pattern, line, keyAt);
            if (!value) continue;
            taken[figure] = true;
            Collected& into = collected[figure][static_cast<std::size_t>(pattern.framework)];
            if (into.samples.size() >= kMaxSamples) continue;
            into.samples.push_back({*value, stepOf(line, pattern.stepKey), log.lines});
            if (into.lines.size() < kQuotedLines) into.lines.push_back(quoted(log.lines, line));
        }
    }
    for (std::size_t figure = 0; figure < kFigures; ++figure) {
        const auto& byFramework = collected[figure];
        const auto most = std::max_element(byFramework.begin(), byFramework.end(),
                                           [](const Collected& a, const Collected& b) {
                                               return a.samples.size() < b.samples.size();
                                           });
        if (most->samples.empty()) continue;
        const auto framework = static_cast<LogFramework>(most - byFramework.begin());
        log.figures.push_back(
            summarise(static_cast<LogFigure>(figure), framework, *most, warmupSteps));
        if (checkRange(log.figures.back(), *most, log.diagnostics))
            setMeasured(log.measured, log.figures.back());
    }
    return log;
}

}  // namespace

std::string_view logFigureKey(LogFigure figure) {
    static constexpr std::array<std::string_view, kFigures> kKeys = {
        "step_time_s", "tokens_per_s_per_gpu", "samples_per_s", "tflops_per_gpu", "mfu",
        "peak_bytes"};
    return kKeys[static_cast<std::size_t>(figure)];
}

std::string_view logFrameworkKey(LogFramework framework) {
    static constexpr std::array<std::string_view, kFrameworks> kKeys = {
        "megatron-lm", "torchtitan", "deepspeed", "huggingface", "pytorch"};
    return kKeys[static_cast<std::size_t>(framework)];
}

MeasuredLog readMeasuredLog(std::string_view text, int warmupSteps) {
    try {
        return readLog(text.substr(0, std::min(text.size(), kMaxLogBytes)),
                       std::max(0, warmupSteps));
    } catch (const std::exception&) {
        // Out of memory on a pathological log: nothing was found.
        MeasuredLog log;
        log.warmupSteps = warmupSteps;
        return log;
    }
}

}  // namespace fourfold::core
