// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/plot_export.h"

#include "ui/charts/image_export.h"
#include "ui/document/atomic_file.h"

#include <qcustomplot.h>

#include <QBuffer>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>

namespace fourfold::ui {

bool exportPlot(QCustomPlot& plot, const QString& path, QString* error, double scale) {
    // A plot never laid out on screen has a token size: use a sensible page instead.
    const bool laidOut = plot.width() >= 200 && plot.height() >= 150;
    const int width = laidOut ? plot.width() : 1000;
    const int height = laidOut ? plot.height() : 600;
    // Encoded in memory, then written beside the target and renamed over it: a failed export
    // (a full disk) never truncates an image that was there.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool written = false;
    switch (imageFormatForPath(path)) {
        case ImageFormat::Png: {
            // toPixmap draws at the scale (sharp text and lines, not enlarged pixels).
            const double ratio = std::clamp(scale, 0.25, kMaxImageScale);
            QImage image = plot.toPixmap(width, height, ratio).toImage();
            if (image.isNull()) {
                if (error) *error = imageEncodeError(path, QSize(width, height) * ratio);
                return false;
            }
            // 96 dpi times the scale: the image prints at the plot's on-screen size.
            const int dotsPerMeter = qRound(3780 * ratio);
            image.setDotsPerMeterX(dotsPerMeter);
            image.setDotsPerMeterY(dotsPerMeter);
            written = image.save(&buffer, "PNG");
            break;
        }
        case ImageFormat::Pdf: {
            // What QCustomPlot::savePdf does, into memory: one page the plot's size, in points.
            QPdfWriter writer(&buffer);
            writer.setPageSize(QPageSize(QSizeF(width, height), QPageSize::Point));
            writer.setPageMargins(QMarginsF(0, 0, 0, 0));
            writer.setResolution(72);
            writer.setCreator(QStringLiteral("Fourfold"));
            QCPPainter painter;
            if (!painter.begin(&writer)) break;
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            plot.toPainter(&painter, width, height);
            written = painter.end();
            break;
        }
        case ImageFormat::Svg: {
            QSvgGenerator generator;
            generator.setOutputDevice(&buffer);
            generator.setSize(QSize(width, height));
            generator.setViewBox(QRect(0, 0, width, height));
            // Without this the text comes out smaller than on screen (72 dpi default).
            generator.setResolution(plot.logicalDpiX());
            QCPPainter painter;
            if (!painter.begin(&generator)) break;
            plot.toPainter(&painter, width, height);
            written = painter.end();
            break;
        }
        case ImageFormat::Unknown:
            if (error) {
                *error = QObject::tr("Cannot export \"%1\": use a .png, .svg or .pdf file name.")
                             .arg(path);
            }
            return false;
    }
    if (!written) {
        if (error) *error = imageEncodeError(path, QSize(width, height));
        return false;
    }
    return writeFileAtomically(path, bytes, error);
}

}  // namespace fourfold::ui
