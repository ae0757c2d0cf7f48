// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/search/search_scatter.h"

#include "core/search/search_fields.h"
#include "ui/charts/palette.h"
#include "ui/search/search_results_model.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fourfold::ui {
namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

// Okabe–Ito blue for the candidates and orange for the front (palette.h keeps vermillion for
// "does not fit").
const QColor kCandidate(0x00, 0x72, 0xb2);
const QColor kFront(0xe6, 0x9f, 0x00);

// Tick labels as the rest of the app writes counts: "125k", "1.20M".
class CountTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        return qs(core::formatCount(tick));
    }
};

}  // namespace

SearchScatter::SearchScatter(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("searchScatter"));
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    plot_ = new QCustomPlot(this);
    plot_->setObjectName(QStringLiteral("searchScatterPlot"));
    plot_->setMinimumSize(200, 120);
    plot_->setMouseTracking(true);
    plot_->yAxis->setLabel(tr("Tokens/s"));
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new CountTicker));
    front_ = plot_->addGraph();
    front_->setName(tr("Pareto front"));
    front_->setLineStyle(QCPGraph::lsLine);
    candidates_ = plot_->addGraph();
    candidates_->setName(tr("Candidates"));
    candidates_->setLineStyle(QCPGraph::lsNone);
    current_ = plot_->addGraph();
    current_->setName(tr("This plan"));
    current_->setLineStyle(QCPGraph::lsNone);
    plot_->legend->setVisible(true);
    plot_->legend->setBrush(QBrush(Qt::white));
    // A small legend: the plot is often only a few hundred pixels wide.
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    plot_->legend->setFont(small);
    plot_->legend->setIconSize(14, 10);
    plot_->legend->setRowSpacing(0);
    plot_->legend->setMargins(QMargins(4, 2, 4, 2));
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    column->addWidget(plot_);
    connect(plot_, &QCustomPlot::mouseMove, this,
            [this](QMouseEvent* event) { showPointAt(event->pos()); });
    followPalette(plot_);
    applyColours();
    redraw();
}

void SearchScatter::setResults(const std::vector<core::SearchCandidate>& candidates,
                               const std::vector<core::SearchCandidate>& front) {
    points_.clear();
    frontPoints_.clear();
    for (const core::SearchCandidate& candidate : candidates) points_.push_back(candidate.point);
    for (const core::SearchCandidate& candidate : front) frontPoints_.push_back(candidate.point);
    redraw();
}

void SearchScatter::setCurrent(std::optional<core::SearchPoint> current) {
    currentPoint_ = std::move(current);
    redraw();
}

void SearchScatter::setByteUnits(core::ByteUnits units) {
    if (units == units_) return;
    units_ = units;
    redraw();
}

void SearchScatter::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyColours();
        plot_->replot(QCustomPlot::rpQueuedReplot);
    }
}

void SearchScatter::applyColours() {
    const QColor base = palette().color(QPalette::Base);
    const QColor text = palette().color(QPalette::Text);
    const QColor candidate = palette::onBackground(kCandidate, base);
    const QColor front = palette::onBackground(kFront, base);
    candidates_->setPen(QPen(candidate));
    candidates_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, candidate, 6));
    front_->setPen(QPen(front, 2));
    front_->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(front, 1.5), Qt::NoBrush, 10));
    current_->setPen(QPen(text));
    current_->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCrossCircle, QPen(text, 2), Qt::NoBrush, 14));
}

void SearchScatter::redraw() {
    const double unit = core::bytesPerUnit(units_);
    plot_->xAxis->setLabel(tr("Peak memory per GPU (%1)").arg(qs(core::unitName(units_))));
    QVector<double> x, y, frontX, frontY;
    for (const core::SearchPoint& point : points_) {
        x << static_cast<double>(point.peakBytes) / unit;
        y << point.tokensPerS;
    }
    for (const core::SearchPoint& point : frontPoints_) {
        frontX << static_cast<double>(point.peakBytes) / unit;
        frontY << point.tokensPerS;
    }
    candidates_->setData(x, y);  // sorted by memory here; the rows are in rank order
    front_->setData(frontX, frontY, true);
    current_->data()->clear();
    if (currentPoint_ && currentPoint_->timed) {
        current_->addData(static_cast<double>(currentPoint_->peakBytes) / unit,
                          currentPoint_->tokensPerS);
    }
    current_->addToLegend();
    if (current_->data()->isEmpty()) current_->removeFromLegend();
    bool found = false;
    const QCPRange keys = [&] {
        QCPRange range;
        for (QCPGraph* graph : {candidates_, front_, current_}) {
            bool has = false;
            const QCPRange r = graph->getKeyRange(has);
            if (!has) continue;
            range = found ? QCPRange(std::min(range.lower, r.lower), std::max(range.upper, r.upper))
                          : r;
            found = true;
        }
        return range;
    }();
    if (!found) {
        plot_->xAxis->setRange(0, 80);
        plot_->yAxis->setRange(0, 1);
    } else {
        double top = 0;
        for (QCPGraph* graph : {candidates_, front_, current_}) {
            bool has = false;
            const QCPRange r = graph->getValueRange(has);
            if (has) top = std::max(top, r.upper);
        }
        const double span = std::max(keys.size(), keys.upper * 0.05 + 1e-9);
        plot_->xAxis->setRange(std::max(0.0, keys.lower - span * 0.08), keys.upper + span * 0.08);
        plot_->yAxis->setRange(0, top > 0 ? top * 1.1 : 1);
    }
    // A hidden search dock still hears of every edit (the plan's mark moves): the drawing
    // waits until it is shown, so a slider drag does not pay for a chart no one sees.
    stale_ = !isVisible();
    if (!stale_) plot_->replot(QCustomPlot::rpQueuedReplot);
}

void SearchScatter::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) {
        stale_ = false;
        plot_->replot(QCustomPlot::rpQueuedReplot);
    }
}

void SearchScatter::showPointAt(const QPoint& position) {
    const double unit = core::bytesPerUnit(units_);
    for (std::size_t i = 0; i < points_.size(); ++i) {
        const core::SearchPoint& point = points_[i];
        const double px = plot_->xAxis->coordToPixel(static_cast<double>(point.peakBytes) / unit);
        const double py = plot_->yAxis->coordToPixel(point.tokensPerS);
        if (std::hypot(px - position.x(), py - position.y()) > 6) continue;
        const core::SearchLayout& l = point.layout;
        QToolTip::showText(plot_->mapToGlobal(position),
                           tr("#%1: dp %2 \u00b7 tp %3 \u00b7 pp %4 \u00b7 cp %5, %6, "
                              "micro-batch %7\n%8 peak, %9 tokens/s")
                               .arg(i + 1)
                               .arg(l.dp)
                               .arg(l.tp)
                               .arg(l.pp)
                               .arg(l.cp)
                               .arg(layoutFieldValue(l, core::LayoutField::Schedule))
                               .arg(l.microBatch)
                               .arg(qs(core::formatBytes(point.peakBytes, units_)),
                                    qs(core::formatCount(point.tokensPerS))),
                           plot_);
        return;
    }
    QToolTip::hideText();
}

}  // namespace fourfold::ui
