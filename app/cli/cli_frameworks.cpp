// SPDX-License-Identifier: MIT
#include "app/cli/cli_frameworks.h"

#include "core/frameworks/frameworks.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/rules/validate.h"

#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

namespace fourfold::app {
using namespace fourfold::core;
namespace {

constexpr int kExitOk = 0;
constexpr int kExitErrors = 1;
constexpr int kExitUsage = 2;

std::optional<std::string> readText(const std::string& path, std::ostream& err) {
    std::ostringstream buffer;
    if (path == "-") {
        buffer << std::cin.rdbuf();
        return buffer.str();
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        err << "fourfold-cli: cannot open '" << path << "' for reading\n";
        return std::nullopt;
    }
    buffer << file.rdbuf();
    return buffer.str();
}

int usage(std::ostream& err, const std::string& message, const char* help) {
    err << "fourfold-cli: " << message << "\n\n" << help;
    return kExitUsage;
}

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
    "Usage: fourfold-cli import FILE [--onto PLAN]\n"
    "\n"
    "Read FILE and print the plan it describes as plan JSON. FILE may be a Hugging Face\n"
    "config.json (Llama, Mistral, Mixtral, Qwen2, Qwen2-MoE, GPT-2, GPT-NeoX, DeepSeek-V2/V3:\n"
    "sets the model), Megatron-LM arguments, a DeepSpeed ds_config.json or a torchtitan TOML\n"
    "job config (set the parallel and training sections); the kind is detected from the text.\n"
    "  --onto PLAN   start from PLAN instead of the built-in default plan\n"
    "Notes on what was assumed go to standard error.\n"
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
            return usage(err, "unknown option '" + args[i] + "'", kExportHelp);
        }
        if (!planPath.empty()) return usage(err, "more than one PLAN given", kExportHelp);
        planPath = args[i];
    }
    if (planPath.empty()) return usage(err, "missing PLAN", kExportHelp);
    const auto framework = frameworkFromString(target);
    if (!framework) {
        return usage(err, target.empty() ? "missing --to" : "unknown framework '" + target + "'",
                     kExportHelp);
    }
    const auto text = readText(planPath, err);
    if (!text) return kExitUsage;
    PlanParse parse = parsePlan(*text);
    std::vector<Diagnostic> problems = parse.diagnostics;
    if (parse.plan) {
        const std::vector<Diagnostic> checks = validate(*parse.plan);
        problems.insert(problems.end(), checks.begin(), checks.end());
    }
    if (!parse.plan || hasErrors(problems)) {
        for (const Diagnostic& d : problems) err << describe(d) << "\n";
        return kExitErrors;
    }
    const FrameworkExport exported = exportPlan(*parse.plan, *framework);
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
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (optionValue(args, i, "--onto", ontoPath)) continue;
        if (args[i].size() > 1 && args[i][0] == '-') {
            return usage(err, "unknown option '" + args[i] + "'", kImportHelp);
        }
        if (!filePath.empty()) return usage(err, "more than one FILE given", kImportHelp);
        filePath = args[i];
    }
    if (filePath.empty()) return usage(err, "missing FILE", kImportHelp);
    Plan base = defaultPlan();
    if (!ontoPath.empty()) {
        const auto baseText = readText(ontoPath, err);
        if (!baseText) return kExitUsage;
        PlanParse parse = parsePlan(*baseText);
        if (!parse.plan) {
            for (const Diagnostic& d : parse.diagnostics) err << describe(d) << "\n";
            return kExitErrors;
        }
        base = *parse.plan;
    } else {
        base.name = "Imported from " + baseName(filePath);
    }
    const auto text = readText(filePath, err);
    if (!text) return kExitUsage;
    const PlanImport imported = importPlan(base, *text);
    for (const Diagnostic& d : imported.diagnostics) err << describe(d) << "\n";
    if (!imported.plan) return kExitErrors;
    out << planToJson(*imported.plan);
    return kExitOk;
}

}  // namespace fourfold::app
