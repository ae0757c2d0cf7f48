// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/memory_stack_view.h"

#include "core/text/format.h"
#include "ui/charts/chart_heading.h"
#include "ui/charts/fitting_ticker.h"
#include "ui/charts/legend_swatch.h"
#include "ui/charts/palette.h"
#include "ui/charts/plot_refresh.h"
#include "ui/charts/rect_bars.h"
#include "ui/settings/language.h"
#include "ui/views/explained_text.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

namespace fourfold::ui {
namespace {

constexpr double kMeasuredOffset = 0.42;  // the measured marker sits just right of its bar

QString qs(const std::string& text) { return QString::fromStdString(text); }

// The category's name from the core's catalogues, as a legend entry starts: "Master weights".
QString categoryName(core::MemoryCategory category) {
    QString name = qs(core::categoryName(category, uiLanguage()));
    if (!name.isEmpty()) name[0] = name[0].toUpper();
    return name;
}

}  // namespace

MemoryStackView::MemoryStackView(QWidget* parent) : EvaluationView(parent) {
    binaryToggle_ = new QCheckBox(tr("GiB (2³⁰ bytes)"));
    binaryToggle_->setToolTip(tr("Show memory in GiB instead of GB (10⁹ bytes)"));
    connect(binaryToggle_, &QCheckBox::toggled, this, &MemoryStackView::setBinaryUnits);
    auto* toolbar = new QHBoxLayout;
    toolbar->setContentsMargins(6, 2, 6, 0);
    toolbar->addStretch(1);
    toolbar->addWidget(binaryToggle_);

    buildPlot();
    setContent(plot_, toolbar, plot_);
    showMessage(tr("No memory estimate yet."));
}

void MemoryStackView::buildPlot() {
    plot_ = newLiveChart();
    plot_->setObjectName(QStringLiteral("memoryStackPlot"));
    // Stage ticks outside the axis, where they do not cut into the bars.
    plot_->xAxis->setTickLengthIn(0);
    plot_->xAxis->setTickLengthOut(4);
    plot_->setAutoAddPlottableToLegend(false);
    // The heading spans the whole width above a body of bars and, to their right, the legend.
    QCPLayoutGrid* layout = plot_->plotLayout();
    QCPAxisRect* bars = plot_->axisRect();
    layout->take(bars);
    layout->simplify();
    heading_ = makeChartHeading(plot_, QFont(font().family(), 10, QFont::Bold));
    heading_->setMinimumSize(200, 0);  // may run past the edges, never widen the pane
    auto* body = new QCPLayoutGrid;
    layout->addElement(0, 0, heading_);
    layout->addElement(1, 0, body);
    layout->setRowStretchFactor(0, 0.01);
    body->addElement(0, 0, bars);
    bars->insetLayout()->take(plot_->legend);
    auto* side = new QCPLayoutGrid;
    body->addElement(0, 1, side);
    side->addElement(0, 0, plot_->legend);
    side->addElement(1, 0, new QCPLayoutElement(plot_));  // pushes the legend to the top
    side->setRowStretchFactor(0, 0.01);
    body->setColumnStretchFactor(1, 0.01);
    plot_->legend->setVisible(true);
    plot_->legend->setBorderPen(Qt::NoPen);
    plot_->legend->setIconSize(18, 12);

    QCPAxis* stages = plot_->xAxis;
    QCPAxis* bytes = plot_->yAxis;
    QCPBars* below = nullptr;
    for (int index = 0; index < core::kMemoryCategoryCount; ++index) {
        const auto category = static_cast<core::MemoryCategory>(index);
        auto* bars = makeRectBars(stages, bytes);
        bars->setName(categoryName(category));
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(kBarWidth);
        bars->setStackingGap(0);
        bars->setBrush(palette::memoryCategory(category));
        bars->setPen(QPen(palette::memoryCategory(category).darker(125), 0));
        bars->setSelectable(QCP::stNone);
        if (below) bars->moveAbove(below);
        below = bars;
        bars_[static_cast<std::size_t>(index)] = bars;
    }
    // Listed top segment first, as the stack reads.
    for (int index = core::kMemoryCategoryCount - 1; index >= 0; --index) {
        addPlottableLegendEntry(plot_->legend, bars_[static_cast<std::size_t>(index)]);
    }
    bytes->setLabel(tr("Memory per GPU (GB)"));
    stages->grid()->setVisible(false);
    stages->setSubTicks(false);
    connect(plot_, &QCustomPlot::mouseMove, this, &MemoryStackView::showHover);
    // The heading wraps at its separators to the plot's width; the stage labels are chosen for
    // the axis's length, once more when a resize changed it after they were chosen.
    connect(plot_, &QCustomPlot::beforeReplot, this, [this] {
        heading_->setText(wrapHeading_(headingText_, heading_->font(), plot_->width() - 12));
        fitLegendRows();
    });
    connect(plot_, &QCustomPlot::afterReplot, this, [this] {
        // The axis's height is known once laid out: the range follows it on the next pass.
        const bool moved = keepRoomAboveTop() || keepCapacityLabelClear();
        if (moved || needsAnotherPass(plot_->xAxis)) {
            plot_->replot(QCustomPlot::rpQueuedReplot);
        }
    });
    followPalette(plot_);
}

QCPBars* MemoryStackView::categoryBars(core::MemoryCategory category) const {
    return bars_.at(static_cast<std::size_t>(category));
}

core::ByteUnits MemoryStackView::units() const {
    return binary_ ? core::ByteUnits::Binary : core::ByteUnits::Decimal;
}

double MemoryStackView::bytesPerUnit() const { return core::bytesPerUnit(units()); }

QString MemoryStackView::amount(std::uint64_t bytes) const {
    return qs(core::formatBytes(bytes, units()));
}

void MemoryStackView::setBinaryUnits(bool binary) {
    if (binaryToggle_->isChecked() != binary) {
        const QSignalBlocker blocker(binaryToggle_);
        binaryToggle_->setChecked(binary);
    }
    if (binary_ == binary) return;
    binary_ = binary;
    redraw();
    emit binaryUnitsChanged(binary);
}

void MemoryStackView::changeEvent(QEvent* event) {
    EvaluationView::changeEvent(event);
    // The limit lines and marks take the palette's ink when drawn: redraw them in the new one.
    // Queued: the plot, whose palette the lines read, hears of the change after this view.
    if (event->type() == QEvent::PaletteChange) {
        QMetaObject::invokeMethod(
            this, [this] { redraw(); }, Qt::QueuedConnection);
    }
}

void MemoryStackView::render(const core::Evaluation& /*evaluation*/) { redraw(); }

void MemoryStackView::redraw() {
    if (!shown_) return;
    const core::Evaluation& evaluation = *shown_;
    overflowLabels_.clear();
    measuredLabels_.clear();
    measuredFullestStage_ = -1;
    // Items other than those drawn again go; these are kept until their parts end drawing.
    const std::array<RecycledItems*, 3> recycled{&limitItems_, &overflowBoxes_, &overflowTexts_};
    for (RecycledItems* kept : recycled) kept->begin();
    const struct EndDrawing {
        const std::array<RecycledItems*, 3>& recycled;
        QCustomPlot* plot;
        ~EndDrawing() {
            for (RecycledItems* kept : recycled) kept->end(plot);
        }
    } endDrawing{recycled, plot_};
    for (int index = plot_->itemCount() - 1; index >= 0; --index) {
        QCPAbstractItem* item = plot_->item(index);
        if (std::none_of(recycled.begin(), recycled.end(),
                         [item](const RecycledItems* kept) { return kept->holds(item); })) {
            plot_->removeItem(item);
        }
    }
    capacity_ = nullptr;
    for (QCPGraph* graph : plot_->axisRect()->graphs()) plot_->removeGraph(graph);
    for (int index = plot_->legend->itemCount() - 1; index >= core::kMemoryCategoryCount; --index) {
        plot_->legend->removeAt(index);
    }
    plot_->legend->simplify();
    if (!evaluation.memory || evaluation.memory->stages.empty()) {
        showMessage(absentText(evaluation, tr("No memory estimate"),
                               tr("No memory estimate for this plan.")));
        return;
    }
    const core::MemoryReport& report = *evaluation.memory;
    const int stages = static_cast<int>(report.stages.size());
    const double unit = bytesPerUnit();
    for (int index = 0; index < core::kMemoryCategoryCount; ++index) {
        QVector<double> keys;
        QVector<double> values;
        for (int stage = 0; stage < stages; ++stage) {
            keys.push_back(stage);
            values.push_back(static_cast<double>(report.stages[static_cast<std::size_t>(stage)]
                                                     .items[static_cast<std::size_t>(index)]
                                                     .bytes) /
                             unit);
        }
        QCPBars* bars = bars_[static_cast<std::size_t>(index)];
        bars->setData(keys, values, true);
        // Outlines would swallow thin bars.
        bars->setPen(stages > 24 ? QPen(Qt::NoPen) : QPen(bars->brush().color().darker(125), 0));
    }
    drawLimits(report, stages);
    drawOverflow(report);
    drawMeasured(evaluation);
    setStageTicks(report);

    double top = static_cast<double>(std::max(report.capacityBytes, report.peakBytes));
    for (const auto& stage : report.stages)
        top = std::max(top, static_cast<double>(stage.totalBytes));
    for (auto measured : evaluation.plan.measured.peakBytesPerStage) {
        top = std::max(top, static_cast<double>(measured));
    }
    top = std::max(top, static_cast<double>(evaluation.plan.measured.peakBytes.value_or(0)));
    plot_->yAxis->setLabel(tr("Memory per GPU (%1)").arg(qs(core::unitName(units()))));
    topValue_ = std::max(top / unit, 1e-9);
    plot_->yAxis->setRange(0, topValue_ * 1.12);
    keepRoomAboveTop();
    const bool measured = !evaluation.plan.measured.peakBytesPerStage.empty() ||
                          evaluation.plan.measured.peakBytes.has_value();
    plot_->xAxis->setRange(-0.6, stages - 0.4 + (measured ? 0.2 : 0.0));

    // Heading: the verdict, then bytes per parameter of the largest stage.
    const core::StageMemory* peak = &report.stages.front();
    for (const auto& stage : report.stages) {
        if (stage.totalBytes > peak->totalBytes) peak = &stage;
    }
    QString heading =
        tr("Peak %1 per GPU · usable %2 of %3 · %4")
            .arg(amount(report.peakBytes), amount(report.usableBytes), amount(report.capacityBytes),
                 report.fits ? tr("fits") : tr("does not fit"));
    if (peak->parameters > 0) {
        heading += QLatin1Char('\n') +
                   tr("Model state %1 bytes/parameter on stage %2 (%3 for %4 params)")
                       .arg(qs(core::formatFixed(peak->bytesPerParameter, 1)))
                       .arg(peak->stage)
                       .arg(amount(peak->modelStateBytes),
                            qs(core::formatCount(static_cast<double>(peak->parameters))));
    }
    headingText_ = heading;
    heading_->setText(wrapHeading_(heading, heading_->font(), plot_->width() - 12));
    padLegendItems(plot_->legend);
    showContent();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

namespace {
QRectF textRect(const QCPItemText* text) {
    return QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized();
}
}  // namespace

void MemoryStackView::fitLegendRows() {
    // One column while the entries fit under the heading, else as many columns as it takes,
    // so entries never overlap in a short pane.
    QCPLegend* legend = plot_->legend;
    const int items = legend->itemCount();
    if (items == 0) return;
    double tallest = 0;
    double widest = 0;
    int entries = 0;
    // Sizes are measured at the legend's own font, whatever smaller font the entries have now.
    const double fullSize = legend->font().pointSizeF();
    for (int index = 0; index < items; ++index) {
        // A grid's empty cells count as items but hold none.
        if (const QCPAbstractLegendItem* item = legend->item(index)) {
            const double grown = fullSize / std::max(item->font().pointSizeF(), 1.0);
            tallest = std::max<double>(tallest, item->minimumOuterSizeHint().height() * grown);
            widest = std::max<double>(widest, item->minimumOuterSizeHint().width() * grown);
            ++entries;
        }
    }
    if (entries == 0) return;
    const double room = plot_->height() - heading_->outerRect().height() - 8;
    // Still taller than the room (a short pane; Chinese glyphs stand taller than Latin ones):
    // a smaller font, down to 70 %, so entries shrink (and fit more columns) rather than clip.
    double scale = 1.0;
    int wrap = entries;
    for (; scale > 0.65; scale -= 0.1) {
        const double perRow = (tallest + legend->rowSpacing()) * scale;
        const int rows = std::clamp(static_cast<int>(room / std::max(perRow, 1.0)), 1, entries);
        // No more columns than take 40 % of the width: the bars keep the rest.
        const int widthCap =
            std::max(1, static_cast<int>(plot_->width() * 0.4 / std::max(widest * scale, 1.0)));
        const int columns = std::min((entries + rows - 1) / rows, widthCap);
        wrap = (entries + columns - 1) / columns;  // rows per column, evened out
        if (wrap * perRow <= room) break;
    }
    QFont entryFont = legend->font();
    entryFont.setPointSizeF(fullSize * std::max(scale, 0.7));
    for (int index = 0; index < items; ++index) {
        QCPAbstractLegendItem* item = legend->item(index);
        if (item != nullptr && item->font() != entryFont) item->setFont(entryFont);
    }
    if (legend->wrap() == wrap && legend->fillOrder() == QCPLayoutGrid::foRowsFirst) return;
    legend->setWrap(wrap);
    legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
}

bool MemoryStackView::keepCapacityLabelClear() {
    QCPItemText* capacity = nullptr;
    QList<QRectF> others;
    for (int index = 0; index < plot_->itemCount(); ++index) {
        auto* text = qobject_cast<QCPItemText*>(plot_->item(index));
        if (!text) continue;
        if (text->objectName() == QLatin1String("capacityLabel")) {
            capacity = text;
        } else {
            others << textRect(text);
        }
    }
    if (!capacity) return false;
    // Clear of the other labels and inside the chart: never cut by its top.
    const double top = plot_->axisRect()->top() - 0.5;
    const auto clear = [&] {
        const QRectF mine = textRect(capacity);
        return mine.top() >= top &&
               std::none_of(others.begin(), others.end(),
                            [&](const QRectF& other) { return other.intersects(mine); });
    };
    const bool wasHidden = !capacity->visible();
    capacity->setVisible(true);
    if (clear()) return wasHidden;
    // Either end of the line, above or below it: the first place clear of the other labels.
    const QPointF where = capacity->position->coords();
    const Qt::Alignment alignment = capacity->positionAlignment();
    for (const bool right : {false, true}) {
        for (const bool under : {false, true}) {
            capacity->position->setCoords(right ? 0.995 : 0.005, where.y());
            capacity->setPositionAlignment((right ? Qt::AlignRight : Qt::AlignLeft) |
                                           (under ? Qt::AlignTop : Qt::AlignBottom));
            if (clear()) return true;
        }
    }
    // Nowhere clear (a chart a few lines high): the label gives way, the heading still names
    // the capacity and the legend its line.
    capacity->position->setCoords(where);
    capacity->setPositionAlignment(alignment);
    capacity->setVisible(false);
    return !wasHidden;
}

void MemoryStackView::drawMeasured(const core::Evaluation& evaluation) {
    const auto& measured = evaluation.plan.measured.peakBytesPerStage;
    const core::MemoryReport& report = *evaluation.memory;
    if (measured.empty()) {
        drawMeasuredFullest(evaluation);
        return;
    }
    const QColor ink = plot_->palette().color(QPalette::Text);
    const QColor paper = plot_->palette().color(QPalette::Base);
    const double unit = bytesPerUnit();
    QCPGraph* markers = plot_->addGraph();
    markers->setLineStyle(QCPGraph::lsNone);
    markers->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, ink, paper, 9));
    markers->setSelectable(QCP::stNone);
    const int stages = static_cast<int>(std::min(measured.size(), report.stages.size()));
    for (int index = 0; index < stages; ++index) {
        const std::uint64_t bytes = measured[static_cast<std::size_t>(index)];
        if (bytes == 0) {
            measuredLabels_.push_back(QString());
            continue;
        }
        const double key = index + kMeasuredOffset;
        markers->addData(key, static_cast<double>(bytes) / unit);
        // The engine's error against the measurement: (predicted − measured) / measured.
        const auto& errors = evaluation.measured.peakError;
        const auto slot = static_cast<std::size_t>(index);
        if (slot >= errors.size() || !errors[slot]) {
            measuredLabels_.push_back(QString());
            continue;
        }
        const double error = *errors[slot];
        const QString text =
            (error >= 0 ? QStringLiteral("+") : QString()) + qs(core::formatPercent(error));
        measuredLabels_.push_back(text);
        if (stages > kMaxPerStageTexts) continue;
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(key, static_cast<double>(bytes) / unit);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(7, 0, 0, 0));
        label->setText(text);
        label->setColor(ink);
        label->setSelectable(false);
    }
    addLegendSwatch(plot_->legend, {SwatchShape::Diamond, QBrush(paper), QPen(ink, 1.2),
                                    tr("Measured peak\n(predicted vs measured)")});
}

