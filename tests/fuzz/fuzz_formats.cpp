// SPDX-License-Identifier: MIT
// The input-format fuzzer: every file fourfold-cli reads besides a plan, fed through the
// command itself in process (app/cli's runCli, standard input swapped for the input), one row
// of a table per format:
//   deepspeed, megatron, torchtitan, huggingface   fourfold-cli import -
//   lesson                                         fourfold-cli lesson -
//   set                                            fourfold-cli evaluate PLAN --json --set ...
//   runs, log, profile (fuzz_calibration_rows.cpp) fourfold-cli calibrate RUNS --json,
//                                                  measured - --json, evaluate with
//                                                  cluster.profile naming the input
// On every input it checks what a reader relies on: no crash and no sanitizer report (the CI
// build aborts on either), no input taking over 10 s of processor time, an exit status the command
// documents, an exit 0 only with a result inside the plan's documented bounds (an imported plan
// that validates without a range error; an evaluation whose numbers are finite and non-negative),
// and every --json output one JSON object. Seeds are real-looking files: exports of several
// plans in each framework's format, the Hugging Face configs of tests/core, the built-in
// lessons, and --set lines naming documented keys; the mutations swap numbers for huge,
// negative, zero, fractional and wrong-typed values, nest values deep, repeat lines and damage
// bytes (fuzz_mutator.h).
//
// To add a format add a row to kFormats: its name, its seeds (seedFiles("tests/data/DIR") reads a
// folder of real files), the command that reads it from standard input ("-"), its size cap and,
// optionally, what an exit 0 must satisfy (or a function that runs the input its own way). The
// row's command runs on every seed and mutation with the checks every format shares.
//
// Built with clang and -fsanitize=fuzzer it is a libFuzzer target (FOURFOLD_LIBFUZZER=ON); the
// format is FOURFOLD_FUZZ_FORMAT's, or the input's first byte picks one. Built without it (the
// default) main() is a deterministic driver:
//   fuzz_formats [--format NAME]... [--skip NAME]... [--iterations N] [--seed S] [--verbose]
#include "tests/core/hf_configs_for_tests.h"
#include "tests/fuzz/fuzz_calibration_rows.h"
#include "tests/fuzz/fuzz_checks.h"
#include "tests/fuzz/fuzz_cli.h"
#include "tests/fuzz/fuzz_mutator.h"

#include "app/cli/plan_overrides.h"
#include "core/calibrate/runs_file.h"
#include "core/frameworks/frameworks.h"
#include "core/lesson/lesson.h"
#include "core/measure/measured_log.h"
#include "core/plan/calibration_profile.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/rules/validate.h"
#include "core/rules/validate_ranges.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#ifndef FOURFOLD_SOURCE_DIR
#define FOURFOLD_SOURCE_DIR "."
#endif

namespace {

using namespace fourfold::core;
using namespace fourfold::fuzz;

// The longest one input may take, command and checks together.
// Processor time rather than wall-clock time, so a machine shared with other builds does not
// make a fast input look hung; a wait that never ends is the outer `timeout`'s to stop.
constexpr double kMaxSecondsPerInput = 10;

// The processor time of the whole process (all its threads) in seconds.
double processorSeconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// An imported plan: one JSON object, which reads back as a plan and breaks none of the plan's
// documented ranges or combined limits (the "absurd figure" an exit 0 must never carry).
void checkImportedPlan(const CliResult& result, std::string_view input) {
    const PlanParse parse = parsePlan(result.out);
    if (!parse.plan) fail("exit 0, but the printed plan does not read back", input);
    for (const Diagnostic& problem : validate(*parse.plan)) {
        if (isBoundsError(problem))
            fail("exit 0 with a plan out of bounds: " + problem.message, input);
    }
}

// --- the formats --------------------------------------------------------------------------

// Plans whose exports seed the framework formats: the default, a dense 3D layout, an MoE
// model with interleaving and offload, and a GPT-3-sized job.
std::vector<Plan> seedPlans() {
    std::vector<Plan> plans{defaultPlan()};
    Plan layered = defaultPlan();
    layered.parallel = {};
    layered.parallel.dp = 4;
    layered.parallel.tp = 4;
    layered.parallel.pp = 4;
    layered.parallel.virtualStages = 2;
    layered.parallel.schedule = ScheduleKind::Interleaved1F1B;
    layered.parallel.zeroStage = 1;
    layered.cluster.nodes = 8;
    layered.training.gradAccumulation = 16;
    plans.push_back(layered);
    Plan moe = defaultPlan();
    if (const auto mixtral = findModelPreset("mixtral-8x7b")) moe.model = mixtral->spec;
    moe.parallel.ep = 8;
    moe.parallel.zeroStage = 3;
    moe.parallel.offload = Offload::OptimizerCpu;
    moe.training.recompute = Recompute::Full;
    moe.training.precision = Precision::Fp16;
    plans.push_back(moe);
    Plan large = defaultPlan();
    if (const auto gpt3 = findModelPreset("gpt3-175b")) large.model = gpt3->spec;
    large.parallel.tp = 8;
    large.parallel.pp = 16;
    large.parallel.dp = 8;
    large.cluster.nodes = 128;
    large.training.gradAccumulation = 192;
    plans.push_back(large);
    return plans;
}

std::vector<std::string> exportsAs(std::string_view key, std::vector<std::string> extra) {
    std::vector<std::string> seeds;
    const FrameworkFormat* format = findFrameworkFormat(key);
    for (const Plan& plan : seedPlans()) seeds.push_back(exportPlan(plan, *format).text);
    for (std::string& text : extra) seeds.push_back(std::move(text));
    return seeds;
}

std::vector<std::string> deepSpeedSeeds() {
    return exportsAs("deepspeed",
                     {R"({"train_batch_size": "auto", "train_micro_batch_size_per_gpu": "auto",
  "gradient_accumulation_steps": "auto", "bf16": {"enabled": "auto"},
  "zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu", "pin_memory": true},
    "offload_param": {"device": "nvme", "nvme_path": "/local_nvme"},
    "stage3_prefetch_bucket_size": 5e8, "reduce_bucket_size": 5e8, "mics_shard_size": 8}})",
                      R"({"train_batch_size": 1024, "gradient_accumulation_steps": 8,
  "fp16": {"enabled": true, "loss_scale": 0}, "data_types": {"grad_accum_dtype": "bf16"},
  "optimizer": {"type": "Adam", "params": {"lr": 3e-4, "adam_w_mode": false}},
  "zero_optimization": {"stage": 1}})"});
}

