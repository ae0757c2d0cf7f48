// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/memory_timeline_series.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace fourfold::ui {
namespace {

struct Event {
    double timeS;
    int delta;
};

long long setKey(const core::ScheduleOp& op) {
    return (static_cast<long long>(op.microBatch) << 20) ^ static_cast<long long>(op.chunk);
}

}  // namespace

std::vector<ActivationStep> activationSetsOverTime(const core::RankTimeline& rank) {
    if (rank.ops.empty()) return {};
    // The end of the last backward-side op of each (micro-batch, chunk) releases its set.
    std::unordered_map<long long, std::pair<bool, double>> release;  // key -> (is W, end)
    release.reserve(rank.ops.size());
    for (const core::ScheduleOp& op : rank.ops) {
        if (op.kind == core::OpKind::Forward) continue;
        const bool weight = op.kind == core::OpKind::WeightGrad;
        auto& slot = release[setKey(op)];
        if (weight) {
            if (!slot.first || op.endS > slot.second) slot = {true, op.endS};
        } else if (!slot.first) {
            slot.second = std::max(slot.second, op.endS);
        }
    }
    std::vector<Event> events;
    events.reserve(rank.ops.size() * 2);
    for (const core::ScheduleOp& op : rank.ops) {
        if (op.kind != core::OpKind::Forward) continue;
        events.push_back({op.startS, +1});
        if (const auto found = release.find(setKey(op)); found != release.end()) {
            events.push_back({found->second.second, -1});
        }
    }
    // At equal times release first, so a set handed back and a new one taken do not spike.
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
        return a.timeS < b.timeS || (a.timeS == b.timeS && a.delta < b.delta);
    });
    std::vector<ActivationStep> steps;
    steps.reserve(events.size() + 1);
    steps.push_back({0.0, 0});
    int held = 0;
    for (const Event& event : events) {
        held += event.delta;
        if (steps.back().timeS == event.timeS) {
            steps.back().sets = held;
        } else {
            steps.push_back({event.timeS, held});
        }
    }
    return steps;
}

ActivationPeak activationPeak(const std::vector<ActivationStep>& steps) {
    ActivationPeak peak;
    for (const ActivationStep& step : steps) {
        if (step.sets > peak.sets) peak = {step.timeS, step.sets};
    }
    return peak;
}

}  // namespace fourfold::ui
