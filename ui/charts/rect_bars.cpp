// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/rect_bars.h"

#include <qcustomplot.h>

#include <QPaintEngine>

#include <cmath>
#include <vector>

namespace fourfold::ui {
namespace {

// Whether the painter only moves by whole pixels (a chart may draw shifted into its buffer).
bool wholePixelShift(const QPainter& painter) {
    const QTransform& transform = painter.transform();
    return transform.type() <= QTransform::TxTranslate &&
           transform.dx() == std::round(transform.dx()) &&
           transform.dy() == std::round(transform.dy());
}

class RectBars final : public QCPBars {
public:
    RectBars(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPBars(keyAxis, valueAxis) {
        // Whole-pixel rectangles have nothing to smooth, and QCustomPlot shifts a smoothed
        // painter by half a pixel, which would send every bar down the slow path below.
        setAntialiased(false);
        setAntialiasedFill(false);
    }

protected:
    void draw(QCPPainter* painter) override {
        // Vector output (PDF, SVG) and selected bars keep QCPBars' own drawing.
        if (painter->modes().testFlag(QCPPainter::pmVectorized) || !selection().isEmpty()) {
            QCPBars::draw(painter);
            return;
        }
        if (!mKeyAxis || !mValueAxis || mDataContainer->isEmpty()) return;
        QCPBarsDataContainer::const_iterator begin;
        QCPBarsDataContainer::const_iterator end;
        getVisibleDataBounds(begin, end);
        rects_.clear();
        for (auto it = begin; it != end; ++it) {
            if (!std::isfinite(it->key) || !std::isfinite(it->value)) continue;
            const QRectF bar = getBarRect(it->key, it->value).normalized();
            // Both edges rounded: bars stacked on a shared edge still meet exactly.
            const long left = std::lround(bar.left());
            const long right = std::lround(bar.right());
            const long top = std::lround(bar.top());
            const long bottom = std::lround(bar.bottom());
            if (right <= left) continue;
            // A stacked segment thinner than the outline QCustomPlot leaves between segments
            // comes out empty; it is drawn as its outline's one row, else that row stays
            // blank between the segments around it.
            if (bottom <= top && (it->value == 0 || mPen.style() == Qt::NoPen)) continue;
            rects_.emplace_back(static_cast<int>(left), static_cast<int>(top),
                                static_cast<int>(right - left),
                                static_cast<int>(std::max(0L, bottom - top)));
        }
        if (rects_.empty()) return;
        // Solid colours, an outline of at most one pixel, one pixel per pixel of the device.
        const bool plainColours = mBrush.style() == Qt::SolidPattern &&
                                  (mPen.style() == Qt::NoPen ||
                                   (mPen.style() == Qt::SolidLine && mPen.widthF() <= 1.0)) &&
                                  painter->paintEngine()->type() == QPaintEngine::Raster &&
                                  wholePixelShift(*painter) &&
                                  painter->device()->devicePixelRatioF() == 1.0;
        if (!plainColours) {
            applyDefaultAntialiasingHint(painter);
            painter->setPen(mPen);
            painter->setBrush(mBrush);
            painter->drawRects(rects_.data(), static_cast<int>(rects_.size()));
            return;
        }
        // A one-pixel outline as drawRect draws it (one pixel past the right and bottom edges)
        // and the fill inside it, each as a solid fill: the raster engine fills those row by
        // row, where it strokes an outline pixel by pixel down every upright edge.
        const QColor fill = mBrush.color();
        const QColor outline = mPen.style() == Qt::NoPen ? QColor() : mPen.color();
        for (const QRect& rect : rects_) {
            if (!outline.isValid()) {
                painter->fillRect(rect, fill);
                continue;
            }
            painter->fillRect(rect.adjusted(0, 0, 1, 1), outline);
            if (rect.width() > 1 && rect.height() > 1) {
                painter->fillRect(rect.adjusted(1, 1, 0, 0), fill);
            }
        }
    }

private:
    std::vector<QRect> rects_;  // reused between draws
};

}  // namespace

QCPBars* makeRectBars(QCPAxis* keyAxis, QCPAxis* valueAxis) {
    return new RectBars(keyAxis, valueAxis);
}

}  // namespace fourfold::ui
