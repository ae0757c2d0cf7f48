// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/step_time_view.h"

#include "core/text/format.h"
#include "ui/charts/fitting_ticker.h"
#include "ui/charts/legend_swatch.h"
#include "ui/charts/palette.h"
#include "ui/charts/plot_refresh.h"
#include "ui/charts/rect_bars.h"
#include "ui/views/checkpoint_panel.h"
#include "ui/views/explained_text.h"
#include "ui/views/scaling_chart.h"
#include "ui/widgets/layout_barrier.h"
#include "ui/widgets/text_label.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QTabWidget>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fourfold::ui {
namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

// The breakdown chart's least height: its bars and stage labels stay readable.
constexpr int kPlotMinimum = 100;

struct Part {
    const char* key;
    const char* label;
    double core::StepBreakdown::*seconds;
    QColor colour;
};

// Bottom to top: the work, then the exposed communication, then waiting, then after-step work.
// Colours: the Okabe–Ito set, distinct under the common colour-vision deficiencies.
const std::vector<Part>& parts() {
    static const std::vector<Part> list = {
        {"compute", QT_TRANSLATE_NOOP("fourfold::ui::StepTimeView", "Compute"),
         &core::StepBreakdown::compute, QColor(0x00, 0x72, 0xb2)},
        {"tp", QT_TRANSLATE_NOOP("fourfold::ui::StepTimeView", "TP comm (exposed)"),
         &core::StepBreakdown::tpComm, QColor(0xe6, 0x9f, 0x00)},
        {"cp", QT_TRANSLATE_NOOP("fourfold::ui::StepTimeView", "CP comm (exposed)"),
         &core::StepBreakdown::cpComm, QColor(0xcc, 0x79, 0xa7)},
        {"ep", QT_TRANSLATE_NOOP("fourfold::ui::StepTimeView", "EP comm (exposed)"),
         &core::StepBreakdown::epComm, QColor(0x56, 0xb4, 0xe9)},
        {"pp", QT_TRANSLATE_NOOP("fourfold::ui::StepTimeView", "PP sends"),
         &core::StepBreakdown::ppComm, QColor(0x00, 0x9e, 0x73)},
        {"dp", QT_TRANSLATE_NOOP("fourfold::ui::StepTimeView", "DP / ZeRO comm (exposed)"),
         &core::StepBreakdown::dpComm, QColor(0xd5, 0x5e, 0x00)},
        {"offload", QT_TRANSLATE_NOOP("fourfold::ui::StepTimeView", "Offload traffic"),
         &core::StepBreakdown::offload, QColor(0x88, 0x66, 0x44)},
        {"bubble", QT_TRANSLATE_NOOP("fourfold::ui::StepTimeView", "Pipeline bubble"),
         &core::StepBreakdown::bubble, QColor(0xbb, 0xbb, 0xbb)},
        {"optimizer", QT_TRANSLATE_NOOP("fourfold::ui::StepTimeView", "Optimizer step"),
         &core::StepBreakdown::optimizer, QColor(0x66, 0x33, 0x99)},
        {"data", QT_TRANSLATE_NOOP("fourfold::ui::StepTimeView", "Data loading"),
         &core::StepBreakdown::dataLoading, QColor(0xf0, 0xe4, 0x42)},
    };
    return list;
}

// A caption over a bold value, as in the summary strip.
QLabel* addFigure(QHBoxLayout* row, const QString& name, const QString& caption) {
    auto* tile = new QWidget;
    auto* column = new QVBoxLayout(tile);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    auto* top = new TextLabel(caption);
    top->setForegroundRole(QPalette::PlaceholderText);
    auto* value = new TextLabel(QStringLiteral("—"));
    value->setObjectName(name);
    // A bold font, not a style sheet: a styled label keeps its old text colour when the theme
    // changes while the app runs.
    QFont bold = value->font();
    bold.setBold(true);
    value->setFont(bold);
    column->addWidget(top);
    column->addWidget(value);
    row->addWidget(tile);
    return value;
}

}  // namespace

