// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/gpu_axis_plot.h"

#include "ui/charts/fitting_ticker.h"
#include "ui/charts/palette.h"
#include "ui/charts/plot_refresh.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace fourfold::ui {
namespace {

// GPU counts at powers of two, 1,024 and up as "1k", "16k" (as papers count clusters), and
// every other power when the axis is too short for each label with room around it.
class GpuCountTicker final : public QCPAxisTickerLog {
public:
    explicit GpuCountTicker(QCPAxis* axis) : axis_(axis) { setLogBase(2); }

    // Called before each replot: one label per power of two when the widest fits twice over
    // the pixels between two powers, else one per power of four.
    void fitTo(const QFontMetricsF& metrics) {
        const QCPRange range = axis_->range();
        if (range.lower <= 0 || range.upper <= range.lower) return;
        const double octaves = std::log2(range.upper / range.lower);
        const double perOctave =
            std::abs(axis_->coordToPixel(range.upper) - axis_->coordToPixel(range.lower)) / octaves;
        double widest = 0;
        for (double power = std::ceil(std::log2(range.lower));
             power <= std::floor(std::log2(range.upper)); ++power) {
            widest = std::max(widest, metrics.horizontalAdvance(label(std::exp2(power))));
        }
        const double base = perOctave >= widest * 1.6 ? 2 : 4;
        if (logBase() != base) setLogBase(base);
    }

protected:
    QString getTickLabel(double tick, const QLocale& /*locale*/, QChar /*formatChar*/,
                         int /*precision*/) override {
        return label(tick);
    }

private:
    static QString label(double tick) {
        const auto gpus = std::llround(tick);
        if (gpus >= 1024 && gpus % 1024 == 0) return QStringLiteral("%1k").arg(gpus / 1024);
        return QString::number(gpus);
    }
    QCPAxis* axis_;
};

}  // namespace

QCustomPlot* newGpuAxisPlot(const QString& objectName, const QString& leftLabel,
                            const QString& rightLabel, double rightMax) {
    auto* plot = newLiveChart();
    plot->setObjectName(objectName);
    // The legend sits under the chart, centred, in as many columns as fit: inside the axes
    // it would cover a curve, as both charts' right-axis curves start near the top.
    QCPLegend* legend = plot->legend;
    plot->axisRect()->insetLayout()->take(legend);
    auto* legendRow = new QCPLayoutGrid;
    plot->plotLayout()->addElement(1, 0, legendRow);
    plot->plotLayout()->setRowStretchFactor(1, 0.001);
    legendRow->addElement(0, 0, new QCPLayoutElement(plot));
    legendRow->addElement(0, 1, legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(plot));
    legendRow->setColumnStretchFactor(1, 0.001);
    legend->setVisible(true);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setMargins(QMargins(4, 0, 4, 2));
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    auto ticker = QSharedPointer<GpuCountTicker>::create(plot->xAxis);
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot, ticker] {
        fitLegendColumns(plot->legend, plot->legend->itemCount(), plot->width());
        ticker->fitTo(QFontMetricsF(plot->xAxis->tickLabelFont()));
    });
    followPalette(plot);  // dark or light with the app, on every theme change
    plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setNumberFormat(QStringLiteral("f"));
    plot->xAxis->setNumberPrecision(0);
    plot->xAxis->setLabel(QObject::tr("GPUs"));
    plot->yAxis->setLabel(leftLabel);
    plot->yAxis2->setVisible(true);
    plot->yAxis2->setLabel(rightLabel);
    plot->yAxis2->setRange(0, rightMax);
    return plot;
}

}  // namespace fourfold::ui
