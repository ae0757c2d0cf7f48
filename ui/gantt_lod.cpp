// SPDX-License-Identifier: MIT
#include "ui/gantt_lod.h"

#include <algorithm>
#include <array>

namespace fourfold::ui {
namespace {

struct Aggregate {
    GanttSpan span;
    std::array<double, 3> secondsByKind{};
    std::array<int, 3> chunkByKind{};
    bool open = false;

    void start(const core::ScheduleOp& op, int index, double x0, double x1) {
        span = GanttSpan{x0, x1, index, 0, true, op.kind, op.chunk};
        secondsByKind = {};
        chunkByKind = {};
        open = true;
        add(op, index, x1);
    }
    void add(const core::ScheduleOp& op, int index, double x1) {
        const auto kind = static_cast<std::size_t>(op.kind);
        secondsByKind[kind] += op.endS - op.startS;
        chunkByKind[kind] = op.chunk;
        span.x1 = std::max(span.x1, x1);
        span.opIndex = index;
        ++span.opCount;
    }
    void flush(std::vector<GanttSpan>& spans) {
        if (!open) return;
        open = false;
        const auto busiest = static_cast<std::size_t>(
            std::max_element(secondsByKind.begin(), secondsByKind.end()) - secondsByKind.begin());
        span.kind = static_cast<core::OpKind>(busiest);
        span.chunk = chunkByKind[busiest];
        // Keep a merged run visible: at least one pixel wide.
        span.x1 = std::max(span.x1, span.x0 + 1.0);
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
        } else if (aggregate.open && x0 - aggregate.span.x1 < 1.0) {
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
