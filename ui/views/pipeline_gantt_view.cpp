// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/pipeline_gantt_view.h"

#include "core/text/format.h"
#include "ui/charts/chart_heading.h"
#include "ui/charts/fitting_ticker.h"
#include "ui/charts/legend_swatch.h"
#include "ui/charts/palette.h"
#include "ui/charts/plot_refresh.h"
#include "ui/charts/step_lines.h"
#include "ui/views/explained_text.h"
#include "ui/views/gantt_lod.h"
#include "ui/views/memory_timeline_chart.h"
#include "ui/widgets/text_label.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLinearGradient>
#include <QToolButton>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace fourfold::ui {
namespace {

constexpr double kRowHalfHeight = 0.4;  // matches the painted blocks
constexpr int kHeadingMinWidth = 200;
// Up to this many interleaved chunks the legend names each; more share one entry.
constexpr int kChunksNamedOneByOne = 4;
constexpr int kFullHeadingMinHeight = 460;  // below this the heading drops the formula lines
// Below this the legend names the blocks only (the activation strip's lines are named by its
// axis and its tooltips) and the strip takes a larger share: at 1280 × 800 and scale 1.5 the
// full legend took three rows and left the strip 19 px, room for one value label.
constexpr int kShortPlotMaxHeight = 360;
constexpr double kStripStretch = 1.3;  // the activation strip against the rows' 3
constexpr double kShortStripStretch = 2.2;

QString qs(const std::string& text) { return QString::fromStdString(text); }

QString kindName(core::OpKind kind) {
    switch (kind) {
        case core::OpKind::Forward:
            return PipelineGanttView::tr("Forward");
        case core::OpKind::Backward:
            return PipelineGanttView::tr("Backward");
        case core::OpKind::WeightGrad:
            return PipelineGanttView::tr("Weight gradient");
    }
    return {};
}

}  // namespace

PipelineGanttView::PipelineGanttView(QWidget* parent) : EvaluationView(parent) {
    setFocusPolicy(Qt::StrongFocus);
    auto* hint = new TextLabel(tr("Wheel or +/− zooms time, drag or ←/→ pans, 0 or Home resets"));
    hint->setForegroundRole(QPalette::PlaceholderText);
    // A hint, not a reason to widen the pane: it wraps, and gives way when space is short.
    hint->setWordWrap(true);
    hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* reset = new QToolButton;
    reset->setText(tr("Reset view"));
    reset->setFocusPolicy(Qt::NoFocus);
    connect(reset, &QToolButton::clicked, this, &PipelineGanttView::resetView);
    auto* resetAction = new QAction(tr("Reset view"), this);
    connect(resetAction, &QAction::triggered, this, &PipelineGanttView::resetView);
    addAction(resetAction);
    setContextMenuPolicy(Qt::ActionsContextMenu);

    auto* toolbar = new QHBoxLayout;
    toolbar->setContentsMargins(6, 2, 6, 0);
    toolbar->addWidget(hint, 1);
    toolbar->addWidget(reset);

    buildPlot();
    setContent(plot_, toolbar, plot_);
    showMessage(tr("No pipeline schedule yet."));
}

