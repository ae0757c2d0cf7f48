// SPDX-License-Identifier: GPL-3.0-or-later
// Step lines (each point's value holds until the next point's key) as one plottable: the
// per-rank activation curves under the Gantt. On screen their pixels are written into one
// image that is composited once. As sixteen QCPGraphs, every level and upright segment of
// every line went through the raster engine's line stroker, hundreds per line at every slider
// step. Vector outputs (PDF, SVG) and scaled exports get the same lines as polylines.
// The same plottable marks points with rings (where each rank's activations first peak): on
// such a screen the ring is drawn once and blended at each point, elsewhere each is an ellipse
// (as a QCPGraph's circle scatter, sixteen smoothed ellipses were stroked at every step).
#pragma once

#include <QBrush>
#include <QColor>
#include <QPen>
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

struct RingStyle {
    QPen pen;
    QBrush brush;
    double diameter = 7;  // pixels, to the pen's centre line
    bool operator==(const RingStyle&) const = default;
};

// Rings in `style` at the points (key, value), drawn over the lines.
void setStepMarks(QCPAbstractPlottable* plottable, std::vector<QPointF> points,
                  const RingStyle& style);
// The points a step-line plottable marks (none for any other plottable).
[[nodiscard]] const std::vector<QPointF>& stepMarks(const QCPAbstractPlottable* plottable);

// Has the lines' pixels written on `worker` for the axes as they stand, to be drawn by the
// next replot if nothing they depend on has changed by then (else it writes them itself).
void writeStepLinesAhead(QCPAbstractPlottable* plottable,
                         const std::shared_ptr<RasterWorker>& worker);
// Whether the plottable's last draw on screen took the pixels of the work started ahead (see
// writeStepLinesAhead) rather than writing them anew.
[[nodiscard]] bool stepLinesDrewAhead(const QCPAbstractPlottable* plottable);

}  // namespace fourfold::ui
