// SPDX-License-Identifier: MIT
// fourfold-cli search: every layout of a plan's model on its cluster, the best by an objective
// and the Pareto front of memory vs throughput, as a table or JSON.
#include "app/cli/cli_command_list.h"
#include "core/calibrate/profiled_search.h"
#include "core/plan/plan_json.h"
#include "core/search/search.h"
#include "core/search/search_csv.h"
#include "core/search/search_json.h"

#include <charconv>
#include <sstream>

namespace fourfold::app {
using namespace fourfold::core;
namespace {

const char* help() {
    static const std::string text =
        "Usage: fourfold-cli search PLAN [--top N] [--objective tokens_per_s|time|cost|headroom]\n"
        "                           [--json | --csv [-o FILE]] [--threads N] [--overlaps]\n"
        "                           [--tp-across-nodes]"
        " [--time-limit SECONDS] [--lang LANG]\n"
        "\n"
        "Search every parallel layout of PLAN's model on its cluster, keeping its sequence length\n"
        "and global batch: dp x tp x pp x cp (x ep, etp) splits of the cluster's GPUs, schedule\n"
        "and virtual stages, ZeRO stage, offload, sequence parallel, recompute and micro-batch\n"
        "(the accumulation follows from the global batch). Layouts that break a rule are pruned;\n"
        "the others are costed as 'evaluate' costs them, and those that fit are ranked.\n"
        "  --top N        print the best N (default 10; 0: every layout that fits, written as\n"
        "                 they are ranked)\n"
        "  --objective O  tokens_per_s (default), time or cost to train the plan's token budget\n"
        "                 (performance.token_budget, price_per_gpu_hour), or memory headroom\n"
        "  --json         print one object (schema fourfold.search/1): counts, the candidates\n"
        "                 with their complete plans and figures, and the Pareto front\n"
        "  --csv          print the candidates as CSV: rank, every layout field, the figures\n"
        "  -o FILE        with --json or --csv: write it to FILE instead, replaced whole once the\n"
        "                 search is done, or left as it was if the write fails\n"
        "  --threads N    worker threads (default: one per core)\n"
        "  --overlaps     also try each overlap option on and off (default: the plan's own)\n"
        "  --tp-across-nodes  also try tensor parallel groups larger than a node\n"
        "  --time-limit S stop after S seconds of wall-clock time (default 10; 0: no limit) and\n"
        "                 report what was searched by then, marked as stopped at the limit\n"
        "  --lang LANG    write the table's sentences and the diagnostics in LANG, one of\n"
        "                 " +
        languageChoices() +
        " (default en); --json is the same in every language\n"
        "Every candidate's plan evaluates with 'fourfold-cli evaluate' to the same figures.\n"
        "A space of more than 10^9 layouts is refused before it is searched.\n"
        "Exit status: 0 searched (also when nothing fits), 1 the plan has errors or every layout\n"
        "breaks a rule, 2 usage or file error.\n";
    return text.c_str();
}

// The CLI's default budget: the largest space the search is built for (GPT-3 175B on 1,024
// GPUs, 1.7 million layouts) takes 1.6 s here idle and up to 11 s wall on a loaded 2-core
// machine (docs/search.md, "Limits").
constexpr double kDefaultTimeLimitSeconds = 10;

bool parseCount(const std::string& text, int& value) {
    const char* end = text.data() + text.size();
    const auto [at, error] = std::from_chars(text.data(), end, value);
    return error == std::errc() && at == end && value >= 0;
}

bool parseSeconds(const std::string& text, double& value) {
    const char* end = text.data() + text.size();
    const auto [at, error] = std::from_chars(text.data(), end, value);
    return error == std::errc() && at == end && value >= 0 && value <= 1e9;
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    SearchOptions options;
    std::string output;  // -o
    options.top = 10;
    options.timeLimitSeconds = kDefaultTimeLimitSeconds;
    // Options with a value come out before the flags are read.
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (i == 0 || (arg != "--top" && arg != "--objective" && arg != "--threads" &&
                       arg != "--time-limit" && arg != "-o")) {
            rest.push_back(arg);
            continue;
        }
        if (i + 1 >= args.size()) return usageError(err, arg + " needs a value", help());
        const std::string& value = args[++i];
        if (arg == "-o") {
            output = value;
        } else if (arg == "--objective") {
            const auto objective = parseSearchObjective(value);
            if (!objective) {
                return usageError(
                    err, "unknown objective '" + value + "' (tokens_per_s, time, cost or headroom)",
                    help());
            }
            options.objective = *objective;
        } else if (arg == "--time-limit") {
            if (!parseSeconds(value, options.timeLimitSeconds)) {
                return usageError(
                    err, "--time-limit needs seconds from 0 (no limit), got '" + value + "'",
                    help());
            }
        } else if (!parseCount(value, arg == "--top" ? options.top : options.threads)) {
            return usageError(err, arg + " needs a whole number, got '" + value + "'", help());
        }
    }
    const PlanArgs parsed =
        parsePlanArgs(rest, {"--json", "--csv", "--overlaps", "--tp-across-nodes", "--lang"});
    if (!parsed.error.empty()) return usageError(err, parsed.error, help());
    if (parsed.has("--json") && parsed.has("--csv")) {
        return usageError(err, "--json and --csv cannot be combined", help());
    }
    if (!output.empty() && !parsed.has("--json") && !parsed.has("--csv")) {
        return usageError(err, "-o needs --json or --csv", help());
    }
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
    const auto status = [](const SearchResult& result) {
        const bool allPruned =
            result.counts.space > 0 && result.counts.pruned == result.counts.space;
        return result.counts.space == 0 || allPruned ? kExitPlanErrors : kExitOk;
    };
    // With -o the output is gathered, then written whole (a failed search or write leaves the
    // file as it was).
    std::ostringstream gathered;
    std::ostream& sink = output.empty() ? out : gathered;
    const auto finish = [&](int exitCode) {
        if (output.empty()) return exitCode;
        return writeOutputFile(output, std::move(gathered).str(), err) ? exitCode : kExitUsage;
    };
    if (parsed.has("--csv")) {
        const SearchResult result = searchWithProfile(*loaded.plan, options);
        sink << searchCsv(result);
        return finish(status(result));
    }
    // Candidates are written as they are handed over, so --top 0 holds one plan at a time (on
    // standard output; -o holds the whole output until it is written).
    SearchWriter writer(sink, json, parsed.language, generatorName());
    options.onCandidate = [&writer](const SearchResult& so, const SearchCandidate& candidate) {
        writer.candidate(so, candidate);
    };
    const SearchResult result = searchWithProfile(*loaded.plan, options);
    writer.finish(result);
    return finish(status(result));
}

}  // namespace

const CliCommand kSearchCommand = {
    "search", "search PLAN [--top N] [--objective O] [--json | --csv] [-o FILE]",
    "find the layouts that fit and run fastest", help(), run};

}  // namespace fourfold::app
