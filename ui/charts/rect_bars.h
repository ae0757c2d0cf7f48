// SPDX-License-Identifier: GPL-3.0-or-later
// Bars drawn as whole-pixel rectangles. QCPBars fills each bar as a polygon, which Qt's raster
// engine sends through its scanline rasterizer; upright bars on whole pixels look the same and
// fill directly, for a fraction of the cost (a memory chart of 16 stages × 10 categories
// redraws 160 bars at every edit). Stacking, hovering and the legend are QCPBars' own.
#pragma once

class QCPAxis;
class QCPBars;

namespace fourfold::ui {

// A QCPBars on `keyAxis` × `valueAxis` that draws its bars as whole-pixel rectangles; bars of
// zero height are not drawn. Not smoothed (setAntialiased): the edges fall on whole pixels.
[[nodiscard]] QCPBars* makeRectBars(QCPAxis* keyAxis, QCPAxis* valueAxis);

}  // namespace fourfold::ui
