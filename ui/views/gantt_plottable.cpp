// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/gantt_plottable.h"

#include "ui/views/gantt_lod.h"
#include "ui/views/palette.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace fourfold::ui {
namespace {

constexpr double kHalfRow = 0.4;     // a row's block height is 0.8 of its pitch
constexpr double kMinBlockPx = 1.0;  // narrower ops merge into aggregate spans
constexpr double kOutlinePx = 4.0;   // wider blocks get an outline to part neighbours

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
    // Whole-pixel rectangles: the raster engine fills those directly, where fractional ones go
    // through its scanline rasterizer at several times the cost (the blocks are drawn aliased,
    // so they land on whole pixels either way).
    struct Bucket {
        QColor fill;
        std::vector<QRect> outlined;
        std::vector<QRect> plain;
    };
    // Appends to `gaps` the parts of a row's `band` that none of its `blocks` covers.
    static void addIdleGaps(const QRect& band, std::vector<QRect>& blocks,
                            std::vector<QRect>& gaps);
    void drawIdleBands(QCPPainter* painter, const std::vector<QRect>& bands) const;
    void drawLabels(QCPPainter* painter, const std::vector<std::pair<QRectF, int>>& labels,
                    const std::vector<Bucket>& buckets,
                    const std::vector<std::size_t>& labelBuckets);

    std::shared_ptr<const core::ScheduleResult> schedule_;
    GanttDrawStats stats_;
    std::vector<GanttSpan> spans_;  // reused between draws
};

void GanttPlottable::draw(QCPPainter* painter) {
    stats_ = {};
    QCPAxis* timeAxis = mKeyAxis.data();
    QCPAxis* rowAxis = mValueAxis.data();
    if (!schedule_ || !timeAxis || !rowAxis || schedule_->ranks.empty()) return;

    const int chunks = std::max(1, schedule_->virtualStages);
    std::vector<Bucket> buckets(static_cast<std::size_t>(3 * chunks));
    for (int kind = 0; kind < 3; ++kind) {
        for (int chunk = 0; chunk < chunks; ++chunk) {
            buckets[static_cast<std::size_t>(kind * chunks + chunk)].fill =
                palette::opChunk(static_cast<core::OpKind>(kind), chunk, chunks);
        }
    }

    GanttTimeMapping mapping;
    mapping.originPx = timeAxis->coordToPixel(0.0);
    mapping.pixelsPerSecond = (timeAxis->coordToPixel(1.0) - mapping.originPx) * 1e3;
    mapping.visibleStartS = timeAxis->range().lower * 1e-3;
    mapping.visibleEndS = timeAxis->range().upper * 1e-3;
    const double makespanPx = timeAxis->coordToPixel(schedule_->makespanS * 1e3);

    const QCPRange rows = rowAxis->range();
    const int firstRow = std::max(0, static_cast<int>(std::floor(rows.lower)));
    const int lastRow = std::min(static_cast<int>(schedule_->ranks.size()) - 1,
                                 static_cast<int>(std::ceil(rows.upper)));

    const double left = clipRect().left() - 2.0;
    const double right = clipRect().right() + 2.0;
    const QFontMetricsF metrics(painter->font());
    const double digitWidth = metrics.horizontalAdvance(QLatin1Char('0'));
    std::vector<QRect> idleBands;
    std::vector<QRect> rowBlocks;
    std::vector<std::pair<QRectF, int>> labels;
    std::vector<std::size_t> labelBuckets;
    for (int row = firstRow; row <= lastRow; ++row) {
        const double top = rowAxis->coordToPixel(row - kHalfRow);
        const double bottom = rowAxis->coordToPixel(row + kHalfRow);
        const double y = std::min(top, bottom);
        const double height = std::max(1.0, std::fabs(bottom - top));
        const int rowTop = static_cast<int>(std::lround(y));
        const int rowHeight = std::max(1, static_cast<int>(std::lround(y + height)) - rowTop);
        // [x0, x1) in pixels to a whole-pixel rectangle at least one pixel wide; neighbours
        // that meet at a fractional pixel still meet after rounding.
        const auto rowRect = [&](double x0, double x1) {
            const int from = static_cast<int>(std::lround(x0));
            const int to = std::max(from + 1, static_cast<int>(std::lround(x1)));
            return QRect(from, rowTop, to - from, rowHeight);
        };
        const QRect band = rowRect(std::max(mapping.originPx, left), std::min(makespanPx, right));
        rowBlocks.clear();
        const auto& ops = schedule_->ranks[static_cast<std::size_t>(row)].ops;
        spans_.clear();
        collectRowSpans(ops, mapping, kMinBlockPx, spans_);
        const bool roomForText = height >= metrics.height();
        for (const GanttSpan& span : spans_) {
            const auto bucket = static_cast<std::size_t>(static_cast<int>(span.kind) * chunks +
                                                         std::clamp(span.chunk, 0, chunks - 1));
            // Clamp to the visible strip: deep zoom puts far ends millions of pixels away.
            const QRect rect = rowRect(std::max(span.x0, left), std::min(span.x1, right));
            rowBlocks.push_back(rect);
            if (span.aggregate) {
                ++stats_.aggregates;
                buckets[bucket].plain.push_back(rect);
                continue;
            }
            ++stats_.blocks;
            (rect.width() >= kOutlinePx ? buckets[bucket].outlined : buckets[bucket].plain)
                .push_back(rect);
            const int microBatch = ops[static_cast<std::size_t>(span.opIndex)].microBatch;
            int digits = 1;
            for (int rest = microBatch; rest >= 10; rest /= 10) ++digits;
            if (roomForText && rect.width() >= digits * digitWidth + 4) {
                labels.emplace_back(QRectF(rect), microBatch);
                labelBuckets.push_back(bucket);
            }
        }
        addIdleGaps(band, rowBlocks, idleBands);
        ++stats_.rows;
    }

    drawIdleBands(painter, idleBands);
    for (const Bucket& bucket : buckets) {
        painter->setBrush(bucket.fill);
        if (!bucket.plain.empty()) {
            painter->setPen(Qt::NoPen);
            painter->drawRects(bucket.plain.data(), static_cast<int>(bucket.plain.size()));
        }
        if (!bucket.outlined.empty()) {
            painter->setPen(QPen(bucket.fill.darker(150), 0));
            painter->drawRects(bucket.outlined.data(), static_cast<int>(bucket.outlined.size()));
        }
    }
    drawLabels(painter, labels, buckets, labelBuckets);
}

