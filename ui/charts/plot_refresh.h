// SPDX-License-Identifier: GPL-3.0-or-later
// A chart that a live edit redraws: how its redraws reach the screen, once per change, with
// the rest of the window, and cheaply.
// - QCustomPlot repaints its window at once after every replot (its default "immediate
//   refresh" hint): each of a step's replots then painted and flushed every widget that was
//   waiting, several times a step. Without the hint a replot asks for a paint, and the window
//   paints everything once.
// - A resize redraws every layer at once in QCustomPlot's own handler; when a new evaluation
//   also changes the layout (an advice line appears, a chart shrinks), the view's queued
//   replot then drew the whole chart a second time. Here the resize queues that replot:
//   queued replots coalesce, and they run before the window paints (its paint request is
//   posted at a lower priority), so no frame shows the chart at its old size.
// - Every layer draws into one buffer, so a paint puts one image per chart on the window.
// - That buffer is opaque while the chart's background is: a replot starts from the background
//   instead of transparency, and a paint copies the buffer to the window, where QCustomPlot
//   fills the widget with the background and blends a transparent buffer over it, after the
//   window has painted what lies under the widget.
#pragma once

class QCustomPlot;
class QWidget;

namespace fourfold::ui {

[[nodiscard]] QCustomPlot* newLiveChart(QWidget* parent = nullptr);

}  // namespace fourfold::ui