void PipelineGanttView::buildPlot() {
    plot_ = newLiveChart();
    plot_->setObjectName(QStringLiteral("pipelineGanttPlot"));
    plot_->setFocusPolicy(Qt::NoFocus);
    plot_->setAutoAddPlottableToLegend(false);
    plot_->setNoAntialiasingOnDrag(true);
    ganttRect_ = plot_->axisRect();
    QCPLayoutGrid* layout = plot_->plotLayout();
    layout->insertRow(0);
    layout->insertRow(0);
    heading_ = makeChartHeading(plot_, QFont(font().family(), 10, QFont::Bold));
    heading_->setMinimumSize(kHeadingMinWidth, 0);  // a long formula may run past, not widen
    layout->addElement(0, 0, heading_);
    ganttRect_->insetLayout()->take(plot_->legend);
    // Centred: spacers either side keep the legend's columns at their natural width.
    auto* legendRow = new QCPLayoutGrid;
    layout->addElement(1, 0, legendRow);
    legendRow->addElement(0, 0, new QCPLayoutElement(plot_));
    legendRow->addElement(0, 1, plot_->legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(plot_));
    legendRow->setColumnStretchFactor(1, 0.001);
    plot_->legend->setVisible(true);
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot_->legend->setBorderPen(Qt::NoPen);
    plot_->legend->setBrush(Qt::NoBrush);
    plot_->legend->setIconSize(18, 12);
    plot_->legend->setMargins(QMargins(4, 0, 4, 2));
    memoryRect_ = new QCPAxisRect(plot_);
    layout->addElement(3, 0, memoryRect_);
    layout->setRowStretchFactor(0, 0.01);
    layout->setRowStretchFactor(1, 0.01);
    layout->setRowStretchFactor(2, 3);
    layout->setRowStretchFactor(3, kStripStretch);
    layout->setRowSpacing(2);

    auto* margins = new QCPMarginGroup(plot_);
    for (QCPAxisRect* rect : {ganttRect_, memoryRect_}) {
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
        rect->setRangeDrag(Qt::Horizontal);
        rect->setRangeZoom(Qt::Horizontal);
        rect->setRangeZoomFactor(0.8);
        connect(rect->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::rangeChanged),
                this, [this] { clampTimeRange(); });
    }
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    QCPAxis* rows = ganttRect_->axis(QCPAxis::atLeft);
    rows->setRangeReversed(true);
    rows->grid()->setVisible(false);
    rows->setTicks(true);
    rows->setSubTicks(false);
    rows->setLabel(tr("Pipeline rank"));
    memoryRect_->axis(QCPAxis::atBottom)->setLabel(tr("Time (ms)"));
    memoryRect_->axis(QCPAxis::atLeft)
        ->setTicker(makeSpacedTicker(memoryRect_->axis(QCPAxis::atLeft)));

    blocks_ = addGanttPlottable(ganttRect_->axis(QCPAxis::atBottom), rows);
    connect(plot_, &QCustomPlot::mouseMove, this, &PipelineGanttView::showHover);
    // Heading and legend fit the plot's width, rank labels its height (see fitting_ticker.h).
    connect(plot_, &QCustomPlot::beforeReplot, this, [this] {
        // A short plot shows the totals and the activation peak only; the bubble's formula
        // and note stay in the summary strip's tooltip.
        const QString& heading =
            plot_->height() < kFullHeadingMinHeight ? compactHeadingText_ : headingText_;
        heading_->setText(wrapHeading_(heading, heading_->font(), plot_->width() - 12));
        if (const bool isShort = plot_->height() < kShortPlotMaxHeight; isShort != shortPlot_) {
            shortPlot_ = isShort;
            plot_->plotLayout()->setRowStretchFactor(3,
                                                     isShort ? kShortStripStretch : kStripStretch);
            buildLegend(legendChunks_, legendEvery_, legendDense_);
        }
        fitLegendColumns(plot_->legend, legendColumns_, plot_->width());
        // Tall enough for the activation axis's label, however short the pane (a short one
        // names the unit only).
        QCPAxis* activations = memoryRect_->axis(QCPAxis::atLeft);
        const QString full = activations->property("fullLabel").toString();
        if (!full.isEmpty()) {
            const bool brief = plot_->height() < kFullHeadingMinHeight;
            activations->setLabel(brief ? activations->property("briefLabel").toString() : full);
        }
        const int label =
            QFontMetrics(activations->labelFont()).horizontalAdvance(activations->label());
        memoryRect_->setMinimumSize(0, label + 12);
    });
    connect(plot_, &QCustomPlot::afterReplot, this, [this] {
        if (needsAnotherPass(ganttRect_->axis(QCPAxis::atLeft)) ||
            needsAnotherPass(memoryRect_->axis(QCPAxis::atLeft))) {
            plot_->replot(QCustomPlot::rpQueuedReplot);
        }
    });
    followPalette(plot_);
}

