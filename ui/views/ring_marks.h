// SPDX-License-Identifier: GPL-3.0-or-later
// Rings at points (where each rank's activations first peak, under the Gantt) as one
// plottable. On a screen that takes pixels one to one the ring is drawn once and blended at
// each point; PDF, SVG and scaled exports get each ring as an ellipse. As a QCPGraph's circle
// scatter, sixteen smoothed ellipses were stroked and filled at every slider step.
#pragma once

#include <QBrush>
#include <QPen>
#include <QPointF>

#include <vector>

class QCPAbstractPlottable;
class QCPAxisRect;

namespace fourfold::ui {

struct RingStyle {
    QPen pen;
    QBrush brush;
    double diameter = 7;  // pixels, to the pen's centre line
    bool operator==(const RingStyle&) const = default;
};

// The rect's ring plottable, added on its bottom and left axes the first time.
[[nodiscard]] QCPAbstractPlottable* ringMarksOf(QCPAxisRect* rect);

// What the plottable draws: a ring in `style` at each point (key, value).
void setRingMarks(QCPAbstractPlottable* plottable, std::vector<QPointF> points,
                  const RingStyle& style);

// The points a ring plottable marks (none for any other plottable).
[[nodiscard]] const std::vector<QPointF>& ringMarks(const QCPAbstractPlottable* plottable);

}  // namespace fourfold::ui
