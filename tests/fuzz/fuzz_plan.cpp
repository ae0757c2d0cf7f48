// SPDX-License-Identifier: MIT
// The plan fuzzer: plan text → parsePlan → validate → evaluate → evaluation JSON, checking on
// every input that the output parses and keeps the invariants a reader relies on:
//   - no non-finite number and no negative byte count, batch or world size;
//   - the peak is at least every stage total, each total is the sum of its categories;
//   - fits ⇔ peak ≤ usable.
// Built with clang and -fsanitize=fuzzer it is a libFuzzer target (FOURFOLD_LIBFUZZER=ON).
// Built without it (the default, any compiler) main() is a deterministic driver: a fixed-seed
// mutator over the seed corpus for N iterations, so CI needs no fuzzing engine.
//   fuzz_plan [--iterations N] [--seed S] [--verbose] SEED_FILE_OR_DIR...
#include "tests/fuzz/fuzz_checks.h"
#include "tests/fuzz/fuzz_mutator.h"

#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_json.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/rules/validate.h"
#include "core/text/checked_math.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace fourfold::core;
using namespace fourfold::fuzz;
using Json = nlohmann::json;

// How far an input got: 0 not a plan, 1 validated only (too large), 2 evaluated and checked.
int runOne(std::string_view input) {
    const PlanParse parse = parsePlan(input);
    if (!parse.plan) return 0;
    (void)validate(*parse.plan);
    if (tooLargeToEvaluate(*parse.plan)) return 1;
    const Evaluation evaluation = evaluate(*parse.plan);
    std::ostringstream out;
    writeEvaluationJson(out, evaluation);
    const std::string text = std::move(out).str();
    const Json json = Json::parse(text, nullptr, false);
    if (json.is_discarded() || !json.is_object()) fail("the evaluation JSON does not parse", input);
    checkNumbers(json, "", input);
    if (evaluation.batch.globalBatch < 0 || evaluation.batch.tokensPerStep < 0 ||
        evaluation.worldSize < 0)
        fail("negative batch or world size", input);
    if (evaluation.memory) checkMemory(*evaluation.memory, input);
    return 2;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    (void)runOne(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}

#ifndef FOURFOLD_LIBFUZZER
namespace {

using namespace fourfold::fuzz;

// Mostly swaps numbers for edge values, so most inputs stay plans and reach the engine; a few
// damage the text itself, for the reader.
class Mutator {
public:
    Mutator(std::uint64_t seed, std::vector<std::string> seeds, std::vector<std::string> plans)
        : random_(seed), seeds_(std::move(seeds)), plans_(std::move(plans)) {}

    std::string next() {
        const bool plan = !plans_.empty() && random_.pick(10) < 8;
        std::string text =
            plan ? plans_[random_.pick(plans_.size())] : seeds_[random_.pick(seeds_.size())];
        const std::size_t rounds = 1 + random_.pick(3);
        for (std::size_t round = 0; round < rounds; ++round) mutate(text);
        return text;
    }

private:
    void mutate(std::string& text) {
        if (text.empty()) {
            text = random_.pickFrom(kOddValues);
            return;
        }
        const std::size_t choice = random_.pick(20);
        if (choice < 9) return replaceNumber(random_, text, random_.pickFrom(kLegalNumbers));
        if (choice < 14) return replaceNumber(random_, text, random_.pickFrom(kEdgeNumbers));
        if (choice < 15) return replaceNumber(random_, text, random_.pickFrom(kOddValues));
        if (choice < 16) {
            text[random_.pick(text.size())] = static_cast<char>(random_.pick(256));
        } else if (choice < 17) {
            text.erase(random_.pick(text.size()), 1 + random_.pick(8));
        } else if (choice < 19) {  // a piece of another seed spliced in
            const std::string& other = seeds_[random_.pick(seeds_.size())];
            text.insert(random_.pick(text.size()),
                        other.substr(random_.pick(other.size()), 1 + random_.pick(64)));
        } else {
            text.insert(random_.pick(text.size()), random_.pickFrom(kEdgeNumbers));
        }
    }

    Random random_;
    std::vector<std::string> seeds_;
    std::vector<std::string> plans_;  // the seeds that read as plans
};

void addSeeds(const std::filesystem::path& path, std::vector<std::string>& seeds) {
    if (std::filesystem::is_directory(path)) {
        std::vector<std::filesystem::path> files;
        for (const auto& entry : std::filesystem::recursive_directory_iterator(path)) {
            if (entry.is_regular_file() && entry.path().extension() == ".json")
                files.push_back(entry.path());
        }
        std::sort(files.begin(), files.end());  // a fixed order keeps the run reproducible
        for (const auto& file : files) seeds.push_back(readFile(file));
    } else {
        seeds.push_back(readFile(path));
    }
}

}  // namespace

int main(int argc, char** argv) {
    long iterations = 1000;
    std::uint64_t seed = 1;
    bool verbose = false;
    // The default plan names every key: the richest seed of all.
    std::vector<std::string> seeds{planToJson(defaultPlan())};
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--iterations" && i + 1 < argc) {
            iterations = std::strtol(argv[++i], nullptr, 10);
        } else if (arg == "--seed" && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--verbose") {
            verbose = true;
        } else {
            addSeeds(arg, seeds);
        }
    }
    std::vector<std::string> plans;
    for (const std::string& text : seeds) {
        if (runOne(text) == 0) continue;
        plans.push_back(text);
        // A typed global batch must equal micro × accumulation × dp, so nearly every mutation
        // of those three is refused: the same plan without it lets them through.
        Json json = Json::parse(text, nullptr, false);
        if (json.is_object() && json.contains("training") && json["training"].is_object() &&
            json["training"].erase("global_batch") > 0)
            plans.push_back(json.dump(2));
    }
    Mutator mutator(seed, seeds, plans);
    std::array<long, 3> reached{};
    for (long i = 0; i < iterations; ++i) {
        const std::string input = mutator.next();
        if (verbose) std::fprintf(stderr, "--- %ld\n%s\n", i, input.c_str());
        ++reached[static_cast<std::size_t>(runOne(input))];
    }
    std::printf(
        "fuzz_plan: %zu seeds, %ld mutated plans (seed %llu): %ld refused by the reader, %ld "
        "validated only, %ld evaluated; no invariant broken\n",
        seeds.size(), iterations, static_cast<unsigned long long>(seed), reached[0], reached[1],
        reached[2]);
    return 0;
}
#endif
