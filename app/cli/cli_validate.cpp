// SPDX-License-Identifier: MIT
// fourfold-cli validate: every error, warning and note of a plan.
#include "app/cli/cli_command_list.h"
#include "core/evaluate/evaluate.h"
#include "core/plan/plan_json.h"
#include "core/text/coded_text.h"
#include "core/text/diagnostic_json.h"

namespace fourfold::app {
using namespace fourfold::core;
namespace {

const char* help() {
    static const std::string text =
        "Usage: fourfold-cli validate PLAN [--json] [--lang LANG]\n"
        "\n"
        "Read PLAN and report every error, warning and note. Each goes to standard error as\n"
        "  FILE:LINE:COLUMN: severity: message [JSON pointer]\n"
        "(FILE: severity: ... when it has no place in the text); \"ok: no errors\" goes to\n"
        "standard output.\n"
        "  --json   print one JSON object instead (schema fourfold.validation/1): \"valid\" and\n"
        "           the diagnostics with their code, args, path, message, line and column\n"
        "  --lang LANG  write the messages in LANG, one of " +
        languageChoices() +
        " (default en);\n"
        "           the JSON is the same in every language (its messages stay English)\n"
        "A plan file holds at most 1048576 bytes (1 MiB).\n"
        "Exit status: 0 no errors, 1 the plan has errors, 2 usage or file error.\n";
    return text.c_str();
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const PlanArgs parsed = parsePlanArgs(args, {"--json", "--lang"});
    if (!parsed.error.empty()) return usageError(err, parsed.error, help());
    LoadedPlan loaded = loadPlan(parsed.plan);
    if (!loaded.fileError.empty()) {
        err << "fourfold-cli: " << loaded.fileError << "\n";
        return kExitUsage;
    }
    std::vector<Diagnostic> diagnostics = loaded.diagnostics;
    if (loaded.plan) {
        std::vector<Diagnostic> found = evaluate(*loaded.plan).diagnostics;
        attachTextPositions(loaded.text, found);
        diagnostics.insert(diagnostics.end(), found.begin(), found.end());
    }
    const bool valid = loaded.plan.has_value() && !hasErrors(diagnostics);
    if (parsed.has("--json")) {
        nlohmann::ordered_json j;
        j["schema"] = "fourfold.validation/1";
        j["generator"] = generatorName();
        j["valid"] = valid;
        j["diagnostics"] = diagnosticsToJson(diagnostics);
        (void)writeJson(out, j);  // diagnostics hold no non-finite numbers
    } else {
        printDiagnostics(err, displayName(parsed.plan), diagnostics, parsed.language);
        if (valid) {
            const char* code = diagnostics.empty() ? "report.valid" : "report.valid_with_notes";
            out << renderCodedText({code, {}}, parsed.language) << "\n";
        }
    }
    return valid ? kExitOk : kExitPlanErrors;
}

}  // namespace

const CliCommand kValidateCommand = {"validate", "validate PLAN [--json] [--lang LANG]",
                                     "check a plan and list its problems", help(), run};

}  // namespace fourfold::app
