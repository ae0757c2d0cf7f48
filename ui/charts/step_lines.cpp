// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/step_lines.h"

#include "ui/charts/pixel_canvas.h"
#include "ui/charts/raster_worker.h"

#include <qcustomplot.h>

#include <QImage>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace fourfold::ui {
namespace {

// An axis's coordinate to pixels as `offset + slope × coordinate`: exact for a linear axis,
// which is all the time and byte axes are (a logarithmic one maps point by point).
struct AxisMap {
    const QCPAxis* axis = nullptr;  // asked only when not linear
    double ratio = 1;
    double offset = 0;
    double slope = 0;
    bool linear = true;

    AxisMap() = default;
    AxisMap(const QCPAxis* on, double pixelRatio)
        : axis(on),
          ratio(pixelRatio),
          offset(on->coordToPixel(0.0) * pixelRatio),
          slope((on->coordToPixel(1.0) - on->coordToPixel(0.0)) * pixelRatio),
          linear(on->scaleType() == QCPAxis::stLinear) {}
    [[nodiscard]] double operator()(double coordinate) const {
        return linear ? offset + slope * coordinate : axis->coordToPixel(coordinate) * ratio;
    }
    bool operator==(const AxisMap&) const = default;
};

// Everything the pixel path reads: the lines follow from it alone, on any thread when both
// axes are linear.
struct LinesInput {
    std::shared_ptr<const std::vector<StepLine>> lines;
    double penWidth = 0;
    double ratio = 1;
    QRect clip;  // painter pixels
    AxisMap key;
    AxisMap value;
    bool operator==(const LinesInput&) const = default;
};

struct LinesPixels {
    LinesInput input;
    QImage canvas;
    QRect drawn;  // the canvas pixels written, in canvas pixels
};

// Writes the lines into `canvas` (made anew when its size does not fit; else the pixels
// `lastDrawn` left are cleared first).
LinesPixels writeLines(const LinesInput& in, QImage canvas, QRect lastDrawn) {
    LinesPixels out;
    out.input = in;
    const QRect area = devicePixels(in.clip, in.ratio);
    if (area.isEmpty() || !in.lines) return out;
    if (prepareCanvas(canvas, area.size(), in.ratio)) {
        lastDrawn = {};
    } else if (!lastDrawn.isEmpty()) {
        for (int row = lastDrawn.top(); row <= lastDrawn.bottom(); ++row) {
            auto* pixels = reinterpret_cast<QRgb*>(canvas.scanLine(row));
            std::fill(pixels + lastDrawn.left(), pixels + lastDrawn.right() + 1, 0u);
        }
    }

    // A cosmetic pen is one device pixel wide; a wider one scales with the pixel ratio.
    const int thickness =
        in.penWidth > 0 ? std::max(1, static_cast<int>(std::lround(in.penWidth * in.ratio))) : 1;
    const int before = (thickness - 1) / 2;
    const int after = thickness / 2;
    const int width = area.width();
    const int height = area.height();
    uchar* const bits = canvas.bits();
    const qsizetype stride = canvas.bytesPerLine();
    int left = width;
    int top = height;
    int right = -1;
    int bottom = -1;
    // Fills columns x0..x1 of rows y0..y1 (inclusive, any order), clipped to the canvas.
    const auto fill = [&](int x0, int x1, int y0, int y1, QRgb colour) {
        if (x0 > x1) std::swap(x0, x1);
        if (y0 > y1) std::swap(y0, y1);
        x0 = std::max(x0, 0);
        x1 = std::min(x1, width - 1);
        y0 = std::max(y0, 0);
        y1 = std::min(y1, height - 1);
        if (x0 > x1 || y0 > y1) return;
        for (int row = y0; row <= y1; ++row) {
            auto* pixels = reinterpret_cast<QRgb*>(bits + row * stride);
            std::fill(pixels + x0, pixels + x1 + 1, colour);
        }
        left = std::min(left, x0);
        right = std::max(right, x1);
        top = std::min(top, y0);
        bottom = std::max(bottom, y1);
    };
    const auto x = [&](double key) { return roundPixel(in.key(key)) - area.x(); };
    const auto y = [&](double value) { return roundPixel(in.value(value)) - area.y(); };
    for (const StepLine& line : *in.lines) {
        if (line.points.empty()) continue;
        const QRgb colour = qPremultiply(line.colour.rgba());
        int x0 = x(line.points.front().x());
        int y0 = y(line.points.front().y());
        for (std::size_t index = 1; index < line.points.size(); ++index) {
            const int x1 = x(line.points[index].x());
            const int y1 = y(line.points[index].y());
            // Held level from this point to the next, then the upright step to the new value.
            fill(x0, x1, y0 - before, y0 + after, colour);
            if (y1 != y0) fill(x1 - before, x1 + after, y0, y1, colour);
            x0 = x1;
            y0 = y1;
        }
        fill(x0, x0, y0 - before, y0 + after, colour);  // a lone point still shows
    }
    out.drawn = right < 0 ? QRect() : QRect(QPoint(left, top), QPoint(right, bottom));
    out.canvas = std::move(canvas);
    return out;
}

const std::vector<StepLine>& noLines() {
    static const std::vector<StepLine> none;
    return none;
}

class StepLinesPlottable final : public QCPAbstractPlottable {
public:
    StepLinesPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
        : QCPAbstractPlottable(keyAxis, valueAxis) {
        setAntialiased(false);
        setSelectable(QCP::stNone);
        removeFromLegend();
    }