StepTimeView::StepTimeView(QWidget* parent) : EvaluationView(parent) {
    setObjectName(QStringLiteral("stepTimeView"));
    tabs_ = new QTabWidget;
    tabs_->setDocumentMode(true);

    auto* breakdown = new QWidget;
    auto* column = new QVBoxLayout(breakdown);
    column->setContentsMargins(6, 4, 6, 2);
    column->setSpacing(2);
    auto* figures = new QHBoxLayout;
    figures->setSpacing(18);
    addFigure(figures, QStringLiteral("stepTimeValue"), tr("Step time"));
    addFigure(figures, QStringLiteral("tokensValue"), tr("Tokens/s"));
    addFigure(figures, QStringLiteral("tokensPerGpuValue"), tr("Tokens/s per GPU"));
    addFigure(figures, QStringLiteral("mfuValue"), tr("MFU"));
    addFigure(figures, QStringLiteral("measuredStepValue"), tr("Measured step"))
        ->parentWidget()
        ->hide();
    figures->addStretch(1);
    column->addLayout(figures);
    plot_ = newLiveChart();
    plot_->setObjectName(QStringLiteral("stepBreakdownPlot"));
    // Stage ticks outside the axis, where they do not cut into the bars.
    plot_->xAxis->setTickLengthIn(0);
    plot_->xAxis->setTickLengthOut(4);
    plot_->setAutoAddPlottableToLegend(false);
    plot_->legend->setVisible(true);
    plot_->legend->setBorderPen(Qt::NoPen);
    plot_->legend->setBrush(Qt::NoBrush);  // beside the bars, on the plot's own background
    plot_->legend->setIconSize(14, 10);
    // The legend in its own column right of the bars, so it never covers a stage's bar.
    plot_->axisRect()->insetLayout()->take(plot_->legend);
    auto* side = new QCPLayoutGrid;
    plot_->plotLayout()->addElement(0, 1, side);
    plot_->plotLayout()->setColumnStretchFactor(1, 0.001);
    side->addElement(0, 0, plot_->legend);
    side->addElement(1, 0, new QCPLayoutElement(plot_));  // keeps the legend at the top
    side->setRowStretchFactor(0, 0.001);
    plot_->legend->setMargins(QMargins(6, 4, 4, 4));
    followPalette(plot_);  // dark or light with the app, on every theme change
    // The stage labels are chosen for the axis's length; once more when it settled elsewhere.
    connect(plot_, &QCustomPlot::afterReplot, this, [this] {
        const bool retitled = fitAxisTitle();
        if (retitled || needsAnotherPass(plot_->xAxis)) plot_->replot(QCustomPlot::rpQueuedReplot);
    });
    plot_->yAxis->setLabel(tr("Seconds per step"));
    plot_->setMinimumHeight(kPlotMinimum);
    plot_->setMouseTracking(true);
    connect(plot_, &QCustomPlot::mouseMove, this,
            [this](QMouseEvent* event) { showPartAt(event->pos()); });
    column->addWidget(plot_, 1);
    note_ = new TextLabel;
    note_->setObjectName(QStringLiteral("stepNote"));
    note_->setWordWrap(true);
    note_->setForegroundRole(QPalette::PlaceholderText);
    column->addWidget(note_);
    // A short page (a dock below the views) keeps the chart and gives up the note, which the
    // chart's tooltips repeat; the axis title shortens when the axis is shorter than it.
    breakdown->installEventFilter(this);
    breakdownPage_ = breakdown;
    // Behind a barrier: QTabWidget answers any relayout of a page (the figures' new texts at
    // every edit) by repainting itself whole, its tab bar and every page widget included.
    tabs_->addTab(new LayoutBarrier(breakdown, LayoutBarrier::Passes::Minimum), tr("Breakdown"));

    scaling_ = new ScalingChart;
    tabs_->addTab(scaling_, tr("Scaling"));
    checkpoint_ = new CheckpointPanel;
    tabs_->addTab(checkpoint_, tr("Checkpoints"));

    connect(tabs_, &QTabWidget::currentChanged, this, [this](int tab) {
        if (shown_ && shown_->performance) renderTab(*shown_, tab);
    });

    setContent(tabs_);
    showMessage(tr("No step time yet."));
}

