// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/pixel_canvas.h"

#include <QImage>
#include <QPaintEngine>
#include <QPainter>

namespace fourfold::ui {

bool drawsPixelsOneToOne(const QPainter& painter) {
    return painter.device() && painter.paintEngine() &&
           painter.paintEngine()->type() == QPaintEngine::Raster &&
           painter.transform().isIdentity();
}

QRect devicePixels(const QRect& logical, double ratio) {
    return {roundPixel(logical.x() * ratio), roundPixel(logical.y() * ratio),
            roundPixel(logical.width() * ratio), roundPixel(logical.height() * ratio)};
}

bool prepareCanvas(QImage& canvas, const QSize& size, double ratio) {
    const bool fresh = canvas.size() != size;
    if (fresh) {
        canvas = QImage(size, QImage::Format_ARGB32_Premultiplied);
        canvas.fill(Qt::transparent);
    }
    canvas.setDevicePixelRatio(ratio);
    return fresh;
}

}  // namespace fourfold::ui