std::vector<std::string> megatronSeeds() {
    return exportsAs(
        "megatron",
        {"torchrun --nnodes 16 --nproc-per-node 8 pretrain_gpt.py --num-layers 80 "
         "--hidden-size 8192 --num-attention-heads 64 --group-query-attention "
         "--num-query-groups 8 --ffn-hidden-size 28672 --seq-length 4096 --vocab-size 128256 "
         "--swiglu --tensor-model-parallel-size 8 --pipeline-model-parallel-size 4 "
         "--num-layers-per-virtual-pipeline-stage 5 --sequence-parallel "
         "--use-distributed-optimizer --micro-batch-size 1 --global-batch-size 1024 --bf16 "
         "--recompute-granularity selective\n",
         "MEGATRON_ARGS=(\n  --num-layers 32 --hidden-size 4096 --num-attention-heads 32\n"
         "  --num-experts 8 --moe-router-topk 2 --expert-model-parallel-size 4\n"
         "  --use-megatron-fsdp --data-parallel-sharding-strategy optim_grads\n)\n"
         "torchrun --nnodes=2 --nproc_per_node=8 pretrain_gpt.py \"${MEGATRON_ARGS[@]}\"\n"});
}

std::vector<std::string> torchtitanSeeds() {
    return exportsAs("torchtitan",
                     {"[job]\ndump_folder = \"./outputs\"\n[model]\nname = \"llama3\"\n"
                      "flavor = \"70B\"\n[training]\nlocal_batch_size = 8\nseq_len = 8192\n"
                      "global_batch_size = -1\nmixed_precision_param = \"bfloat16\"\n"
                      "[parallelism]\ndata_parallel_replicate_degree = 1\n"
                      "data_parallel_shard_degree = -1\ntensor_parallel_degree = 8\n"
                      "pipeline_parallel_degree = 4\npipeline_parallel_schedule = "
                      "\"Interleaved1F1B\"\npipeline_parallel_microbatch_size = 1\n"
                      "[activation_checkpoint]\nmode = \"full\"\n",
                      "parallelism = { tensor_parallel_degree = 2, context_parallel_degree = 2 }\n"
                      "training.local_batch_size = 4\n[optimizer]\nname = \"AdamW\"\nlr = 8e-4\n"});
}

std::vector<std::string> huggingFaceSeeds() {
    namespace t = fourfold::test;
    return {t::kLlama2_7bConfig,  t::kMistral7bConfig,      t::kMixtral8x7bConfig,
            t::kQwen2_7bConfig,   t::kQwen15MoeA27bConfig,  t::kGpt2Config,
            t::kPythia160mConfig, t::kDeepseekV2LiteConfig, t::kDeepseekV3Config};
}

