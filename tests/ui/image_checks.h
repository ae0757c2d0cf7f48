// SPDX-License-Identifier: GPL-3.0-or-later
// Shared checks for images: an exported SVG must load back and draw something; two drawings
// of the same thing are compared pixel by pixel.
#pragma once

#include <QImage>
#include <QPainter>
#include <QString>
#include <QSvgRenderer>

#include <algorithm>
#include <cstdlib>

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

// A transparent image of `logical` size as a screen at `ratio` device pixels per pixel holds
// it: drawn onto one to one, as a widget's paint is.
inline QImage screenCanvas(const QSize& logical, double ratio) {
    QImage image(logical * ratio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(ratio);
    image.fill(Qt::transparent);
    return image;
}

// The largest difference of any channel (alpha too) of any pixel, premultiplied as drawn
// (unpremultiplying a faint edge would magnify its rounding); 256 when the sizes differ.
inline int largestDifference(const QImage& a, const QImage& b) {
    if (a.size() != b.size()) return 256;
    const QImage first = a.convertToFormat(QImage::Format_ARGB32_Premultiplied);
    const QImage second = b.convertToFormat(QImage::Format_ARGB32_Premultiplied);
    int largest = 0;
    for (int y = 0; y < first.height(); ++y) {
        const auto* p = reinterpret_cast<const QRgb*>(first.constScanLine(y));
        const auto* q = reinterpret_cast<const QRgb*>(second.constScanLine(y));
        for (int x = 0; x < first.width(); ++x) {
            largest = std::max(
                {largest, std::abs(qRed(p[x]) - qRed(q[x])), std::abs(qGreen(p[x]) - qGreen(q[x])),
                 std::abs(qBlue(p[x]) - qBlue(q[x])), std::abs(qAlpha(p[x]) - qAlpha(q[x]))});
        }
    }
    return largest;
}

}  // namespace fourfold::test
