// SPDX-License-Identifier: MIT
// Times what `fourfold-cli validate` and `evaluate [--json] [--no-groups]` do, in process, for
// the largest plans the documented ranges allow (core/rules/validate_ranges.h): a million ranks in
// several layouts (dense, groups of one, every group across nodes, experts) and the largest
// simulated pipeline schedule. Prints the median CPU time of a few runs of each step (CPU time:
// the machine it runs on is usually shared, which stretches wall-clock time) and the JSON
// size; reported, never asserted (README.md, "Speed", quotes the figures).
#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_json.h"
#include "core/evaluate/evaluation_table.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/rules/validate.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

using namespace fourfold::core;

namespace {

// Counts the bytes written and keeps none of them.
class CountingBuffer : public std::streambuf {
public:
    [[nodiscard]] long long count() const { return count_; }

protected:
    int_type overflow(int_type c) override {
        if (c != traits_type::eof()) ++count_;
        return traits_type::not_eof(c);
    }
    std::streamsize xsputn(const char*, std::streamsize n) override {
        count_ += n;
        return n;
    }

private:
    long long count_ = 0;
};

double cpuMs() {
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

double medianMs(int runs, const std::function<void()>& step) {
    std::vector<double> times;
    for (int run = 0; run < runs; ++run) {
        const double start = cpuMs();
        step();
        times.push_back(cpuMs() - start);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

struct Sizes {
    int tp = 1, pp = 1, dp = 1, cp = 1, ep = 1;
    int gpusPerNode = 8;
    int gradAccumulation = 1;
};

Plan largePlan(const Sizes& sizes) {
    Plan plan = defaultPlan();
    plan.parallel.tp = sizes.tp;
    plan.parallel.pp = sizes.pp;
    plan.parallel.dp = sizes.dp;
    plan.parallel.cp = sizes.cp;
    plan.parallel.ep = sizes.ep;
    plan.cluster.gpusPerNode = sizes.gpusPerNode;
    const long long world = static_cast<long long>(sizes.tp) * sizes.pp * sizes.dp * sizes.cp;
    plan.cluster.nodes = static_cast<int>((world + sizes.gpusPerNode - 1) / sizes.gpusPerNode);
    plan.training.gradAccumulation = sizes.gradAccumulation;
    plan.training.globalBatch.reset();
    if (sizes.ep > 1) {
        plan.model.moe.experts = sizes.ep * 8;
        plan.model.moe.topK = 2;
    }
    if (sizes.pp > 1) plan.model.layers = std::max(plan.model.layers, sizes.pp);
    return plan;
}

void measure(const char* label, const Sizes& sizes) {
    constexpr int kRuns = 5;
    const std::string text = planToJson(largePlan(sizes));
    std::size_t diagnostics = 0;
    const double parseMs =
        medianMs(kRuns, [&] { diagnostics += parsePlan(text).diagnostics.size(); });
    const Plan plan = *parsePlan(text).plan;
    const double validateMs = medianMs(kRuns, [&] { diagnostics += validate(plan).size(); });
    Evaluation evaluation;
    const double evaluateMs = medianMs(kRuns, [&] { evaluation = evaluate(plan); });
    long long fullBytes = 0;
    long long leanBytes = 0;
    const double jsonMs = medianMs(kRuns, [&] {
        CountingBuffer buffer;
        std::ostream out(&buffer);
        writeEvaluationJson(out, evaluation, {});
        fullBytes = buffer.count();
    });
    const double leanMs = medianMs(kRuns, [&] {
        CountingBuffer buffer;
        std::ostream out(&buffer);
        writeEvaluationJson(out, evaluation, {.operations = false, .groups = false});
        leanBytes = buffer.count();
    });
    std::size_t tableBytes = 0;
    const double tableMs = medianMs(
        kRuns, [&] { tableBytes += evaluationTable(evaluation, ByteUnits::Decimal).size(); });
    const double cli = parseMs + evaluateMs;  // the CLI parses once; evaluate validates itself
    std::printf("%s: %lld ranks%s\n", label, static_cast<long long>(evaluation.worldSize),
                evaluation.topology ? ", all mapped" : "");
    std::printf("  parse %.3f ms, validate %.3f ms, evaluate %.1f ms, text report %.3f ms\n",
                parseMs, validateMs, evaluateMs, tableMs);
    std::printf("  JSON %.1f ms (%.1f MB), --no-ops --no-groups %.1f ms (%.0f KB)\n", jsonMs,
                static_cast<double>(fullBytes) / 1e6, leanMs, static_cast<double>(leanBytes) / 1e3);
    // `fourfold-cli validate` evaluates too (its diagnostics are evaluate's).
    std::printf(
        "  CLI: validate or evaluate %.1f ms; evaluate --json %.1f ms; "
        "--json --no-groups --no-ops %.1f ms\n",
        cli + tableMs, cli + jsonMs, cli + leanMs);
    if (diagnostics == 0 && tableBytes == 0) std::printf("  (nothing written)\n");
}

}  // namespace

int main() {
    measure("10^6 GPUs, tp 8 x pp 4 x dp 31,250", {.tp = 8, .pp = 4, .dp = 31'250});
    measure("10^6 GPUs, dp 10^6 (a million groups of one per kind)", {.dp = 1'000'000});
    measure("10^6 GPUs, tp 2 x dp 500,000 on 1-GPU nodes (every group spans nodes)",
            {.tp = 2, .dp = 500'000, .gpusPerNode = 1});
    measure("10^6 GPUs, MoE tp 4 x pp 2 x cp 2 x dp 62,500, ep 8",
            {.tp = 4, .pp = 2, .dp = 62'500, .cp = 2, .ep = 8});
    measure("largest schedule, pp 32 x 20,833 micro-batches (2.0 M ops)",
            {.tp = 8, .pp = 32, .dp = 4, .gradAccumulation = 20'833});
    return 0;
}
