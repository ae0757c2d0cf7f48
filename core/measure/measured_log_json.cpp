// SPDX-License-Identifier: MIT
#include "core/measure/measured_log_json.h"

#include "core/plan/plan_json.h"
#include "core/text/coded_text.h"
#include "core/text/format.h"

#include <cmath>
#include <sstream>

namespace fourfold::core {
namespace {

// A figure's value as the report writes it, in the unit the figure is kept in.
std::string shownValue(LogFigure figure, double value, CodedWords w) {
    switch (figure) {
        case LogFigure::StepTime:
            return formatSeconds(value);
        case LogFigure::TokensPerSPerGpu:
        case LogFigure::SamplesPerS:
            return w("measure.per_second", {{"value", formatCount(value)}});
        case LogFigure::TflopsPerGpu:
            return w("measure.tflops", {{"value", formatFixed(value, 1)}});
        case LogFigure::Mfu:
            return formatPercent(value);
        case LogFigure::PeakBytes:
            return formatBytes(static_cast<std::uint64_t>(std::llround(value)), ByteUnits::Binary);
    }
    return {};
}

}  // namespace

nlohmann::ordered_json measuredLogToJson(const MeasuredLog& log) {
    nlohmann::ordered_json json;
    json["schema"] = "fourfold.measured/1";
    json["lines"] = log.lines;
    json["warmup_steps"] = log.warmupSteps;
    auto figures = nlohmann::ordered_json::array();
    for (const LogFigureReading& reading : log.figures) {
        nlohmann::ordered_json figure;
        figure["figure"] = std::string(logFigureKey(reading.figure));
        figure["framework"] = std::string(logFrameworkKey(reading.framework));
        figure["value"] = reading.value;
        figure["median"] = reading.median;
        figure["minimum"] = reading.minimum;
        figure["maximum"] = reading.maximum;
        figure["spread"] = reading.spread;
        figure["samples"] = reading.samples;
        figure["warmup_samples"] = reading.warmup;
        figure["warmup_kept"] = reading.warmupKept;
        auto lines = nlohmann::ordered_json::array();
        for (const LogLine& line : reading.lines) {
            lines.push_back({{"line", line.number}, {"text", line.text}});
        }
        figure["lines"] = std::move(lines);
        figures.push_back(std::move(figure));
    }
    json["figures"] = std::move(figures);
    json["measured"] = measuredToJson(log.measured);
    return json;
}

std::string measuredLogReport(const MeasuredLog& log, const std::string& file, Language language) {
    const CodedWords w{language};
    std::ostringstream out;
    if (log.figures.empty()) {
        out << w("measure.nothing_found", {{"file", file}, {"lines", log.lines}}) << "\n";
        return out.str();
    }
    out << w("measure.header", {{"file", file}, {"lines", log.lines}, {"warmup", log.warmupSteps}})
        << "\n";
    for (const LogFigureReading& reading : log.figures) {
        const std::string figure(logFigureKey(reading.figure));
        const std::string framework(logFrameworkKey(reading.framework));
        const std::string value = shownValue(reading.figure, reading.value, w);
        if (reading.figure == LogFigure::PeakBytes) {
            out << w("measure.peak_line", {{"figure", w("measure.figure." + figure)},
                                           {"value", value},
                                           {"samples", reading.samples},
                                           {"framework", w("measure.framework." + framework)}});
        } else {
            out << w(reading.warmupKept ? "measure.figure_line_warmup_kept" : "measure.figure_line",
                     {{"figure", w("measure.figure." + figure)},
                      {"value", value},
                      {"samples", reading.samples},
                      {"warmup", reading.warmup},
                      {"spread", formatPercent(reading.spread)},
                      {"minimum", shownValue(reading.figure, reading.minimum, w)},
                      {"maximum", shownValue(reading.figure, reading.maximum, w)},
                      {"framework", w("measure.framework." + framework)}});
        }
        out << "\n";
        for (const LogLine& line : reading.lines) {
            out << w("measure.source_line", {{"line", line.number}, {"text", line.text}}) << "\n";
        }
    }
    out << w("measure.measured_section",
             {{"json",
               measuredToJson(log.measured)
                   .dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)}})
        << "\n";
    return out.str();
}

}  // namespace fourfold::core