    void setLines(std::vector<StepLine> lines, double penWidth) {
        lines_ = std::make_shared<const std::vector<StepLine>>(std::move(lines));
        penWidth_ = penWidth;
    }
    [[nodiscard]] const std::vector<StepLine>& lines() const {
        return lines_ ? *lines_ : noLines();
    }
    [[nodiscard]] bool drewAhead() const { return drewAhead_; }

    void setMarks(std::vector<QPointF> points, const RingStyle& style) {
        marks_ = std::move(points);
        if (!(style == markStyle_)) ring_ = {};
        markStyle_ = style;
    }
    [[nodiscard]] const std::vector<QPointF>& marks() const { return marks_; }

    // Has the pixels written on `worker` for the axes as they stand; the next draw takes them
    // if nothing they depend on has changed by then.
    void writeAhead(const std::shared_ptr<RasterWorker>& worker) {
        ahead_ = {};
        if (!worker || lines().empty() || !mKeyAxis || !mValueAxis) return;
        LinesInput input = inputFor(mParentPlot->bufferDevicePixelRatio());
        if (!input.key.linear || !input.value.linear) return;
        input.key.axis = nullptr;  // linear: never asked, and not to be touched off the GUI thread
        input.value.axis = nullptr;
        // The last draw's canvas goes with it, cleared where it was drawn on rather than
        // allocated again.
        ahead_ = worker->run([input, canvas = std::move(canvas_), drawn = lastDrawn_]() mutable {
            return writeLines(input, std::move(canvas), drawn);
        });
        lastDrawn_ = {};
    }

    double selectTest(const QPointF&, bool, QVariant*) const override { return -1; }

    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain) const override {
        return span(foundRange, [](const QPointF& point) { return point.x(); });
    }
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const override {
        return span(foundRange, [](const QPointF& point) { return point.y(); });
    }

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter*, const QRectF&) const override {}

private:
    // The lines' and the marks' span along one axis.
    template <typename Coordinate>
    QCPRange span(bool& found, const Coordinate& coordinate) const {
        double low = std::numeric_limits<double>::max();
        double high = std::numeric_limits<double>::lowest();
        const auto take = [&](const QPointF& point) {
            low = std::min(low, coordinate(point));
            high = std::max(high, coordinate(point));
        };
        for (const StepLine& line : lines()) {
            for (const QPointF& point : line.points) take(point);
        }
        for (const QPointF& point : marks_) take(point);
        found = low <= high;
        return found ? QCPRange(low, high) : QCPRange();
    }
    [[nodiscard]] LinesInput inputFor(double ratio) const {
        return {lines_,
                penWidth_,
                ratio,
                clipRect(),
                AxisMap(mKeyAxis.data(), ratio),
                AxisMap(mValueAxis.data(), ratio)};
    }
    void drawPixels(QCPPainter* painter);
    void drawPolylines(QCPPainter* painter) const;
    void drawMarks(QCPPainter* painter);

    std::shared_ptr<const std::vector<StepLine>> lines_;
    double penWidth_ = 0;
    RasterJob<LinesPixels> ahead_;  // the pixels being written beside the GUI thread
    QImage canvas_;                 // kept between draws: only the pixels last drawn are cleared
    QRect lastDrawn_;               // in canvas pixels
    bool drewAhead_ = false;        // the last draw took pixels written ahead
    std::vector<QPointF> marks_;    // rings, drawn over the lines
    RingStyle markStyle_;
    QImage ring_;  // the ring as the screen shows it, drawn again when the style changes
};

void StepLinesPlottable::draw(QCPPainter* painter) {
    QCPAxis* keyAxis = mKeyAxis.data();
    QCPAxis* valueAxis = mValueAxis.data();
    if (!keyAxis || !valueAxis || lines().empty()) {
        ahead_ = {};
    } else if (drawsPixelsOneToOne(*painter) && keyAxis->orientation() == Qt::Horizontal) {
        // Pixels only where they land one to one on the screen's raster: not in PDF or SVG,
        // not under a scaled export's transform, not on a rotated chart.
        drawPixels(painter);
    } else {
        drawPolylines(painter);
    }
    if (keyAxis && valueAxis) drawMarks(painter);
}

