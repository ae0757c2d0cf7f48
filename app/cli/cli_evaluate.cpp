// SPDX-License-Identifier: MIT
// fourfold-cli evaluate: memory, schedule and rank map of a plan, as a table or JSON.
#include "app/cli/cli_command_list.h"
#include "app/cli/plan_overrides.h"
#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_json.h"
#include "core/evaluate/evaluation_table.h"
#include "core/plan/plan_json.h"
#include "core/text/diagnostic_json.h"

namespace fourfold::app {
using namespace fourfold::core;
namespace {

const char* help() {
    static const std::string text =
        "Usage: fourfold-cli evaluate PLAN [--json] [--gib] [--no-ops] [--no-groups]\n"
        "                             [--set FIELD=VALUE]... [--lang LANG]\n"
        "\n"
        "Evaluate PLAN: global batch, parameters, memory per GPU and pipeline stage,\n"
        "the pipeline schedule and the rank map. The table goes to standard output, the\n"
        "plan's diagnostics to standard error (FILE:LINE:COLUMN: severity: message).\n"
        "  --json     print only the evaluation object (schema fourfold.evaluation/1), with the\n"
        "             diagnostics inside it; a plan with errors still prints one JSON object\n"
        "  --gib      show bytes in GiB (2^30) instead of GB (10^9), formula lines included\n"
        "  --no-ops   leave the per-operation schedule lists (operations and activation\n"
        "             timelines) out of the JSON (large pipelines)\n"
        "  --no-groups  leave the rank group lists, and the indices of those spanning nodes,\n"
        "             out of the JSON (large clusters)\n"
        "  --set FIELD=VALUE  change a plan field before evaluating, without editing the file\n"
        "             (repeatable), e.g. --set parallel.tp=4 --set training.precision=fp8\n"
        "  --lang LANG  write the table and the diagnostics in LANG: " +
        languageChoices() +
        " (default en)\n"
        "             (labels, formulas' notes, what-ifs, messages); --json output is the\n"
        "             same in every language\n"
        "A plan file holds at most 1048576 bytes (1 MiB).\n"
        "Exit status: 0 evaluated (warnings allowed), 1 the plan has errors, 2 usage or file "
        "error.\n";
    return text.c_str();
}

int printJson(std::ostream& out, const Evaluation& evaluation, bool noOps, bool noGroups) {
    // The operation and group lists stay placeholders here and are streamed from the
    // Evaluation as they are written: a million-rank job's groups never become a tree.
    const nlohmann::ordered_json j = stampedJson(
        evaluationToJsonValue(evaluation, noOps ? ListMode::Omit : ListMode::Placeholder,
                              noGroups ? ListMode::Omit : ListMode::Placeholder));
    const auto bad = findNonFinite(j);
    if (!bad) {
        writeEvaluationTree(out, evaluation, j);
    } else {
        // A figure overflowed to infinity or NaN: report it rather than print null.
        nlohmann::ordered_json failed;
        failed["schema"] = "fourfold.evaluation/1";
        failed["generator"] = generatorName();
        std::vector<Diagnostic> diagnostics = evaluation.diagnostics;
        diagnostics.push_back(
            makeDiagnostic(Severity::Error, "", "evaluate.non_finite_figure", {{"pointer", *bad}}));
        failed["diagnostics"] = diagnosticsToJson(diagnostics);
        (void)writeJson(out, failed);
        return kExitPlanErrors;
    }
    return hasErrors(evaluation.diagnostics) ? kExitPlanErrors : kExitOk;
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    // --set takes a value: pull the overrides out before the flags are read.
    std::vector<std::string> rest;
    std::vector<std::string> sets;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (i > 0 && args[i] == "--set") {
            if (i + 1 >= args.size()) return usageError(err, "--set needs FIELD=VALUE", help());
            sets.push_back(args[++i]);
        } else if (i > 0 && args[i].starts_with("--set=")) {
            sets.push_back(args[i].substr(6));
        } else {
            rest.push_back(args[i]);
        }
    }
    const PlanArgs parsed =
        parsePlanArgs(rest, {"--json", "--gib", "--no-ops", "--no-groups", "--lang"});
    if (!parsed.error.empty()) return usageError(err, parsed.error, help());
    const bool json = parsed.has("--json");
    LoadedPlan loaded = loadPlan(parsed.plan);
    if (!loaded.fileError.empty()) {
        err << "fourfold-cli: " << loaded.fileError << "\n";
        return kExitUsage;
    }
    if (!sets.empty()) {
        OverrideResult patched = applyPlanOverrides(loaded.text, sets);
        if (!patched.text) {
            err << "fourfold-cli: " << patched.error << "\n";
            return kExitUsage;
        }
        PlanParse parse = parsePlan(*patched.text);
        loaded.text = std::move(*patched.text);
        loaded.plan = std::move(parse.plan);
        loaded.diagnostics = std::move(parse.diagnostics);
    }
    if (!loaded.plan)
        return reportUnreadablePlan(out, err, parsed, loaded, json, "fourfold.evaluation/1");
    Evaluation evaluation = evaluate(*loaded.plan);
    attachTextPositions(loaded.text, evaluation.diagnostics);
    // Parse warnings (unknown keys, ...) come first, then the plan's own diagnostics.
    evaluation.diagnostics.insert(evaluation.diagnostics.begin(), loaded.diagnostics.begin(),
                                  loaded.diagnostics.end());
    if (json) return printJson(out, evaluation, parsed.has("--no-ops"), parsed.has("--no-groups"));
    printDiagnostics(err, displayName(parsed.plan), evaluation.diagnostics, parsed.language);
    const bool failed = hasErrors(evaluation.diagnostics);
    // On standard error above; cleared rather than copying the evaluation (millions of ops).
    evaluation.diagnostics.clear();
    out << evaluationTable(evaluation, parsed.has("--gib") ? ByteUnits::Binary : ByteUnits::Decimal,
                           parsed.language);
    return failed ? kExitPlanErrors : kExitOk;
}

}  // namespace

const CliCommand kEvaluateCommand = {"evaluate", "evaluate PLAN [--json] [--gib] [--no-ops] ...",
                                     "compute memory, schedule and rank map for a plan", help(),
                                     run};

}  // namespace fourfold::app
