// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/scaling_chart.h"

#include "core/text/format.h"
#include "ui/charts/gpu_axis_plot.h"
#include "ui/charts/palette.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fourfold::ui {
namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

const QColor kSpeedup(0x00, 0x72, 0xb2);
const QColor kEfficiency(0xd5, 0x5e, 0x00);
const QColor kIdeal(0x88, 0x88, 0x88);

}  // namespace

ScalingChart::ScalingChart(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("scalingChart"));
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(6, 4, 6, 2);
    column->setSpacing(2);
    auto* row = new QHBoxLayout;
    kind_ = new QComboBox;
    kind_->setObjectName(QStringLiteral("scalingKind"));
    kind_->addItem(tr("Strong scaling (fixed global batch)"));
    kind_->addItem(tr("Weak scaling (fixed work per GPU)"));
    kind_->setToolTip(
        tr("Strong: the same global batch shared by more data-parallel replicas. Weak: each "
           "replica keeps its batch, so the global batch grows with the GPUs."));
    row->addWidget(kind_);
    row->addStretch(1);
    column->addLayout(row);
    plot_ = newGpuAxisPlot(QStringLiteral("scalingPlot"), tr("Speedup"), tr("Efficiency (%)"), 110);
    plot_->setMinimumHeight(120);  // room for a two-line caption in a 1280 × 800 window
    plot_->setMouseTracking(true);
    column->addWidget(plot_, 1);
    caption_ = new QLabel;
    caption_->setObjectName(QStringLiteral("scalingCaption"));
    caption_->setWordWrap(true);
    caption_->setForegroundRole(QPalette::PlaceholderText);
    column->addWidget(caption_);
    connect(kind_, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
    connect(plot_, &QCustomPlot::mouseMove, this,
            [this](QMouseEvent* event) { showPointAt(event->pos()); });
}

void ScalingChart::showCurves(const core::ScalingCurves* curves, int currentDp) {
    hasCurves_ = curves != nullptr;
    curves_ = curves ? *curves : core::ScalingCurves{};
    currentDp_ = currentDp;
    redraw();
}

void ScalingChart::redraw() {
    const bool strong = kind_->currentIndex() == 0;
    shown_ = strong ? curves_.strong : curves_.weak;
    plot_->clearGraphs();
    if (shown_.empty()) {
        caption_->setText(hasCurves_ ? tr("No world size keeps this global batch whole.")
                                     : tr("Scaling needs a plan without errors."));
        plot_->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const core::ScalingPoint& base = shown_.front();
    QVector<double> gpus, speedup, ideal, efficiency;
    double top = 1;
    for (const core::ScalingPoint& point : shown_) {
        const double ratio = static_cast<double>(point.gpus) / static_cast<double>(base.gpus);
        gpus << static_cast<double>(point.gpus);
        speedup << point.speedup;
        ideal << ratio;
        efficiency << 100.0 * point.efficiency;
        top = std::max({top, point.speedup, ratio});
    }
    QCPGraph* line = plot_->addGraph(plot_->xAxis, plot_->yAxis);
    line->setName(tr("Ideal (linear)"));
    line->setPen(QPen(kIdeal, 1.2, Qt::DashLine));
    line->setData(gpus, ideal, true);
    QCPGraph* model = plot_->addGraph(plot_->xAxis, plot_->yAxis);
    model->setName(tr("Speedup (model)"));
    model->setPen(QPen(kSpeedup, 2));
    model->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, kSpeedup, 6));
    model->setData(gpus, speedup, true);
    QCPGraph* share = plot_->addGraph(plot_->xAxis, plot_->yAxis2);
    share->setName(tr("Efficiency (model)"));
    share->setPen(QPen(kEfficiency, 1.6, Qt::DashDotLine));
    share->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, kEfficiency, 5));
    share->setData(gpus, efficiency, true);
    // The plan as it stands, ringed.
    const auto current = std::find_if(shown_.begin(), shown_.end(),
                                      [this](const auto& point) { return point.dp == currentDp_; });
    if (current != shown_.end()) {
        QCPGraph* mark = plot_->addGraph(plot_->xAxis, plot_->yAxis);
        mark->setName(tr("This plan"));
        mark->setLineStyle(QCPGraph::lsNone);
        mark->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                              QPen(palette().color(QPalette::Text), 1.6),
                                              Qt::NoBrush, 13));
        mark->addData(static_cast<double>(current->gpus), current->speedup);
    }
    const double low = static_cast<double>(shown_.front().gpus);
    const double high = static_cast<double>(shown_.back().gpus);
    plot_->xAxis->setRange(low / 1.3, std::max(high, low * 2) * 1.3);
    plot_->yAxis->setRange(0, top * 1.12);
    plot_->replot(QCustomPlot::rpQueuedReplot);

    const core::ScalingPoint& last = shown_.back();
    // "1 GPU", "8 GPUs": a count of one is singular.
    const auto gpuCount = [](std::int64_t gpus) {
        return gpus == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(gpus);
    };
    caption_->setText((strong ? tr("Fixed global batch. Speedup T\u2081/T\u2099 and efficiency "
                                   "T\u2081/(N\u00b7T\u2099) from %1: at %2 %3\u00d7, %4.")
                              : tr("Fixed work per GPU. Efficiency T\u2081/T\u2099 from %1 and the "
                                   "throughput gain it gives: at %2 %3\u00d7, %4."))
                          .arg(gpuCount(base.gpus), gpuCount(last.gpus),
                               QString::number(last.speedup, 'f', 2),
                               qs(core::formatPercent(last.efficiency))));
}

void ScalingChart::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    // The ring around this plan is drawn in the text colour: light on a dark theme.
    if (event->type() == QEvent::PaletteChange && !shown_.empty()) redraw();
}

void ScalingChart::showPointAt(const QPoint& position) {
    for (const core::ScalingPoint& point : shown_) {
        const double x = plot_->xAxis->coordToPixel(static_cast<double>(point.gpus));
        const double y = plot_->yAxis->coordToPixel(point.speedup);
        if (std::hypot(x - position.x(), y - position.y()) > 10) continue;
        QToolTip::showText(plot_->mapToGlobal(position),
                           tr("%1 GPUs (dp %2): step %3, %4 tokens/s, speedup %5\u00d7, "
                              "efficiency %6")
                               .arg(point.gpus)
                               .arg(point.dp)
                               .arg(qs(core::formatSeconds(point.stepTimeS)),
                                    qs(core::formatCount(point.tokensPerS)),
                                    QString::number(point.speedup, 'f', 2),
                                    qs(core::formatPercent(point.efficiency))),
                           plot_);
        return;
    }
    QToolTip::hideText();
}

}  // namespace fourfold::ui
