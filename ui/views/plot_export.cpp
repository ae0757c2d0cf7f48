// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/plot_export.h"

#include "ui/views/image_export.h"

#include <qcustomplot.h>

#include <QSvgGenerator>

namespace fourfold::ui {

bool exportPlot(QCustomPlot& plot, const QString& path, QString* error) {
    // A plot never laid out on screen has a token size: use a sensible page instead.
    const bool laidOut = plot.width() >= 200 && plot.height() >= 150;
    const int width = laidOut ? plot.width() : 1000;
    const int height = laidOut ? plot.height() : 600;
    bool written = false;
    switch (imageFormatForPath(path)) {
        case ImageFormat::Png:
            written = plot.savePng(path, width, height);
            break;
        case ImageFormat::Pdf:
            written = plot.savePdf(path, width, height);
            break;
        case ImageFormat::Svg: {
            QSvgGenerator generator;
            generator.setFileName(path);
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
    if (!written && error) *error = QObject::tr("Could not write the image \"%1\".").arg(path);
    return written;
}

}  // namespace fourfold::ui
