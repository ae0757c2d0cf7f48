// SPDX-License-Identifier: MIT
// fourfold-cli export and import: a plan as a framework's launch config, and a config file as a
// plan, in the formats of core/frameworks/frameworks.h's table.
#include "app/cli/cli_command_list.h"
#include "core/frameworks/frameworks.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/rules/validate.h"

#include <iomanip>
#include <sstream>

namespace fourfold::app {
using namespace fourfold::core;
namespace {

// "--to X" and "--to=X" alike.
bool optionValue(const std::vector<std::string>& args, std::size_t& i, const std::string& name,
                 std::string& value) {
    const std::string& arg = args[i];
    if (arg == name && i + 1 < args.size()) {
        value = args[++i];
        return true;
    }
    if (arg.starts_with(name + "=")) {
        value = arg.substr(name.size() + 1);
        return true;
    }
    return false;
}

std::string baseName(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// One line per format (only those written, for export): key, name and file.
std::string formatLines(bool written) {
    std::ostringstream lines;
    for (const FrameworkFormat& format : frameworkFormats()) {
        if (written && format.write == nullptr) continue;
        lines << "  " << std::left << std::setw(13) << format.key
              << frameworkName(format, Language::English) << " ("
              << (written ? format.fileName : format.patterns) << ")\n";
    }
    return lines.str();
}

// The help texts list the formats of core/frameworks' table; built once, on first use.
const char* exportHelp() {
    static const std::string help =
        "Usage: fourfold-cli export PLAN --to FORMAT [-o FILE]\n"
        "\n"
        "Write PLAN as the launch configuration a training framework reads. FORMAT is one of:\n" +
        formatLines(true) +
        "Plan fields the framework cannot express are listed in the file (as comments, or\n"
        "under \"_fourfold_unexpressed\" in JSON), never dropped silently.\n"
        "  -o FILE   write to FILE instead of standard output; FILE is replaced whole or not at\n"
        "            all (a temporary file beside it, renamed over it once written and synced)\n"
        "Exit status: 0 written, 1 the plan has errors, 2 usage or file error.\n";
    return help.c_str();
}

const char* importHelp() {
    static const std::string help =
        "Usage: fourfold-cli import FILE [--onto PLAN] [--lang LANG]\n"
        "\n"
        "Read FILE and print the plan it describes as plan JSON. FILE is one of these, detected\n"
        "from its text:\n" +
        formatLines(false) +
        "A model's config.json sets the model; a launch config sets the parallel and training\n"
        "sections it carries. The rest comes from the base plan.\n"
        "  --onto PLAN   start from PLAN instead of the built-in default plan\n"
        "  --lang LANG   write the notes and errors in LANG: " +
        languageChoices() +
        " (default en)\n"
        "Notes on what was assumed and errors go to standard error as\n"
        "FILE:LINE:COLUMN: severity: message. FILE holds at most 1048576 bytes (1 MiB).\n"
        "Exit status: 0 imported, 1 the file has errors, 2 usage or file error.\n";
    return help.c_str();
}

int runExport(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::string planPath;
    std::string target;
    std::string outputPath;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (optionValue(args, i, "--to", target) || optionValue(args, i, "-o", outputPath)) {
            continue;
        }
        if (args[i].size() > 1 && args[i][0] == '-') {
            return usageError(err, "unknown option '" + args[i] + "'", exportHelp());
        }
        if (!planPath.empty()) return usageError(err, "more than one PLAN given", exportHelp());
        planPath = args[i];
    }
    if (planPath.empty()) return usageError(err, "missing PLAN", exportHelp());
    const FrameworkFormat* format = findFrameworkFormat(target);
    if (format == nullptr || format->write == nullptr) {
        return usageError(err, target.empty() ? "missing --to" : "unknown format '" + target + "'",
                          exportHelp());
    }
    LoadedPlan loaded = loadPlan(planPath);
    if (!loaded.fileError.empty()) {
        err << "fourfold-cli: " << loaded.fileError << "\n";
        return kExitUsage;
    }
    std::vector<Diagnostic> problems = loaded.diagnostics;
    if (loaded.plan) {
        std::vector<Diagnostic> checks = validate(*loaded.plan);
        attachTextPositions(loaded.text, checks);
        problems.insert(problems.end(), checks.begin(), checks.end());
    }
    if (!loaded.plan || hasErrors(problems)) {
        printDiagnostics(err, displayName(planPath), problems);
        return kExitPlanErrors;
    }
    const FrameworkExport exported = exportPlan(*loaded.plan, *format);
    if (outputPath.empty()) {
        out << exported.text;
    } else if (!writeOutputFile(outputPath, exported.text, err)) {
        return kExitUsage;
    }
    if (!exported.unexpressed.empty()) {
        err << "note: " << exported.unexpressed.size() << " plan field"
            << (exported.unexpressed.size() == 1 ? " is" : "s are") << " not expressed by "
            << format->key << "; they are listed in the file\n";
    }
    return kExitOk;
}

int runImport(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::string filePath;
    std::string ontoPath;
    std::string languageName;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (optionValue(args, i, "--onto", ontoPath)) continue;
        if (optionValue(args, i, "--lang", languageName)) continue;
        if (args[i].size() > 1 && args[i][0] == '-') {
            return usageError(err, "unknown option '" + args[i] + "'", importHelp());
        }
        if (!filePath.empty()) return usageError(err, "more than one FILE given", importHelp());
        filePath = args[i];
    }
    if (filePath.empty()) return usageError(err, "missing FILE", importHelp());
    Language language = Language::English;
    if (!languageName.empty() && !parseLanguage(languageName, &language)) {
        return usageError(err,
                          "unknown language '" + languageName + "' (use " + languageChoices() + ")",
                          importHelp());
    }
    Plan base = defaultPlan();
    if (!ontoPath.empty()) {
        LoadedPlan onto = loadPlan(ontoPath);
        if (!onto.fileError.empty()) {
            err << "fourfold-cli: " << onto.fileError << "\n";
            return kExitUsage;
        }
        if (!onto.plan) {
            printDiagnostics(err, displayName(ontoPath), onto.diagnostics, language);
            return kExitPlanErrors;
        }
        base = *onto.plan;
    } else {
        base.name = "Imported from " + baseName(filePath);
    }
    // Read no further than an import may hold: a huge file or /dev/zero costs nothing.
    const ReadResult input = readInput(filePath, kMaxImportBytes, "a file to import");
    if (!input.text) {
        err << "fourfold-cli: " << input.error << "\n";
        return kExitUsage;
    }
    const PlanImport imported = importPlan(base, *input.text);
    printDiagnostics(err, displayName(filePath), imported.diagnostics, language);
    if (!imported.plan) return kExitPlanErrors;
    out << planToJson(*imported.plan);
    return kExitOk;
}

}  // namespace

// Formats come from core/frameworks' table, so the usage lines name none.
const CliCommand kExportCommand = {"export", "export PLAN --to FORMAT [-o FILE]",
                                   "write a plan as a framework's launch config", exportHelp(),
                                   runExport};
const CliCommand kImportCommand = {"import", "import FILE [--onto PLAN]",
                                   "read a config.json, ds_config or launch config as a plan",
                                   importHelp(), runImport};

}  // namespace fourfold::app
