// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/image_export.h"

#include "ui/document/atomic_file.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QWidget>

#include <algorithm>

namespace fourfold::ui {

ImageFormat imageFormatForPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png")) return ImageFormat::Png;
    if (suffix == QLatin1String("svg")) return ImageFormat::Svg;
    if (suffix == QLatin1String("pdf")) return ImageFormat::Pdf;
    return ImageFormat::Unknown;
}

// The image is encoded in memory, then written beside the target and renamed over it, so a
// failed export (a full disk) never truncates an image that was there.
QString imageEncodeError(const QString& path, const QSize& pixels) {
    // Drawing and encoding happen in memory; what fails there is the size.
    return QObject::tr(
               "Could not draw the image \"%1\": %2 × %3 pixels needs more memory than "
               "is free; choose a smaller scale.")
        .arg(path)
        .arg(pixels.width())
        .arg(pixels.height());
}

bool exportWidgetImage(QWidget& widget, const QString& path, QString* error, double scale) {
    const QSize size = widget.size().isEmpty() ? QSize(800, 500) : widget.size();
    if (widget.size().isEmpty()) widget.resize(size);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    switch (imageFormatForPath(path)) {
        case ImageFormat::Png: {
            const qreal ratio = std::clamp(scale, 0.25, kMaxImageScale);
            const QSize pixels(qRound(size.width() * ratio), qRound(size.height() * ratio));
            QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
            if (image.isNull()) {
                if (error) *error = imageEncodeError(path, pixels);
                return false;
            }
            // Drawn at the ratio, so text and lines are sharp rather than enlarged pixels.
            image.setDevicePixelRatio(ratio);
            image.fill(widget.palette().color(QPalette::Window));
            widget.render(&image);
            if (image.save(&buffer, "PNG")) return writeFileAtomically(path, bytes, error);
            if (error) *error = imageEncodeError(path, pixels);
            return false;
        }
        case ImageFormat::Svg: {
            QSvgGenerator generator;
            generator.setOutputDevice(&buffer);
            generator.setSize(size);
            generator.setViewBox(QRect(QPoint(0, 0), size));
            generator.setResolution(widget.logicalDpiX());
            generator.setTitle(widget.windowTitle());
            QPainter painter;
            if (!painter.begin(&generator)) break;
            widget.render(&painter);
            if (painter.end()) return writeFileAtomically(path, bytes, error);
            break;
        }
        case ImageFormat::Pdf: {
            QPdfWriter writer(&buffer);
            writer.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
            writer.setPageMargins(QMarginsF(0, 0, 0, 0));
            writer.setResolution(72);
            QPainter painter;
            if (!painter.begin(&writer)) break;
            widget.render(&painter);
            if (painter.end()) return writeFileAtomically(path, bytes, error);
            break;
        }
        case ImageFormat::Unknown:
            if (error) {
                *error = QObject::tr("Cannot export \"%1\": use a .png, .svg or .pdf file name.")
                             .arg(path);
            }
            return false;
    }
    // QPainter::begin or end failed on a vector device writing into memory.
    if (error) *error = imageEncodeError(path, size);
    return false;
}

}  // namespace fourfold::ui
