// SPDX-License-Identifier: GPL-3.0-or-later
// Level of detail for the pipeline Gantt: which of a rank's ops fall in the visible time range
// (binary search, ops are in start order), and which are narrower than a pixel and so merge
// into one aggregate span. Pure arithmetic on the schedule; no painting here.
#pragma once

#include "core/schedule/schedule.h"

#include <optional>
#include <vector>

namespace fourfold::ui {

// Pixel x = originPx + seconds × pixelsPerSecond.
struct GanttTimeMapping {
    double originPx = 0;
    double pixelsPerSecond = 1;
    double visibleStartS = 0;
    double visibleEndS = 0;
};

struct GanttSpan {
    double x0 = 0;  // pixels
    double x1 = 0;
    int opIndex = -1;  // the op drawn; for an aggregate, its busiest op's kind comes from here
    int opCount = 1;   // ops merged into this span
    bool aggregate = false;  // true: narrow ops merged (no label, no outline)
    core::OpKind kind = core::OpKind::Forward;
    int chunk = 0;
    // The density view of merged ops: -1 when one kind takes nearly all of the span's time
    // (drawn in its colour), else the forward share's level, 0 … kGanttMixLevels − 1: leaning
    // backward (cool-down), the steady state, leaning forward (warm-up), drawn in
    // palette::opBlend of the level's share (kGanttMixShares).
    int mix = -1;
};

// Levels of the forward / backward blend a merged span can take.
inline constexpr int kGanttMixLevels = 3;
// The forward share each level is drawn at: the steady state's third in the middle.
inline constexpr double kGanttMixShares[kGanttMixLevels] = {0.15, 1.0 / 3.0, 0.62};

// Appends the spans of one rank's visible ops to `spans`. Ops at least `minWidthPx` wide are
// their own span; narrower ops merge, one pixel column at a time, into spans coloured by the
// kind that takes most of the column's time (neighbouring columns of one colour join up).
void collectRowSpans(const std::vector<core::ScheduleOp>& ops, const GanttTimeMapping& mapping,
                     double minWidthPx, std::vector<GanttSpan>& spans);

// Index of the op whose [start, end) holds `timeS`, if any.
[[nodiscard]] std::optional<int> opIndexAt(const std::vector<core::ScheduleOp>& ops, double timeS);

}  // namespace fourfold::ui