// A measured peak that names no stage (one figure from a log or a person): a diamond beside the
// fullest stage's bar, labelled with the engine's error of the prediction against it.
void MemoryStackView::drawMeasuredFullest(const core::Evaluation& evaluation) {
    const auto& peak = evaluation.plan.measured.peakBytes;
    const core::MemoryReport& report = *evaluation.memory;
    if (!peak || *peak == 0 || report.stages.empty()) return;
    int fullest = 0;
    for (int index = 0; index < static_cast<int>(report.stages.size()); ++index) {
        if (report.stages[static_cast<std::size_t>(index)].totalBytes >
            report.stages[static_cast<std::size_t>(fullest)].totalBytes) {
            fullest = index;
        }
    }
    measuredFullestStage_ = fullest;
    const QColor ink = plot_->palette().color(QPalette::Text);
    const QColor paper = plot_->palette().color(QPalette::Base);
    const double value = static_cast<double>(*peak) / bytesPerUnit();
    QCPGraph* marker = plot_->addGraph();
    marker->setLineStyle(QCPGraph::lsNone);
    marker->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, ink, paper, 9));
    marker->setSelectable(QCP::stNone);
    marker->addData(fullest + kMeasuredOffset, value);
    QString text;
    if (const auto& error = evaluation.measured.fullestPeakError) {
        text = (*error >= 0 ? QStringLiteral("+") : QString()) +
               QString::fromStdString(core::formatPercent(*error));
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(fullest + kMeasuredOffset, value);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(7, 0, 0, 0));
        label->setText(text);
        label->setColor(ink);
        label->setSelectable(false);
    }
    measuredLabels_.push_back(text);
    addLegendSwatch(plot_->legend, {SwatchShape::Diamond, QBrush(paper), QPen(ink, 1.2),
                                    tr("Measured peak\n(predicted vs measured)")});
}

