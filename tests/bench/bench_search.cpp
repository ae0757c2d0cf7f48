// SPDX-License-Identifier: MIT
// The auto-planner's speed: GPT-3 175B on 1,024 A100 80 GB (128 nodes of 8, NVLink 3, HDR
// InfiniBand 200 Gb/s), global batch 1,536 of 2,048 tokens (Brown et al. 2020), over the whole
// space core/search/search.h enumerates. Prints layouts per second; reports, never asserts.
// Usage: bench_search [--threads N] [--repeat N] [--time-every-layout] [--every-option]
#include "tests/core/search_plans.h"

#include "app/allocator_tuning.h"
#include "core/plan/catalog.h"
#include "core/search/search.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <thread>

using namespace fourfold::core;

int main(int argc, char** argv) {
    fourfold::app::tuneAllocatorForReuse();  // as the app and the CLI do at start-up
    SearchOptions options;
    int repeat = 3;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            options.threads = std::stoi(argv[++i]);
        } else if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) {
            repeat = std::max(1, std::stoi(argv[++i]));
        } else if (std::strcmp(argv[i], "--time-every-layout") == 0) {
            options.timeEveryLayout = true;
        } else if (std::strcmp(argv[i], "--every-option") == 0) {
            // Each overlap option on and off, and TP across nodes too.
            options.space.overlaps = true;
            options.space.tensorParallelWithinNode = false;
        }
    }
    const Plan plan = fourfold::test::gpt3OnA100s();
    const unsigned threads = options.threads > 0
                                 ? static_cast<unsigned>(options.threads)
                                 : std::max(1U, std::thread::hardware_concurrency());
    double best = 0;
    double bestCpu = 0;
    SearchResult result;
    for (int run = 0; run < repeat; ++run) {
        // Processor time of all threads, beside the wall clock: other work on the machine
        // stretches the second, not the first.
        const std::clock_t cpuStart = std::clock();
        result = search(plan, options);
        const double cpu = static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC;
        best = run == 0 ? result.seconds : std::min(best, result.seconds);
        bestCpu = run == 0 ? cpu : std::min(bestCpu, cpu);
        std::printf("run %d: %.3f s wall, %.3f s processor time\n", run + 1, result.seconds, cpu);
    }
    const SearchCounts& c = result.counts;
    std::printf("GPT-3 175B on 1,024 A100 80 GB, global batch 1536, %u threads%s\n", threads,
                options.timeEveryLayout ? ", step time of every layout" : "");
    std::printf("space %lld, pruned by validate %lld, evaluated %lld, step timed %lld, fit %lld\n",
                static_cast<long long>(c.space), static_cast<long long>(c.pruned),
                static_cast<long long>(c.evaluated), static_cast<long long>(c.timed),
                static_cast<long long>(c.fitting));
    std::printf(
        "best of %d: %.3f s wall (%.0f layouts/s), %.3f s processor time (%.0f layouts "
        "per processor-second)\n",
        repeat, best, static_cast<double>(c.space) / best, bestCpu,
        static_cast<double>(c.space) / bestCpu);
    if (!result.candidates.empty()) {
        const SearchPoint& top = result.candidates.front().point;
        const SearchLayout& l = top.layout;
        std::printf(
            "best: dp %d tp %d pp %d cp %d v %d mb %d, %.0f tokens/s, MFU %.1f %%, "
            "peak %.1f GB\n",
            l.dp, l.tp, l.pp, l.cp, l.virtualStages, l.microBatch, top.tokensPerS, top.mfu * 100,
            static_cast<double>(top.peakBytes) / 1e9);
    }
    return 0;
}