std::vector<std::string> lessonSeeds() {
    std::vector<std::string> seeds = seedFiles("resources/lessons");
    // One step is the lesson fuzzed most: whole lessons evaluate every step's plan.
    seeds.push_back(R"({"schema": "fourfold.lesson/1", "title": "t", "language": "en", "steps": [
  {"id": "a", "title": "A", "text": "Batch {global_batch}, peak {stage0.weights:formula}.",
   "patch": {"parallel": {"tp": 2, "dp": 4}, "training": {"micro_batch": 2}}, "view": "memory",
   "highlight": "control.tp",
   "question": {"prompt": "How many?", "answer": 8, "tolerance": 0.5}}]})");
    return seeds;
}

// One --set per line, applied to the default plan.
std::vector<std::string> setSeeds() {
    return {"parallel.tp=4\ntraining.micro_batch=2",
            "cluster.gpu.memory_bytes=68719476736",
            "measured.step_time_s=2\nmeasured.peak_bytes_per_stage=[70000000000]",
            "performance.token_budget=1e12\nperformance.price_per_gpu_hour=2.5",
            "checkpoint.storage_gbps=40\ncheckpoint.mtbf_hours_per_gpu=10000",
            "training.precision=fp8\nparallel.zero_stage=3\nparallel.offload=optimizer_cpu",
            "model.moe={\"experts\": 8, \"top_k\": 2}\nparallel.ep=8",
            "cluster.nodes=4\nparallel.dp=16\nparallel.pp=2\nparallel.schedule=interleaved_1f1b"
            "\nparallel.virtual_stages=2",
            "cluster.intra_node.gbps=450\ncluster.gpu.efficiency.gemm=0.6",
            "memory.fragmentation=0.1\nmemory.convention=megatron"};
}