QLabel* StepTimeView::figure(const QString& name) const { return findChild<QLabel*>(name); }

bool StepTimeView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == breakdownPage_ && event->type() == QEvent::Resize) fitBreakdownPage();
    return EvaluationView::eventFilter(watched, event);
}

void StepTimeView::fitBreakdownPage() {
    if (!breakdownPage_) return;
    const QMargins margins = breakdownPage_->layout()->contentsMargins();
    const int spacing = breakdownPage_->layout()->spacing();
    const int figures = breakdownPage_->layout()->itemAt(0)->sizeHint().height();
    const int width = breakdownPage_->width() - margins.left() - margins.right();
    const int note = note_->text().isEmpty() ? 0 : note_->heightForWidth(std::max(1, width));
    const int room = breakdownPage_->height() - margins.top() - margins.bottom() - figures -
                     2 * spacing - kPlotMinimum;
    const bool noteFits = note <= room;
    if (note_->isVisibleTo(breakdownPage_) != noteFits) note_->setVisible(noteFits);
}

bool StepTimeView::fitAxisTitle() {
    // "Seconds per step" along the axis, or "Seconds" when the axis is shorter than the title
    // (the axis's length does not depend on which title it shows).
    const QString full = tr("Seconds per step");
    const QFontMetrics metrics(plot_->yAxis->labelFont());
    const QString label =
        metrics.horizontalAdvance(full) <= plot_->axisRect()->height() ? full : tr("Seconds");
    if (plot_->yAxis->label() == label) return false;
    plot_->yAxis->setLabel(label);
    return true;
}

double StepTimeView::shownSeconds(const QString& part, int bar) const {
    const qsizetype index = parts_.indexOf(part);
    if (index < 0 || bar < 0 || bar >= seconds_.at(index).size()) return 0;
    return seconds_.at(index).at(bar);
}

void StepTimeView::render(const core::Evaluation& evaluation) {
    if (!evaluation.performance) {
        showMessage(absentText(evaluation, tr("No step time"),
                               tr("No step time: the pipeline cannot be costed.")));
        return;
    }
    const core::PerformanceReport& performance = *evaluation.performance;
    const auto explain = [this](const QString& name, const QString& heading,
                                const core::ExplainedFigure& explained, const QString& text) {
        QLabel* label = figure(name);
        label->setText(text);
        label->setToolTip(explained.empty() ? QString()
                                            : tips_.toolTip(heading, explained, units_));
    };
    explain(QStringLiteral("stepTimeValue"), tr("Step time"), performance.stepTimeExplain,
            qs(core::formatSeconds(performance.stepTimeS)));
    explain(QStringLiteral("tokensValue"), tr("Tokens per second"), performance.tokensPerSExplain,
            qs(core::formatCount(performance.tokensPerS)));
    explain(QStringLiteral("tokensPerGpuValue"), tr("Tokens per second per GPU"),
            performance.tokensPerSPerGpuExplain,
            qs(core::formatCount(performance.tokensPerSPerGpu)));
    explain(QStringLiteral("mfuValue"), tr("Model FLOPs utilisation"), performance.mfuExplain,
            qs(core::formatPercent(performance.mfu)));
    // Only the tab on show is drawn now; the others when they are brought forward, so a drag
    // pays for one chart, not three.
    staleTabs_ = {true, true, true};
    renderTab(evaluation, tabs_->currentIndex());
    showContent();
}

void StepTimeView::renderTab(const core::Evaluation& evaluation, int tab) {
    if (tab < 0 || tab >= static_cast<int>(staleTabs_.size()) || !staleTabs_[tab]) return;
    staleTabs_[tab] = false;
    const core::ScalingCurves* curves = evaluation.scaling ? &*evaluation.scaling : nullptr;
    if (tab == kBreakdownTab && evaluation.performance) {
        renderBreakdown(*evaluation.performance);
        drawMeasuredStep(evaluation.measured);
    } else if (tab == kScalingTab) {
        scaling_->showCurves(curves, evaluation.plan.parallel.dp);
    } else if (tab == kCheckpointTab) {
        checkpoint_->showCheckpoint(evaluation.checkpoint ? &*evaluation.checkpoint : nullptr,
                                    curves, evaluation.worldSize);
    }
}

