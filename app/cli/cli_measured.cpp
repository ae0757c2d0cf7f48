// SPDX-License-Identifier: MIT
// fourfold-cli measured: the measured figures a training log reports (step time, throughput,
// MFU, peak memory), with the lines they were read from.
#include "app/cli/cli_command_list.h"
#include "core/measure/measured_log.h"
#include "core/measure/measured_log_json.h"
#include "core/text/diagnostic_json.h"

#include <charconv>

namespace fourfold::app {
using namespace fourfold::core;
namespace {

constexpr const char* kHelp =
    "Usage: fourfold-cli measured LOGFILE [--json] [--warmup N] [--lang LANG]\n"
    "\n"
    "Read a training log and print the measured figures it reports, each with the lines it\n"
    "was read from: Megatron-LM's iteration lines (elapsed time per iteration, throughput per\n"
    "GPU) and memory reports, torchtitan's step lines (tps, tflops, mfu, memory), DeepSpeed's\n"
    "throughput timer (CurrSamplesPerSec, MaxMemAllocated) and flops profiler, the Hugging Face\n"
    "Trainer's train_samples_per_second, and printouts of torch.cuda.max_memory_reserved or\n"
    "max_memory_allocated. Times and rates are the median of the samples after the warm-up,\n"
    "with their spread; a peak is the largest sample.\n"
    "  --json      print one object (schema fourfold.measured/1): each figure with its median,\n"
    "              minimum, maximum, spread, samples and lines, and \"measured\", ready to paste\n"
    "              into a plan or a runs file\n"
    "  --warmup N  steps 1 to N are warm-up and left out (default 10; 0 keeps every step)\n"
    "  --lang LANG write the report in LANG: en (default) or zh_CN (Simplified Chinese)\n"
    "LOGFILE may be - for standard input; at most 536870912 bytes (512 MiB) are read.\n"
    "A figure outside the range a plan gives it (docs/plan-format.md) is an error naming its\n"
    "line, the value and the range, and is left out of \"measured\".\n"
    "Exit status: 0 figures found, 1 none found or one out of range, 2 usage or file error.\n";

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    int warmup = kDefaultWarmupSteps;
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (i == 0 || args[i] != "--warmup") {
            rest.push_back(args[i]);
            continue;
        }
        if (i + 1 >= args.size()) return usageError(err, "--warmup needs a value", kHelp);
        const std::string& value = args[++i];
        const char* end = value.data() + value.size();
        const auto [at, error] = std::from_chars(value.data(), end, warmup);
        if (error != std::errc() || at != end || warmup < 0) {
            return usageError(err, "--warmup needs a step count (0 or more), got '" + value + "'",
                              kHelp);
        }
    }
    PlanArgs parsed = parsePlanArgs(rest, {"--json", "--lang"});
    if (parsed.error == "missing PLAN") parsed.error = "missing LOGFILE";
    if (!parsed.error.empty()) return usageError(err, parsed.error, kHelp);
    const ReadResult input = readInput(parsed.plan, kMaxLogBytes, "a log file");
    if (!input.text) {
        err << "fourfold-cli: " << input.error << "\n";
        return kExitUsage;
    }
    const MeasuredLog log = readMeasuredLog(*input.text, warmup);
    if (parsed.has("--json")) {
        nlohmann::ordered_json document =
            stampedJson(measuredLogToJson(log), {{"file", displayName(parsed.plan)}});
        document["diagnostics"] = diagnosticsToJson(log.diagnostics);
        if (const auto bad = writeJson(out, document)) {
            err << "fourfold-cli: a figure at " << *bad << " is not a finite number\n";
            return kExitUsage;
        }
    } else {
        printDiagnostics(err, displayName(parsed.plan), log.diagnostics, parsed.language);
        out << measuredLogReport(log, displayName(parsed.plan), parsed.language);
    }
    return log.figures.empty() || hasErrors(log.diagnostics) ? kExitPlanErrors : kExitOk;
}

}  // namespace

const CliCommand kMeasuredCommand = {"measured", "measured LOGFILE [--json] [--warmup N]",
                                     "the measured figures a training log reports", kHelp, run};

}  // namespace fourfold::app
