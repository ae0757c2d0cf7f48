// SPDX-License-Identifier: MIT
// Activation memory over one training step, per pipeline rank: a step function read off the
// simulated schedule (the same walk that gives RankTimeline::peakInFlight, so it peaks at the
// stage's in-flight count) times the stage's bytes per activation set, and the room the stage
// leaves for activations. Sources: Narayanan et al. 2021 §2.2 (1F1B holds p − s micro-batches);
// Qi et al. 2023 §2 (W keeps its inputs until it runs).
#pragma once

#include "core/memory/memory.h"
#include "core/schedule/schedule.h"

#include <cstdint>
#include <vector>

namespace fourfold::core {

struct ActivationStep {
    double timeS = 0;
    int sets = 0;             // (micro-batch, chunk) activation sets held from timeS on
    std::uint64_t bytes = 0;  // sets × the stage's activationBytesPerMicroBatch

    bool operator==(const ActivationStep&) const = default;
};

struct RankActivations {
    int rank = 0;
    int stage = 0;
    // From (0, 0) to the makespan in time order; a set is counted from the end of its forward
    // to the end of the backward op that frees it, so at every op boundary sets = forwards
    // done − backwards done on the rank.
    std::vector<ActivationStep> steps;
    ActivationStep peak;     // the first step holding the most sets
    bool hasMemory = false;  // bytes and headroomBytes come from a memory report
    // Room for activations: usable bytes − everything else the stage holds (weights, states,
    // buffers, framework, fragmentation); negative when the rest alone exceeds usable memory.
    std::int64_t headroomBytes = 0;

    bool operator==(const RankActivations&) const = default;
};

struct ActivationTimelines {
    std::vector<RankActivations> ranks;  // index = pipeline rank
    // True when every rank has bytes per set (a memory report whose convention counts
    // activations); otherwise only the set counts mean something.
    bool inBytes = false;
    int peakRank = -1;                // the highest peak (in bytes when inBytes, else in sets)
    int tightestRank = -1;            // the least headroom left at its peak (inBytes only)
    bool anyWithoutHeadroom = false;  // some rank's headroomBytes < 0

    bool operator==(const ActivationTimelines&) const = default;
};

// Expects a complete schedule. `memory` may be null (counts only). `plannedChunks` is the
// plan's virtual stages: when the schedule ran whole stages instead (see simulateSchedule),
// each simulated micro-batch holds that many sets, as inFlightActivationSets counts them.
[[nodiscard]] ActivationTimelines activationTimelines(const ScheduleResult& schedule,
                                                      const MemoryReport* memory,
                                                      int plannedChunks);

}  // namespace fourfold::core
