// SPDX-License-Identifier: MIT
// fourfold-cli compare: two plans side by side — their figures with B's difference from A, the
// step's parts, each stage's peak memory and the fields that differ — as a table or JSON.
#include "app/cli/cli_command_list.h"
#include "core/evaluate/evaluate.h"
#include "core/evaluate/plan_compare.h"

namespace fourfold::app {
using namespace fourfold::core;
namespace {

constexpr const char* kHelp =
    "Usage: fourfold-cli compare A B [--json] [--lang LANG]\n"
    "\n"
    "Evaluate two plans and print them side by side: GPUs, global batch, peak memory per GPU\n"
    "and headroom, step time, tokens/s, MFU and bubble with B's difference from A, the parts\n"
    "of the critical stage's step, the peak memory of each pipeline stage, and every plan field\n"
    "whose value differs (as JSON pointers).\n"
    "  --json         print one object (schema fourfold.compare/1)\n"
    "  --lang LANG    write the table in LANG: en (default) or zh_CN (Simplified Chinese)\n"
    "A or B may be - for standard input (not both).\n"
    "Exit status: 0 compared (also when a plan has errors: its figures are absent), 2 usage or\n"
    "file error.\n";

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    // The two plans are the positional arguments; the flags are read as other commands read
    // them, with the first plan standing in for PLAN.
    std::vector<std::string> plans;
    std::vector<std::string> rest = {args.front()};
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--lang" && i + 1 < args.size()) {
            rest.push_back(arg);
            rest.push_back(args[++i]);
        } else if (arg.size() > 1 && arg[0] == '-') {
            rest.push_back(arg);
        } else {
            plans.push_back(arg);
        }
    }
    if (plans.size() != 2) return usageError(err, "compare needs two plans, A and B", kHelp);
    if (plans[0] == "-" && plans[1] == "-") {
        return usageError(err, "only one plan can come from standard input", kHelp);
    }
    rest.push_back(plans[0]);
    const PlanArgs parsed = parsePlanArgs(rest, {"--json", "--lang"});
    if (!parsed.error.empty()) return usageError(err, parsed.error, kHelp);

    std::vector<Evaluation> evaluations;
    for (const std::string& path : plans) {
        const LoadedPlan loaded = loadPlan(path);
        if (!loaded.fileError.empty()) {
            err << "fourfold-cli: " << loaded.fileError << "\n";
            return kExitUsage;
        }
        printDiagnostics(err, displayName(path), loaded.diagnostics, parsed.language);
        if (!loaded.plan) {
            err << "fourfold-cli: " << displayName(path) << " is not a plan\n";
            return kExitUsage;
        }
        evaluations.push_back(evaluate(*loaded.plan));
    }
    const PlansCompared compared = comparePlans(evaluations[0], evaluations[1]);
    if (parsed.has("--json")) {
        if (const auto bad = writeJson(out, stampedJson(comparisonToJson(compared)))) {
            err << "fourfold-cli: a figure is not a finite number at " << *bad << "\n";
            return kExitPlanErrors;
        }
        return kExitOk;
    }
    out << comparisonTable(compared, parsed.language);
    return kExitOk;
}

}  // namespace

const CliCommand kCompareCommand = {"compare", "compare A B [--json]",
                                    "two plans side by side: figures, stages, fields", kHelp, run};

}  // namespace fourfold::app