void PipelineGanttView::render(const core::Evaluation& evaluation) {
    if (!evaluation.schedule || evaluation.schedule->ranks.empty() ||
        !evaluation.schedule->complete) {
        setGanttSchedule(blocks_, nullptr);
        // An incomplete schedule says why in its formula text.
        const bool incomplete = evaluation.schedule && !evaluation.schedule->complete &&
                                !evaluation.schedule->bubbleFormula.empty();
        showMessage(incomplete ? tr("No pipeline schedule: %1")
                                     .arg(ExplainedText::coded(evaluation.schedule->bubbleText))
                               : absentText(evaluation, tr("No pipeline schedule"),
                                            tr("No pipeline schedule for this plan.")));
        bubbleText_.clear();
        peakText_.clear();
        return;
    }
    const core::ScheduleResult& schedule = *evaluation.schedule;
    setGanttSchedule(blocks_,
                     std::shared_ptr<const core::ScheduleResult>(shown_, &*shown_->schedule));

    const QString percent = qs(core::formatPercent(schedule.bubbleFraction));
    // The bubble's explained figure: its formula with values, then its note on a line of its own.
    const core::ExplainedFigure& bubble = schedule.bubbleExplain;
    const QString formula = bubble.empty() ? QString() : ExplainedText::formula(bubble, units_);
    bubbleText_ = formula.isEmpty() ? tr("Bubble %1").arg(percent)
                                    : tr("Bubble %1:  %2").arg(percent, formula);
    const MemoryTimelineInfo memory = drawMemoryTimeline(memoryRect_, evaluation, units_);
    peakText_ = memory.peakText;
    // Short lines, so the heading does not set the pane's width: the totals, then the formula
    // (its closed form and its note on separate lines), then the activation peak.
    const QString ranks =
        schedule.ranks.size() == 1 ? tr("1 rank") : tr("%1 ranks").arg(schedule.ranks.size());
    QString heading = tr("Bubble %1  ·  step %2 for %3 micro-batches on %4")
                          .arg(percent, qs(core::formatSeconds(schedule.makespanS)))
                          .arg(schedule.microBatches)
                          .arg(ranks);
    if (!formula.isEmpty()) heading += QLatin1Char('\n') + formula;
    if (!bubble.note.empty()) heading += QLatin1Char('\n') + ExplainedText::note(bubble);
    if (!peakText_.isEmpty()) heading += QLatin1Char('\n') + peakText_;
    headingText_ = heading;
    compactHeadingText_ = heading.section(QLatin1Char('\n'), 0, 0);
    if (!peakText_.isEmpty()) compactHeadingText_ += QLatin1Char('\n') + peakText_;
    heading_->setText(
        wrapHeading_(plot_->height() < kFullHeadingMinHeight ? compactHeadingText_ : heading,
                     heading_->font(), plot_->width() - 12));
    setTimeUnit(schedule.makespanS);

    // Blocks under a pixel at the full view: the overview is the density view (gantt_lod.h).
    std::size_t mostOps = 0;
    for (const auto& rank : schedule.ranks) mostOps = std::max(mostOps, rank.ops.size());
    const bool dense = static_cast<double>(mostOps) > std::max(1, ganttRect_->width());
    buildLegend(std::max(1, schedule.virtualStages), memory.every, dense);
    setRowTicks(static_cast<int>(schedule.ranks.size()));
    const double makespanMs = std::max(schedule.makespanS * 1e3, 1e-9);
    fullStartMs_ = -0.01 * makespanMs;
    fullEndMs_ = 1.01 * makespanMs;
    showContent();
    resetView();
    // The rows' and activation lines' pixels for the axes as they now stand, written while the
    // other views draw.
    writeGanttAhead(blocks_, rasterWorker());
    writeStepLinesAhead(stepLinesOf(memoryRect_), rasterWorker());
}

