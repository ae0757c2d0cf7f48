// SPDX-License-Identifier: GPL-3.0-or-later
// Writes a widget as PNG (raster), SVG or PDF (vector where the widget paints with QPainter),
// chosen by the file suffix.
#pragma once

#include <QString>

class QWidget;

namespace fourfold::ui {

enum class ImageFormat { Png, Svg, Pdf, Unknown };

[[nodiscard]] ImageFormat imageFormatForPath(const QString& path);
[[nodiscard]] bool exportWidgetImage(QWidget& widget, const QString& path, QString* error);

}  // namespace fourfold::ui
