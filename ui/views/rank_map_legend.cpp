// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rank_map_legend.h"

#include "ui/charts/palette.h"
#include "ui/charts/pixel_canvas.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStringList>

#include <algorithm>

namespace fourfold::ui {
namespace {

// lupdate files a free function's tr() under its namespace, so the lookup uses that context.
QString tr(const char* text) { return QCoreApplication::translate("fourfold::ui", text); }

}  // namespace

namespace {

constexpr double kThreeLines = 62;  // the legend's height with the hint on one line
constexpr double kIndent = 8;       // of each line, from the area's left

QFont legendFont(const QFont& base) { return rankMapFont(base, 12); }
double lineStep(const QFontMetricsF& metrics) { return metrics.height() + 6; }

// The width a line of the legend has in an area `width` pixels wide.
double hintRoom(double width) { return std::max(0.0, width - kIndent - 4); }

// The hint on how to read the marks and move around: one line when it fits `room`, else two,
// split before the keys that move the view (each elided only if even that is too wide).
QStringList hintLines(const QFontMetricsF& metrics, double room) {
    const QString whole =
        tr("Hover a GPU: T C E D P mark its group mates, click pins, Esc "
           "clears · wheel or +/− zooms, 0 fits · drag or arrows pan");
    if (metrics.horizontalAdvance(whole) <= room) return {whole};
    return {metrics.elidedText(
                tr("Hover a GPU: T C E D P mark its group mates, click pins, Esc clears"),
                Qt::ElideRight, room),
            metrics.elidedText(tr("Wheel or +/− zooms, 0 fits · drag or arrows pan"),
                               Qt::ElideRight, room)};
}

// Line 1 of the legend: what the colours mean, and the TP outline.
void drawColourLine(QPainter& painter, const RankMapScene& scene, const QRectF& area,
                    const QFontMetricsF& metrics) {
    const auto& report = *scene.report;
    const QColor ink = scene.palette.color(QPalette::WindowText);
    double x = area.left() + 8;
    const double y = area.top() + 4;
    const int count = std::max(1, core::axisSize(report.sizes, scene.axis));
    const QString heading = tr("Colour: %1").arg(rankMapAxisLabel(scene.axis));
    painter.setPen(ink);
    painter.drawText(QPointF(x, y + metrics.ascent()), heading);
    x += metrics.horizontalAdvance(heading) + 10;
    const double chip = metrics.height() - 2;
    // One chip per value while they fit the line (and there are at most 16), else a ramp.
    double chipsWidth = 0;
    for (int value = 0; value < count && count <= 16; ++value) {
        chipsWidth += chip + 3 + metrics.horizontalAdvance(QString::number(value)) + 8;
    }
    if (count <= 16 && x + chipsWidth <= area.right()) {
        for (int value = 0; value < count; ++value) {
            painter.fillRect(QRectF(x, y + 1, chip, chip), palette::axisValue(value, count));
            const QString text = QString::number(value);
            painter.setPen(ink);
            painter.drawText(QPointF(x + chip + 3, y + metrics.ascent()), text);
            x += chip + 3 + metrics.horizontalAdvance(text) + 8;
        }
    } else {
        const QString low = QString::number(0);
        painter.drawText(QPointF(x, y + metrics.ascent()), low);
        x += metrics.horizontalAdvance(low) + 4;
        const double barWidth = 120;
        for (int step = 0; step < 60; ++step) {
            const int value = step * (count - 1) / 59;
            painter.fillRect(QRectF(x + step * barWidth / 60, y + 1, barWidth / 60 + 0.5, chip),
                             palette::axisValue(value, count));
        }
        x += barWidth + 4;
        painter.drawText(QPointF(x, y + metrics.ascent()), QString::number(count - 1));
        x += metrics.horizontalAdvance(QString::number(count - 1)) + 8;
    }
    if (report.tp.groupSize > 1) {
        x += 8;
        painter.setPen(QPen(ink, 2.0));
        painter.drawRect(QRectF(x, y + 1, chip * 1.6, chip));
        x += chip * 1.6 + 5;
        painter.setPen(ink);
        const QString text = tr("TP group (dashed: spans nodes)");
        painter.drawText(QPointF(x, y + metrics.ascent()), text);
    }
}

// The legend's lines: the colours and the TP outline (1), the groups that span nodes (2), the
// hint on moving around (3, on screen only). Line 2 changes with every parallel degree; the
// others rarely, so they are kept as an image and line 2 is drawn over it.
enum class LegendLines { All, AllButGroups, Groups };

void drawLegend(QPainter& painter, const RankMapScene& scene, const QRectF& area,
                LegendLines lines) {
    const auto& report = *scene.report;
    painter.save();
    painter.setClipRect(area);
    const QColor ink = scene.palette.color(QPalette::WindowText);
    const QFont font = legendFont(scene.font);
    painter.setFont(font);
    const QFontMetricsF metrics(font);
    const double line = lineStep(metrics);
    double x = area.left() + kIndent;
    double y = area.top() + 4;

    // Line 1: what the colours mean.
    if (lines != LegendLines::Groups) drawColourLine(painter, scene, area, metrics);
    // Line 2: which groups ride the inter-node network.
    y += line;
    const double room = hintRoom(area.width());
    if (lines != LegendLines::AllButGroups) {
        QStringList parts;
        for (const auto& marked : kRankMapMarks) {
            const auto& set = core::groupSet(report, marked.kind);
            const QString name = QString::fromLatin1(core::groupKindKey(marked.kind)).toUpper();
            if (set.groupSize <= 1) {
                parts << tr("%1 —").arg(name);
            } else {
                parts << tr("%1 %2 of %3").arg(name).arg(set.crossNodeGroups).arg(set.groupCount);
            }
        }
        // Line 2 ends in "…" when the pane is narrower than it is.
        painter.setPen(ink);
        painter.drawText(QPointF(x, y + metrics.ascent()),
                         metrics.elidedText(
                             tr("Groups spanning nodes: %1").arg(parts.join(QStringLiteral(" · "))),
                             Qt::ElideRight, room));
    }

    // Lines 3 and 4: how to read the marks and move around (on screen only).
    if (scene.forExport || lines == LegendLines::Groups) {
        painter.restore();
        return;
    }
    painter.setPen(ink);
    for (const QString& hint : hintLines(metrics, room)) {
        y += line;
        painter.drawText(QPointF(x, y + metrics.ascent()), hint);
    }
    painter.restore();
}

}  // namespace

void paintRankMapLegend(QPainter& painter, const RankMapScene& scene, const QRectF& area) {
    if (!scene.report) return;
    if (!scene.legend || !drawsPixelsOneToOne(painter)) {
        drawLegend(painter, scene, area, LegendLines::All);
        return;
    }
    // What the kept lines show: the colouring and its value count, whether TP groups are
    // outlined, and the screen-only hint line; the groups spanning nodes are drawn over them.
    const auto& report = *scene.report;
    LayerKey key;
    key << scene.axis << core::axisSize(report.sizes, scene.axis) << (report.tp.groupSize > 1)
        << scene.forExport << scene.palette.color(QPalette::WindowText).rgba() << scene.font.key();
    scene.legend->paint(
        painter, area.toAlignedRect(), key, scene.palette.color(QPalette::Window),
        [&](QPainter& onto) { drawLegend(onto, scene, area, LegendLines::AllButGroups); });
    drawLegend(painter, scene, area, LegendLines::Groups);
}

QStringList rankMapHintLines(const QFont& font, double width) {
    return hintLines(QFontMetricsF(legendFont(font)), hintRoom(width));
}

double rankMapLegendHeight(const QFont& font, double width, bool onScreen) {
    if (!onScreen) return kThreeLines;
    const QFontMetricsF metrics(legendFont(font));
    return kThreeLines + (hintLines(metrics, hintRoom(width)).size() - 1) * lineStep(metrics);
}

}  // namespace fourfold::ui