void StepTimeView::renderBreakdown(const core::PerformanceReport& performance) {
    // One bar when every stage spends its step alike; one per stage when they differ.
    std::vector<core::StepBreakdown> columns;
    std::vector<int> stageNumbers;  // per column when one per stage
    bars_.clear();
    if (performance.stagesAlike || performance.stages.size() < 2) {
        columns.push_back(performance.breakdown);
        bars_ << tr("step");
    } else {
        for (const core::StagePerformance& stage : performance.stages) {
            columns.push_back(stage.breakdown);
            stageNumbers.push_back(stage.stage);
            bars_ << tr("stage %1").arg(stage.stage);
        }
    }

    double top = 0;
    for (const core::StepBreakdown& column : columns) top = std::max(top, column.total());
    // The parts on show, each with its seconds per column.
    std::vector<std::pair<const Part*, QList<double>>> shown;
    QStringList keys;
    for (const Part& part : parts()) {
        QList<double> values;
        bool any = false;
        for (const core::StepBreakdown& column : columns) {
            values << column.*part.seconds;
            any = any || column.*part.seconds > 0;
        }
        if (!any && std::string_view(part.key) != "compute") continue;
        shown.emplace_back(&part, std::move(values));
        keys << QString::fromLatin1(part.key);
    }
    // The same parts as last time keep their bars and legend entries, with new values: making
    // them again cost more than drawing them.
    const bool same = keys == parts_ && partBars_.size() == keys.size() &&
                      plot_->plottableCount() == partBars_.size();
    if (!same) {
        plot_->clearPlottables();
        partBars_.clear();
    }
    parts_ = keys;
    seconds_.clear();
    const double width = columns.size() > 1 ? 0.7 : 0.45;
    QList<double> positions;
    for (qsizetype bar = 0; bar < static_cast<qsizetype>(columns.size()); ++bar) {
        positions << static_cast<double>(bar);
    }
    for (qsizetype index = 0; index < keys.size(); ++index) {
        const auto& [part, values] = shown[static_cast<std::size_t>(index)];
        QCPBars* bars = nullptr;
        if (same) {
            bars = partBars_.at(index);
        } else {
            bars = makeRectBars(plot_->xAxis, plot_->yAxis);
            addPlottableLegendEntry(plot_->legend, bars);
            if (!partBars_.isEmpty()) bars->moveAbove(partBars_.back());
            partBars_ << bars;
        }
        bars->setName(tr(part->label));
        bars->setWidth(width);
        bars->setPen(QPen(part->colour.darker(130), 0.8));
        bars->setBrush(part->colour);
        bars->setData(positions, values, true);
        seconds_ << values;
    }
    // "stage 3" under every bar that has room, else every k-th stage number, so sixteen or
    // more stages never run their labels together (fitting_ticker.h).
    plot_->xAxis->setTicker(
        makeIndexTicker(plot_->xAxis, static_cast<int>(bars_.size()),
                        [labels = bars_, numbers = std::move(stageNumbers)](int index, bool full) {
                            if (index < 0 || index >= labels.size()) return QString();
                            if (full || numbers.empty()) return labels.at(index);
                            return QString::number(numbers[static_cast<std::size_t>(index)]);
                        }));
    plot_->xAxis->setLabel(columns.size() > 1 ? tr("Pipeline stage") : QString());
    plot_->xAxis->setRange(-0.6, static_cast<double>(columns.size()) - 0.4);
    plot_->yAxis->setRange(0, std::max(top, 1e-9) * 1.08);
    plot_->replot(QCustomPlot::rpQueuedReplot);

    // The stage with the most work sets the pipeline's pace; the one that ends last (by its
    // data-parallel or optimizer time) sets the step. Often the same, and then named once.
    if (columns.size() <= 1) {
        note_->setText(
            tr("Every pipeline stage spends its step alike. Hover the bar for its parts."));
    } else if (performance.busiestStage == performance.criticalStage) {
        note_->setText(tr("Stage %1 has the most work and sets the step. Hover a bar for its "
                          "parts.")
                           .arg(performance.criticalStage));
    } else {
        note_->setText(tr("Stage %1 has the most work: the others wait for it in their bubble. "
                          "Stage %2 ends last and sets the step. Hover a bar for its parts.")
                           .arg(performance.busiestStage)
                           .arg(performance.criticalStage));
    }
    note_->setToolTip(ExplainedText::coded(performance.stepTimeText));
    fitBreakdownPage();
}

