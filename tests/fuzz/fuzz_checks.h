// SPDX-License-Identifier: MIT
// The invariants the fuzzers check on what an input produced: an evaluation's JSON (every
// number finite, no negative count or byte figure), its memory report (the peak at least every
// stage, each stage the sum of its parts, fits ⇔ peak ≤ usable), and which plans are too large
// to evaluate thousands of times. A broken invariant prints the input and aborts, so a sanitizer
// build, a libFuzzer run and the deterministic drivers all stop on it alike.
#pragma once

#include "core/evaluate/evaluate.h"
#include "core/plan/plan.h"
#include "core/text/checked_math.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace fourfold::fuzz {

using namespace fourfold::core;
using Json = nlohmann::json;

[[noreturn]] inline void fail(const std::string& what, std::string_view input) {
    std::fprintf(stderr, "fuzz: invariant broken: %s\n--- input ---\n%.*s\n--- end ---\n",
                 what.c_str(), static_cast<int>(input.size()), input.data());
    std::abort();
}

inline bool endsWith(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// Every number finite (a parsed NaN would be null: nulls are allowed only where the format
// says "unknown", in measured comparisons); counts and byte figures never negative.
inline void checkNumbers(const Json& value, const std::string& path, std::string_view input) {
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

inline void checkMemory(const MemoryReport& memory, std::string_view input) {
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
inline bool tooLargeToEvaluate(const Plan& plan) {
    const auto world = checkedWorldSize(plan);
    if (world && *world > (std::int64_t{1} << 14)) return true;
    std::int64_t ops = 3;
    for (const std::int64_t factor :
         {plan.parallel.pp, plan.parallel.virtualStages, plan.training.gradAccumulation})
        ops = saturatingMul(ops, std::max<std::int64_t>(1, factor));
    return ops > (std::int64_t{1} << 17);
}

}  // namespace fourfold::fuzz
