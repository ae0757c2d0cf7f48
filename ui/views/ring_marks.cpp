// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/ring_marks.h"

#include "ui/views/pixel_canvas.h"
#include "ui/views/point_span.h"

#include <qcustomplot.h>

#include <QImage>

#include <cmath>

namespace fourfold::ui {
namespace {

const std::vector<QPointF>& noPoints() {
    static const std::vector<QPointF> none;
    return none;
}

class RingMarksPlottable final : public QCPAbstractPlottable {
public:
    RingMarksPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
        : QCPAbstractPlottable(keyAxis, valueAxis) {
        // Smoothing is asked for where it is wanted: switched on, QCPPainter also shifts the
        // painter by half a pixel, which would keep the rings off the screen's pixel grid.
        setAntialiased(false);
        setSelectable(QCP::stNone);
        removeFromLegend();
    }

    void setMarks(std::vector<QPointF> points, const RingStyle& style) {
        points_ = std::move(points);
        if (!(style == style_)) ring_ = {};
        style_ = style;
    }
    [[nodiscard]] const std::vector<QPointF>& points() const { return points_; }

    double selectTest(const QPointF&, bool, QVariant*) const override { return -1; }
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain) const override {
        return span(foundRange, [](const QPointF& point) { return point.x(); });
    }
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const override {
        return span(foundRange, [](const QPointF& point) { return point.y(); });
    }

protected:
    void draw(QCPPainter* painter) override {
        if (points_.empty() || !mKeyAxis || !mValueAxis) return;
        const double radius = style_.diameter / 2;
        if (!drawsPixelsOneToOne(*painter) || painter->device()->devicePixelRatioF() != 1.0) {
            painter->setAntialiasing(true);
            painter->setPen(style_.pen);
            painter->setBrush(style_.brush);
            for (const QPointF& point : points_) {
                painter->drawEllipse(coordsToPixels(point.x(), point.y()), radius, radius);
            }
            return;
        }
        if (ring_.isNull()) {
            // Even, so the ring's centre is a pixel corner, where QCustomPlot's smoothed
            // circles centre once it has shifted them by half a pixel.
            const int size = 2 * static_cast<int>(std::ceil(radius + style_.pen.widthF()));
            ring_ = QImage(size, size, QImage::Format_ARGB32_Premultiplied);
            ring_.fill(Qt::transparent);
            QPainter onto(&ring_);
            onto.setRenderHint(QPainter::Antialiasing, true);
            onto.setPen(style_.pen);
            onto.setBrush(style_.brush);
            onto.drawEllipse(QPointF(size / 2.0, size / 2.0), radius, radius);
        }
        const double half = ring_.width() / 2.0;
        for (const QPointF& point : points_) {
            const QPointF centre = coordsToPixels(point.x(), point.y()) + QPointF(0.5, 0.5);
            painter->drawImage(
                QPointF(std::round(centre.x() - half), std::round(centre.y() - half)), ring_);
        }
    }
    void drawLegendIcon(QCPPainter*, const QRectF&) const override {}

private:
    template <typename Coordinate>
    QCPRange span(bool& found, const Coordinate& coordinate) const {
        const auto range = pointSpan(
            [this](const auto& visit) {
                for (const QPointF& point : points_) visit(point);
            },
            coordinate);
        found = range.has_value();
        return found ? QCPRange(range->first, range->second) : QCPRange();
    }

    std::vector<QPointF> points_;
    RingStyle style_;
    QImage ring_;  // the ring as the screen shows it, drawn again when the style changes
};

}  // namespace

QCPAbstractPlottable* ringMarksOf(QCPAxisRect* rect) {
    for (QCPAbstractPlottable* plottable : rect->plottables()) {
        if (dynamic_cast<RingMarksPlottable*>(plottable)) return plottable;
    }
    return new RingMarksPlottable(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
}

void setRingMarks(QCPAbstractPlottable* plottable, std::vector<QPointF> points,
                  const RingStyle& style) {
    if (auto* rings = dynamic_cast<RingMarksPlottable*>(plottable)) {
        rings->setMarks(std::move(points), style);
    }
}

const std::vector<QPointF>& ringMarks(const QCPAbstractPlottable* plottable) {
    const auto* rings = dynamic_cast<const RingMarksPlottable*>(plottable);
    return rings ? rings->points() : noPoints();
}

}  // namespace fourfold::ui
