// SPDX-License-Identifier: GPL-3.0-or-later
// The painted Gantt layer: one QCustomPlot plottable draws every rank's ops straight from the
// ScheduleResult, only in the visible time range, merging sub-pixel ops (ui/gantt_lod.h).
// No per-block plot items, so half a million ops stay cheap. Keys: time in ms; values: row =
// pipeline rank (row r spans r ± 0.4).
#pragma once

#include "core/schedule/schedule.h"

#include <memory>

class QCPAxis;
class QCPAbstractPlottable;

namespace fourfold::ui {

class RasterWorker;

struct GanttDrawStats {
    int rows = 0;        // rows painted in the last draw
    int blocks = 0;      // ops painted as their own block
    int aggregates = 0;  // merged spans painted
    int labels = 0;      // micro-batch numbers written inside blocks
    // The rows' pixels came from the work started when the evaluation arrived (on the raster
    // worker, or at the draw if the worker had not begun it), not written anew at the draw.
    bool writtenAhead = false;
};

// Adds the layer to the plot that owns the axes; the plot owns and deletes it.
[[nodiscard]] QCPAbstractPlottable* addGanttPlottable(QCPAxis* timeAxis, QCPAxis* rowAxis);
// `schedule` is kept (shared, not copied) until the next call.
void setGanttSchedule(QCPAbstractPlottable* gantt,
                      std::shared_ptr<const core::ScheduleResult> schedule);
// Has the rows' pixels written on `worker` for the axes as they stand, to be drawn by the next
// replot if nothing they depend on has changed by then (else it writes them itself).
void writeGanttAhead(QCPAbstractPlottable* gantt, const std::shared_ptr<RasterWorker>& worker);
[[nodiscard]] GanttDrawStats ganttDrawStats(const QCPAbstractPlottable* gantt);

}  // namespace fourfold::ui
