// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/gpu_axis_plot.h"

#include "ui/views/fitting_ticker.h"
#include "ui/views/palette.h"
#include "ui/views/plot_refresh.h"

#include <qcustomplot.h>

namespace fourfold::ui {

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
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] {
        fitLegendColumns(plot->legend, plot->legend->itemCount(), plot->width());
    });
    followPalette(plot);  // dark or light with the app, on every theme change
    plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
    ticker->setLogBase(2);
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
