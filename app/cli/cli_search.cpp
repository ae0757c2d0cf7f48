// SPDX-License-Identifier: MIT
// fourfold-cli search: every layout of a plan's model on its cluster, the best by an objective
// and the Pareto front of memory vs throughput, as a table or JSON.
#include "app/cli/cli_command_list.h"
#include "core/calibrate/profiled_search.h"
#include "core/plan/plan_json.h"
#include "core/search/search.h"
#include "core/search/search_json.h"

#include <charconv>

namespace fourfold::app {
using namespace fourfold::core;
namespace {

constexpr const char* kHelp =
    "Usage: fourfold-cli search PLAN [--top N] [--objective tokens_per_s|time|cost|headroom]\n"
    "                           [--json] [--threads N] [--overlaps] [--tp-across-nodes]\n"
    "                           [--lang LANG]\n"
    "\n"
    "Search every parallel layout of PLAN's model on its cluster, keeping its sequence length\n"
    "and global batch: dp x tp x pp x cp (x ep, etp) splits of the cluster's GPUs, schedule\n"
    "and virtual stages, ZeRO stage, offload, sequence parallel, recompute and micro-batch\n"
    "(the accumulation follows from the global batch). Layouts that break a rule are pruned;\n"
    "the others are costed as 'evaluate' costs them, and those that fit are ranked.\n"
    "  --top N        print the best N (default 10; 0: every layout that fits)\n"
    "  --objective O  tokens_per_s (default), time or cost to train the plan's token budget\n"
    "                 (performance.token_budget, price_per_gpu_hour), or memory headroom\n"
    "  --json         print one object (schema fourfold.search/1): counts, the candidates\n"
    "                 with their complete plans and figures, and the Pareto front\n"
    "  --threads N    worker threads (default: one per core)\n"
    "  --overlaps     also try each overlap option on and off (default: the plan's own)\n"
    "  --tp-across-nodes  also try tensor parallel groups larger than a node\n"
    "  --lang LANG    write the table's sentences and the diagnostics in LANG: en (default)\n"
    "                 or zh_CN (Simplified Chinese); --json is the same in every language\n"
    "Every candidate's plan evaluates with 'fourfold-cli evaluate' to the same figures.\n"
    "Exit status: 0 searched (also when nothing fits), 1 the plan has errors or every layout\n"
    "breaks a rule, 2 usage or file error.\n";

bool parseCount(const std::string& text, int& value) {
    const char* end = text.data() + text.size();
    const auto [at, error] = std::from_chars(text.data(), end, value);
    return error == std::errc() && at == end && value >= 0;
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    SearchOptions options;
    options.top = 10;
    // Options with a value come out before the flags are read.
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (i == 0 || (arg != "--top" && arg != "--objective" && arg != "--threads")) {
            rest.push_back(arg);
            continue;
        }
        if (i + 1 >= args.size()) return usageError(err, arg + " needs a value", kHelp);
        const std::string& value = args[++i];
        if (arg == "--objective") {
            const auto objective = parseSearchObjective(value);
            if (!objective) {
                return usageError(
                    err, "unknown objective '" + value + "' (tokens_per_s, time, cost or headroom)",
                    kHelp);
            }
            options.objective = *objective;
        } else if (!parseCount(value, arg == "--top" ? options.top : options.threads)) {
            return usageError(err, arg + " needs a whole number, got '" + value + "'", kHelp);
        }
    }
    const PlanArgs parsed =
        parsePlanArgs(rest, {"--json", "--overlaps", "--tp-across-nodes", "--lang"});
    if (!parsed.error.empty()) return usageError(err, parsed.error, kHelp);
    options.space.overlaps = parsed.has("--overlaps");
    options.space.tensorParallelWithinNode = !parsed.has("--tp-across-nodes");
    const bool json = parsed.has("--json");
    LoadedPlan loaded = loadPlan(parsed.plan);
    if (!loaded.fileError.empty()) {
        err << "fourfold-cli: " << loaded.fileError << "\n";
        return kExitUsage;
    }
    if (!loaded.plan)
        return reportUnreadablePlan(out, err, parsed, loaded, json, "fourfold.search/1");
    // Unknown keys, ...
    printDiagnostics(err, displayName(parsed.plan), loaded.diagnostics, parsed.language);
    const SearchResult result = searchWithProfile(*loaded.plan, options);
    const bool allPruned = result.counts.space > 0 && result.counts.pruned == result.counts.space;
    const int status = result.counts.space == 0 || allPruned ? kExitPlanErrors : kExitOk;
    if (json) {
        nlohmann::ordered_json j = searchToJson(result);
        nlohmann::ordered_json stamped;
        stamped["schema"] = j["schema"];
        stamped["generator"] = generatorName();
        for (const auto& [key, value] : j.items()) {
            if (key != "schema") stamped[key] = value;
        }
        if (const auto bad = writeJson(out, stamped)) {
            err << "fourfold-cli: a figure is not a finite number at " << *bad << "\n";
            return kExitPlanErrors;
        }
        return status;
    }
    out << searchTable(result, parsed.language);
    return status;
}

}  // namespace

const CliCommand kSearchCommand = {"search", "search PLAN [--top N] [--objective O] [--json]",
                                   "find the layouts that fit and run fastest", kHelp, run};

}  // namespace fourfold::app
