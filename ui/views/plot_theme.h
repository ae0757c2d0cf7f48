// SPDX-License-Identifier: GPL-3.0-or-later
// Plot colours from the widget palette: QCustomPlot paints its own background, axes, grid and
// text in fixed light-theme colours, so each plot follows its palette here, now and on every
// later palette change (a theme switch).
#pragma once

class QCustomPlot;

namespace fourfold::ui {

// Applies the plot's palette to its background, axes, grid, legends and text elements, and
// again whenever the palette changes.
void followPalette(QCustomPlot* plot);

}  // namespace fourfold::ui
