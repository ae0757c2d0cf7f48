// SPDX-License-Identifier: GPL-3.0-or-later
// Legend entries that are not plottables: a filled (or hatched) box, a line or a marker with a
// caption. The charts use them for op kinds, chunk shades, idle time, capacity and margin.
#pragma once

#include <QBrush>
#include <QPen>
#include <QString>

class QCPAbstractPlottable;
class QCPLegend;

namespace fourfold::ui {

enum class SwatchShape { Box, Line, Circle, Diamond };

struct Swatch {
    SwatchShape shape = SwatchShape::Box;
    QBrush brush;  // Box fill or marker fill
    QPen pen;      // Box outline, the line, or the marker outline
    QString text;
    bool operator==(const Swatch&) const = default;
};

// Appends an entry to `legend` (which owns it).
void addLegendSwatch(QCPLegend* legend, const Swatch& swatch);
// Appends `plottable`'s entry to `legend`, as QCPAbstractPlottable::addToLegend does, with its
// caption measured once rather than at every layout pass.
void addPlottableLegendEntry(QCPLegend* legend, QCPAbstractPlottable* plottable);
// Gives every entry of `legend` the same padding; call after adding the entries.
void padLegendItems(QCPLegend* legend);

}  // namespace fourfold::ui
