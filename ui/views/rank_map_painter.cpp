// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rank_map_painter.h"

#include "ui/charts/palette.h"
#include "ui/charts/pixel_canvas.h"

#include <QCoreApplication>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace fourfold::ui {
namespace {

// lupdate files a free function's tr() under its namespace, so the lookup uses that context.
QString tr(const char* text) { return QCoreApplication::translate("fourfold::ui", text); }

// The axes' coordinate names (core/topology/parallel_axis.h), for lupdate.
[[maybe_unused]] constexpr const char* kCoordinateNames[] = {
    QT_TRANSLATE_NOOP("fourfold::ui::RankMapView", "PP stage"),
    QT_TRANSLATE_NOOP("fourfold::ui::RankMapView", "TP rank"),
    QT_TRANSLATE_NOOP("fourfold::ui::RankMapView", "DP replica"),
    QT_TRANSLATE_NOOP("fourfold::ui::RankMapView", "CP rank"),
    QT_TRANSLATE_NOOP("fourfold::ui::RankMapView", "EP rank")};

int groupOf(const core::GroupSet& set, int rank) { return core::groupOfRank(set, rank); }

bool sharesGroup(const core::GroupSet& set, int rank, int focus) {
    if (set.groupSize <= 1 || focus < 0) return false;
    const int group = groupOf(set, focus);
    return group >= 0 && groupOf(set, rank) == group;
}

// Letters of the focus rank's groups this rank belongs to ("TD").
QString marks(const core::TopologyReport& report, int rank, int focus) {
    QString letters;
    for (const auto& marked : kRankMapMarks) {
        if (sharesGroup(core::groupSet(report, marked.kind), rank, focus)) {
            letters += QLatin1Char(marked.letter);
        }
    }
    return letters;
}

QColor blend(const QColor& colour, const QColor& toward, double amount) {
    return QColor::fromRgbF(
        static_cast<float>(colour.redF() + (toward.redF() - colour.redF()) * amount),
        static_cast<float>(colour.greenF() + (toward.greenF() - colour.greenF()) * amount),
        static_cast<float>(colour.blueF() + (toward.blueF() - colour.blueF()) * amount));
}

QRectF toWidget(const RankMapScene& scene, const QRectF& rect) {
    return {scene.origin + rect.topLeft() * scene.scale, rect.size() * scene.scale};
}

void paintNodeAggregate(QPainter& painter, const RankMapScene& scene, int node, const QRectF& box) {
    const auto& report = *scene.report;
    const int count = core::axisSize(report.sizes, scene.axis);
    const int value =
        scene.nodeColourValue && static_cast<std::size_t>(node) < scene.nodeColourValue->size()
            ? (*scene.nodeColourValue)[static_cast<std::size_t>(node)]
            : 0;
    QColor fill = palette::axisValue(value, count);
    bool member = false;
    if (scene.focusRank >= 0) {
        for (int local = 0; local < report.gpusPerNode && !member; ++local) {
            const int rank = core::rankOnNodeGpu(report, node, local);
            member = rank >= 0 && !marks(report, rank, scene.focusRank).isEmpty();
        }
        if (!member) fill = blend(fill, scene.palette.color(QPalette::Base), 0.7);
    }
    painter.fillRect(box, fill);
    if (member || core::nodeOfRank(report, scene.focusRank) == node) {
        const bool focusNode = core::nodeOfRank(report, scene.focusRank) == node;
        painter.setPen(QPen(scene.palette.color(QPalette::WindowText), focusNode ? 3.0 : 1.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(box);
    }
}

// One cell's colour: its value on the colour axis, faded when another GPU is in focus and
// this one shares none of its groups. `letters` gets the marks of the groups it shares.
QColor cellFill(const RankMapScene& scene, int rank, const core::RankCoordinates& coordinates,
                QString& letters, bool& dimmed) {
    const auto& report = *scene.report;
    QColor fill = palette::axisValue(core::axisCoordinate(coordinates, scene.axis),
                                     core::axisSize(report.sizes, scene.axis));
    letters.clear();
    dimmed = false;
    if (scene.focusRank < 0) return fill;
    if (rank != scene.focusRank) letters = marks(report, rank, scene.focusRank);
    dimmed = rank != scene.focusRank && letters.isEmpty();
    if (dimmed) fill = blend(fill, scene.palette.color(QPalette::Base), 0.72);
    return fill;
}

// The cells' fills, gathered by colour and filled one colour at a time: a thousand cells
// filled one by one cost more than the rest of the map. Each covers what fillRect would (an
// aliased fill rounds the edges in device pixels, also under a scale factor's transform). On a
// screen at one device pixel per pixel they are written straight into `canvas` instead (its
// pixel (0, 0) at widget position `origin`), each cell a few rows of one colour.
class CellFills {
public:
    CellFills() = default;
    CellFills(QImage* canvas, QPoint origin)
        : canvas_(canvas),
          bits_(canvas->bits()),
          stride_(canvas->bytesPerLine()),
          size_(canvas->size()),
          origin_(origin) {}

    void add(const QColor& colour, const QRectF& rect) {
        if (canvas_) {
            write(colour.rgb(), rect);
            return;
        }
        const QRgb rgb = colour.rgba();
        if (runs_.empty() || runs_[last_].first != rgb) {
            last_ = 0;
            while (last_ < runs_.size() && runs_[last_].first != rgb) ++last_;
            if (last_ == runs_.size()) runs_.emplace_back(rgb, QList<QRectF>());
        }
        runs_[last_].second.append(rect);
    }
    void paint(QPainter& painter) const {
        painter.setPen(Qt::NoPen);
        for (const auto& [rgb, rects] : runs_) {
            painter.setBrush(QColor::fromRgba(rgb));
            painter.drawRects(rects.constData(), static_cast<int>(rects.size()));
        }
    }

private:
    void write(QRgb rgb, const QRectF& rect) const {
        // The pixels fillRect covers: each edge rounded to the nearest whole pixel.
        const int left = std::max(roundPixel(rect.left()) - origin_.x(), 0);
        const int right = std::min(roundPixel(rect.right()) - origin_.x(), size_.width());
        const int top = std::max(roundPixel(rect.top()) - origin_.y(), 0);
        const int bottom = std::min(roundPixel(rect.bottom()) - origin_.y(), size_.height());
        for (int y = top; y < bottom; ++y) {
            auto* row = reinterpret_cast<QRgb*>(bits_ + y * stride_);
            std::fill(row + left, row + std::max(left, right), rgb);
        }
    }

    QImage* canvas_ = nullptr;
    uchar* bits_ = nullptr;  // the canvas's pixels, detached once
    qsizetype stride_ = 0;
    QSize size_;
    QPoint origin_;
    std::vector<std::pair<QRgb, QList<QRectF>>> runs_;
    std::size_t last_ = 0;
};

// A cell's fill, gathered into `fills` (nothing for a GPU the job leaves idle).
void addCellFill(const RankMapScene& scene, int node, int local, CellFills& fills) {
    const auto& report = *scene.report;
    const int rank = core::rankOnNodeGpu(report, node, local);
    if (rank < 0) return;
    QString letters;
    bool dimmed = false;
    fills.add(cellFill(scene, rank, core::coordinatesOfRank(report, rank), letters, dimmed),
              toWidget(scene, scene.layout->cellRect(node, local)));
}

// The dotted outline of a GPU of the last node that the job leaves idle.
void paintIdleCell(QPainter& painter, const RankMapScene& scene, int node, int local) {
    if (core::rankOnNodeGpu(*scene.report, node, local) >= 0) return;
    const QRectF cell = toWidget(scene, scene.layout->cellRect(node, local));
    painter.setPen(QPen(scene.palette.color(QPalette::Mid), 1.0, Qt::DotLine));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(cell.adjusted(0.5, 0.5, -0.5, -0.5));
}

// A cell's text, when it is wide enough for any: its rank, and the marks of the focus GPU's
// groups it shares or else its other coordinates.
void paintCellText(QPainter& painter, const RankMapScene& scene, int node, int local) {
    const auto& report = *scene.report;
    const int rank = core::rankOnNodeGpu(report, node, local);
    const QRectF cell = toWidget(scene, scene.layout->cellRect(node, local));
    if (rank < 0 || cell.width() < 22) return;
    const core::RankCoordinates coordinates = core::coordinatesOfRank(report, rank);
    QString letters;
    bool dimmed = false;
    const QColor fill = cellFill(scene, rank, coordinates, letters, dimmed);
    const double width = cell.width();
    const double height = cell.height();
    const QColor ink = palette::textOn(fill, 0.45);
    painter.setPen(dimmed ? blend(ink, fill, 0.4) : ink);
    painter.setFont(rankMapFont(scene.font, std::min(14.0, height * 0.36), true));
    const QRectF top(cell.left(), cell.top() + 1, width,
                     height * (letters.isEmpty() ? 0.62 : 0.55));
    painter.drawText(top, Qt::AlignCenter, QString::number(rank));
    if (!letters.isEmpty()) {
        painter.setFont(rankMapFont(scene.font, std::min(12.0, height * 0.3)));
        painter.drawText(cell.adjusted(1, height * 0.5, -1, -1), Qt::AlignCenter, letters);
    } else if (height >= 48) {
        painter.setFont(rankMapFont(scene.font, std::min(11.0, height * 0.2)));
        QStringList parts;
        for (const core::ParallelAxisInfo& axis : core::kParallelAxes) {
            if (!axis.coordinate || axis.axis == scene.axis ||
                core::axisSize(report.sizes, axis.axis) <= 1) {
                continue;
            }
            parts << QString::fromLatin1(axis.key) +
                         QString::number(core::axisCoordinate(coordinates, axis.axis));
        }
        painter.drawText(cell.adjusted(1, height * 0.55, -1, -1), Qt::AlignCenter,
                         parts.join(QLatin1Char(' ')));
    }
}

// The selected GPU: a ring in the palette's highlight colour inside one in the text colour, drawn
// after the TP outlines so nothing covers it.
void paintFocusRing(QPainter& painter, const RankMapScene& scene) {
    const auto& report = *scene.report;
    const int node = core::nodeOfRank(report, scene.focusRank);
    if (node < 0) return;
    const QRectF cell = toWidget(
        scene, scene.layout->cellRect(node, core::localGpuOfRank(report, scene.focusRank)));
    if (cell.width() < kRankMapAggregateBelowPx) return;
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(scene.palette.color(QPalette::WindowText), 6.0));
    painter.drawRect(cell.adjusted(-1, -1, 1, 1));
    painter.setPen(QPen(scene.palette.color(QPalette::Highlight), 3.0));
    painter.drawRect(cell.adjusted(-1, -1, 1, 1));
}

// Each TP group's cells in a node get one outline (TpEdges). The edges are collected and drawn
// together with one pen per style.
void collectTpOutlines(const RankMapScene& scene, int node, TpEdges& edges,
                       std::vector<int>& groups) {
    const auto& report = *scene.report;
    const auto& tp = report.tp;
    if (tp.groupSize <= 1) return;
    const RankMapLayout& layout = *scene.layout;
    const double half = RankMapLayout::kCellGap / 2.0;
    // Each GPU's TP group once (-1: idle), for the GPU and as its neighbours' neighbour.
    const int gpus = layout.gpusPerNode();
    groups.assign(static_cast<std::size_t>(gpus), -1);
    for (int local = 0; local < gpus; ++local) {
        const int rank = core::rankOnNodeGpu(report, node, local);
        if (rank >= 0) groups[static_cast<std::size_t>(local)] = groupOf(tp, rank);
    }
    for (int local = 0; local < gpus; ++local) {
        const int group = groups[static_cast<std::size_t>(local)];
        if (group < 0) continue;
        QList<QLineF>& into = core::spansNodes(tp, group) ? edges.dashed : edges.solid;
        const QRectF cell = layout.cellRect(node, local).adjusted(-half, -half, half, half);
        const struct {
            int dx, dy;
            QPointF from, to;
        } sides[] = {{-1, 0, cell.topLeft(), cell.bottomLeft()},
                     {1, 0, cell.topRight(), cell.bottomRight()},
                     {0, -1, cell.topLeft(), cell.topRight()},
                     {0, 1, cell.bottomLeft(), cell.bottomRight()}};
        for (const auto& side : sides) {
            const int next = layout.neighbour(local, side.dx, side.dy);
            if (next >= 0 && groups[static_cast<std::size_t>(next)] == group) continue;
            into.append(QLineF(scene.origin + side.from * scene.scale,
                               scene.origin + side.to * scene.scale));
        }
    }
}

// The outlines' width: thicker as the map zooms in, within 1.2 to 3 pixels.
double tpPenWidth(const RankMapScene& scene) { return std::clamp(scene.scale * 2.0, 1.2, 3.0); }

// The solid edges as whole-pixel bars, in the ink colour: the raster engine fills those
// directly, where a wide pen strokes every line (thousands on a large cluster).
QList<QRect> tpBars(const RankMapScene& scene, const TpEdges& edges) {
    const int width = std::max(1, roundPixel(tpPenWidth(scene)));
    QList<QRect> bars;
    bars.reserve(edges.solid.size());
    for (const QLineF& edge : edges.solid) {
        const int x0 = roundPixel(std::min(edge.x1(), edge.x2()));
        const int x1 = roundPixel(std::max(edge.x1(), edge.x2()));
        const int y0 = roundPixel(std::min(edge.y1(), edge.y2()));
        const int y1 = roundPixel(std::max(edge.y1(), edge.y2()));
        if (y0 == y1) {
            bars.append(QRect(x0, y0 - width / 2, std::max(1, x1 - x0), width));
        } else {
            bars.append(QRect(x0 - width / 2, y0, width, std::max(1, y1 - y0)));
        }
    }
    return bars;
}

// The outlines: the solid ones unless they were written with the cells already, then the
// dashed ones (groups that span nodes).
void paintTpOutlines(QPainter& painter, const RankMapScene& scene, const TpEdges& edges,
                     bool solidWritten) {
    const QColor ink = scene.palette.color(QPalette::WindowText);
    if (!solidWritten && !edges.solid.isEmpty()) {
        const QList<QRect> bars = tpBars(scene, edges);
        painter.setPen(Qt::NoPen);
        painter.setBrush(ink);
        painter.drawRects(bars.constData(), static_cast<int>(bars.size()));
    }
    if (!edges.dashed.isEmpty()) {
        painter.setPen(QPen(ink, tpPenWidth(scene), Qt::DashLine, Qt::FlatCap));
        painter.drawLines(edges.dashed);
    }
}

// Calls each(node, box in widget coordinates) for every node the map area shows.
template <typename Each>
void forVisibleNodes(const RankMapScene& scene, const Each& each) {
    const RankMapLayout& layout = *scene.layout;
    const QRectF visible((scene.mapArea.topLeft() - scene.origin) / scene.scale,
                         scene.mapArea.size() / scene.scale);
    int firstRow = 0, lastRow = -1, firstColumn = 0, lastColumn = -1;
    layout.visibleNodes(visible, &firstRow, &lastRow, &firstColumn, &lastColumn);
    for (int row = firstRow; row <= lastRow; ++row) {
        for (int column = firstColumn; column <= lastColumn; ++column) {
            const int node = row * layout.nodesPerRow() + column;
            if (node >= layout.nodes()) break;
            each(node, toWidget(scene, layout.nodeRect(node)));
        }
    }
}

// What the kept node boxes depend on: the layout, the zoom and pan, the palette.
LayerKey framesKey(const RankMapScene& scene) {
    const RankMapLayout& layout = *scene.layout;
    LayerKey key;
    key << scene.origin.x() << scene.origin.y() << scene.scale << layout.nodes()
        << layout.gpusPerNode() << layout.nodesPerRow() << layout.cellColumns() << layout.cellRows()
        << scene.palette.color(QPalette::AlternateBase).rgba()
        << scene.palette.color(QPalette::WindowText).rgba()
        << scene.palette.color(QPalette::Base).rgba();
    return key;
}

}  // namespace

QByteArray rankMapCanvasKey(const RankMapScene& scene, const QImage& frames) {
    LayerKey key = framesKey(scene);
    key << frames.cacheKey() << reinterpret_cast<quintptr>(scene.report) << scene.mapArea
        << scene.axis << scene.focusRank << scene.pinned;
    return key.bytes();
}

RankMapCanvas composeRankMapCanvas(const RankMapScene& scene, const QImage& frames, QImage spare) {
    RankMapCanvas made;
    made.key = rankMapCanvasKey(scene, frames);
    if (spare.size() == frames.size() && spare.format() == frames.format()) {
        std::copy(frames.constBits(), frames.constBits() + frames.sizeInBytes(), spare.bits());
        spare.setDevicePixelRatio(frames.devicePixelRatio());
        made.image = std::move(spare);
    } else {
        made.image = frames.copy();
    }
    std::vector<int> groups;  // a node's TP groups, reused from node to node
    CellFills fills(&made.image, scene.mapArea.toAlignedRect().topLeft());
    forVisibleNodes(scene, [&](int node, const QRectF& /*box*/) {
        for (int local = 0; local < scene.layout->gpusPerNode(); ++local) {
            addCellFill(scene, node, local, fills);
        }
        collectTpOutlines(scene, node, made.edges, groups);
    });
    // The solid TP outlines over the cells, as the painter would fill them.
    const QColor ink = scene.palette.color(QPalette::WindowText);
    for (const QRect& bar : tpBars(scene, made.edges)) fills.add(ink, QRectF(bar));
    return made;
}

const QImage* keptRankMapFrames(const RankMapScene& scene, qreal ratio) {
    if (!scene.frames || !scene.layout) return nullptr;
    return scene.frames->kept(scene.mapArea.toAlignedRect(), framesKey(scene), ratio,
                              scene.palette.color(QPalette::Window));
}

QString rankMapAxisLabel(core::ParallelAxis axis) {
    return QCoreApplication::translate("fourfold::ui::RankMapView",
                                       core::axisInfo(axis).coordinateName.data());
}

QFont rankMapFont(const QFont& base, double pixels, bool bold) {
    QFont font = base;
    font.setPixelSize(std::max(6, static_cast<int>(pixels)));
    font.setBold(bold);
    return font;
}

void paintRankMap(QPainter& painter, const RankMapScene& scene) {
    if (!scene.report || !scene.layout || scene.scale <= 0) return;
    const auto& report = *scene.report;
    const RankMapLayout& layout = *scene.layout;
    painter.save();
    painter.setClipRect(scene.mapArea);
    const double cellPx = RankMapLayout::kCellWidth * scene.scale;
    const bool aggregate = cellPx < kRankMapAggregateBelowPx;
    const QColor frame = scene.palette.color(QPalette::WindowText);
    const auto visibleNodes = [&](const auto& each) { forVisibleNodes(scene, each); };
    if (aggregate) {
        visibleNodes([&](int node, const QRectF& box) {
            // Whole pixels, so the one-pixel gaps between nodes come out even.
            const QRectF snapped(QPointF(std::round(box.left()), std::round(box.top())),
                                 QPointF(std::round(box.right()), std::round(box.bottom())));
            paintNodeAggregate(painter, scene, node, snapped);
        });
        painter.restore();
        return;
    }
    const auto paintFrames = [&](QPainter& onto) {
        visibleNodes([&](int /*node*/, const QRectF& box) {
            // The fill aliased, only the outline smoothed: an antialiased fill of every node's
            // whole area was most of a repaint's cost on large clusters.
            onto.setPen(Qt::NoPen);
            onto.setBrush(scene.palette.color(QPalette::AlternateBase));
            onto.drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
            onto.setRenderHint(QPainter::Antialiasing, true);
            onto.setPen(QPen(blend(frame, scene.palette.color(QPalette::Base), 0.55), 1.0));
            onto.setBrush(Qt::NoBrush);
            onto.drawRoundedRect(box, 4, 4);
            onto.setRenderHint(QPainter::Antialiasing, false);
        });
    };
    // The node boxes: kept as an image on screen. Where the screen takes pixels one to one the
    // cells and solid TP outlines are then written into a copy of that image (the canvas, made
    // ahead or now); elsewhere they are filled over the boxes.
    const QRect area = scene.mapArea.toAlignedRect();
    TpEdges edges;
    bool written = false;
    if (scene.frames && !scene.forExport && drawsPixelsOneToOne(painter)) {
        const QImage& frames = scene.frames->image(
            painter, area, framesKey(scene), scene.palette.color(QPalette::Window), paintFrames);
        if (scene.writeCells && frames.devicePixelRatio() == 1.0 && !frames.isNull()) {
            const RankMapCanvas* canvas = scene.composed;
            RankMapCanvas now;
            if (!canvas || canvas->key != rankMapCanvasKey(scene, frames)) {
                now = composeRankMapCanvas(scene, frames);
                canvas = &now;
            }
            painter.drawImage(area.topLeft(), canvas->image);
            edges = canvas->edges;
            written = true;
        } else {
            painter.drawImage(area.topLeft(), frames);
        }
    } else {
        paintFrames(painter);
    }
    if (!written) {
        std::vector<int> groups;  // a node's TP groups, reused from node to node
        CellFills fills;
        visibleNodes([&](int node, const QRectF& /*box*/) {
            for (int local = 0; local < layout.gpusPerNode(); ++local) {
                addCellFill(scene, node, local, fills);
            }
            collectTpOutlines(scene, node, edges, groups);
        });
        fills.paint(painter);
    }
    visibleNodes([&](int node, const QRectF& box) {
        if (box.width() >= 60) {
            painter.setPen(frame);
            painter.setFont(rankMapFont(scene.font, std::min(12.0, 11.0 * scene.scale)));
            const int first = core::rankOnNodeGpu(report, node, 0);
            QString label = tr("node %1").arg(node);
            if (box.width() >= 150 && first >= 0) {
                // The last GPU of the node that holds a rank (a job may leave some idle).
                int last = first;
                for (int local = report.gpusPerNode - 1; local > 0 && last == first; --local) {
                    last = std::max(last, core::rankOnNodeGpu(report, node, local));
                }
                label += tr(" · ranks %1–%2").arg(first).arg(last);
            }
            painter.drawText(box.adjusted(RankMapLayout::kNodePadding * scene.scale, 0, 0,
                                          -box.height() + RankMapLayout::kNodeHeader * scene.scale),
                             Qt::AlignLeft | Qt::AlignVCenter, label);
        }
        for (int local = 0; local < layout.gpusPerNode(); ++local) {
            paintIdleCell(painter, scene, node, local);
        }
    });
    if (cellPx >= 22) {
        visibleNodes([&](int node, const QRectF& /*box*/) {
            for (int local = 0; local < layout.gpusPerNode(); ++local) {
                paintCellText(painter, scene, node, local);
            }
        });
    }
    paintTpOutlines(painter, scene, edges, written);
    if (scene.focusRank >= 0) paintFocusRing(painter, scene);
    painter.restore();
}

}  // namespace fourfold::ui