void StepLinesPlottable::drawMarks(QCPPainter* painter) {
    if (marks_.empty()) return;
    const double radius = markStyle_.diameter / 2;
    if (!drawsPixelsOneToOne(*painter) || painter->device()->devicePixelRatioF() != 1.0) {
        painter->setAntialiasing(true);
        painter->setPen(markStyle_.pen);
        painter->setBrush(markStyle_.brush);
        for (const QPointF& point : marks_) {
            painter->drawEllipse(coordsToPixels(point.x(), point.y()), radius, radius);
        }
        return;
    }
    if (ring_.isNull()) {
        // Even, so the ring's centre is a pixel corner, where QCustomPlot's smoothed circles
        // centre once it has shifted them by half a pixel.
        const int size = 2 * static_cast<int>(std::ceil(radius + markStyle_.pen.widthF()));
        ring_ = QImage(size, size, QImage::Format_ARGB32_Premultiplied);
        ring_.fill(Qt::transparent);
        QPainter onto(&ring_);
        onto.setRenderHint(QPainter::Antialiasing, true);
        onto.setPen(markStyle_.pen);
        onto.setBrush(markStyle_.brush);
        onto.drawEllipse(QPointF(size / 2.0, size / 2.0), radius, radius);
    }
    const double half = ring_.width() / 2.0;
    for (const QPointF& point : marks_) {
        const QPointF centre = coordsToPixels(point.x(), point.y()) + QPointF(0.5, 0.5);
        painter->drawImage(QPointF(std::round(centre.x() - half), std::round(centre.y() - half)),
                           ring_);
    }
}

void StepLinesPlottable::drawPixels(QCPPainter* painter) {
    LinesInput now = inputFor(painter->device()->devicePixelRatioF());
    LinesPixels pixels;
    bool ahead = false;
    if (ahead_.valid()) {
        pixels = ahead_.take();
        // Made with the axes' maps copied (linear ones never ask their axis).
        pixels.input.key.axis = now.key.axis;
        pixels.input.value.axis = now.value.axis;
        ahead = pixels.input == now;
        if (!ahead) {
            canvas_ = std::move(pixels.canvas);
            lastDrawn_ = pixels.drawn;
        }
    }
    if (!ahead) pixels = writeLines(now, std::move(canvas_), lastDrawn_);
    drewAhead_ = ahead;
    canvas_ = std::move(pixels.canvas);
    lastDrawn_ = pixels.drawn;
    if (lastDrawn_.isEmpty()) return;
    const QRect area = devicePixels(now.clip, now.ratio);
    painter->drawImage(QPointF(area.x() + lastDrawn_.x(), area.y() + lastDrawn_.y()) / now.ratio,
                       canvas_, QRectF(lastDrawn_));
}

void StepLinesPlottable::drawPolylines(QCPPainter* painter) const {
    painter->setBrush(Qt::NoBrush);
    QPolygonF polyline;
    for (const StepLine& line : lines()) {
        polyline.clear();
        for (std::size_t index = 0; index < line.points.size(); ++index) {
            const QPointF& point = line.points[index];
            if (index > 0) {
                polyline << coordsToPixels(point.x(), line.points[index - 1].y());
            }
            polyline << coordsToPixels(point.x(), point.y());
        }
        painter->setPen(QPen(line.colour, penWidth_));
        painter->drawPolyline(polyline);
    }
}

}  // namespace

QCPAbstractPlottable* stepLinesOf(QCPAxisRect* rect) {
    for (QCPAbstractPlottable* plottable : rect->plottables()) {
        if (dynamic_cast<StepLinesPlottable*>(plottable)) return plottable;
    }
    return new StepLinesPlottable(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
}

void setStepLines(QCPAbstractPlottable* plottable, std::vector<StepLine> lines, double penWidth) {
    if (auto* steps = dynamic_cast<StepLinesPlottable*>(plottable)) {
        steps->setLines(std::move(lines), penWidth);
    }
}

const std::vector<StepLine>& stepLines(const QCPAbstractPlottable* plottable) {
    const auto* steps = dynamic_cast<const StepLinesPlottable*>(plottable);
    return steps ? steps->lines() : noLines();
}

void setStepMarks(QCPAbstractPlottable* plottable, std::vector<QPointF> points,
                  const RingStyle& style) {
    if (auto* steps = dynamic_cast<StepLinesPlottable*>(plottable)) {
        steps->setMarks(std::move(points), style);
    }
}

const std::vector<QPointF>& stepMarks(const QCPAbstractPlottable* plottable) {
    static const std::vector<QPointF> none;
    const auto* steps = dynamic_cast<const StepLinesPlottable*>(plottable);
    return steps ? steps->marks() : none;
}

bool stepLinesDrewAhead(const QCPAbstractPlottable* plottable) {
    const auto* steps = dynamic_cast<const StepLinesPlottable*>(plottable);
    return steps && steps->drewAhead();
}

void writeStepLinesAhead(QCPAbstractPlottable* plottable,
                         const std::shared_ptr<RasterWorker>& worker) {
    if (auto* steps = dynamic_cast<StepLinesPlottable*>(plottable)) steps->writeAhead(worker);
}

}  // namespace fourfold::ui
