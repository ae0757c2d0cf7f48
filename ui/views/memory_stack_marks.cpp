// SPDX-License-Identifier: GPL-3.0-or-later
// The memory chart's limits (capacity, usable line, safety-margin band) and what goes over the
// usable line (a hatched outline per stage and a "+x over" label), drawn with the items of the
// previous drawing where there are as many.
#include "ui/charts/legend_swatch.h"
#include "ui/charts/palette.h"
#include "ui/charts/tinted_box.h"
#include "ui/views/memory_stack_view.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace fourfold::ui {
namespace {

// What goes over the usable line: thin hatching in the overflow colour with the bars' own
// colours between its lines, so each category keeps its legend colour above the line too (a
// translucent tint would mix a new colour: grey weights, orange-red activations).
QBrush overflowHatch() { return QBrush(palette::overflow(), Qt::BDiagPattern); }

// Places a QCPItemPosition with x as a share of the axis rect and y in plot coordinates.
void spanAxisRect(QCPItemPosition* position, double xShare, double value) {
    position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    position->setTypeY(QCPItemPosition::ptPlotCoords);
    position->setCoords(xShare, value);
}

}  // namespace

void MemoryStackView::drawLimits(const core::MemoryReport& report, int /*stages*/) {
    const QColor ink = plot_->palette().color(QPalette::Text);  // reads in either theme
    const double unit = bytesPerUnit();
    const double capacity = static_cast<double>(report.capacityBytes) / unit;
    const double usable = static_cast<double>(report.usableBytes) / unit;

    auto* band = limitItems_.next<QCPItemRect>([this] { return makeTintedBox(plot_); });
    band->setLayer(QStringLiteral("grid"));  // under the bars
    spanAxisRect(band->topLeft, 0, capacity);
    spanAxisRect(band->bottomRight, 1, usable);
    band->setPen(Qt::NoPen);
    band->setBrush(palette::marginBand());
    band->setSelectable(false);

    auto* usableLine = limitItems_.next<QCPItemLine>([this] { return new QCPItemLine(plot_); });
    spanAxisRect(usableLine->start, 0, usable);
    spanAxisRect(usableLine->end, 1, usable);
    usableLine->setPen(QPen(ink, 1, Qt::DashLine));
    usableLine->setSelectable(false);

    capacity_ = limitItems_.next<QCPItemLine>([this] { return new QCPItemLine(plot_); });
    spanAxisRect(capacity_->start, 0, capacity);
    spanAxisRect(capacity_->end, 1, capacity);
    capacity_->setPen(QPen(ink, 1.6));
    capacity_->setSelectable(false);

    // The label sits at the end of the line whose end stage reaches least high, so the
    // "+x over" labels above the bars there keep clear of it; above the line when that stage
    // stays under it, else below.
    const auto& first = report.stages.front();
    const auto& last = report.stages.back();
    const bool right = last.totalBytes < first.totalBytes;
    const auto& below = right ? last : first;
    const bool under = static_cast<double>(below.totalBytes) / unit >= capacity * 0.93;
    auto* label = limitItems_.next<QCPItemText>([this] { return new QCPItemText(plot_); });
    label->setObjectName(QStringLiteral("capacityLabel"));
    label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    label->position->setTypeY(QCPItemPosition::ptPlotCoords);
    label->position->setCoords(right ? 0.995 : 0.005, capacity);
    label->setPositionAlignment((right ? Qt::AlignRight : Qt::AlignLeft) |
                                (under ? Qt::AlignTop : Qt::AlignBottom));
    label->setText(tr("capacity %1").arg(amount(report.capacityBytes)));
    label->setColor(ink);
    // Opaque, with a little room around the text: when every stage is over capacity the label
    // has to cross bars, and a see-through backdrop left their edges running through it.
    label->setBrush(plot_->palette().color(QPalette::Base));
    label->setPadding(QMargins(3, 1, 3, 1));
    label->setLayer(QStringLiteral("axes"));  // above the over-usable boxes drawn after it
    label->setSelectable(false);

    QPen border(ink, 1);
    addLegendSwatch(plot_->legend, {SwatchShape::Line, {}, QPen(ink, 1.6), tr("Capacity")});
    addLegendSwatch(plot_->legend,
                    {SwatchShape::Box, palette::marginBand(), Qt::NoPen, tr("Safety margin")});
    addLegendSwatch(plot_->legend,
                    {SwatchShape::Line, {}, QPen(ink, 1, Qt::DashLine), tr("Usable")});
}

