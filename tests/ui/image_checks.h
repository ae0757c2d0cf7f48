// SPDX-License-Identifier: GPL-3.0-or-later
// Shared checks for exported images: an SVG must load back and draw something.
#pragma once

#include <QImage>
#include <QPainter>
#include <QString>
#include <QSvgRenderer>

namespace fourfold::test {

// Renders the SVG at 800 × 500 on white and counts non-white samples on a 4-pixel grid;
// -1 when the file is not a valid SVG.
inline int inkedSvgSamples(const QString& path) {
    QSvgRenderer svg(path);
    if (!svg.isValid()) return -1;
    QImage raster(800, 500, QImage::Format_ARGB32);
    raster.fill(Qt::white);
    QPainter painter(&raster);
    svg.render(&painter);
    painter.end();
    int inked = 0;
    for (int y = 0; y < raster.height(); y += 4) {
        for (int x = 0; x < raster.width(); x += 4) {
            inked += raster.pixel(x, y) != qRgb(255, 255, 255) ? 1 : 0;
        }
    }
    return inked;
}

}  // namespace fourfold::test
