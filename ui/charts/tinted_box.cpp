// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/tinted_box.h"

#include "ui/charts/pixel_canvas.h"

#include <qcustomplot.h>

namespace fourfold::ui {
namespace {

class TintedBox final : public QCPItemRect {
public:
    explicit TintedBox(QCustomPlot* plot) : QCPItemRect(plot) {
        // Upright edges have nothing to smooth, and QCustomPlot shifts a smoothed painter by
        // half a pixel, which would send the fill down the slow path below.
        setAntialiased(false);
    }

protected:
    void draw(QCPPainter* painter) override {
        const QBrush fill = mainBrush();
        if (fill.style() != Qt::SolidPattern || fill.color().alpha() == 255 ||
            painter->modes().testFlag(QCPPainter::pmVectorized) || !drawsPixelsOneToOne(*painter)) {
            QCPItemRect::draw(painter);
            return;
        }
        const QRectF box =
            QRectF(topLeft->pixelPosition(), bottomRight->pixelPosition()).normalized();
        // The pixels an unsmoothed fill of `box` covers: those whose centres lie inside.
        const QRect pixels(QPoint(roundPixel(box.left()), roundPixel(box.top())),
                           QPoint(roundPixel(box.right()) - 1, roundPixel(box.bottom()) - 1));
        fillBlended(*painter, pixels, fill.color());
        const QPen outline = mainPen();
        if (outline.style() == Qt::NoPen) return;
        painter->setPen(outline);
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(box);
    }
};

}  // namespace

QCPItemRect* makeTintedBox(QCustomPlot* plot) { return new TintedBox(plot); }

}  // namespace fourfold::ui
