// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/gantt_plottable.h"

#include "ui/views/gantt_lod.h"
#include "ui/views/palette.h"
#include "ui/views/pixel_canvas.h"

#include <qcustomplot.h>

#include <QImage>
#include <QPaintEngine>

#include <algorithm>
#include <cmath>
#include <vector>

namespace fourfold::ui {
namespace {

constexpr double kHalfRow = 0.4;     // a row's block height is 0.8 of its pitch
constexpr double kMinBlockPx = 1.0;  // narrower ops merge into aggregate spans
constexpr double kOutlinePx = 4.0;   // wider blocks get an outline to part neighbours

// One visible row, in the pixels it is drawn in: its band from time 0 to the makespan and its
// spans (sub-pixel ops merged), each as whole pixels [from, to).
struct RowPixels {
    int row = 0;
    int top = 0;
    int height = 1;
    int bandFrom = 0;
    int bandTo = 0;
    bool roomForText = false;
};

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
    struct Label {
        QRectF rect;  // in the painter's coordinates
        int microBatch = 0;
        QColor fill;
    };
    // Calls perRow(RowPixels) for each visible row, with spans_ holding its spans, in pixels
    // of `scale` times the painter's coordinates.
    template <typename PerRow>
    void forEachRow(double scale, double textHeight, PerRow perRow);
    [[nodiscard]] std::vector<QColor> bucketColours() const;
    [[nodiscard]] std::size_t bucketOf(const GanttSpan& span) const;
    // Adds the span's label when the block is wide and tall enough for its number.
    void addLabel(const RowPixels& row, const GanttSpan& span, int from, int to, double scale,
                  double digitWidth, const std::vector<QColor>& colours);
    void drawRects(QCPPainter* painter);
    void drawPixels(QCPPainter* painter);
    // Appends to `gaps` the parts of a row's `band` that none of its `blocks` covers.
    static void addIdleGaps(const QRect& band, std::vector<QRect>& blocks,
                            std::vector<QRect>& gaps);
    void drawIdleBands(QCPPainter* painter, const std::vector<QRect>& bands) const;
    void drawLabels(QCPPainter* painter);