void GanttPlottable::addIdleGaps(const QRect& band, std::vector<QRect>& blocks,
                                 std::vector<QRect>& gaps) {
    // The blocks are opaque: only the pixels of the band they leave uncovered need the idle
    // fill and its hatch (a hatch under every block was most of the Gantt's drawing time).
    std::sort(blocks.begin(), blocks.end(),
              [](const QRect& a, const QRect& b) { return a.left() < b.left(); });
    int cursor = band.left();
    const int end = band.left() + band.width();  // one past the band's last pixel
    for (const QRect& block : blocks) {
        const int from = std::max(block.left(), band.left());
        if (from > cursor)
            gaps.emplace_back(cursor, band.top(), std::min(from, end) - cursor, band.height());
        cursor = std::max(cursor, block.left() + block.width());
        if (cursor >= end) return;
    }
    if (end > cursor) gaps.emplace_back(cursor, band.top(), end - cursor, band.height());
}

void GanttPlottable::drawIdleBands(QCPPainter* painter, const std::vector<QRect>& bands) const {
    // Idle time is what shows through: a light grey band with a hatch over it.
    painter->setPen(Qt::NoPen);
    painter->setBrush(palette::idleFillOn(mParentPlot->palette().color(QPalette::Base)));
    painter->drawRects(bands.data(), static_cast<int>(bands.size()));
    // SVG Tiny readers have no fill patterns: there the grey band alone marks idle time.
    if (painter->paintEngine() && painter->paintEngine()->type() == QPaintEngine::SVG) return;
    painter->setBrush(QBrush(palette::idleHatch(), Qt::BDiagPattern));
    painter->drawRects(bands.data(), static_cast<int>(bands.size()));
}

void GanttPlottable::drawLabels(QCPPainter* painter,
                                const std::vector<std::pair<QRectF, int>>& labels,
                                const std::vector<Bucket>& buckets,
                                const std::vector<std::size_t>& labelBuckets) {
    for (std::size_t i = 0; i < labels.size(); ++i) {
        painter->setPen(palette::textOn(buckets[labelBuckets[i]].fill));
        painter->drawText(labels[i].first, Qt::AlignCenter, QString::number(labels[i].second));
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

GanttDrawStats ganttDrawStats(const QCPAbstractPlottable* gantt) {
    const auto* layer = dynamic_cast<const GanttPlottable*>(gantt);
    return layer ? layer->stats() : GanttDrawStats{};
}

}  // namespace fourfold::ui
