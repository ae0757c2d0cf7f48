// SPDX-License-Identifier: GPL-3.0-or-later
// Writes a QCustomPlot chart as PNG (raster), SVG or PDF (both vector), chosen by the suffix.
#pragma once

#include "ui/charts/image_export.h"

#include <QString>

class QCustomPlot;

namespace fourfold::ui {

// Uses the plot's on-screen size (1000 × 600 when it was never laid out), a PNG at `scale` times
// that many pixels; false with a message that says why on failure.
[[nodiscard]] bool exportPlot(QCustomPlot& plot, const QString& path, QString* error,
                              double scale = kDefaultImageScale);

}  // namespace fourfold::ui