void PipelineGanttView::buildLegend(int chunks, int everyRank, bool dense) {
    legendChunks_ = chunks;
    legendEvery_ = everyRank;
    legendDense_ = dense;
    std::vector<Swatch> swatches;
    const bool split = shown_ && shown_->schedule && shown_->schedule->splitWeightGrad;
    std::vector<core::OpKind> kinds = {core::OpKind::Forward, core::OpKind::Backward};
    if (split) kinds.push_back(core::OpKind::WeightGrad);
    for (core::OpKind kind : kinds) {
        const QColor colour = palette::opKind(kind);
        const QString letter = QString::fromLatin1(core::toString(kind));
        swatches.push_back({SwatchShape::Box, colour, QPen(colour.darker(150), 0),
                            tr("%1 %2").arg(letter, kindName(kind).toLower())});
    }
    if (chunks > 1 && chunks <= kChunksNamedOneByOne) {
        for (int chunk = 0; chunk < chunks; ++chunk) {
            const QColor shade = palette::opChunk(core::OpKind::Forward, chunk, chunks);
            swatches.push_back(
                {SwatchShape::Box, shade, QPen(shade.darker(150), 0), tr("chunk %1").arg(chunk)});
        }
    } else if (chunks > 1) {
        // Many chunks are one entry, "chunks 0–11", its swatch the ramp of their shades: a
        // legend entry per chunk would cover the heading and squeeze the chart to a strip.
        QLinearGradient ramp(0, 0, 1, 0);
        ramp.setCoordinateMode(QGradient::ObjectBoundingMode);
        for (int chunk = 0; chunk < chunks; ++chunk) {
            ramp.setColorAt(static_cast<double>(chunk) / (chunks - 1),
                            palette::opChunk(core::OpKind::Forward, chunk, chunks));
        }
        const QColor last = palette::opChunk(core::OpKind::Forward, chunks - 1, chunks);
        swatches.push_back({SwatchShape::Box, QBrush(ramp), QPen(last.darker(150), 0),
                            tr("chunks 0\u2013%1").arg(chunks - 1)});
    }
    if (dense) {
        // The density view's blends, warm-up (forward) through the steady state to cool-down.
        QLinearGradient blends(0, 0, 1, 0);
        blends.setCoordinateMode(QGradient::ObjectBoundingMode);
        for (int level = 0; level < kGanttMixLevels; ++level) {
            blends.setColorAt(
                static_cast<double>(kGanttMixLevels - 1 - level) / (kGanttMixLevels - 1),
                palette::opBlend(kGanttMixShares[level]));
        }
        swatches.push_back({SwatchShape::Box, QBrush(blends),
                            QPen(palette::opBlend(0.5).darker(150), 0),
                            tr("F and B in one pixel, by share")});
    }
    QBrush hatch(palette::idleHatch(), Qt::BDiagPattern);
    swatches.push_back({SwatchShape::Box, hatch, QPen(palette::idleHatch(), 0), tr("idle")});
    if (!shortPlot_) addStripSwatches(swatches, everyRank);
    placeLegend(std::move(swatches));
}

void PipelineGanttView::addStripSwatches(std::vector<Swatch>& swatches, int everyRank) const {
    const QPalette& colours = plot_->palette();
    const QColor firstRank =
        palette::onBackground(palette::rankSeries(0, 2), colours.color(QPalette::Base));
    swatches.push_back({SwatchShape::Circle, colours.brush(QPalette::Base),
                        QPen(colours.color(QPalette::Text), 1.2), tr("peak")});
    swatches.push_back({SwatchShape::Line,
                        {},
                        QPen(firstRank, 1.5),
                        everyRank > 1 ? tr("activations, 1 rank in %1 (dark = 0)").arg(everyRank)
                                      : tr("activations per rank (dark = 0)")});
    swatches.push_back({SwatchShape::Line,
                        {},
                        QPen(firstRank, 1.2, Qt::DashLine),
                        tr("headroom (usable − other)")});
}

