// SPDX-License-Identifier: MIT
// Median time of the memory estimate for a 1T-parameter plan on 16,384 GPUs (tp 8, pp 16,
// dp 128): with what-ifs and the micro-batch search, and the stage estimate alone.
#include "core/advice/what_ifs.h"
#include "core/memory/memory.h"
#include "core/memory/memory_estimate.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace fourfold::core;

namespace {

Plan trillionPlan() {
    Plan plan;
    plan.model.layers = 128;
    plan.model.hidden = 25600;
    plan.model.heads = 160;
    plan.model.kvHeads = 160;
    plan.model.ffnHidden = 4 * 25600;
    plan.model.vocab = 51200;
    plan.model.sequence = 2048;
    plan.model.mlp = MlpKind::Gelu;
    plan.parallel.tp = 8;
    plan.parallel.pp = 16;
    plan.parallel.dp = 128;
    plan.parallel.sequenceParallel = true;
    plan.training.gradAccumulation = 64;
    plan.cluster.gpusPerNode = 8;
    plan.cluster.nodes = 2048;
    plan.cluster.gpu.memoryBytes = 80ULL << 30;
    return plan;
}

template <typename Work>
double medianMicroseconds(int runs, Work work) {
    std::vector<double> times;
    times.reserve(static_cast<std::size_t>(runs));
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        const auto end = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double, std::micro>(end - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

}  // namespace

int main() {
    const Plan plan = trillionPlan();
    const ModelReport model = analyzeModel(plan);
    const MemoryReport report = estimateMemoryWithWhatIfs(plan, model);
    std::printf(
        "plan: %.3g parameters, %lld GPUs, peak %.1f GB, fits %s, %zu what-ifs, "
        "largest micro-batch %d\n",
        static_cast<double>(model.parameters), static_cast<long long>(worldSize(plan)),
        static_cast<double>(report.peakBytes) / 1e9, report.fits ? "yes" : "no",
        report.whatIfs.size(), report.largestFittingMicroBatch);
    std::uint64_t sink = 0;
    const int runs = 201;
    const double model_us =
        medianMicroseconds(runs, [&] { sink += analyzeModel(plan).parameters; });
    const double full_us =
        medianMicroseconds(runs, [&] { sink += estimateMemoryWithWhatIfs(plan, model).peakBytes; });
    const double stages_us = medianMicroseconds(
        runs, [&] { sink += fourfold::core::detail::estimateStages(plan, model).peakBytes; });
    std::printf("analyzeModel: median %.1f us\n", model_us);
    std::printf("estimateMemory with what-ifs and micro-batch search: median %.1f us\n", full_us);
    std::printf("stage estimate alone (no what-ifs, no search): median %.1f us\n", stages_us);
    return sink == 0 ? 1 : 0;
}