void MemoryStackView::setStageTicks(const core::MemoryReport& report) {
    // Full labels ("Stage 3 / 2 in flight") when every stage has room, else stage numbers,
    // thinned so they never touch (fitting_ticker.h).
    std::vector<std::pair<int, int>> stages;  // stage number, micro-batches in flight
    for (const auto& stage : report.stages)
        stages.emplace_back(stage.stage, stage.inFlightMicroBatches);
    plot_->xAxis->setLabel(stages.size() <= 1 ? QString() : tr("Pipeline stage"));
    // The same labels keep the same ticker, which has measured them already.
    if (stages == tickedStages_) return;
    tickedStages_ = stages;
    auto ticker = makeIndexTicker(
        plot_->xAxis, static_cast<int>(stages.size()), [stages](int index, bool full) {
            if (index < 0 || index >= static_cast<int>(stages.size())) return QString();
            const auto& [number, inFlight] = stages[static_cast<std::size_t>(index)];
            return full ? tr("Stage %1\n%n in flight", nullptr, inFlight).arg(number)
                        : QString::number(number);
        });
    plot_->xAxis->setTicker(ticker);
}

QString MemoryStackView::segmentToolTip(int stageIndex, core::MemoryCategory category) const {
    if (!shown_ || !shown_->memory) return {};
    const auto& stages = shown_->memory->stages;
    if (stageIndex < 0 || stageIndex >= static_cast<int>(stages.size())) return {};
    const core::StageMemory& stage = stages[static_cast<std::size_t>(stageIndex)];
    const core::MemoryItem& item = stage.items[static_cast<std::size_t>(category)];
    QString text = ExplainedText::toolTip(
        tr("Stage %1 · %2: %3").arg(stage.stage).arg(categoryName(category), amount(item.bytes)),
        item.explain, units());
    text += QLatin1Char('\n') + (stage.inFlightMicroBatches == 1
                                     ? tr("Stage total %1, one micro-batch in flight")
                                     : tr("Stage total %1, %n micro-batches in flight", nullptr,
                                          stage.inFlightMicroBatches))
                                    .arg(amount(stage.totalBytes));
    return text;
}

