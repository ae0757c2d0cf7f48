// SPDX-License-Identifier: MIT
// fourfold-cli evaluate: memory, schedule and rank map of a plan, as a table or JSON.
#include "app/cli/cli_command_list.h"
#include "core/evaluate.h"
#include "core/evaluation_json.h"
#include "core/evaluation_table.h"

#include <nlohmann/json.hpp>

namespace fourfold::app {
using namespace fourfold::core;
namespace {

constexpr const char* kHelp =
    "Usage: fourfold-cli evaluate PLAN [--json] [--gib] [--no-ops]\n"
    "\n"
    "Evaluate PLAN: global batch, parameters, memory per GPU and pipeline stage,\n"
    "the pipeline schedule and the rank map.\n"
    "  --json     print only the evaluation object (schema fourfold.evaluation/1)\n"
    "  --gib      show bytes in GiB (2^30) instead of GB (10^9) in the table\n"
    "  --no-ops   leave the per-operation schedule lists out of the JSON (large pipelines)\n"
    "Exit status: 0 evaluated (warnings allowed), 1 the plan has errors, 2 usage or file error.\n";

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const PlanArgs parsed = parsePlanArgs(args, {"--json", "--gib", "--no-ops"});
    if (!parsed.error.empty()) return usageError(err, parsed.error, kHelp);
    const bool json = parsed.has("--json");
    LoadedPlan loaded = loadPlan(parsed.plan);
    if (!loaded.fileError.empty()) {
        err << "fourfold-cli: " << loaded.fileError << "\n";
        return kExitUsage;
    }
    if (!loaded.plan) {
        if (json) {
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
    if (json) {
        nlohmann::ordered_json j = evaluationToJsonValue(evaluation);
        if (parsed.has("--no-ops") && j.contains("schedule") && j["schedule"].contains("ranks")) {
            for (auto& rank : j["schedule"]["ranks"]) rank.erase("ops");
        }
        out << j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    } else {
        out << evaluationTable(evaluation,
                               parsed.has("--gib") ? ByteUnits::Binary : ByteUnits::Decimal);
    }
    return hasErrors(evaluation.diagnostics) ? kExitPlanErrors : kExitOk;
}

}  // namespace

const CliCommand kEvaluateCommand = {"evaluate", "evaluate PLAN [--json] [--gib] [--no-ops]",
                                     "compute memory, schedule and rank map for a plan", kHelp,
                                     run};

}  // namespace fourfold::app