void PipelineGanttView::placeLegend(std::vector<Swatch> swatches) {
    // Most edits leave the legend as it was: its entries stay, laid out as they were.
    QCPLegend* legend = plot_->legend;
    if (swatches == legendSwatches_ && legend->itemCount() == static_cast<int>(swatches.size())) {
        return;
    }
    legend->clearItems();
    for (const Swatch& swatch : swatches) addLegendSwatch(legend, swatch);
    legendSwatches_ = std::move(swatches);
    // Two rows, the long line entries under the short boxes, so the legend stays narrow; more
    // rows when the plot is narrower than that (fitLegendColumns at each replot).
    legendColumns_ = std::max(3, (legend->itemCount() + 1) / 2);
    legend->setWrap(legendColumns_);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);  // re-flows the items just added
    padLegendItems(legend);
    fitLegendColumns(legend, legendColumns_, plot_->width());
}

void PipelineGanttView::setRowTicks(int ranks) {
    QCPAxis* rows = ganttRect_->axis(QCPAxis::atLeft);
    // "rank 5" on every row that has room, else every k-th rank number (fitting_ticker.h). The
    // same rows keep the same ticker, which has measured its labels already.
    if (ranks != tickedRanks_) {
        tickedRanks_ = ranks;
        rows->setTicker(makeIndexTicker(rows, ranks, [](int rank, bool full) {
            return full ? tr("rank %1").arg(rank) : QString::number(rank);
        }));
    }
    rows->setRange(-0.5, ranks - 0.5);
}

void PipelineGanttView::setTimeUnit(double makespanS) {
    // Coordinates stay in milliseconds; labels read in seconds once a step takes 10 s or more
    // (never "2.5·10⁶ ms").
    const bool seconds = makespanS >= 10.0;
    for (QCPAxisRect* rect : {ganttRect_, memoryRect_}) {
        QCPAxis* time = rect->axis(QCPAxis::atBottom);
        time->setTicker(makeScaledTicker(seconds ? 1000.0 : 1.0));
        time->setNumberFormat(QStringLiteral("g"));
        time->setNumberPrecision(6);
    }
    memoryRect_->axis(QCPAxis::atBottom)->setLabel(seconds ? tr("Time (s)") : tr("Time (ms)"));
}

QString PipelineGanttView::timeAxisLabel() const {
    return memoryRect_->axis(QCPAxis::atBottom)->label();
}

void PipelineGanttView::clampTimeRange() {
    if (clamping_) return;
    clamping_ = true;
    QCPAxis* gantt = ganttRect_->axis(QCPAxis::atBottom);
    QCPAxis* memory = memoryRect_->axis(QCPAxis::atBottom);
    // Whichever axis moved, both end up on the same range, kept inside the schedule.
    QCPAxis* source = sender() == memory ? memory : gantt;
    QCPRange range = source->range();
    const double full = fullEndMs_ - fullStartMs_;
    const double width = std::clamp(range.size(), full * 1e-6, full);
    if (range.size() != width)
        range = QCPRange(range.center() - width / 2, range.center() + width / 2);
    if (range.lower < fullStartMs_) range = QCPRange(fullStartMs_, fullStartMs_ + width);
    if (range.upper > fullEndMs_) range = QCPRange(fullEndMs_ - width, fullEndMs_);
    gantt->setRange(range);
    memory->setRange(range);
    clamping_ = false;
}

