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
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace fourfold::core;
using Json = nlohmann::json;

[[noreturn]] void fail(const std::string& what, std::string_view input) {
    std::fprintf(stderr, "fuzz_plan: invariant broken: %s\n--- input ---\n%.*s\n--- end ---\n",
                 what.c_str(), static_cast<int>(input.size()), input.data());
    std::abort();
}

bool endsWith(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// Every number finite (a parsed NaN would be null: nulls are allowed only where the format
// says "unknown", in measured comparisons); counts and byte figures never negative.
void checkNumbers(const Json& value, const std::string& path, std::string_view input) {
    if (value.is_object()) {
        for (const auto& [key, child] : value.items()) {
            const std::string childPath = path + "/" + key;
            // largest_fitting_micro_batch is null by definition when the convention counts no
            // activations (PLAN_FORMAT.md).
            if (child.is_null() && path.rfind("/measured", 0) != 0 &&
                key != "largest_fitting_micro_batch")
                fail("null at " + childPath, input);
            // Headroom is what is left for activations: below zero when the rest overflows.
            const bool signedByDesign = key == "saved_bytes" || key == "headroom_bytes";
            const bool count = endsWith(key, "_bytes") || key == "bytes" || key == "global_batch" ||
                               key == "tokens_per_step" || key == "world_size" ||
                               key == "parameters";
            if (count && !signedByDesign && child.is_number() && child.get<double>() < 0)
                fail("negative " + childPath, input);
            if (key == "bytes" && child.is_object()) {
                for (const auto& [category, bytes] : child.items()) {
                    if (bytes.is_number() && bytes.get<double>() < 0)
                        fail("negative " + childPath + "/" + category, input);
                }
            }
            checkNumbers(child, childPath, input);
        }
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            checkNumbers(value[i], path + "/" + std::to_string(i), input);
    } else if (value.is_number_float() && !std::isfinite(value.get<double>())) {
        fail("non-finite number at " + path, input);
    }
}

void checkMemory(const MemoryReport& memory, std::string_view input) {
    if (!memory.overflow.empty()) fail("an overflowing report reached the output", input);
    for (const StageMemory& stage : memory.stages) {
        if (stage.totalBytes > memory.peakBytes)
            fail("stage " + std::to_string(stage.stage) + " total exceeds the peak", input);
        CheckedSum<std::uint64_t> sum;
        for (const MemoryItem& item : stage.items) sum.add(item.bytes);
        if (sum.overflow || sum.value != stage.totalBytes)
            fail("stage " + std::to_string(stage.stage) + " total is not its categories' sum",
                 input);
        if (stage.fits != (stage.totalBytes <= memory.usableBytes))
            fail("stage " + std::to_string(stage.stage) + " fits disagrees with usable", input);
    }
    if (!memory.stages.empty() && memory.fits != (memory.peakBytes <= memory.usableBytes))
        fail("fits disagrees with peak <= usable", input);
}

// Jobs this large are the benchmarks' business: mapping 10^6 ranks takes about a second, too
// slow for thousands of inputs. Validation still runs on them.
bool tooLargeToEvaluate(const Plan& plan) {
    const auto world = checkedWorldSize(plan);
    if (world && *world > (std::int64_t{1} << 14)) return true;
    std::int64_t ops = 3;
    for (const std::int64_t factor :
         {plan.parallel.pp, plan.parallel.virtualStages, plan.training.gradAccumulation})
        ops = saturatingMul(ops, std::max<std::int64_t>(1, factor));
    return ops > (std::int64_t{1} << 17);
}

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

// Numbers at the edges of the ranges a plan value may take (int32, uint64, double).
constexpr const char* kEdgeNumbers[] = {"0",
                                        "-1",
                                        "1",
                                        "2",
                                        "3",
                                        "7",
                                        "8",
                                        "64",
                                        "1024",
                                        "2147483647",
                                        "-2147483648",
                                        "2147483648",
                                        "4294967296",
                                        "9007199254740993",
                                        "9223372036854775807",
                                        "9223372036854775808",
                                        "18446744073709551615",
                                        "18446744073709551616",
                                        "1e19",
                                        "1e308",
                                        "-1e308",
                                        "1e-300",
                                        "0.5",
                                        "-0.5",
                                        "1.0000001",
                                        "0.999999",
                                        "1e400",
                                        "-0",
                                        "2.5",
                                        "1e9"};
// Values the reader accepts for most keys, so mutated plans reach the engine with large but
// legal combinations (the products of these are what could overflow).
constexpr const char* kLegalNumbers[] = {
    "1",     "2",   "3",    "4",    "8",    "16",  "64",         "1000",    "4096",
    "65536", "1e9", "1e12", "1e18", "0.25", "0.9", "2147483647", "1000000", "123456789"};
// Values of the wrong kind, for the reader's type checks.
constexpr const char* kOddValues[] = {"null", "true", "\"\"", "[]", "{}", "\"x\"", "[1, 2]"};

bool isNumberChar(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// Mostly swaps numbers for edge values, so most inputs stay plans and reach the engine; a few
// damage the text itself, for the reader.
class Mutator {
public:
    Mutator(std::uint64_t seed, std::vector<std::string> seeds, std::vector<std::string> plans)
        : random_(seed), seeds_(std::move(seeds)), plans_(std::move(plans)) {}

    std::string next() {
        const bool plan = !plans_.empty() && pick(10) < 8;
        std::string text = plan ? plans_[pick(plans_.size())] : seeds_[pick(seeds_.size())];
        const std::size_t rounds = 1 + pick(3);
        for (std::size_t round = 0; round < rounds; ++round) mutate(text);
        return text;
    }

private:
    std::size_t pick(std::size_t bound) {
        return bound == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, bound - 1)(random_);
    }

    void mutate(std::string& text) {
        if (text.empty()) {
            text = kOddValues[pick(std::size(kOddValues))];
            return;
        }
        const std::size_t choice = pick(20);
        if (choice < 9) return replaceNumber(text, kLegalNumbers[pick(std::size(kLegalNumbers))]);
        if (choice < 14) return replaceNumber(text, kEdgeNumbers[pick(std::size(kEdgeNumbers))]);
        if (choice < 15) return replaceNumber(text, kOddValues[pick(std::size(kOddValues))]);
        if (choice < 16) {
            text[pick(text.size())] = static_cast<char>(pick(256));
        } else if (choice < 17) {
            text.erase(pick(text.size()), 1 + pick(8));
        } else if (choice < 19) {  // a piece of another seed spliced in
            const std::string& other = seeds_[pick(seeds_.size())];
            text.insert(pick(text.size()), other.substr(pick(other.size()), 1 + pick(64)));
        } else {
            text.insert(pick(text.size()), kEdgeNumbers[pick(std::size(kEdgeNumbers))]);
        }
    }

    void replaceNumber(std::string& text, const char* value) {
        std::vector<std::size_t> starts;
        for (std::size_t i = 0; i < text.size(); ++i) {
            const bool start = (text[i] >= '0' && text[i] <= '9') || text[i] == '-';
            if (start && (i == 0 || !isNumberChar(text[i - 1]))) starts.push_back(i);
        }
        if (starts.empty()) return;
        const std::size_t begin = starts[pick(starts.size())];
        std::size_t end = begin;
        while (end < text.size() && isNumberChar(text[end])) ++end;
        text.replace(begin, end - begin, value);
    }

    std::mt19937_64 random_;
    std::vector<std::string> seeds_;
    std::vector<std::string> plans_;  // the seeds that read as plans
};

std::string readFile(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

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
