// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/gantt_plottable.h"

#include "ui/charts/palette.h"
#include "ui/charts/pixel_canvas.h"
#include "ui/charts/raster_worker.h"
#include "ui/views/gantt_lod.h"
#include "ui/views/gantt_rows.h"

#include <qcustomplot.h>

#include <QImage>
#include <QPaintEngine>

#include <algorithm>
#include <vector>

namespace fourfold::ui {
namespace {

class GanttPlottable final : public QCPAbstractPlottable {
public:
    GanttPlottable(QCPAxis* timeAxis, QCPAxis* rowAxis) : QCPAbstractPlottable(timeAxis, rowAxis) {
        setAntialiased(false);
        setSelectable(QCP::stNone);
        removeFromLegend();
    }

    void setSchedule(std::shared_ptr<const core::ScheduleResult> schedule) {
        schedule_ = std::move(schedule);
    }
    [[nodiscard]] GanttDrawStats stats() const { return stats_; }

    // Has the rows' pixels written on `worker` for the axes as they stand; the next draw takes
    // them if nothing they depend on has changed by then (a new layout of the chart, say).
    void writeAhead(const std::shared_ptr<RasterWorker>& worker) {
        ahead_ = {};
        if (!worker || !schedule_ || schedule_->ranks.empty() || !mKeyAxis || !mValueAxis) return;
        // A paint buffer's painter starts with the application's font, as QPainter on any
        // image does; the draw compares the font it is given.
        // The last draw's canvas goes with it, written over rather than allocated again.
        ahead_ = worker->run([input = input(mParentPlot->bufferDevicePixelRatio(), QFont()),
                              canvas = std::move(canvas_)]() mutable {
            return writeGanttRows(input, std::move(canvas));
        });
    }

    double selectTest(const QPointF&, bool, QVariant*) const override { return -1; }

    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain) const override {
        foundRange = schedule_ && schedule_->makespanS > 0;
        return foundRange ? QCPRange(0, schedule_->makespanS * 1e3) : QCPRange();
    }
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const override {
        foundRange = schedule_ && !schedule_->ranks.empty();
        return foundRange ? QCPRange(-0.5, static_cast<double>(schedule_->ranks.size()) - 0.5)
                          : QCPRange();
    }

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter*, const QRectF&) const override {}

private:
    // What the rows depend on, read off the axes, the palette and the label font.
    [[nodiscard]] GanttRowsInput input(double ratio, const QFont& font) const;
    [[nodiscard]] std::vector<QColor> bucketColours() const;
    void drawRects(QCPPainter* painter, const GanttRowsInput& input);
    void drawPixels(QCPPainter* painter, const GanttRowsInput& input);
    void drawLabels(QCPPainter* painter);

    std::shared_ptr<const core::ScheduleResult> schedule_;
    GanttDrawStats stats_;
    std::vector<GanttLabel> labels_;
    RasterJob<GanttRowPixels> ahead_;  // the rows being written beside the GUI thread
    QImage canvas_;                    // the pixel path's rows, kept between draws
};

GanttRowsInput GanttPlottable::input(double ratio, const QFont& font) const {
    const QCPAxis* time = mKeyAxis.data();
    const QCPAxis* rows = mValueAxis.data();
    GanttRowsInput in;
    in.schedule = schedule_;
    in.ratio = ratio;
    in.clip = clipRect();
    in.timeOriginPx = time->coordToPixel(0.0);
    in.timePxPerMs = time->coordToPixel(1.0) - in.timeOriginPx;
    in.visibleFromMs = time->range().lower;
    in.visibleToMs = time->range().upper;
    in.rowOriginPx = rows->coordToPixel(0.0);
    in.rowPxPerRow = rows->coordToPixel(1.0) - in.rowOriginPx;
    in.rowsFrom = rows->range().lower;
    in.rowsTo = rows->range().upper;
    const QFontMetricsF metrics(font);
    in.textHeight = metrics.height();
    in.digitWidth = metrics.horizontalAdvance(QLatin1Char('0'));
    in.colours = bucketColours();
    in.idle = palette::idleFillOn(mParentPlot->palette().color(QPalette::Base));
    in.hatch = palette::idleHatch();
    return in;
}

std::vector<QColor> GanttPlottable::bucketColours() const {
    const int chunks = std::max(1, schedule_->virtualStages);
    std::vector<QColor> colours(static_cast<std::size_t>(3 * chunks));
    for (int kind = 0; kind < 3; ++kind) {
        for (int chunk = 0; chunk < chunks; ++chunk) {
            colours[static_cast<std::size_t>(kind * chunks + chunk)] =
                palette::opChunk(static_cast<core::OpKind>(kind), chunk, chunks);
        }
    }
    for (int level = 0; level < kGanttMixLevels; ++level) {
        colours.push_back(palette::opBlend(kGanttMixShares[level]));
    }
    return colours;
}

