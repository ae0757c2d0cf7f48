// SPDX-License-Identifier: MIT
#include "app/cli/cli_commands.h"

#include "core/catalog.h"
#include "core/evaluate.h"
#include "core/evaluation_json.h"
#include "core/evaluation_table.h"
#include "core/format.h"
#include "core/plan_json.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>

namespace fourfold::app {
using namespace fourfold::core;
namespace {

constexpr int kExitOk = 0;
constexpr int kExitPlanErrors = 1;
constexpr int kExitUsage = 2;

constexpr const char* kMainHelp =
    "Usage: fourfold-cli COMMAND [OPTIONS]\n"
    "\n"
    "Plan distributed training runs from the command line.\n"
    "\n"
    "Commands:\n"
    "  presets [--json]            list the built-in models, GPUs and links\n"
    "  new                         print the built-in default plan as JSON\n"
    "  validate PLAN               check a plan and list its problems\n"
    "  evaluate PLAN [--json] [--gib] [--no-ops]\n"
    "                              compute memory, schedule and rank map for a plan\n"
    "\n"
    "PLAN is a plan JSON file, or - for standard input.\n"
    "Run 'fourfold-cli COMMAND --help' for a command's options.\n"
    "Exit status: 0 done (warnings allowed), 1 the plan has errors, 2 usage or file error.\n";

constexpr const char* kPresetsHelp =
    "Usage: fourfold-cli presets [--json]\n"
    "\n"
    "List the built-in presets a plan may name: models (model.preset), GPUs\n"
    "(cluster.gpu) and links (cluster.intra_node, cluster.inter_node).\n"
    "  --json   print them as one JSON object\n";

constexpr const char* kNewHelp =
    "Usage: fourfold-cli new\n"
    "\n"
    "Print the built-in default plan (Llama-2 7B on 8 x H100) as plan JSON, a starting\n"
    "point to edit: fourfold-cli new > plan.json\n";

constexpr const char* kValidateHelp =
    "Usage: fourfold-cli validate PLAN\n"
    "\n"
    "Read PLAN and print every error, warning and note with its JSON pointer.\n"
    "Exit status: 0 no errors, 1 the plan has errors, 2 usage or file error.\n";

constexpr const char* kEvaluateHelp =
    "Usage: fourfold-cli evaluate PLAN [--json] [--gib] [--no-ops]\n"
    "\n"
    "Evaluate PLAN: global batch, parameters, memory per GPU and pipeline stage,\n"
    "the pipeline schedule and the rank map.\n"
    "  --json     print only the evaluation object (schema fourfold.evaluation/1)\n"
    "  --gib      show bytes in GiB (2^30) instead of GB (10^9), formula lines included\n"
    "  --no-ops   leave the per-operation schedule lists out of the JSON (large pipelines)\n"
    "Exit status: 0 evaluated (warnings allowed), 1 the plan has errors, 2 usage or file error.\n";

bool wantsHelp(const std::vector<std::string>& args) {
    for (const std::string& arg : args) {
        if (arg == "--help" || arg == "-h") return true;
    }
    return false;
}

struct ReadResult {
    std::optional<std::string> text;
    std::string error;
};

ReadResult readInput(const std::string& path) {
    std::ostringstream buffer;
    if (path == "-") {
        buffer << std::cin.rdbuf();
        return {buffer.str(), {}};
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) return {std::nullopt, "cannot open '" + path + "' for reading"};
    buffer << file.rdbuf();
    if (file.bad()) return {std::nullopt, "cannot read '" + path + "'"};
    return {buffer.str(), {}};
}

// Splits the command's arguments into one positional PLAN and known flags.
struct PlanArgs {
    std::string plan;
    bool json = false;
    bool gib = false;
    bool noOps = false;
    std::string error;
};

PlanArgs parsePlanArgs(const std::vector<std::string>& args, bool allowFlags) {
    PlanArgs parsed;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (allowFlags && arg == "--json") {
            parsed.json = true;
        } else if (allowFlags && arg == "--gib") {
            parsed.gib = true;
        } else if (allowFlags && arg == "--no-ops") {
            parsed.noOps = true;
        } else if (arg.size() > 1 && arg[0] == '-') {
            parsed.error = "unknown option '" + arg + "'";
            return parsed;
        } else if (parsed.plan.empty()) {
            parsed.plan = arg;
        } else {
            parsed.error = "more than one PLAN given ('" + parsed.plan + "', '" + arg + "')";
            return parsed;
        }
    }
    if (parsed.error.empty() && parsed.plan.empty()) parsed.error = "missing PLAN";
    return parsed;
}

int usageError(std::ostream& err, const std::string& message, const char* help) {
    err << "fourfold-cli: " << message << "\n\n" << help;
    return kExitUsage;
}

int runPresets(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    bool json = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--json") {
            json = true;
        } else {
            return usageError(err, "unexpected argument '" + args[i] + "'", kPresetsHelp);
        }
    }
    const Catalog& catalog = builtinCatalog();
    if (json) {
        nlohmann::ordered_json j;
        j["models"] = nlohmann::ordered_json::array();
        for (const ModelPreset& model : catalog.models) {
            j["models"].push_back({{"name", model.name},
                                   {"display_name", model.displayName},
                                   {"layers", model.spec.layers},
                                   {"hidden", model.spec.hidden},
                                   {"source", model.source}});
        }
        j["gpus"] = nlohmann::ordered_json::array();
        for (const GpuPreset& gpu : catalog.gpus) {
            j["gpus"].push_back({{"name", gpu.spec.name},
                                 {"display_name", gpu.displayName},
                                 {"memory_bytes", gpu.spec.memoryBytes},
                                 {"source", gpu.source}});
        }
        j["links"] = nlohmann::ordered_json::array();
        for (const LinkPreset& link : catalog.links) {
            j["links"].push_back({{"name", link.spec.name},
                                  {"display_name", link.displayName},
                                  {"gbps", link.spec.gbps},
                                  {"source", link.source}});
        }
        out << j.dump(2) << "\n";
        return kExitOk;
    }
    out << "Models (model.preset)\n";
    for (const ModelPreset& model : catalog.models) {
        out << "  " << model.name << "  " << model.displayName << ", " << model.spec.layers
            << " layers, hidden " << model.spec.hidden << "\n";
    }
    out << "\nGPUs (cluster.gpu)\n";
    for (const GpuPreset& gpu : catalog.gpus) {
        out << "  " << gpu.spec.name << "  " << gpu.displayName << ", "
            << formatBytes(gpu.spec.memoryBytes, ByteUnits::Binary) << ", "
            << formatFixed(gpu.spec.peakTflops.bf16, 0) << " TFLOP/s bf16\n";
    }
    out << "\nLinks (cluster.intra_node, cluster.inter_node)\n";
    for (const LinkPreset& link : catalog.links) {
        out << "  " << link.spec.name << "  " << link.displayName << ", "
            << formatFixed(link.spec.gbps, 0) << " GB/s\n";
    }
    return kExitOk;
}

