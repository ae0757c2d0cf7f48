// SPDX-License-Identifier: MIT
// fourfold-cli calibrate: a runs file's measured runs in, a fitted profile out, with every run's
// prediction before and after and its held-out error.
#include "app/cli/cli_command_list.h"
#include "core/calibrate/calibrate.h"
#include "core/calibrate/calibration_json.h"
#include "core/calibrate/runs_file.h"
#include "core/plan/calibration_profile.h"
#include "core/text/coded_text.h"
#include "core/text/diagnostic_json.h"

#include <chrono>
#include <filesystem>

namespace fourfold::app {
using namespace fourfold::core;
namespace {

constexpr const char* kHelp =
    "Usage: fourfold-cli calibrate RUNS [-o PROFILE] [--json] [--name NAME] [--date DATE]\n"
    "                              [--no-held-out] [--lang LANG]\n"
    "\n"
    "Fit the model's efficiency parameters to measured runs: GEMM efficiency and size factor,\n"
    "FP8 GEMM, flash attention and HBM efficiency, each link's achieved bandwidth and latency,\n"
    "the overlap contention, and from measured peaks the framework overhead and fragmentation.\n"
    "RUNS is a runs file (schema fourfold.runs/1, docs/calibration.md): a list of runs, each a\n"
    "plan (pasted, or a path relative to RUNS) with what was measured. The report gives each\n"
    "parameter before and after, and each run's prediction before, after and held out (fitted\n"
    "without that run); a parameter the runs cannot identify keeps its default, with the reason.\n"
    "  -o PROFILE     write the fitted profile there (schema fourfold.profile/1); a plan uses it\n"
    "                 with \"cluster\": {\"profile\": \"PROFILE\"}\n"
    "  --json         print one object instead (schema fourfold.calibration/1): the profile, the\n"
    "                 parameters, the per-run table and the mean and worst held-out error\n"
    "  --name NAME    the profile's name\n"
    "  --date DATE    the date the profile records (default: today, YYYY-MM-DD)\n"
    "  --no-held-out  skip the leave-one-out fits (faster; no held-out errors)\n"
    "  --lang LANG    write the report and diagnostics in LANG: en (default) or zh_CN\n"
    "Exit status: 0 fitted (runs that could not be used are listed), 1 no run could be used,\n"
    "2 usage or file error.\n";

std::string today() {
    const auto now = std::chrono::system_clock::now();
    const std::chrono::year_month_day date{std::chrono::floor<std::chrono::days>(now)};
    char text[16];
    std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
    return text;
}

// Paths in the runs file are relative to it (to the working directory for standard input).
RunsFileReader readerBeside(const std::string& runsPath) {
    const std::filesystem::path base =
        runsPath == "-" ? std::filesystem::path() : std::filesystem::path(runsPath).parent_path();
    return [base](const std::string& path, std::size_t limit) {
        const std::filesystem::path named(path);
        const std::string resolved = named.is_absolute() ? path : (base / named).string();
        ReadResult read = readInput(resolved, limit, "a file");
        return FileText{std::move(read.text), std::move(read.error)};
    };
}

struct Options {
    std::string runs;
    std::string output;
    CalibrationOptions calibration;
    bool json = false;
    Language language = Language::English;
};

std::optional<std::string> parseOptions(const std::vector<std::string>& args, Options& options) {
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (i > 0 && (arg == "-o" || arg == "--name" || arg == "--date")) {
            if (i + 1 >= args.size()) return arg + " needs a value";
            const std::string& value = args[++i];
            if (arg == "-o") options.output = value;
            if (arg == "--name") options.calibration.name = value;
            if (arg == "--date") options.calibration.fitted = value;
            continue;
        }
        if (arg == "--no-held-out") {
            options.calibration.leaveOneOut = false;
            continue;
        }
        rest.push_back(arg);
    }
    const PlanArgs parsed = parsePlanArgs(rest, {"--json", "--lang"});
    if (!parsed.error.empty()) {
        return parsed.error == "missing PLAN" ? std::string("missing RUNS") : parsed.error;
    }
    options.runs = parsed.plan;
    options.json = parsed.has("--json");
    options.language = parsed.language;
    if (options.calibration.fitted.empty()) options.calibration.fitted = today();
    return std::nullopt;
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Options options;
    if (const auto problem = parseOptions(args, options)) return usageError(err, *problem, kHelp);
    const ReadResult input = readInput(options.runs, kMaxRunsBytes, "a runs file");
    if (!input.text) {
        err << "fourfold-cli: " << input.error << "\n";
        return kExitUsage;
    }
    const RunsParse runs = parseRuns(*input.text, readerBeside(options.runs));
    std::vector<Diagnostic> diagnostics = runs.diagnostics;
    Calibration calibration;
    if (!runs.runs.empty()) {
        if (options.calibration.name.empty()) options.calibration.name = runs.name;
        calibration = calibrate(runs.runs, options.calibration);
        diagnostics.insert(diagnostics.end(), calibration.diagnostics.begin(),
                           calibration.diagnostics.end());
    }
    const bool fitted = !calibration.rows.empty();
    if (fitted && !options.output.empty()) {
        // Replaced whole or not at all: a profile a plan names is never left half written.
        if (!writeOutputFile(options.output, profileToJson(calibration.profile), err))
            return kExitUsage;
    }
    if (options.json) {
        nlohmann::ordered_json fit =
            fitted ? calibrationToJson(calibration) : nlohmann::ordered_json::object();
        fit["schema"] = "fourfold.calibration/1";
        fit.erase("diagnostics");  // the runs file's and the fit's together, below
        nlohmann::ordered_json document =
            stampedJson(fit, {{"runs_file", displayName(options.runs)}});
        document["diagnostics"] = diagnosticsToJson(diagnostics);
        if (const auto bad = writeJson(out, document)) {
            err << "fourfold-cli: a figure at " << *bad << " is not a finite number\n";
            return kExitUsage;
        }
    } else {
        printDiagnostics(err, displayName(options.runs), diagnostics, options.language);
        if (fitted) {
            out << calibrationReport(calibration, options.language);
            if (!options.output.empty()) {
                out << renderCodedText(
                           {"calibrate.report.profile_written", {{"path", options.output}}},
                           options.language)
                    << "\n";
            }
        }
    }
    return fitted ? kExitOk : kExitPlanErrors;
}

}  // namespace

const CliCommand kCalibrateCommand = {"calibrate", "calibrate RUNS [-o PROFILE] [--json]",
                                      "fit a profile to measured runs", kHelp, run};

}  // namespace fourfold::app
