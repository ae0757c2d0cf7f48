// SPDX-License-Identifier: GPL-3.0-or-later
// The Gantt's rows worked out from values read off the chart (GanttRowsInput): as pixels for a
// screen that takes them one to one, or as whole-pixel rectangles for PDF, SVG and scaled
// exports. Nothing here touches the chart, so an edit's rows can be written on another thread
// while the window draws the rest, and the input compared later to tell whether they still
// apply.
#pragma once

#include "core/schedule/schedule.h"
#include "ui/views/gantt_plottable.h"

#include <QColor>
#include <QImage>
#include <QRect>
#include <QRectF>

#include <memory>
#include <utility>
#include <vector>

namespace fourfold::ui {

// A row's block is 0.8 of its pitch: row r spans r ± this.
inline constexpr double kGanttHalfRow = 0.4;

struct GanttRowsInput {
    std::shared_ptr<const core::ScheduleResult> schedule;
    double ratio = 1.0;  // device pixels per painter pixel
    QRect clip;          // the axis rect, in painter pixels
    // Painter pixel = origin + slope × coordinate: time in ms, rows by index (both linear).
    double timeOriginPx = 0;
    double timePxPerMs = 0;
    double visibleFromMs = 0;
    double visibleToMs = 0;
    double rowOriginPx = 0;
    double rowPxPerRow = 0;
    double rowsFrom = 0;  // the row axis's range
    double rowsTo = 0;
    double textHeight = 0;  // the label font's line height and digit width, painter pixels
    double digitWidth = 0;
    std::vector<QColor> colours;  // per op kind × chunk (GanttRows buckets)
    QColor idle;
    QColor hatch;
    bool operator==(const GanttRowsInput&) const = default;
};

// A micro-batch number written inside its block.
struct GanttLabel {
    QRectF rect;  // painter pixels
    int microBatch = 0;
    QColor fill;
};

// The pixel path's result: `canvas` (device pixels of input.clip) holds the rows written,
// `bands` which of its lines, [first, end), hold them; the space between rows is left as it
// was, for the chart beneath to show.
struct GanttRowPixels {
    GanttRowsInput input;
    QImage canvas;
    std::vector<std::pair<int, int>> bands;
    std::vector<GanttLabel> labels;
    GanttDrawStats stats;
};

// The rectangle path's result, in painter pixels: per bucket the blocks plain and outlined,
// the idle bands, the labels.
struct GanttRowShapes {
    struct Bucket {
        std::vector<QRect> plain;
        std::vector<QRect> outlined;
    };
    std::vector<Bucket> buckets;  // as input.colours
    std::vector<QRect> idle;
    std::vector<GanttLabel> labels;
    GanttDrawStats stats;
};

// Writes the rows into `canvas`, which is made anew only when its size does not fit (a caller
// that draws often moves the last result's canvas back in).
[[nodiscard]] GanttRowPixels writeGanttRows(const GanttRowsInput& input, QImage canvas);
[[nodiscard]] GanttRowShapes shapeGanttRows(const GanttRowsInput& input);

}  // namespace fourfold::ui
