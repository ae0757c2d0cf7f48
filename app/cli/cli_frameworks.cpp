// SPDX-License-Identifier: MIT
#include "app/cli/cli_frameworks.h"

#include "app/cli/cli_common.h"
#include "core/frameworks/frameworks.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/rules/validate.h"

#include <fstream>

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

}  // namespace

const char* const kExportHelp =
    "Usage: fourfold-cli export PLAN --to megatron|deepspeed|torchtitan [-o FILE]\n"
    "\n"
    "Write PLAN as the launch configuration a training framework reads:\n"
    "  megatron     Megatron-LM arguments as a bash snippet (torchrun ... pretrain_gpt.py)\n"
    "  deepspeed    a DeepSpeed ds_config.json\n"
    "  torchtitan   a torchtitan TOML job config\n"
    "Plan fields the framework cannot express are listed in the file (as comments, or\n"
    "under \"_fourfold_unexpressed\" in JSON), never dropped silently.\n"
    "  -o FILE   write to FILE instead of standard output\n"
    "Exit status: 0 written, 1 the plan has errors, 2 usage or file error.\n";

const char* const kImportHelp =
    "Usage: fourfold-cli import FILE [--onto PLAN] [--lang LANG]\n"
    "\n"
    "Read FILE and print the plan it describes as plan JSON. FILE may be a Hugging Face\n"
    "config.json (Llama, Mistral, Mixtral, Qwen2, Qwen2-MoE, GPT-2, GPT-NeoX, DeepSeek-V2/V3:\n"
    "sets the model), Megatron-LM arguments, a DeepSpeed ds_config.json or a torchtitan TOML\n"
    "job config (set the parallel and training sections); the kind is detected from the text.\n"
    "  --onto PLAN   start from PLAN instead of the built-in default plan\n"
    "  --lang LANG   write the notes and errors in LANG: en (default) or zh_CN\n"
    "Notes on what was assumed and errors go to standard error as\n"
    "FILE:LINE:COLUMN: severity: message. FILE holds at most 1048576 bytes (1 MiB).\n"
    "Exit status: 0 imported, 1 the file has errors, 2 usage or file error.\n";

int runExport(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::string planPath;
    std::string target;
    std::string outputPath;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (optionValue(args, i, "--to", target) || optionValue(args, i, "-o", outputPath)) {
            continue;
        }
        if (args[i].size() > 1 && args[i][0] == '-') {
            return usageError(err, "unknown option '" + args[i] + "'", kExportHelp);
        }
        if (!planPath.empty()) return usageError(err, "more than one PLAN given", kExportHelp);
        planPath = args[i];
    }
    if (planPath.empty()) return usageError(err, "missing PLAN", kExportHelp);
    const auto framework = frameworkFromString(target);
    if (!framework) {
        return usageError(err,
                          target.empty() ? "missing --to" : "unknown framework '" + target + "'",
                          kExportHelp);
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
    const FrameworkExport exported = exportPlan(*loaded.plan, *framework);
    if (outputPath.empty()) {
        out << exported.text;
    } else {
        std::ofstream file(outputPath, std::ios::binary | std::ios::trunc);
        if (!(file << exported.text) || !file.flush()) {
            err << "fourfold-cli: cannot write '" << outputPath << "'\n";
            return kExitUsage;
        }
    }
    if (!exported.unexpressed.empty()) {
        err << "note: " << exported.unexpressed.size() << " plan field"
            << (exported.unexpressed.size() == 1 ? " is" : "s are") << " not expressed by "
            << toString(*framework) << "; they are listed in the file\n";
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
            return usageError(err, "unknown option '" + args[i] + "'", kImportHelp);
        }
        if (!filePath.empty()) return usageError(err, "more than one FILE given", kImportHelp);
        filePath = args[i];
    }
    if (filePath.empty()) return usageError(err, "missing FILE", kImportHelp);
    Language language = Language::English;
    if (!languageName.empty() && !parseLanguage(languageName, &language)) {
        return usageError(err, "unknown language '" + languageName + "' (use en or zh_CN)",
                          kImportHelp);
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

}  // namespace fourfold::app
