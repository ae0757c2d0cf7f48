// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/gpu_axis_plot.h"

#include "ui/views/palette.h"
#include "ui/views/plot_refresh.h"

#include <qcustomplot.h>

namespace fourfold::ui {

QCustomPlot* newGpuAxisPlot(const QString& objectName, const QString& leftLabel,
                            const QString& rightLabel, double rightMax,
                            Qt::Alignment legendCorner) {
    auto* plot = newLiveChart();
    plot->setObjectName(objectName);
    plot->legend->setVisible(true);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setBrush(QColor(255, 255, 255, 215));
    followPalette(plot);  // dark or light with the app, on every theme change
    plot->axisRect()->insetLayout()->setInsetAlignment(0, legendCorner);
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
