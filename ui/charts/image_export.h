// SPDX-License-Identifier: GPL-3.0-or-later
// Writes a widget as PNG (raster), SVG or PDF (vector where the widget paints with QPainter),
// chosen by the file suffix. A PNG is drawn at `scale` times the widget's size (2 by default:
// sharp on slides and in papers); SVG and PDF are vector and ignore it.
#pragma once

#include <QSize>
#include <QString>

class QWidget;

namespace fourfold::ui {

enum class ImageFormat { Png, Svg, Pdf, Unknown };

[[nodiscard]] ImageFormat imageFormatForPath(const QString& path);
// PNG scale when none is chosen.
inline constexpr double kDefaultImageScale = 2.0;
// The largest PNG scale offered and accepted.
inline constexpr double kMaxImageScale = 8.0;

// False with a message that says why (the system's reason when the file cannot be written).
[[nodiscard]] bool exportWidgetImage(QWidget& widget, const QString& path, QString* error,
                                     double scale = kDefaultImageScale);
// "Could not draw the image "<path>": <width> × <height> pixels is too large." and the like,
// for an image that could not be drawn or encoded in memory.
[[nodiscard]] QString imageEncodeError(const QString& path, const QSize& pixels);

}  // namespace fourfold::ui