// Reads and parses the plan; prints problems. Returns the plan, or an exit code.
struct LoadedPlan {
    std::optional<Plan> plan;
    std::vector<Diagnostic> diagnostics;
    int exitCode = kExitOk;
};

LoadedPlan loadPlan(const std::string& path, std::ostream& err) {
    LoadedPlan loaded;
    const ReadResult input = readInput(path);
    if (!input.text) {
        err << "fourfold-cli: " << input.error << "\n";
        loaded.exitCode = kExitUsage;
        return loaded;
    }
    PlanParse parse = parsePlan(*input.text);
    loaded.plan = std::move(parse.plan);
    loaded.diagnostics = std::move(parse.diagnostics);
    if (!loaded.plan) loaded.exitCode = kExitPlanErrors;
    return loaded;
}

int runValidate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const PlanArgs parsed = parsePlanArgs(args, false);
    if (!parsed.error.empty()) return usageError(err, parsed.error, kValidateHelp);
    LoadedPlan loaded = loadPlan(parsed.plan, err);
    if (loaded.exitCode == kExitUsage) return kExitUsage;
    std::vector<Diagnostic> diagnostics = loaded.diagnostics;
    if (loaded.plan) {
        const Evaluation evaluation = evaluate(*loaded.plan);
        diagnostics.insert(diagnostics.end(), evaluation.diagnostics.begin(),
                           evaluation.diagnostics.end());
    }
    for (const Diagnostic& diagnostic : diagnostics) out << describe(diagnostic) << "\n";
    if (!loaded.plan || hasErrors(diagnostics)) return kExitPlanErrors;
    out << "ok: no errors" << (diagnostics.empty() ? "" : " (see the notes above)") << "\n";
    return kExitOk;
}

int runEvaluate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const PlanArgs parsed = parsePlanArgs(args, true);
    if (!parsed.error.empty()) return usageError(err, parsed.error, kEvaluateHelp);
    LoadedPlan loaded = loadPlan(parsed.plan, err);
    if (loaded.exitCode == kExitUsage) return kExitUsage;
    if (!loaded.plan) {
        if (parsed.json) {
            Evaluation empty;
            empty.diagnostics = loaded.diagnostics;
            nlohmann::ordered_json j;
            j["schema"] = "fourfold.evaluation/1";
            j["diagnostics"] = evaluationToJsonValue(empty)["diagnostics"];
            out << j.dump(2) << "\n";
        } else {
            for (const Diagnostic& d : loaded.diagnostics) err << describe(d) << "\n";
        }
        return kExitPlanErrors;
    }
    Evaluation evaluation = evaluate(*loaded.plan);
    // Parse warnings (unknown keys, ...) come first, then the plan's own diagnostics.
    evaluation.diagnostics.insert(evaluation.diagnostics.begin(), loaded.diagnostics.begin(),
                                  loaded.diagnostics.end());
    if (parsed.json) {
        nlohmann::ordered_json j = evaluationToJsonValue(evaluation);
        if (parsed.noOps && j.contains("schedule") && j["schedule"].contains("ranks")) {
            for (auto& rank : j["schedule"]["ranks"]) rank.erase("ops");
        }
        out << j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    } else {
        out << evaluationTable(evaluation, parsed.gib ? ByteUnits::Binary : ByteUnits::Decimal);
    }
    return hasErrors(evaluation.diagnostics) ? kExitPlanErrors : kExitOk;
}

}  // namespace

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty()) return usageError(err, "missing COMMAND", kMainHelp);
    const std::string& command = args.front();
    if (command == "--help" || command == "-h" || command == "help") {
        out << kMainHelp;
        return kExitOk;
    }
    if (command == "presets") {
        if (wantsHelp(args)) return out << kPresetsHelp, kExitOk;
        return runPresets(args, out, err);
    }
    if (command == "new") {
        if (wantsHelp(args)) return out << kNewHelp, kExitOk;
        if (args.size() > 1) return usageError(err, "'new' takes no arguments", kNewHelp);
        out << planToJson(defaultPlan());
        return kExitOk;
    }
    if (command == "validate") {
        if (wantsHelp(args)) return out << kValidateHelp, kExitOk;
        return runValidate(args, out, err);
    }
    if (command == "evaluate") {
        if (wantsHelp(args)) return out << kEvaluateHelp, kExitOk;
        return runEvaluate(args, out, err);
    }
    return usageError(err, "unknown command '" + command + "'", kMainHelp);
}

}  // namespace fourfold::app
