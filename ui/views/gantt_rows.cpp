// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/gantt_rows.h"

#include "ui/charts/pixel_canvas.h"
#include "ui/views/gantt_lod.h"

#include <algorithm>
#include <cmath>

namespace fourfold::ui {
namespace {

constexpr double kMinBlockPx = 1.0;  // narrower ops merge into aggregate spans
constexpr double kOutlinePx = 4.0;   // wider blocks get an outline to part neighbours

// One visible row, in the pixels it is drawn in: its band from time 0 to the makespan, each as
// whole pixels [from, to).
struct RowPixels {
    int row = 0;
    int top = 0;
    int height = 1;
    int bandFrom = 0;
    int bandTo = 0;
    bool roomForText = false;
};

// Calls perRow(RowPixels) for each visible row, with `spans` holding its spans (sub-pixel ops
// merged), in pixels of `scale` times the painter's.
template <typename PerRow>
void forEachRow(const GanttRowsInput& in, double scale, std::vector<GanttSpan>& spans,
                GanttDrawStats& stats, PerRow perRow) {
    const core::ScheduleResult& schedule = *in.schedule;
    GanttTimeMapping mapping;
    mapping.originPx = in.timeOriginPx * scale;
    mapping.pixelsPerSecond = in.timePxPerMs * scale * 1e3;
    mapping.visibleStartS = in.visibleFromMs * 1e-3;
    mapping.visibleEndS = in.visibleToMs * 1e-3;
    const double makespanPx = (in.timeOriginPx + in.timePxPerMs * schedule.makespanS * 1e3) * scale;
    const int firstRow = std::max(0, static_cast<int>(std::floor(in.rowsFrom)));
    const int lastRow = std::min(static_cast<int>(schedule.ranks.size()) - 1,
                                 static_cast<int>(std::ceil(in.rowsTo)));
    const double left = in.clip.left() * scale - 2.0;
    const double right = in.clip.right() * scale + 2.0;
    for (int row = firstRow; row <= lastRow; ++row) {
        const double top = (in.rowOriginPx + in.rowPxPerRow * (row - kGanttHalfRow)) * scale;
        const double bottom = (in.rowOriginPx + in.rowPxPerRow * (row + kGanttHalfRow)) * scale;
        const double y = std::min(top, bottom);
        const double height = std::max(1.0, std::fabs(bottom - top));
        RowPixels pixels;
        pixels.row = row;
        pixels.top = roundPixel(y);
        pixels.height = std::max(1, roundPixel(y + height) - pixels.top);
        pixels.bandFrom = roundPixel(std::max(mapping.originPx, left));
        pixels.bandTo = std::max(pixels.bandFrom + 1, roundPixel(std::min(makespanPx, right)));
        pixels.roomForText = height >= in.textHeight * scale;
        spans.clear();
        // Clamped to the visible strip: deep zoom puts far ends millions of pixels away.
        collectRowSpans(schedule.ranks[static_cast<std::size_t>(row)].ops, mapping,
                        kMinBlockPx * scale, spans);
        for (GanttSpan& span : spans) {
            span.x0 = std::max(span.x0, left);
            span.x1 = std::min(span.x1, right);
        }
        perRow(pixels);
        ++stats.rows;
    }
}

std::size_t bucketOf(const GanttRowsInput& in, const GanttSpan& span) {
    const int chunks = std::max(1, in.schedule->virtualStages);
    // The density view's blends follow the kind × chunk colours (GanttPlottable::bucketColours).
    if (span.mix >= 0) return static_cast<std::size_t>(3 * chunks + span.mix);
    return static_cast<std::size_t>(static_cast<int>(span.kind) * chunks +
                                    std::clamp(span.chunk, 0, chunks - 1));
}

// Adds the span's label when the block is wide and tall enough for its number.
void addLabel(const GanttRowsInput& in, const RowPixels& row, const GanttSpan& span, int from,
              int to, double scale, std::vector<GanttLabel>& labels) {
    if (!row.roomForText) return;
    const auto& ops = in.schedule->ranks[static_cast<std::size_t>(row.row)].ops;
    const int microBatch = ops[static_cast<std::size_t>(span.opIndex)].microBatch;
    int digits = 1;
    for (int rest = microBatch; rest >= 10; rest /= 10) ++digits;
    if (to - from < digits * in.digitWidth * scale + 4 * scale) return;
    const QRectF rect(from / scale, row.top / scale, (to - from) / scale, row.height / scale);
    labels.push_back({rect, microBatch, in.colours[bucketOf(in, span)]});
}

// Appends to `gaps` the parts of a row's `band` that none of its `blocks` covers.
void addIdleGaps(const QRect& band, std::vector<QRect>& blocks, std::vector<QRect>& gaps) {
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

}  // namespace

GanttRowPixels writeGanttRows(const GanttRowsInput& in, QImage canvas) {
    // Each row is built as two scanlines, its edge (first and last) and its inside, then
    // copied down its height: a few thousand blocks cost a few thousand span writes and one
    // image, where filling them as rectangles cost the raster engine a call per block and row.
    GanttRowPixels out;
    out.input = in;
    const double ratio = in.ratio;
    const QRect area = devicePixels(in.clip, ratio);
    if (!in.schedule || in.schedule->ranks.empty() || area.isEmpty()) return out;
    prepareCanvas(canvas, area.size(), ratio);  // every row drawn is written whole
    std::vector<QRgb> fills(in.colours.size());
    std::vector<QRgb> outlines(in.colours.size());
    for (std::size_t index = 0; index < in.colours.size(); ++index) {
        fills[index] = qPremultiply(in.colours[index].rgba());
        outlines[index] = qPremultiply(in.colours[index].darker(150).rgba());
    }
    const QRgb idle = qPremultiply(in.idle.rgba());
    const QRgb hatch = qPremultiply(in.hatch.rgba());
    const int width = area.width();
    std::vector<QRgb> edge(static_cast<std::size_t>(width));
    std::vector<QRgb> inside(static_cast<std::size_t>(width));
    std::vector<QRect> rowBlocks;  // in canvas columns; their rows do not matter here
    std::vector<QRect> gaps;
    std::vector<GanttSpan> spans;
    uchar* const bits = canvas.bits();
    const qsizetype stride = canvas.bytesPerLine();
    const auto put = [width](std::vector<QRgb>& line, int from, int to, QRgb colour) {
        from = std::max(from, 0);
        to = std::min(to, width);
        if (from < to) std::fill(line.begin() + from, line.begin() + to, colour);
    };
    forEachRow(in, ratio, spans, out.stats, [&](const RowPixels& row) {
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
        for (const GanttSpan& span : spans) {
            const int from = roundPixel(span.x0) - area.x();
            const int to = std::max(from + 1, roundPixel(span.x1) - area.x());
            rowBlocks.emplace_back(from, 0, to - from, 1);
            const std::size_t bucket = bucketOf(in, span);
            if (span.aggregate) {
                ++out.stats.aggregates;
                put(edge, from, to, fills[bucket]);
                put(inside, from, to, fills[bucket]);
                continue;
            }
            ++out.stats.blocks;
            const bool outlined = to - from >= kOutlinePx * ratio;
            put(edge, from, to, outlined ? outlines[bucket] : fills[bucket]);
            put(inside, from, to, fills[bucket]);
            if (outlined) {
                put(inside, from, from + 1, outlines[bucket]);
                put(inside, to - 1, to, outlines[bucket]);
            }
            addLabel(in, row, span, from + area.x(), to + area.x(), ratio, out.labels);
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
        out.bands.emplace_back(top, end);
    });
    out.canvas = std::move(canvas);
    return out;
}

GanttRowShapes shapeGanttRows(const GanttRowsInput& in) {
    GanttRowShapes out;
    if (!in.schedule || in.schedule->ranks.empty()) return out;
    out.buckets.resize(in.colours.size());
    std::vector<QRect> rowBlocks;
    std::vector<GanttSpan> spans;
    forEachRow(in, 1.0, spans, out.stats, [&](const RowPixels& row) {
        // [x0, x1) in pixels to a whole-pixel rectangle at least one pixel wide; neighbours
        // that meet at a fractional pixel still meet after rounding.
        const auto rowRect = [&](double x0, double x1) {
            const int from = roundPixel(x0);
            const int to = std::max(from + 1, roundPixel(x1));
            return QRect(from, row.top, to - from, row.height);
        };
        rowBlocks.clear();
        for (const GanttSpan& span : spans) {
            const QRect rect = rowRect(span.x0, span.x1);
            rowBlocks.push_back(rect);
            GanttRowShapes::Bucket& bucket = out.buckets[bucketOf(in, span)];
            if (span.aggregate) {
                ++out.stats.aggregates;
                bucket.plain.push_back(rect);
                continue;
            }
            ++out.stats.blocks;
            (rect.width() >= kOutlinePx ? bucket.outlined : bucket.plain).push_back(rect);
            addLabel(in, row, span, rect.left(), rect.left() + rect.width(), 1.0, out.labels);
        }
        addIdleGaps(QRect(row.bandFrom, row.top, row.bandTo - row.bandFrom, row.height), rowBlocks,
                    out.idle);
    });
    return out;
}

}  // namespace fourfold::ui
