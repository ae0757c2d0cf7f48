// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/pixel_canvas.h"

#include <QColor>
#include <QImage>
#include <QPaintDevice>
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

void fillBlended(QPainter& painter, const QRect& area, const QColor& colour) {
    if (colour.alpha() == 255 || !drawsPixelsOneToOne(painter)) {
        painter.fillRect(area, colour);
        return;
    }
    // Only what can show: a box of a plan far over its memory reaches far past the chart.
    const QPaintDevice& device = *painter.device();
    QRect shown = area.intersected(QRect(0, 0, device.width(), device.height()));
    if (painter.hasClipping()) {
        shown = shown.intersected(painter.clipBoundingRect().toAlignedRect());
    }
    if (shown.isEmpty()) return;
    const double ratio = device.devicePixelRatioF();
    QImage tile(devicePixels(shown, ratio).size(), QImage::Format_ARGB32_Premultiplied);
    tile.setDevicePixelRatio(ratio);
    tile.fill(colour);
    painter.drawImage(shown.topLeft(), tile);
}

}  // namespace fourfold::ui
