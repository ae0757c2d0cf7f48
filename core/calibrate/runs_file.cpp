// SPDX-License-Identifier: MIT
#include "core/calibrate/runs_file.h"

#include "core/measure/measured_log.h"
#include "core/plan/plan_json.h"
#include "core/plan/plan_json_fields.h"
#include "core/plan/plan_json_text.h"
#include "core/rules/validate.h"
#include "core/rules/validate_ranges.h"
#include "core/text/coded_text.h"

#include <algorithm>
#include <exception>
#include <limits>

namespace fourfold::core {
namespace {

using detail::Json;
using detail::ObjectReader;

// /runs/N/plan/cluster/gpu/efficiency/gemm is seven levels deep.
constexpr int kRunsPositionDepth = 8;

// A run's measured figure takes the range the same figure has in a plan (docs/plan-format.md,
// "Ranges"), so a runs file holds nothing a plan would refuse.
double measuredMaximum(std::string_view planKey) {
    const KeyRange* range = findKeyRange(std::string("/measured/").append(planKey));
    return range != nullptr ? range->maximum : 0.0;
}

// A peak in bytes within the plan's measured peak range; nothing (and a diagnostic) otherwise.
std::optional<std::uint64_t> peakBytes(const Json& value, const std::string& pointer,
                                       std::vector<Diagnostic>& out) {
    const auto bytes = detail::byteCount(value, pointer, out);
    const double maximum = measuredMaximum("peak_bytes");
    if (bytes && static_cast<double>(*bytes) > maximum) {
        out.push_back(detail::typeError(pointer, "json.expected_number_between", value,
                                        {{"minimum", 0.0}, {"maximum", maximum}}));
        return std::nullopt;
    }
    return bytes;
}

std::string shownPath(const std::string& path) {
    return detail::shortenUtf8(detail::sanitizeUtf8(path), 200);
}

// A problem of another file (or of a plan) as one argument of a run's diagnostic: its English
// sentence, and its code and args so that it renders in any language.
void appendProblem(DiagnosticArgs& args, const Diagnostic& problem) {
    args.emplace_back("reason", problem.message);
    appendCodedArgs(args, "reason", CodedText{problem.code, problem.args});
}

const Diagnostic* firstError(const std::vector<Diagnostic>& diagnostics) {
    const auto it = std::find_if(diagnostics.begin(), diagnostics.end(),
                                 [](const Diagnostic& d) { return d.severity == Severity::Error; });
    return it == diagnostics.end() ? nullptr : &*it;
}

// The run's plan: pasted (its problems at their pointers under the run) or a file it names.
std::optional<Plan> readRunPlan(ObjectReader& run, CalibrationRun& entry,
                                const RunsFileReader& read, std::vector<Diagnostic>& out) {
    const Json* value = run.take("plan");
    const std::string pointer = run.pointerOf("plan");
    if (value == nullptr) {
        out.push_back(makeDiagnostic(Severity::Error, run.pointer(), "runs.no_plan",
                                     {{"pointer", run.pointer()}}));
        return std::nullopt;
    }
    if (value->is_string()) {
        entry.planPath = value->get<std::string>();
        const FileText file = read ? read(entry.planPath, kMaxPlanBytes) : FileText{};
        if (!file.text) {
            out.push_back(makeDiagnostic(Severity::Error, pointer, "runs.plan_unreadable",
                                         {{"pointer", run.pointer()},
                                          {"path", shownPath(entry.planPath)},
                                          {"reason", file.error}}));
            return std::nullopt;
        }
        PlanParse parse = parsePlan(*file.text);
        if (const Diagnostic* problem = firstError(parse.diagnostics)) {
            DiagnosticArgs args{{"pointer", run.pointer()},
                                {"path", shownPath(entry.planPath)},
                                {"line", std::int64_t{problem->line}},
                                {"column", std::int64_t{problem->column}}};
            appendProblem(args, *problem);
            out.push_back(
                makeDiagnostic(Severity::Error, pointer, "runs.plan_invalid", std::move(args)));
            return std::nullopt;
        }
        return std::move(parse.plan);
    }
    if (!value->is_object()) {
        out.push_back(detail::typeError(pointer, "runs.expected_plan", *value));
        return std::nullopt;
    }
    PlanParse parse = parsePlan(value->dump(-1, ' ', false, Json::error_handler_t::replace));
    for (Diagnostic& problem : parse.diagnostics) {
        if (problem.severity == Severity::Info) continue;  // "no schema": a pasted plan needs none
        problem.path = pointer + problem.path;
        problem.line = 0;
        problem.column = 0;
        out.push_back(std::move(problem));
    }
    return std::move(parse.plan);
}

void readRunMeasured(ObjectReader& measured, MeasuredFigures& figures,
                     std::vector<Diagnostic>& out) {
    const auto positive = [&](std::string_view key, std::optional<double>& target) {
        double value = 0;
        if (measured.readNumber(key, value, std::numeric_limits<double>::denorm_min(),
                                measuredMaximum(key))) {
            target = value;
        }
    };
    positive("step_time_s", figures.stepTimeS);
    positive("tokens_per_s_per_gpu", figures.tokensPerSPerGpu);
    positive("samples_per_s", figures.samplesPerS);
    positive("tflops_per_gpu", figures.tflopsPerGpu);
    positive("mfu", figures.mfu);
    if (const Json* peak = measured.take("peak_memory_bytes")) {
        const std::string pointer = measured.pointerOf("peak_memory_bytes");
        if (peak->is_array()) {
            std::vector<std::uint64_t> stages;
            bool valid = true;
            for (std::size_t i = 0; i < peak->size(); ++i) {
                const auto bytes = peakBytes((*peak)[i], pointer + "/" + std::to_string(i), out);
                valid = valid && bytes.has_value();
                if (bytes) stages.push_back(*bytes);
            }
            if (valid) figures.peakBytesPerStage = std::move(stages);
        } else if (const auto bytes = peakBytes(*peak, pointer, out)) {
            figures.peakBytes = *bytes;
        }
    }
    measured.reportUnknownKeys();
}

bool hasFigure(const MeasuredFigures& m) {
    return m.stepTimeS || m.tokensPerSPerGpu || m.samplesPerS || m.tflopsPerGpu || m.mfu ||
           m.peakBytes || !m.peakBytesPerStage.empty();
}

// What a run's log gives that its "measured" does not.
void readRunLog(ObjectReader& run, MeasuredFigures& figures, const RunsFileReader& read,
                std::vector<Diagnostic>& out) {
    std::string path;
    if (!run.readString("log", path)) return;
    const std::string pointer = run.pointerOf("log");
    const FileText file = read ? read(path, kMaxLogBytes) : FileText{};
    if (!file.text) {
        out.push_back(makeDiagnostic(
            Severity::Warning, pointer, "runs.log_unreadable",
            {{"pointer", run.pointer()}, {"path", shownPath(path)}, {"reason", file.error}}));
        return;
    }
    const MeasuredLog log = readMeasuredLog(*file.text);
    // A figure past its range leaves the run out, as a measured value past it does.
    for (const Diagnostic& problem : log.diagnostics) {
        DiagnosticArgs args{{"pointer", run.pointer()}, {"path", shownPath(path)}};
        args.insert(args.end(), problem.args.begin(), problem.args.end());
        out.push_back(makeDiagnostic(Severity::Error, pointer, "runs.log_figure_out_of_range",
                                     std::move(args)));
    }
    if (!log.diagnostics.empty()) return;
    const MeasuredFigures& found = log.measured;
    if (!hasFigure(found)) {
        out.push_back(makeDiagnostic(Severity::Warning, pointer, "runs.log_no_figures",
                                     {{"pointer", run.pointer()}, {"path", shownPath(path)}}));
        return;
    }
    const auto fill = [](auto& own, const auto& fromLog) {
        if (!own && fromLog) own = fromLog;
    };
    fill(figures.stepTimeS, found.stepTimeS);
    fill(figures.tokensPerSPerGpu, found.tokensPerSPerGpu);
    fill(figures.samplesPerS, found.samplesPerS);
    fill(figures.tflopsPerGpu, found.tflopsPerGpu);
    fill(figures.mfu, found.mfu);
    if (figures.peakBytesPerStage.empty()) fill(figures.peakBytes, found.peakBytes);
}

void readRun(const Json& value, const std::string& pointer, const RunsFileReader& read,
             RunsParse& result) {
    auto& out = result.diagnostics;
    if (!value.is_object()) {
        out.push_back(detail::typeError(pointer, "json.expected_object", value));
        return;
    }
    const std::size_t problemsBefore = out.size();
    ObjectReader run(value, pointer, out);
    CalibrationRun entry;
    entry.pointer = pointer;
    run.readString("source", entry.source);
    std::optional<Plan> plan = readRunPlan(run, entry, read, out);
    if (auto measured = run.section("measured")) readRunMeasured(*measured, entry.measured, out);
    readRunLog(run, entry.measured, read, out);
    run.reportUnknownKeys();
    if (!hasFigure(entry.measured)) {
        out.push_back(
            makeDiagnostic(Severity::Error, pointer, "runs.no_measured", {{"pointer", pointer}}));
    }
    if (plan &&
        !hasErrors({out.begin() + static_cast<std::ptrdiff_t>(problemsBefore), out.end()})) {
        const std::vector<Diagnostic> rules = validate(*plan);
        if (const Diagnostic* problem = firstError(rules)) {
            DiagnosticArgs args{{"pointer", pointer}};
            appendProblem(args, *problem);
            out.push_back(makeDiagnostic(Severity::Error, pointer + "/plan", "runs.plan_not_valid",
                                         std::move(args)));
        }
    }
    if (!plan ||
        hasErrors({out.begin() + static_cast<std::ptrdiff_t>(problemsBefore), out.end()})) {
        return;  // left out; its diagnostics say why
    }
    entry.plan = std::move(*plan);
    entry.plan.cluster.profile = {};
    entry.plan.measured = entry.measured;
    result.runs.push_back(std::move(entry));
}

RunsParse readRuns(std::string_view text, const RunsFileReader& read) {
    RunsParse result;
    JsonObjectParse file = parseJsonObjectText(text, kMaxRunsBytes);
    result.diagnostics = std::move(file.diagnostics);
    if (!file.document) return result;
    auto& out = result.diagnostics;
    checkFileSchema(*file.document, kRunsSchema, "runs", out);
    if (hasErrors(out)) return result;
    ObjectReader top(*file.document, "", out);
    (void)top.take("schema");
    top.readString("name", result.name);
    const Json* runs = top.take("runs");
    if (runs == nullptr || (runs->is_array() && runs->empty())) {
        out.push_back(makeDiagnostic(Severity::Error, "/runs", "runs.no_runs"));
    } else if (!runs->is_array()) {
        out.push_back(detail::typeError("/runs", "json.expected_array", *runs));
    } else {
        const std::size_t count = std::min(runs->size(), kMaxRuns);
        for (std::size_t i = 0; i < count; ++i) {
            readRun((*runs)[i], "/runs/" + std::to_string(i), read, result);
        }
        if (runs->size() > kMaxRuns) {
            out.push_back(makeDiagnostic(Severity::Warning, "/runs", "runs.too_many",
                                         {{"count", runs->size()}, {"limit", kMaxRuns}}));
        }
    }
    top.reportUnknownKeys();
    attachTextPositions(text, out, kRunsPositionDepth);
    return result;
}

}  // namespace

std::optional<std::string> runsWithRun(std::string_view existing, const Plan& plan,
                                       const std::string& source) {
    nlohmann::ordered_json file;
    try {
        if (existing.find_first_not_of(" \t\r\n") == std::string_view::npos) {
            file["schema"] = std::string(kRunsSchema);
            file["runs"] = nlohmann::ordered_json::array();
        } else {
            std::vector<Diagnostic> problems;
            checkFileSchema(Json::parse(existing.begin(), existing.end()), kRunsSchema, "runs",
                            problems);
            file = nlohmann::ordered_json::parse(existing.begin(), existing.end());
            if (!problems.empty() || !file.is_object()) return std::nullopt;
            if (!file.contains("runs")) file["runs"] = nlohmann::ordered_json::array();
            if (!file["runs"].is_array()) return std::nullopt;
        }
        Plan pasted = plan;
        pasted.measured = {};
        nlohmann::ordered_json run;
        run["source"] = source;
        run["plan"] = nlohmann::ordered_json::parse(planToJson(pasted));
        run["measured"] = measuredToJson(plan.measured);
        // The runs file's key for a peak: one number or one per stage.
        nlohmann::ordered_json& measured = run["measured"];
        if (measured.contains("peak_bytes_per_stage")) {
            measured["peak_memory_bytes"] = measured["peak_bytes_per_stage"];
            measured.erase("peak_bytes_per_stage");
        } else if (measured.contains("peak_bytes")) {
            measured["peak_memory_bytes"] = measured["peak_bytes"];
            measured.erase("peak_bytes");
        }
        file["runs"].push_back(std::move(run));
        return file.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

RunsParse parseRuns(std::string_view text, const RunsFileReader& read) {
    try {
        return readRuns(text, read);
    } catch (const std::exception& error) {
        RunsParse result;
        result.diagnostics.push_back(
            makeDiagnostic(Severity::Error, "", "json.file_read_failure",
                           {{"detail", detail::sanitizeUtf8(error.what())}}));
        return result;
    }
}

}  // namespace fourfold::core
