// SPDX-License-Identifier: MIT
// fourfold-cli validate: every error, warning and note of a plan.
#include "app/cli/cli_command_list.h"
#include "core/evaluate.h"

namespace fourfold::app {
using namespace fourfold::core;
namespace {

constexpr const char* kHelp =
    "Usage: fourfold-cli validate PLAN\n"
    "\n"
    "Read PLAN and print every error, warning and note with its JSON pointer.\n"
    "Exit status: 0 no errors, 1 the plan has errors, 2 usage or file error.\n";

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const PlanArgs parsed = parsePlanArgs(args, {});
    if (!parsed.error.empty()) return usageError(err, parsed.error, kHelp);
    LoadedPlan loaded = loadPlan(parsed.plan);
    if (!loaded.fileError.empty()) {
        err << "fourfold-cli: " << loaded.fileError << "\n";
        return kExitUsage;
    }
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

}  // namespace

const CliCommand kValidateCommand = {"validate", "validate PLAN",
                                     "check a plan and list its problems", kHelp, run};

}  // namespace fourfold::app