void GanttPlottable::draw(QCPPainter* painter) {
    stats_ = {};
    labels_.clear();
    if (!schedule_ || !mKeyAxis || !mValueAxis || schedule_->ranks.empty()) {
        ahead_ = {};
        return;
    }
    // Pixels where they land one to one on the screen's raster; rectangles for PDF, SVG and
    // scaled exports.
    const bool onRaster =
        drawsPixelsOneToOne(*painter) && mKeyAxis->orientation() == Qt::Horizontal;
    const double ratio = onRaster ? painter->device()->devicePixelRatioF() : 1.0;
    const GanttRowsInput now = input(ratio, painter->font());
    if (onRaster) {
        drawPixels(painter, now);
    } else {
        drawRects(painter, now);
    }
    drawLabels(painter);
}

void GanttPlottable::drawPixels(QCPPainter* painter, const GanttRowsInput& now) {
    GanttRowPixels rows;
    bool ahead = false;
    if (ahead_.valid()) {
        rows = ahead_.take();
        ahead = rows.input == now;
        if (!ahead) canvas_ = std::move(rows.canvas);
    }
    if (!ahead) rows = writeGanttRows(now, std::move(canvas_));
    const QRect area = devicePixels(now.clip, now.ratio);
    // Rows are drawn one at a time: the space between them stays untouched.
    for (const auto& [top, end] : rows.bands) {
        painter->drawImage(QPointF(area.x(), area.y() + top) / now.ratio, rows.canvas,
                           QRectF(0, top, rows.canvas.width(), end - top));
    }
    labels_ = std::move(rows.labels);
    stats_ = rows.stats;
    stats_.writtenAhead = ahead;
    canvas_ = std::move(rows.canvas);
}

void GanttPlottable::drawRects(QCPPainter* painter, const GanttRowsInput& now) {
    GanttRowShapes shapes = shapeGanttRows(now);
    // Idle time is what shows through: a light grey band with a hatch over it.
    painter->setPen(Qt::NoPen);
    painter->setBrush(now.idle);
    painter->drawRects(shapes.idle.data(), static_cast<int>(shapes.idle.size()));
    // SVG Tiny readers have no fill patterns: there the grey band alone marks idle time.
    if (!painter->paintEngine() || painter->paintEngine()->type() != QPaintEngine::SVG) {
        painter->setBrush(QBrush(now.hatch, Qt::BDiagPattern));
        painter->drawRects(shapes.idle.data(), static_cast<int>(shapes.idle.size()));
    }
    for (std::size_t index = 0; index < shapes.buckets.size(); ++index) {
        const GanttRowShapes::Bucket& bucket = shapes.buckets[index];
        const QColor& fill = now.colours[index];
        painter->setBrush(fill);
        if (!bucket.plain.empty()) {
            painter->setPen(Qt::NoPen);
            painter->drawRects(bucket.plain.data(), static_cast<int>(bucket.plain.size()));
        }
        if (!bucket.outlined.empty()) {
            painter->setPen(QPen(fill.darker(150), 0));
            painter->drawRects(bucket.outlined.data(), static_cast<int>(bucket.outlined.size()));
        }
    }
    labels_ = std::move(shapes.labels);
    stats_ = shapes.stats;
}

void GanttPlottable::drawLabels(QCPPainter* painter) {
    for (const GanttLabel& label : labels_) {
        painter->setPen(palette::textOn(label.fill));
        painter->drawText(label.rect, Qt::AlignCenter, QString::number(label.microBatch));
        ++stats_.labels;
    }
}

}  // namespace

QCPAbstractPlottable* addGanttPlottable(QCPAxis* timeAxis, QCPAxis* rowAxis) {
    return new GanttPlottable(timeAxis, rowAxis);
}

void setGanttSchedule(QCPAbstractPlottable* gantt,
                      std::shared_ptr<const core::ScheduleResult> schedule) {
    if (auto* layer = dynamic_cast<GanttPlottable*>(gantt)) layer->setSchedule(std::move(schedule));
}

void writeGanttAhead(QCPAbstractPlottable* gantt, const std::shared_ptr<RasterWorker>& worker) {
    if (auto* layer = dynamic_cast<GanttPlottable*>(gantt)) layer->writeAhead(worker);
}

GanttDrawStats ganttDrawStats(const QCPAbstractPlottable* gantt) {
    const auto* layer = dynamic_cast<const GanttPlottable*>(gantt);
    return layer ? layer->stats() : GanttDrawStats{};
}

}  // namespace fourfold::ui
