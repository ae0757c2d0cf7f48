// SPDX-License-Identifier: GPL-3.0-or-later
// The few steps shared by what is drawn into images on screen instead of shape by shape (the
// Gantt rows and activation lines, the rank map's kept layers, chart headings): whether the
// painter maps one to one onto a raster device, whole-pixel rounding, the clip rectangle in
// device pixels, and a canvas image kept between draws.
#pragma once

#include <QRect>

class QColor;
class QImage;
class QPainter;

namespace fourfold::ui {

// Rounds half up to a whole pixel, inline (std::lround is a library call, and these run
// hundreds of thousands of times a draw), clamped far outside any image so far ends of a deep
// zoom still round exactly and clip to the edge.
[[nodiscard]] inline int roundPixel(double px) {
    constexpr double kFar = 1e7;
    const double shifted = (px < -kFar ? -kFar : px > kFar ? kFar : px) + 0.5;
    const int truncated = static_cast<int>(shifted);
    return truncated - (shifted < truncated ? 1 : 0);
}

// Whether what is drawn lands one to one on a raster device's pixels: not in PDF or SVG, not
// under a scaled export's transform.
[[nodiscard]] bool drawsPixelsOneToOne(const QPainter& painter);

// `logical` (the painter's coordinates) in the device's pixels at `ratio`.
[[nodiscard]] QRect devicePixels(const QRect& logical, double ratio);

// Makes `canvas` an image of `size` device pixels at `ratio`, premultiplied ARGB; an image of
// that size already there is kept as it is. Returns whether it was made anew (then it is
// transparent).
bool prepareCanvas(QImage& canvas, const QSize& size, double ratio);

// Fills `area` (the painter's coordinates) with `colour`, as QPainter::fillRect does. Qt 6.4's
// raster engine blends a translucent solid fill row by row and, past 96 rows, hands the rows to
// the global thread pool and waits for them: sixteen overflow boxes took 1.5 ms that way on two
// busy cores. An image of the colour blends in one pass on the calling thread. Opaque colours,
// and painters that do not map one to one onto a raster device, fill as usual.
void fillBlended(QPainter& painter, const QRect& area, const QColor& colour);

}  // namespace fourfold::ui