std::vector<std::string> linesOf(std::string_view text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        if (end > start) lines.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

int setInput(std::string_view input) {
    static const std::string kPlan = planToJson(defaultPlan());
    const std::vector<std::string> sets = linesOf(input);
    // What the command will evaluate: the largest jobs are only validated, from the patched
    // text (see fuzz_checks.h).
    const fourfold::app::OverrideResult patched = fourfold::app::applyPlanOverrides(kPlan, sets);
    if (patched.text) {
        const PlanParse parse = parsePlan(*patched.text);
        if (parse.plan && tooLargeToEvaluate(*parse.plan)) {
            const CliResult result = runCommand({"validate", "-", "--json"}, *patched.text);
            expectExit(result, {0, 1}, input);
            const Json json = Json::parse(result.out, nullptr, false);
            if (json.is_discarded() || !json.is_object())
                fail("validate --json printed no JSON object", input);
            return result.exitCode;
        }
    }
    // The plan comes on standard input: "-" is a PLAN like any other.
    std::vector<std::string> args{"evaluate", "-", "--json", "--no-ops", "--no-groups"};
    for (const std::string& set : sets) {
        args.push_back("--set");
        args.push_back(set);
    }
    const CliResult result = runCommand(args, kPlan);
    expectExit(result, {0, 1, 2}, input);
    if (result.exitCode == 2) {
        expectReason(result, input);
        if (!result.out.empty()) fail("a usage error printed output", input);
        return result.exitCode;
    }
    // With --json every outcome is one object; exit 1 names its errors inside it.
    const Json json = Json::parse(result.out, nullptr, false);
    if (json.is_discarded() || !json.is_object())
        fail("evaluate --json printed no JSON object", input);
    if (result.exitCode == 1 && result.out.find("\"severity\": \"error\"") == std::string::npos)
        fail("exit 1 with no error in the JSON", input);
    if (result.exitCode == 0) checkNumbers(json, "", input);
    return result.exitCode;
}

// One row per format; the CI runs each for a fixed number of inputs.
const Format kFormats[] = {
    {"deepspeed", deepSpeedSeeds, {"import", "-"}, kMaxImportBytes, checkImportedPlan},
    {"megatron", megatronSeeds, {"import", "-"}, kMaxImportBytes, checkImportedPlan},
    {"torchtitan", torchtitanSeeds, {"import", "-"}, kMaxImportBytes, checkImportedPlan},
    {"huggingface", huggingFaceSeeds, {"import", "-"}, kMaxImportBytes, checkImportedPlan},
    {"lesson", lessonSeeds, {"lesson", "-"}, kMaxLessonBytes, nullptr},
    {"set", setSeeds, {}, kMaxPlanBytes, nullptr, setInput},
    {"runs", runsSeeds, {}, kMaxRunsBytes, nullptr, runsInput},
    {"log", logSeeds, {}, kMaxLogBytes, nullptr, logInput},
    {"profile", profileSeeds, {}, kMaxProfileBytes, nullptr, profileInput},
};

// The checks every format shares: exit 0 or 1 (2 only past the size cap: standard input is
// always readable), a reason on refusal, one JSON object for --json, and the row's own check.
int runFormat(const Format& format, std::string_view input) {
    if (format.run != nullptr) return format.run(input);
    const CliResult result = runCommand(format.command, input);
    expectExit(result,
               input.size() > format.maxBytes ? std::initializer_list<int>{2}
                                              : std::initializer_list<int>{0, 1},
               input);
    expectReason(result, input);
    const bool json =
        std::find(format.command.begin(), format.command.end(), "--json") != format.command.end();
    if (json && result.exitCode != 2) {
        const Json parsed = Json::parse(result.out, nullptr, false);
        if (parsed.is_discarded() || !parsed.is_object()) fail("--json printed no object", input);
    }
    if (result.exitCode == 0 && format.checkAccepted != nullptr)
        format.checkAccepted(result, input);
    return result.exitCode;
}

const Format* findFormat(std::string_view name) {
    for (const Format& format : kFormats) {
        if (name == format.name) return &format;
    }
    return nullptr;
}

struct Outcome {
    int exitCode = 0;
    double seconds = 0;
};

// Runs one input and holds it to the time bound.
Outcome runTimed(const Format& format, std::string_view input) {
    const double started = processorSeconds();
    const int exitCode = runFormat(format, input);
    const double seconds = processorSeconds() - started;
    if (seconds > kMaxSecondsPerInput) {
        fail(std::string(format.name) + " input took " + std::to_string(seconds) +
                 " s of processor time",
             input);
    }
    return {exitCode, seconds};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    const Format* format = nullptr;
    if (const char* name = std::getenv("FOURFOLD_FUZZ_FORMAT")) format = findFormat(name);
    if (format == nullptr) {
        if (input.empty()) return 0;
        format = &kFormats[static_cast<unsigned char>(input.front()) % std::size(kFormats)];
        input.remove_prefix(1);
    }
    (void)runTimed(*format, input);
    return 0;
}

#ifndef FOURFOLD_LIBFUZZER
int main(int argc, char** argv) {
    long iterations = 200;
    std::uint64_t seed = 1;
    bool verbose = false;
    std::vector<const Format*> formats;
    std::vector<std::string> skipped;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--iterations" && i + 1 < argc) {
            iterations = std::strtol(argv[++i], nullptr, 10);
        } else if (arg == "--seed" && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--format" && i + 1 < argc) {
            const Format* format = findFormat(argv[++i]);
            if (format == nullptr) {
                std::fprintf(stderr, "fuzz_formats: unknown format %s\n", argv[i]);
                return 2;
            }
            formats.push_back(format);
        } else if (arg == "--skip" && i + 1 < argc) {
            skipped.emplace_back(argv[++i]);  // every format but these, when none is named
        } else if (arg == "--verbose") {
            verbose = true;
        } else {
            std::fprintf(stderr,
                         "usage: fuzz_formats [--format NAME]... [--skip NAME]... [--iterations N] "
                         "[--seed S] "
                         "[--verbose]\n");
            return 2;
        }
    }
    if (formats.empty()) {
        for (const Format& format : kFormats) {
            if (std::find(skipped.begin(), skipped.end(), format.name) == skipped.end())
                formats.push_back(&format);
        }
    }
    for (const Format* format : formats) {
        const std::vector<std::string> seeds = format->seeds();
        Random random(seed);
        std::array<long, 3> exits{};  // how the seeds and mutated inputs ended: 0, 1, 2
        const auto started = std::chrono::steady_clock::now();
        double slowest = 0;
        long total = 0;
        for (long i = -static_cast<long>(seeds.size()); i < iterations; ++i) {
            // The seeds themselves first, then mutations of 1 to 3 steps each.
            std::string input;
            if (i < 0) {
                input = seeds[static_cast<std::size_t>(i + static_cast<long>(seeds.size()))];
            } else {
                input = seeds[random.pick(seeds.size())];
                const std::size_t rounds = 1 + random.pick(3);
                for (std::size_t round = 0; round < rounds; ++round)
                    mutateText(random, input, seeds);
            }
            if (verbose) std::fprintf(stderr, "--- %s %ld\n%s\n", format->name, i, input.c_str());
            const Outcome outcome = runTimed(*format, input);
            slowest = std::max(slowest, outcome.seconds);
            ++exits[static_cast<std::size_t>(outcome.exitCode)];
            ++total;
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::printf(
            "fuzz_formats %-11s: %ld inputs (%zu seeds, seed %llu) in %.1f s, slowest %.2f s CPU; "
            "exit 0: %ld, 1: %ld, 2: %ld; no crash, hang or broken invariant\n",
            format->name, total, seeds.size(), static_cast<unsigned long long>(seed), seconds,
            slowest, exits[0], exits[1], exits[2]);
    }
    return 0;
}
#endif
