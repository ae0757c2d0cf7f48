// SPDX-License-Identifier: MIT
// Times generation + simulation of large schedules and prints the median of several runs.
#include "app/allocator_tuning.h"
#include "core/schedule/schedule.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace fourfold::core;

namespace {

double medianMilliseconds(ScheduleKind kind, int stages, int micro, int chunks, int runs) {
    const auto slots = static_cast<std::size_t>(stages * chunks);
    ScheduleCosts costs;
    costs.forwardS.assign(slots, 0.010 / chunks);
    costs.backwardS.assign(slots, 0.020 / chunks);
    costs.weightGradS.assign(slots, 0.0);
    costs.transferS = 0.0005;
    std::vector<double> times;
    std::size_t sink = 0;
    for (int run = 0; run < runs; ++run) {
        const auto begin = std::chrono::steady_clock::now();
        const auto result = simulateSchedule(kind, stages, micro, chunks, costs);
        const auto end = std::chrono::steady_clock::now();
        sink += result.ranks.size();
        times.push_back(std::chrono::duration<double, std::milli>(end - begin).count());
    }
    std::sort(times.begin(), times.end());
    if (sink == 0) std::puts("no ranks");
    return times[times.size() / 2];
}

}  // namespace

int main() {
    fourfold::app::tuneAllocatorForReuse();  // as the app and the CLI do at start-up
    const int runs = 9;
    struct Case {
        const char* name;
        ScheduleKind kind;
        int stages, micro, chunks;
    };
    const Case cases[] = {
        {"interleaved_1f1b p=64 m=1024 v=4", ScheduleKind::Interleaved1F1B, 64, 1024, 4},
        {"zb_h1            p=64 m=1024    ", ScheduleKind::ZbH1, 64, 1024, 1},
        {"zb_h2            p=64 m=1024    ", ScheduleKind::ZbH2, 64, 1024, 1},
        {"1f1b             p=64 m=1024    ", ScheduleKind::OneFOneB, 64, 1024, 1},
        {"gpipe            p=64 m=1024    ", ScheduleKind::Gpipe, 64, 1024, 1},
    };
    for (const auto& entry : cases) {
        std::printf("%s  median of %d: %.2f ms\n", entry.name, runs,
                    medianMilliseconds(entry.kind, entry.stages, entry.micro, entry.chunks, runs));
    }
    return 0;
}
