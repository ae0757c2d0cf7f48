// SPDX-License-Identifier: MIT
#include "core/memory/activation_timeline.h"

#include "core/schedule/schedule_held.h"

#include <algorithm>

namespace fourfold::core {
namespace {

const StageMemory* stageOf(const MemoryReport* memory, int stage) {
    if (!memory) return nullptr;
    for (const StageMemory& entry : memory->stages) {
        if (entry.stage == stage) return &entry;
    }
    return nullptr;
}

std::int64_t signedBytes(std::uint64_t bytes) {
    return static_cast<std::int64_t>(std::min<std::uint64_t>(bytes, INT64_MAX));
}

void addStep(std::vector<ActivationStep>& steps, ActivationStep step) {
    // Ops of zero length end together: the last count at an instant is the one that holds.
    if (!steps.empty() && steps.back().timeS == step.timeS) steps.pop_back();
    if (!steps.empty() && steps.back().sets == step.sets) return;
    steps.push_back(step);
}

RankActivations rankActivations(const RankTimeline& timeline, int rank, double makespanS,
                                bool split, int setsPerMicroBatch, const MemoryReport* memory) {
    RankActivations out;
    out.rank = rank;
    out.stage = timeline.stage;
    const StageMemory* stage = stageOf(memory, timeline.stage);
    const std::uint64_t perSet = stage ? stage->activationBytesPerMicroBatch : 0;
    out.hasMemory = stage != nullptr;
    if (stage) {
        const std::uint64_t activations =
            stage->items[static_cast<std::size_t>(MemoryCategory::Activations)].bytes;
        const std::uint64_t other =
            stage->totalBytes > activations ? stage->totalBytes - activations : 0;
        out.headroomBytes = signedBytes(memory->usableBytes) - signedBytes(other);
    }
    out.steps.reserve(timeline.ops.size() + 2);
    out.steps.push_back({0.0, 0, 0});
    detail::walkHeldSets(timeline.ops, split, [&](const ScheduleOp& op, int held) {
        const int sets = held * setsPerMicroBatch;
        addStep(out.steps, {op.endS, sets, static_cast<std::uint64_t>(sets) * perSet});
    });
    if (out.steps.back().timeS < makespanS) {
        ActivationStep last = out.steps.back();
        last.timeS = makespanS;
        out.steps.push_back(last);
    }
    for (const ActivationStep& step : out.steps) {
        if (step.sets > out.peak.sets) out.peak = step;
    }
    return out;
}

}  // namespace

ActivationTimelines activationTimelines(const ScheduleResult& schedule, const MemoryReport* memory,
                                        int plannedChunks) {
    ActivationTimelines out;
    // A schedule that ran whole stages holds every chunk of a micro-batch at once.
    const int setsPerMicroBatch =
        schedule.virtualStages == 1 && plannedChunks > 1 ? plannedChunks : 1;
    out.ranks.reserve(schedule.ranks.size());
    out.inBytes = memory != nullptr && !schedule.ranks.empty();
    for (std::size_t index = 0; index < schedule.ranks.size(); ++index) {
        RankActivations rank =
            rankActivations(schedule.ranks[index], static_cast<int>(index), schedule.makespanS,
                            schedule.splitWeightGrad, setsPerMicroBatch, memory);
        const StageMemory* stage = stageOf(memory, rank.stage);
        if (!stage || stage->activationBytesPerMicroBatch == 0) out.inBytes = false;
        out.ranks.push_back(std::move(rank));
    }
    std::int64_t tightest = INT64_MAX;
    for (const RankActivations& rank : out.ranks) {
        const auto index = static_cast<std::size_t>(rank.rank);
        if (out.peakRank < 0) {
            out.peakRank = rank.rank;
        } else {
            const ActivationStep& best = out.ranks[static_cast<std::size_t>(out.peakRank)].peak;
            const bool higher =
                out.inBytes ? rank.peak.bytes > best.bytes : rank.peak.sets > best.sets;
            if (higher) out.peakRank = rank.rank;
        }
        if (rank.hasMemory && rank.headroomBytes < 0) out.anyWithoutHeadroom = true;
        if (out.inBytes) {
            const std::int64_t left = rank.headroomBytes - signedBytes(rank.peak.bytes);
            if (left < tightest) {
                tightest = left;
                out.tightestRank = static_cast<int>(index);
            }
        }
    }
    return out;
}

}  // namespace fourfold::core