bool MemoryStackView::keepRoomAboveTop() {
    if (topValue_ <= 0) return false;
    QFont bold = plot_->font();
    bold.setBold(true);
    // A label's line and its padding, and a few pixels to spare.
    const double line = QFontMetricsF(bold).height() + 6;
    const double height = plot_->axisRect()->height();
    // Twelve per cent above the top at least; in a short plot, a line's share of its height.
    // In a plot under two lines high the "+x over" labels hang inside their bars instead.
    double upper = topValue_ * 1.12;
    const bool room = height > 2 * line;
    if (room) upper = std::max(upper, topValue_ * height / (height - line));
    bool changed = false;
    for (int index = 0; index < plot_->itemCount(); ++index) {
        auto* text = qobject_cast<QCPItemText*>(plot_->item(index));
        if (!text || text->objectName() != QLatin1String("overLabel")) continue;
        const Qt::Alignment side = text->positionAlignment() & Qt::AlignHorizontal_Mask;
        const Qt::Alignment wanted = side | (room ? Qt::AlignBottom : Qt::AlignTop);
        if (text->positionAlignment() != wanted) {
            text->setPositionAlignment(wanted);
            changed = true;
        }
    }
    const QCPRange range = plot_->yAxis->range();
    if (std::abs(range.upper - upper) <= upper * 1e-3 && range.lower == 0) return changed;
    plot_->yAxis->setRange(0, upper);
    return true;
}

void MemoryStackView::drawOverflow(const core::MemoryReport& report) {
    const double unit = bytesPerUnit();
    const double usable = static_cast<double>(report.usableBytes) / unit;
    const int stages = static_cast<int>(report.stages.size());
    int worst = -1;
    std::uint64_t worstBytes = 0;
    for (int index = 0; index < stages; ++index) {
        const auto& stage = report.stages[static_cast<std::size_t>(index)];
        if (stage.bytesOverUsable == 0) continue;
        if (stage.bytesOverUsable > worstBytes) {
            worstBytes = stage.bytesOverUsable;
            worst = index;
        }
        auto* excess = overflowBoxes_.next<QCPItemRect>([this] { return makeTintedBox(plot_); });
        excess->topLeft->setCoords(index - kBarWidth / 2,
                                   static_cast<double>(stage.totalBytes) / unit);
        excess->bottomRight->setCoords(index + kBarWidth / 2, usable);
        excess->setPen(QPen(palette::overflow(), stages > 24 ? 1 : 2));
        excess->setBrush(overflowHatch());
        excess->setSelectable(false);
    }
    if (worst < 0) return;
    addLegendSwatch(plot_->legend, {SwatchShape::Box, overflowHatch(),
                                    QPen(palette::overflow(), 1.5), tr("Over usable")});
    // With many stages, or labels wider than a stage's share of the axis (long amounts, a
    // narrow pane, wider glyphs), only the worst stage is labelled, so labels never pile up.
    QFont labelFont = plot_->font();
    labelFont.setBold(true);
    const QFontMetrics metrics(labelFont);
    int widest = 0;
    for (const auto& stage : report.stages) {
        if (stage.bytesOverUsable == 0) continue;
        const QString text = tr("+%1 over").arg(amount(stage.bytesOverUsable));
        widest = std::max(widest, overWidths_.get({text, labelFont},
                                                  [&] { return metrics.horizontalAdvance(text); }));
    }
    const double pitch = plot_->axisRect()->width() / (stages + 0.2);
    const bool eachStage = stages <= kMaxPerStageTexts && widest + 6 <= pitch;
    for (int index = 0; index < stages; ++index) {
        const auto& stage = report.stages[static_cast<std::size_t>(index)];
        if (stage.bytesOverUsable == 0) continue;
        if (!eachStage && index != worst) continue;
        const QString text = tr("+%1 over").arg(amount(stage.bytesOverUsable));
        auto* label = overflowTexts_.next<QCPItemText>([this] { return new QCPItemText(plot_); });
        // Near either end of the axis the label hangs inwards so it is never cut off.
        const double share = (index + 0.6) / (stages + 0.2);
        const double anchor = share > 0.85   ? index + kBarWidth / 2
                              : share < 0.15 ? index - kBarWidth / 2
                                             : index;
        const Qt::Alignment side = share > 0.85   ? Qt::AlignRight
                                   : share < 0.15 ? Qt::AlignLeft
                                                  : Qt::AlignHCenter;
        label->position->setCoords(anchor, static_cast<double>(stage.totalBytes) / unit);
        label->setPositionAlignment(side | Qt::AlignBottom);
        label->setText(text);
        label->setColor(palette::overflow());
        label->setFont(labelFont);
        label->setPadding(QMargins(0, 0, 0, 2));
        label->setObjectName(QStringLiteral("overLabel"));
        label->setSelectable(false);
        overflowLabels_.push_back(text);
    }
}

}  // namespace fourfold::ui