void PipelineGanttView::resetView() {
    ganttRect_->axis(QCPAxis::atBottom)->setRange(fullStartMs_, fullEndMs_);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void PipelineGanttView::zoomBy(double factor) {
    QCPAxis* axis = ganttRect_->axis(QCPAxis::atBottom);
    axis->scaleRange(factor, axis->range().center());
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void PipelineGanttView::panBy(double share) {
    QCPAxis* axis = ganttRect_->axis(QCPAxis::atBottom);
    axis->moveRange(axis->range().size() * share);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

double PipelineGanttView::visibleStartMs() const {
    return ganttRect_->axis(QCPAxis::atBottom)->range().lower;
}
double PipelineGanttView::visibleEndMs() const {
    return ganttRect_->axis(QCPAxis::atBottom)->range().upper;
}

void PipelineGanttView::changeEvent(QEvent* event) {
    EvaluationView::changeEvent(event);
    // Legend swatches and memory lines take the plot's palette colours when drawn. The view
    // hears of a new palette before its plot does, so it draws again once the change has
    // reached every child.
    if (event->type() != QEvent::PaletteChange) return;
    QMetaObject::invokeMethod(
        this, [this] { renderAgain(); }, Qt::QueuedConnection);
}

void PipelineGanttView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            zoomBy(0.8);
            break;
        case Qt::Key_Minus:
        case Qt::Key_Underscore:
            zoomBy(1.25);
            break;
        case Qt::Key_Left:
            panBy(-0.1);
            break;
        case Qt::Key_Right:
            panBy(0.1);
            break;
        case Qt::Key_0:
        case Qt::Key_Home:
            resetView();
            break;
        default:
            EvaluationView::keyPressEvent(event);
            return;
    }
    event->accept();
}

std::optional<PipelineGanttView::Hit> PipelineGanttView::hitTest(double timeMs, double row) const {
    if (!shown_ || !shown_->schedule || showsMessage()) return std::nullopt;
    const auto& ranks = shown_->schedule->ranks;
    const double nearest = std::round(row);
    if (std::fabs(row - nearest) > kRowHalfHeight) return std::nullopt;
    if (nearest < 0 || nearest >= static_cast<double>(ranks.size())) return std::nullopt;
    const int rank = static_cast<int>(nearest);
    const auto index = opIndexAt(ranks[static_cast<std::size_t>(rank)].ops, timeMs * 1e-3);
    if (!index) return std::nullopt;
    return Hit{rank, *index};
}

std::optional<PipelineGanttView::Hit> PipelineGanttView::hitTestPixel(
    const QPoint& position) const {
    if (!ganttRect_->rect().contains(position)) return std::nullopt;
    return hitTest(ganttRect_->axis(QCPAxis::atBottom)->pixelToCoord(position.x()),
                   ganttRect_->axis(QCPAxis::atLeft)->pixelToCoord(position.y()));
}

QString PipelineGanttView::toolTipFor(const Hit& hit) const {
    if (!shown_ || !shown_->schedule) return {};
    const auto& rank = shown_->schedule->ranks.at(static_cast<std::size_t>(hit.rank));
    const core::ScheduleOp& op = rank.ops.at(static_cast<std::size_t>(hit.opIndex));
    return tr("%1, micro-batch %2\nrank %3 · stage %4 · chunk %5\nstart %6 · duration %7")
        .arg(kindName(op.kind))
        .arg(op.microBatch)
        .arg(hit.rank)
        .arg(rank.stage)
        .arg(op.chunk)
        .arg(qs(core::formatSeconds(op.startS)), qs(core::formatSeconds(op.endS - op.startS)));
}

void PipelineGanttView::showHover(QMouseEvent* event) {
    const auto hit = hitTestPixel(event->pos());
    if (hit) {
        QToolTip::showText(event->globalPosition().toPoint(), toolTipFor(*hit), plot_);
    } else {
        QToolTip::hideText();
    }
}

void PipelineGanttView::setByteUnits(core::ByteUnits units) {
    if (units == units_) return;
    units_ = units;
    renderAgain();
}

QString PipelineGanttView::bubbleText() const { return bubbleText_; }
QString PipelineGanttView::peakText() const { return peakText_; }
GanttDrawStats PipelineGanttView::drawStats() const { return ganttDrawStats(blocks_); }

}  // namespace fourfold::ui