    std::shared_ptr<const core::ScheduleResult> schedule_;
    GanttDrawStats stats_;
    std::vector<GanttSpan> spans_;  // reused between draws
    std::vector<Label> labels_;
    QImage canvas_;  // the pixel path's rows, kept between draws
};

template <typename PerRow>
void GanttPlottable::forEachRow(double scale, double textHeight, PerRow perRow) {
    QCPAxis* timeAxis = mKeyAxis.data();
    QCPAxis* rowAxis = mValueAxis.data();
    GanttTimeMapping mapping;
    mapping.originPx = timeAxis->coordToPixel(0.0) * scale;
    mapping.pixelsPerSecond = (timeAxis->coordToPixel(1.0) * scale - mapping.originPx) * 1e3;
    mapping.visibleStartS = timeAxis->range().lower * 1e-3;
    mapping.visibleEndS = timeAxis->range().upper * 1e-3;
    const double makespanPx = timeAxis->coordToPixel(schedule_->makespanS * 1e3) * scale;

    const QCPRange rows = rowAxis->range();
    const int firstRow = std::max(0, static_cast<int>(std::floor(rows.lower)));
    const int lastRow = std::min(static_cast<int>(schedule_->ranks.size()) - 1,
                                 static_cast<int>(std::ceil(rows.upper)));
    const double left = clipRect().left() * scale - 2.0;
    const double right = clipRect().right() * scale + 2.0;
    for (int row = firstRow; row <= lastRow; ++row) {
        const double top = rowAxis->coordToPixel(row - kHalfRow) * scale;
        const double bottom = rowAxis->coordToPixel(row + kHalfRow) * scale;
        const double y = std::min(top, bottom);
        const double height = std::max(1.0, std::fabs(bottom - top));
        RowPixels pixels;
        pixels.row = row;
        pixels.top = roundPixel(y);
        pixels.height = std::max(1, roundPixel(y + height) - pixels.top);
        pixels.bandFrom = roundPixel(std::max(mapping.originPx, left));
        pixels.bandTo = std::max(pixels.bandFrom + 1, roundPixel(std::min(makespanPx, right)));
        pixels.roomForText = height >= textHeight * scale;
        spans_.clear();
        // Clamped to the visible strip: deep zoom puts far ends millions of pixels away.
        collectRowSpans(schedule_->ranks[static_cast<std::size_t>(row)].ops, mapping,
                        kMinBlockPx * scale, spans_);
        for (GanttSpan& span : spans_) {
            span.x0 = std::max(span.x0, left);
            span.x1 = std::min(span.x1, right);
        }
        perRow(pixels);
        ++stats_.rows;
    }
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
    return colours;
}

std::size_t GanttPlottable::bucketOf(const GanttSpan& span) const {
    const int chunks = std::max(1, schedule_->virtualStages);
    return static_cast<std::size_t>(static_cast<int>(span.kind) * chunks +
                                    std::clamp(span.chunk, 0, chunks - 1));
}

void GanttPlottable::addLabel(const RowPixels& row, const GanttSpan& span, int from, int to,
                              double scale, double digitWidth, const std::vector<QColor>& colours) {
    if (!row.roomForText) return;
    const auto& ops = schedule_->ranks[static_cast<std::size_t>(row.row)].ops;
    const int microBatch = ops[static_cast<std::size_t>(span.opIndex)].microBatch;
    int digits = 1;
    for (int rest = microBatch; rest >= 10; rest /= 10) ++digits;
    if (to - from < digits * digitWidth * scale + 4 * scale) return;
    const QRectF rect(from / scale, row.top / scale, (to - from) / scale, row.height / scale);
    labels_.push_back({rect, microBatch, colours[bucketOf(span)]});
}

void GanttPlottable::draw(QCPPainter* painter) {
    stats_ = {};
    labels_.clear();
    if (!schedule_ || !mKeyAxis || !mValueAxis || schedule_->ranks.empty()) return;
    // Pixels where they land one to one on the screen's raster; rectangles for PDF, SVG and
    // scaled exports.
    const bool onRaster =
        drawsPixelsOneToOne(*painter) && mKeyAxis->orientation() == Qt::Horizontal;
    if (onRaster) {
        drawPixels(painter);
    } else {
        drawRects(painter);
    }
    drawLabels(painter);
}

void GanttPlottable::drawRects(QCPPainter* painter) {
    const std::vector<QColor> colours = bucketColours();
    std::vector<Bucket> buckets(colours.size());
    for (std::size_t index = 0; index < colours.size(); ++index)
        buckets[index].fill = colours[index];
    const QFontMetricsF metrics(painter->font());
    const double digitWidth = metrics.horizontalAdvance(QLatin1Char('0'));
    std::vector<QRect> idleBands;
    std::vector<QRect> rowBlocks;
    forEachRow(1.0, metrics.height(), [&](const RowPixels& row) {
        // [x0, x1) in pixels to a whole-pixel rectangle at least one pixel wide; neighbours
        // that meet at a fractional pixel still meet after rounding.
        const auto rowRect = [&](double x0, double x1) {
            const int from = roundPixel(x0);
            const int to = std::max(from + 1, roundPixel(x1));
            return QRect(from, row.top, to - from, row.height);
        };
        rowBlocks.clear();
        for (const GanttSpan& span : spans_) {
            const QRect rect = rowRect(span.x0, span.x1);
            rowBlocks.push_back(rect);
            Bucket& bucket = buckets[bucketOf(span)];
            if (span.aggregate) {
                ++stats_.aggregates;
                bucket.plain.push_back(rect);
                continue;
            }
            ++stats_.blocks;
            (rect.width() >= kOutlinePx ? bucket.outlined : bucket.plain).push_back(rect);
            addLabel(row, span, rect.left(), rect.left() + rect.width(), 1.0, digitWidth, colours);
        }
        addIdleGaps(QRect(row.bandFrom, row.top, row.bandTo - row.bandFrom, row.height), rowBlocks,
                    idleBands);
    });

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
}

void GanttPlottable::drawPixels(QCPPainter* painter) {
    // Each row is built as two scanlines, its edge (first and last) and its inside, then
    // copied down its height: a few thousand blocks cost a few thousand span writes and one
    // image, where filling them as rectangles cost the raster engine a call per block and row.
    const double ratio = painter->device()->devicePixelRatioF();
    const QRect clip = clipRect();
    const QRect area = devicePixels(clip, ratio);
    if (area.isEmpty()) return;
    prepareCanvas(canvas_, area.size(), ratio);  // every row drawn is written whole
    const std::vector<QColor> colours = bucketColours();
    std::vector<QRgb> fills(colours.size());
    std::vector<QRgb> outlines(colours.size());
    for (std::size_t index = 0; index < colours.size(); ++index) {
        fills[index] = qPremultiply(colours[index].rgba());
        outlines[index] = qPremultiply(colours[index].darker(150).rgba());
    }
    const QRgb idle =
        qPremultiply(palette::idleFillOn(mParentPlot->palette().color(QPalette::Base)).rgba());
    const QRgb hatch = qPremultiply(palette::idleHatch().rgba());
    const int width = area.width();
    std::vector<QRgb> edge(static_cast<std::size_t>(width));
    std::vector<QRgb> inside(static_cast<std::size_t>(width));
    std::vector<QRect> rowBlocks;  // in canvas columns; their rows do not matter here
    std::vector<QRect> gaps;
    const QFontMetricsF metrics(painter->font());
    const double digitWidth = metrics.horizontalAdvance(QLatin1Char('0'));
    uchar* const bits = canvas_.bits();
    const qsizetype stride = canvas_.bytesPerLine();
    const auto put = [width](std::vector<QRgb>& line, int from, int to, QRgb colour) {
        from = std::max(from, 0);
        to = std::min(to, width);
        if (from < to) std::fill(line.begin() + from, line.begin() + to, colour);
    };
    forEachRow(ratio, metrics.height(), [&](const RowPixels& row) {
        const int top = std::max(row.top - area.y(), 0);
        const int end = std::min(row.top + row.height - area.y(), area.height());
        if (top >= end) return;
        std::fill(edge.begin(), edge.end(), 0u);
        std::fill(inside.begin(), inside.end(), 0u);
        const int bandFrom = row.bandFrom - area.x();
        const int bandTo = row.bandTo - area.x();
        put(edge, bandFrom, bandTo, idle);
        put(inside, bandFrom, bandTo, idle);
        rowBlocks.clear();
        gaps.clear();
        for (const GanttSpan& span : spans_) {
            const int from = roundPixel(span.x0) - area.x();
            const int to = std::max(from + 1, roundPixel(span.x1) - area.x());
            rowBlocks.emplace_back(from, 0, to - from, 1);
            const std::size_t bucket = bucketOf(span);
            if (span.aggregate) {
                ++stats_.aggregates;
                put(edge, from, to, fills[bucket]);
                put(inside, from, to, fills[bucket]);
                continue;
            }
            ++stats_.blocks;
            const bool outlined = to - from >= kOutlinePx * ratio;
            put(edge, from, to, outlined ? outlines[bucket] : fills[bucket]);
            put(inside, from, to, fills[bucket]);
            if (outlined) {
                put(inside, from, from + 1, outlines[bucket]);
                put(inside, to - 1, to, outlines[bucket]);
            }
            addLabel(row, span, from + area.x(), to + area.x(), ratio, digitWidth, colours);
        }
        addIdleGaps(QRect(bandFrom, 0, bandTo - bandFrom, 1), rowBlocks, gaps);
        const int last = row.top + row.height - 1 - area.y();
        for (int y = top; y < end; ++y) {
            auto* pixels = reinterpret_cast<QRgb*>(bits + y * stride);
            const bool isEdge = row.height > 2 && (y == row.top - area.y() || y == last);
            std::copy(isEdge ? edge.begin() : inside.begin(), isEdge ? edge.end() : inside.end(),
                      pixels);
            // The idle hatch: one diagonal every 8 pixels, as Qt's BDiagPattern draws it.
            for (const QRect& gap : gaps) {
                const int from = std::max(gap.left(), 0);
                const int to = std::min(gap.left() + gap.width(), width);
                const int absolute = y + area.y();
                int x = from + ((7 - (from + area.x() + absolute) % 8) + 8) % 8;
                for (; x < to; x += 8) pixels[x] = hatch;
            }
        }
        // Rows are drawn one at a time: the space between them stays untouched.
        painter->drawImage(QPointF(area.x(), area.y() + top) / ratio, canvas_,
                           QRectF(0, top, width, end - top));
    });
}

void GanttPlottable::addIdleGaps(const QRect& band, std::vector<QRect>& blocks,
                                 std::vector<QRect>& gaps) {
    // The blocks are opaque: only the pixels of the band they leave uncovered need the idle
    // fill and its hatch (a hatch under every block was most of the Gantt's drawing time).
    // A rank's blocks mostly come in time order already: checking costs less than sorting.
    const auto byLeft = [](const QRect& a, const QRect& b) { return a.left() < b.left(); };
    if (!std::is_sorted(blocks.begin(), blocks.end(), byLeft)) {
        std::sort(blocks.begin(), blocks.end(), byLeft);
    }
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

void GanttPlottable::drawLabels(QCPPainter* painter) {
    for (const Label& label : labels_) {
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

GanttDrawStats ganttDrawStats(const QCPAbstractPlottable* gantt) {
    const auto* layer = dynamic_cast<const GanttPlottable*>(gantt);
    return layer ? layer->stats() : GanttDrawStats{};
}

}  // namespace fourfold::ui
