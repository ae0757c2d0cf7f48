// SPDX-License-Identifier: GPL-3.0-or-later
// The span of a plottable's own points along one axis, for the key and value ranges
// QCustomPlot asks a plottable for (the step lines, the peak rings).
#pragma once

#include <QPointF>

#include <algorithm>
#include <limits>
#include <optional>
#include <utility>

namespace fourfold::ui {

// The lowest and highest `coordinate(point)` of the points `visitAll(visit)` hands to
// `visit`, none when there are no points.
template <typename VisitAll, typename Coordinate>
[[nodiscard]] std::optional<std::pair<double, double>> pointSpan(const VisitAll& visitAll,
                                                                 const Coordinate& coordinate) {
    double low = std::numeric_limits<double>::max();
    double high = std::numeric_limits<double>::lowest();
    visitAll([&](const QPointF& point) {
        low = std::min(low, coordinate(point));
        high = std::max(high, coordinate(point));
    });
    if (low > high) return std::nullopt;
    return std::pair{low, high};
}

}  // namespace fourfold::ui
