// SPDX-License-Identifier: MIT
// Times buildTopology (coordinates, every group kind, placement, diagnostics) for large jobs
// and prints the median of several runs. Reported, never asserted.
#include "core/topology/topology.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace fourfold::core;

namespace {

double medianMs(const Plan& plan, int runs, int* groups) {
    std::vector<double> times;
    for (int run = 0; run < runs; ++run) {
        const auto start = std::chrono::steady_clock::now();
        const TopologyReport report = buildTopology(plan);
        const auto stop = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
        *groups = 0;
        for (GroupKind kind : kAllGroupKinds) {
            *groups += groupSet(report, kind).groupCount;
        }
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

void measure(const char* label, int tp, int pp, int dp, int cp, int ep) {
    Plan plan;
    plan.parallel.tp = tp;
    plan.parallel.pp = pp;
    plan.parallel.dp = dp;
    plan.parallel.cp = cp;
    plan.parallel.ep = ep;
    plan.cluster.gpusPerNode = 8;
    plan.cluster.nodes = 0;
    int groups = 0;
    const double ms = medianMs(plan, 15, &groups);
    std::printf("%-34s ranks %7lld  groups %7d  median %8.2f ms\n", label,
                static_cast<long long>(worldSize(plan)), groups, ms);
}

}  // namespace

int main() {
    measure("article 64 (tp4 pp2 dp8)", 4, 2, 8, 1, 1);
    measure("4096 (tp8 pp8 dp64)", 8, 8, 64, 1, 1);
    measure("16384 (tp8 pp16 dp128)", 8, 16, 128, 1, 1);
    measure("16384 MoE (tp8 pp8 cp2 dp128 ep8)", 8, 8, 128, 2, 8);
    measure("131072 (tp8 pp16 dp1024)", 8, 16, 1024, 1, 1);
    return 0;
}
