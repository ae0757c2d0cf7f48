// SPDX-License-Identifier: GPL-3.0-or-later
// Step lines (each point's value holds until the next point's key) as one plottable: the
// per-rank activation curves under the Gantt. On screen their pixels are written into one
// image that is composited once. As sixteen QCPGraphs, every level and upright segment of
// every line went through the raster engine's line stroker, hundreds per line at every slider
// step. Vector outputs (PDF, SVG) and scaled exports get the same lines as polylines.
#pragma once

#include <QColor>
#include <QPointF>

#include <memory>
#include <vector>

class QCPAbstractPlottable;
class QCPAxisRect;

namespace fourfold::ui {

class RasterWorker;

struct StepLine {
    QColor colour;
    std::vector<QPointF> points;  // (key, value), keys ascending

    friend bool operator==(const StepLine&, const StepLine&) = default;
};

// The rect's step-line plottable, added on its bottom and left axes the first time.
[[nodiscard]] QCPAbstractPlottable* stepLinesOf(QCPAxisRect* rect);

// What the plottable draws. `penWidth` 0 is one device pixel; wider pens scale with the
// screen's pixel ratio, as a QPen's width does.
void setStepLines(QCPAbstractPlottable* plottable, std::vector<StepLine> lines, double penWidth);

// The lines a step-line plottable draws (none for any other plottable).
[[nodiscard]] const std::vector<StepLine>& stepLines(const QCPAbstractPlottable* plottable);

// Has the lines' pixels written on `worker` for the axes as they stand, to be drawn by the
// next replot if nothing they depend on has changed by then (else it writes them itself).
void writeStepLinesAhead(QCPAbstractPlottable* plottable,
                         const std::shared_ptr<RasterWorker>& worker);
// Whether the plottable's last draw on screen took the pixels of the work started ahead (see
// writeStepLinesAhead) rather than writing them anew.
[[nodiscard]] bool stepLinesDrewAhead(const QCPAbstractPlottable* plottable);

}  // namespace fourfold::ui