void StepTimeView::drawMeasuredStep(const core::MeasuredComparison& measured) {
    measuredStep_ = measured.measuredStepS;
    QLabel* value = figure(QStringLiteral("measuredStepValue"));
    value->parentWidget()->setVisible(measuredStep_.has_value());
    if (!measuredLine_) {
        measuredLine_ = new QCPItemLine(plot_);
        measuredLine_->setObjectName(QStringLiteral("measuredStepLine"));
        measuredLine_->setSelectable(false);
        measuredText_ = new QCPItemText(plot_);
        measuredText_->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        measuredText_->setSelectable(false);
    }
    measuredLine_->setVisible(measuredStep_.has_value());
    measuredText_->setVisible(measuredStep_.has_value());
    if (!measuredStep_) return;
    // The engine's error: (predicted − measured) / measured.
    const QString error = measured.stepTimeError
                              ? (*measured.stepTimeError >= 0 ? QStringLiteral("+") : QString()) +
                                    qs(core::formatPercent(*measured.stepTimeError))
                              : QString();
    value->setText(tr("%1 (predicted %2)").arg(qs(core::formatSeconds(*measuredStep_)), error));
    value->setToolTip(ExplainedText::coded(measured.stepTimeText));
    const QColor ink = plot_->palette().color(QPalette::Text);
    for (QCPItemPosition* end : {measuredLine_->start, measuredLine_->end}) {
        end->setTypeX(QCPItemPosition::ptAxisRectRatio);
        end->setTypeY(QCPItemPosition::ptPlotCoords);
    }
    measuredLine_->start->setCoords(0, *measuredStep_);
    measuredLine_->end->setCoords(1, *measuredStep_);
    measuredLine_->setPen(QPen(ink, 1.4, Qt::DashLine));
    measuredText_->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    measuredText_->position->setTypeY(QCPItemPosition::ptPlotCoords);
    measuredText_->position->setCoords(0.99, *measuredStep_);
    measuredText_->setText(tr("measured %1").arg(qs(core::formatSeconds(*measuredStep_))));
    measuredText_->setColor(ink);
    if (plot_->yAxis->range().upper < *measuredStep_ * 1.08) {
        plot_->yAxis->setRange(0, *measuredStep_ * 1.12);
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void StepTimeView::showPartAt(const QPoint& position) {
    const double key = plot_->xAxis->pixelToCoord(position.x());
    const double value = plot_->yAxis->pixelToCoord(position.y());
    const int bar = static_cast<int>(std::lround(key));
    if (bar < 0 || bar >= bars_.size() || std::fabs(key - bar) > 0.4 || value < 0) {
        QToolTip::hideText();
        return;
    }
    double total = 0;
    for (const QList<double>& values : std::as_const(seconds_)) total += values.at(bar);
    double below = 0;
    for (qsizetype index = 0; index < parts_.size(); ++index) {
        const double seconds = seconds_.at(index).at(bar);
        if (value >= below && value < below + seconds) {
            const auto part = std::find_if(parts().begin(), parts().end(), [&](const Part& p) {
                return QString::fromLatin1(p.key) == parts_.at(index);
            });
            QToolTip::showText(
                plot_->mapToGlobal(position),
                tr("%1 · %2: %3 (%4 of the step)")
                    .arg(bars_.at(bar), tr(part->label), qs(core::formatSeconds(seconds)),
                         qs(core::formatPercent(total > 0 ? seconds / total : 0))),
                plot_);
            return;
        }
        below += seconds;
    }
    QToolTip::hideText();
}

}  // namespace fourfold::ui
