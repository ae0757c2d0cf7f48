// SPDX-License-Identifier: MIT
#include "core/calibrate/calibration_json.h"

#include "core/plan/calibration_profile.h"
#include "core/text/coded_text.h"
#include "core/text/diagnostic_json.h"
#include "core/text/format.h"

#include <cmath>
#include <sstream>

namespace fourfold::core {
namespace {

using CalibrationJson = nlohmann::ordered_json;

void putOptional(CalibrationJson& json, const char* key, const std::optional<double>& value) {
    if (value) json[key] = *value;
}

CalibrationJson summaryJson(const ErrorSummary& summary) {
    return CalibrationJson{
        {"runs", summary.runs}, {"mean", summary.mean}, {"worst", summary.worst}};
}

// A parameter's value as the report writes it.
std::string shownParameter(CalibrationParameter parameter, double value) {
    switch (parameter) {
        case CalibrationParameter::GemmHalfDim:
            return formatFixed(value, 1);
        case CalibrationParameter::IntraNodeGbps:
        case CalibrationParameter::InterNodeGbps:
            return formatFixed(value, 1) + " GB/s";
        case CalibrationParameter::IntraNodeLatency:
        case CalibrationParameter::InterNodeLatency:
            return formatFixed(value, 2) + " µs";
        case CalibrationParameter::FrameworkBytes:
            return formatBytes(static_cast<std::uint64_t>(std::llround(std::max(0.0, value))));
        default:
            return formatFixed(value, 3);
    }
}

std::string signedPercent(double error) {
    std::string text = error >= 0 ? "+" : "";
    text += formatPercent(error);
    return text;
}

// "1.52 s (+3.1 %)", or "—" when there is no figure.
std::string withError(const std::optional<double>& value, const std::optional<double>& error,
                      bool bytes) {
    if (!value) return "—";
    std::string text = bytes ? formatBytes(static_cast<std::uint64_t>(std::llround(*value)))
                             : formatSeconds(*value);
    if (error) text += " (" + signedPercent(*error) + ")";
    return text;
}

void writeSummary(std::ostringstream& out, const char* code, const ErrorSummary& before,
                  const ErrorSummary& after, const ErrorSummary& heldOut, CodedWords w) {
    if (before.runs == 0) return;
    DiagnosticArgs args{{"runs", before.runs},
                        {"before_mean", formatPercent(before.mean)},
                        {"before_worst", formatPercent(before.worst)},
                        {"after_mean", formatPercent(after.mean)},
                        {"after_worst", formatPercent(after.worst)}};
    if (heldOut.runs > 0) {
        args.emplace_back("held_out_mean", formatPercent(heldOut.mean));
        args.emplace_back("held_out_worst", formatPercent(heldOut.worst));
    }
    out << w(code, std::move(args)) << "\n";
}

}  // namespace

CalibrationJson calibrationToJson(const Calibration& calibration) {
    CalibrationJson json;
    json["schema"] = "fourfold.calibration/1";
    json["profile"] = CalibrationJson::parse(profileToJson(calibration.profile));
    CalibrationJson parameters = CalibrationJson::array();
    for (const FittedParameter& parameter : calibration.parameters) {
        CalibrationJson entry;
        entry["parameter"] = std::string(calibrationParameterKey(parameter.parameter));
        entry["fitted"] = parameter.fitted;
        entry["before"] = parameter.before;
        entry["after"] = parameter.after;
        entry["lower"] = parameter.lower;
        entry["upper"] = parameter.upper;
        if (!parameter.reason.empty()) {
            entry["reason_code"] = parameter.reason.code;
            entry["reason"] = renderCodedText(parameter.reason, Language::English);
        }
        parameters.push_back(std::move(entry));
    }
    json["parameters"] = std::move(parameters);
    CalibrationJson runs = CalibrationJson::array();
    for (const CalibrationRow& row : calibration.rows) {
        CalibrationJson entry;
        entry["pointer"] = row.pointer;
        entry["source"] = row.source;
        entry["plan"] = row.plan;
        if (row.stepFrom) entry["measured_from"] = std::string(measuredStepKey(*row.stepFrom));
        putOptional(entry, "measured_step_s", row.measuredStepS);
        putOptional(entry, "before_step_s", row.beforeStepS);
        putOptional(entry, "after_step_s", row.afterStepS);
        putOptional(entry, "held_out_step_s", row.heldOutStepS);
        putOptional(entry, "before_error", row.beforeError());
        putOptional(entry, "after_error", row.afterError());
        putOptional(entry, "held_out_error", row.heldOutError());
        putOptional(entry, "measured_peak_bytes", row.measuredPeakBytes);
        putOptional(entry, "before_peak_bytes", row.beforePeakBytes);
        putOptional(entry, "after_peak_bytes", row.afterPeakBytes);
        putOptional(entry, "held_out_peak_bytes", row.heldOutPeakBytes);
        putOptional(entry, "before_peak_error", row.beforePeakError());
        putOptional(entry, "after_peak_error", row.afterPeakError());
        putOptional(entry, "held_out_peak_error", row.heldOutPeakError());
        runs.push_back(std::move(entry));
    }
    json["runs"] = std::move(runs);
    json["step_time"] = CalibrationJson{{"before", summaryJson(calibration.stepBefore)},
                                        {"after", summaryJson(calibration.stepAfter)},
                                        {"held_out", summaryJson(calibration.stepHeldOut)}};
    json["peak_memory"] = CalibrationJson{{"before", summaryJson(calibration.peakBefore)},
                                          {"after", summaryJson(calibration.peakAfter)},
                                          {"held_out", summaryJson(calibration.peakHeldOut)}};
    if (calibration.stepHeldOut.runs > 0) {
        json["held_out_mean_error"] = calibration.stepHeldOut.mean;
        json["held_out_worst_error"] = calibration.stepHeldOut.worst;
    }
    json["diagnostics"] = diagnosticsToJson(calibration.diagnostics);
    return json;
}

std::string calibrationReport(const Calibration& calibration, Language language) {
    const CodedWords w{language};
    std::ostringstream out;
    const CalibrationProfile& profile = calibration.profile;
    out << w("calibrate.report.header",
             {{"runs", static_cast<std::int64_t>(calibration.rows.size())},
              {"gpu", profile.gpu.empty() ? std::string("—") : profile.gpu}})
        << "\n";
    out << w("calibrate.report.parameters") << "\n";
    for (const FittedParameter& parameter : calibration.parameters) {
        const std::string key(calibrationParameterKey(parameter.parameter));
        const std::string before = shownParameter(parameter.parameter, parameter.before);
        if (parameter.fitted) {
            out << w("calibrate.report.fitted",
                     {{"parameter", padRight(key, 22)},
                      {"before", before},
                      {"after", shownParameter(parameter.parameter, parameter.after)},
                      {"lower", shownParameter(parameter.parameter, parameter.lower)},
                      {"upper", shownParameter(parameter.parameter, parameter.upper)}});
        } else {
            out << w("calibrate.report.kept",
                     {{"parameter", padRight(key, 22)},
                      {"before", before},
                      {"reason", renderCodedText(parameter.reason, language)}});
        }
        out << "\n";
    }
    out << w("calibrate.report.runs") << "\n";
    for (const CalibrationRow& row : calibration.rows) {
        out << w("calibrate.report.run",
                 {{"pointer", row.pointer}, {"plan", row.plan}, {"source", row.source}})
            << "\n";
        if (row.measuredStepS) {
            out << w("calibrate.report.run_step",
                     {{"from", std::string(measuredStepKey(
                                   row.stepFrom.value_or(MeasuredStepSource::StepTime)))},
                      {"measured", formatSeconds(*row.measuredStepS)},
                      {"before", withError(row.beforeStepS, row.beforeError(), false)},
                      {"after", withError(row.afterStepS, row.afterError(), false)},
                      {"held_out", withError(row.heldOutStepS, row.heldOutError(), false)}})
                << "\n";
        }
        if (row.measuredPeakBytes) {
            out << w("calibrate.report.run_peak",
                     {{"measured", withError(row.measuredPeakBytes, std::nullopt, true)},
                      {"before", withError(row.beforePeakBytes, row.beforePeakError(), true)},
                      {"after", withError(row.afterPeakBytes, row.afterPeakError(), true)},
                      {"held_out", withError(row.heldOutPeakBytes, row.heldOutPeakError(), true)}})
                << "\n";
        }
    }
    writeSummary(out,
                 calibration.stepHeldOut.runs > 0 ? "calibrate.report.step_summary"
                                                  : "calibrate.report.step_summary_no_held_out",
                 calibration.stepBefore, calibration.stepAfter, calibration.stepHeldOut, w);
    writeSummary(out,
                 calibration.peakHeldOut.runs > 0 ? "calibrate.report.peak_summary"
                                                  : "calibrate.report.peak_summary_no_held_out",
                 calibration.peakBefore, calibration.peakAfter, calibration.peakHeldOut, w);
    return out.str();
}

}  // namespace fourfold::core