QString MemoryStackView::toolTipAt(const QPoint& position) const {
    if (!shown_ || !shown_->memory || showsMessage()) return {};
    if (!plot_->axisRect()->rect().contains(position)) return {};
    const double key = plot_->xAxis->pixelToCoord(position.x());
    const double value = plot_->yAxis->pixelToCoord(position.y()) * bytesPerUnit();
    const int stage = static_cast<int>(std::lround(key));
    const auto& stages = shown_->memory->stages;
    if (stage < 0 || stage >= static_cast<int>(stages.size())) return {};
    const double offset = key - stage;
    const auto& measured = shown_->plan.measured.peakBytesPerStage;
    if (std::fabs(offset - kMeasuredOffset) < 0.08 && stage == measuredFullestStage_ &&
        shown_->plan.measured.peakBytes) {
        return tr("Measured peak %1 (the fullest stage)\npredicted %2 (%3)")
            .arg(amount(*shown_->plan.measured.peakBytes),
                 amount(stages[static_cast<std::size_t>(stage)].totalBytes),
                 measuredLabels_.value(0));
    }
    if (std::fabs(offset - kMeasuredOffset) < 0.08 &&
        static_cast<std::size_t>(stage) < measured.size() &&
        measured[static_cast<std::size_t>(stage)] > 0) {
        const int index = static_cast<int>(
            std::min<std::size_t>(static_cast<std::size_t>(stage), measuredLabels_.size() - 1));
        return tr("Stage %1 measured peak %2\npredicted %3 (%4)")
            .arg(stages[static_cast<std::size_t>(stage)].stage)
            .arg(amount(measured[static_cast<std::size_t>(stage)]),
                 amount(stages[static_cast<std::size_t>(stage)].totalBytes),
                 measuredLabels_.value(index));
    }
    if (std::fabs(offset) > kBarWidth / 2 || value < 0) return {};
    double below = 0;
    for (int index = 0; index < core::kMemoryCategoryCount; ++index) {
        below += static_cast<double>(
            stages[static_cast<std::size_t>(stage)].items[static_cast<std::size_t>(index)].bytes);
        if (value < below) return segmentToolTip(stage, static_cast<core::MemoryCategory>(index));
    }
    return {};
}

void MemoryStackView::showHover(QMouseEvent* event) {
    const QString text = toolTipAt(event->pos());
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
    }
}

QString MemoryStackView::headingText() const { return headingText_; }

}  // namespace fourfold::ui
