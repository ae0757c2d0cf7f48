// SPDX-License-Identifier: GPL-3.0-or-later
// A QCPItemRect whose translucent fill blends as one image (fillBlended, pixel_canvas.h)
// instead of through the raster engine's threaded row-by-row blend: the memory chart tints
// every stage over its usable memory, boxes up to the chart's full height, at every edit.
#pragma once

class QCPItemRect;
class QCustomPlot;

namespace fourfold::ui {

// A QCPItemRect in `plot`, drawn the same. Not smoothed (setAntialiased): its edges are upright.
[[nodiscard]] QCPItemRect* makeTintedBox(QCustomPlot* plot);

}  // namespace fourfold::ui
