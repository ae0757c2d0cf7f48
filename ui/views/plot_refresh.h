// SPDX-License-Identifier: GPL-3.0-or-later
// How a chart's redraws reach the screen during a live edit: once per change, with the rest
// of the window.
// - QCustomPlot repaints its window at once after every replot (its default "immediate
//   refresh" hint): each of a step's replots then painted and flushed every widget that was
//   waiting, several times a step. Without the hint a replot asks for a paint, and the window
//   paints everything once.
// - A resize redraws every layer at once in QCustomPlot's own handler; when a new evaluation
//   also changes the layout (an advice line appears, a chart shrinks), the view's queued
//   replot then drew the whole chart a second time. Here the resize queues that replot:
//   queued replots coalesce, and they run before the window paints (its paint request is
//   posted at a lower priority), so no frame shows the chart at its old size.
// - Every layer draws into one buffer, so a paint blends one image per chart, not two.
#pragma once

class QCustomPlot;

namespace fourfold::ui {

void coalesceReplots(QCustomPlot* plot);

}  // namespace fourfold::ui
