// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/gantt_lod.h"

#include <algorithm>
#include <array>

namespace fourfold::ui {
namespace {

struct Aggregate {
    GanttSpan span;
    std::array<double, 3> secondsByKind{};
    std::array<int, 3> chunkByKind{};
    std::array<bool, 3> mixedChunks{};
    std::array<bool, 3> seen{};
    bool open = false;

    // Room for one more op: a merged span covers at most one pixel column, so the texture of
    // F/B/W at the current zoom still shows.
    [[nodiscard]] bool takes(double x0) const {
        return open && span.x1 - span.x0 < 1.0 && x0 - span.x1 < 1.0;
    }

    void start(const core::ScheduleOp& op, int index, double x0, double x1) {
        span = GanttSpan{x0, x1, index, 0, true, op.kind, op.chunk};
        secondsByKind = {};
        chunkByKind = {};
        mixedChunks = {};
        seen = {};
        open = true;
        add(op, index, x1);
    }
    void add(const core::ScheduleOp& op, int index, double x1) {
        const auto kind = static_cast<std::size_t>(op.kind);
        secondsByKind[kind] += op.endS - op.startS;
        if (seen[kind] && chunkByKind[kind] != op.chunk) mixedChunks[kind] = true;
        seen[kind] = true;
        chunkByKind[kind] = op.chunk;
        span.x1 = std::max(span.x1, x1);
        span.opIndex = index;
        ++span.opCount;
    }
    // Where forward and backward work share a pixel column (the steady state of thousands of
    // micro-batches), the column shows which phase it is in by the forward share of its time,
    // so an overview reads warm-up (forward), steady state and cool-down (backward) instead of
    // one solid block of whichever kind is longer. One forward and one backward alternate in
    // the steady state, and a backward takes about twice a forward (Narayanan et al. 2021,
    // §2.2: t_b ≈ 2 t_f), so its share is about a third; the weight-gradient part counts as
    // backward work. Levels (palette::opBlend): 0 leans backward, 1 is the steady state, 2
    // leans forward; -1 when one side takes at least kPureShare of the time.
    [[nodiscard]] int mixLevel() const {
        constexpr double kPureShare = 0.85;
        constexpr double kSteadyLow = 0.22;   // a third, give or take a ninth
        constexpr double kSteadyHigh = 0.45;  // (uneven stages, recompute, transfers)
        const double total = secondsByKind[0] + secondsByKind[1] + secondsByKind[2];
        if (total <= 0) return -1;
        const double forward = secondsByKind[0] / total;
        if (forward >= kPureShare || forward <= 1 - kPureShare) return -1;
        return forward < kSteadyLow ? 0 : forward <= kSteadyHigh ? 1 : 2;
    }
    void flush(std::vector<GanttSpan>& spans) {
        if (!open) return;
        open = false;
        const auto busiest = static_cast<std::size_t>(
            std::max_element(secondsByKind.begin(), secondsByKind.end()) - secondsByKind.begin());
        span.kind = static_cast<core::OpKind>(busiest);
        // Several chunks in one pixel: show the kind's base colour rather than pick one.
        span.chunk = mixedChunks[busiest] ? 0 : chunkByKind[busiest];
        span.mix = mixLevel();
        // Keep a merged run visible: at least one pixel wide.
        span.x1 = std::max(span.x1, span.x0 + 1.0);
        // Neighbouring columns of one colour become one rectangle.
        if (!spans.empty()) {
            GanttSpan& previous = spans.back();
            if (previous.aggregate && previous.kind == span.kind && previous.chunk == span.chunk &&
                previous.mix == span.mix && span.x0 - previous.x1 < 0.5) {
                previous.x1 = std::max(previous.x1, span.x1);
                previous.opCount += span.opCount;
                previous.opIndex = span.opIndex;
                return;
            }
        }
        spans.push_back(span);
    }
};

}  // namespace

void collectRowSpans(const std::vector<core::ScheduleOp>& ops, const GanttTimeMapping& mapping,
                     double minWidthPx, std::vector<GanttSpan>& spans) {
    // A rank runs one op at a time, so ends are in order too: find the first op ending after
    // the visible start.
    const auto first = std::partition_point(
        ops.begin(), ops.end(),
        [&](const core::ScheduleOp& op) { return op.endS <= mapping.visibleStartS; });
    Aggregate aggregate;
    for (auto it = first; it != ops.end() && it->startS < mapping.visibleEndS; ++it) {
        const int index = static_cast<int>(it - ops.begin());
        const double x0 = mapping.originPx + it->startS * mapping.pixelsPerSecond;
        const double x1 = mapping.originPx + it->endS * mapping.pixelsPerSecond;
        if (x1 - x0 >= minWidthPx) {
            aggregate.flush(spans);
            spans.push_back(GanttSpan{x0, x1, index, 1, false, it->kind, it->chunk});
        } else if (aggregate.takes(x0)) {
            aggregate.add(*it, index, x1);
        } else {
            aggregate.flush(spans);
            aggregate.start(*it, index, x0, x1);
        }
    }
    aggregate.flush(spans);
}

std::optional<int> opIndexAt(const std::vector<core::ScheduleOp>& ops, double timeS) {
    const auto it = std::partition_point(
        ops.begin(), ops.end(), [&](const core::ScheduleOp& op) { return op.endS <= timeS; });
    if (it == ops.end() || it->startS > timeS) return std::nullopt;
    return static_cast<int>(it - ops.begin());
}

}  // namespace fourfold::ui
