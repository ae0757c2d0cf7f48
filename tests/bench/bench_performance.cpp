// SPDX-License-Identifier: MIT
// Median time of evaluate() with the performance model for GPT-3 175B on 1,024 GPUs (TP 8 ×
// PP 16 × DP 8, 192 micro-batches), and of the performance model's own share: stage costs,
// the pipeline simulation and the step assembly, given the model and the rank map.
#include "app/allocator_tuning.h"
#include "core/evaluate/evaluate.h"
#include "core/performance/performance.h"
#include "core/plan/catalog.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace fourfold::core;

namespace {

Plan gpt3Plan() {
    Plan plan = defaultPlan();
    plan.name = "GPT-3 175B on 1,024 GPUs";
    ModelSpec& model = plan.model;
    model = {};
    model.layers = 96;
    model.hidden = 12288;
    model.heads = 96;
    model.kvHeads = 96;
    model.ffnHidden = 4 * 12288;
    model.vocab = 50257;
    model.sequence = 2048;
    model.mlp = MlpKind::Gelu;
    model.tiedEmbeddings = true;
    plan.parallel.tp = 8;
    plan.parallel.pp = 16;
    plan.parallel.dp = 8;
    plan.parallel.sequenceParallel = true;
    plan.training.microBatch = 1;
    plan.training.gradAccumulation = 192;
    plan.cluster.nodes = 128;
    plan.cluster.gpusPerNode = 8;
    return plan;
}

template <typename Work>
double medianMilliseconds(int runs, Work work) {
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        const auto end = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double, std::milli>(end - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

}  // namespace

int main() {
    fourfold::app::tuneAllocatorForReuse();  // as the app and the CLI do at start-up
    const Plan plan = gpt3Plan();
    const Evaluation evaluation = evaluate(plan);
    if (!evaluation.performance) {
        std::puts("no performance figures");
        return 1;
    }
    std::printf("step %.2f s, MFU %.1f %%, %.0f tokens/s\n", evaluation.performance->stepTimeS,
                evaluation.performance->mfu * 100, evaluation.performance->tokensPerS);
    const ModelReport model = analyzeModel(plan);
    const TopologyReport topology = buildTopology(plan);
    double sink = 0;
    const int runs = 51;
    const double whole = medianMilliseconds(runs, [&] { sink += evaluate(plan).worldSize; });
    const double performance = medianMilliseconds(runs, [&] {
        const ScheduleResult schedule = simulateSchedule(
            plan.parallel.schedule, plan.parallel.pp, plan.training.gradAccumulation,
            plan.parallel.virtualStages, scheduleCosts(plan, model, &topology));
        sink += analyzePerformance(plan, model, &topology, schedule).stepTimeS;
    });
    const double costs =
        medianMilliseconds(runs, [&] { sink += scheduleCosts(plan, model, &topology).transferS; });
    std::printf("evaluate, GPT-3 175B on 1,024 GPUs: median of %d: %.2f ms\n", runs, whole);
    std::printf("  performance model (stage costs + simulation + step): %.3f ms\n", performance);
    std::printf("  stage costs alone: %.4f ms\n", costs);
    return sink > 0 ? 0 : 1;
}
