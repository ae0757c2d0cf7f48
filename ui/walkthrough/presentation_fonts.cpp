// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/walkthrough/presentation_fonts.h"

#include <qcustomplot.h>

#include <QAbstractScrollArea>
#include <QLayout>
#include <QSplitter>
#include <QWidget>

#include <cmath>

namespace fourfold::ui {
namespace {

QFont scaled(QFont font, double factor) {
    if (font.pointSizeF() > 0) {
        font.setPointSizeF(font.pointSizeF() * factor);
    } else if (font.pixelSize() > 0) {
        font.setPixelSize(static_cast<int>(std::lround(font.pixelSize() * factor)));
    }
    return font;
}

void scalePlot(QCustomPlot* plot, double factor) {
    for (QCPAxisRect* rect : plot->axisRects()) {
        for (QCPAxis* axis : rect->axes()) {
            axis->setTickLabelFont(scaled(axis->tickLabelFont(), factor));
            axis->setLabelFont(scaled(axis->labelFont(), factor));
            axis->setSelectedTickLabelFont(scaled(axis->selectedTickLabelFont(), factor));
            axis->setSelectedLabelFont(scaled(axis->selectedLabelFont(), factor));
        }
    }
    bool legendDone = false;
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* text = qobject_cast<QCPTextElement*>(element)) {
            text->setFont(scaled(text->font(), factor));
        } else if (auto* legend = qobject_cast<QCPLegend*>(element)) {
            legend->setFont(scaled(legend->font(), factor));
            legendDone = legendDone || legend == plot->legend;
        }
    }
    // A legend inside an axis rect's inset layout is not in the plot layout's list.
    if (plot->legend && !legendDone) plot->legend->setFont(scaled(plot->legend->font(), factor));
    for (int index = 0; index < plot->itemCount(); ++index) {
        if (auto* text = qobject_cast<QCPItemText*>(plot->item(index))) {
            text->setFont(scaled(text->font(), factor));
        }
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace

void scaleChartFonts(QWidget* root, double factor) {
    for (QCustomPlot* plot : root->findChildren<QCustomPlot*>()) scalePlot(plot, factor);
}

void refitFloatingBars(QWidget* root) {
    for (QWidget* widget : root->findChildren<QWidget*>()) {
        QWidget* parent = widget->parentWidget();
        if (widget->isWindow() || !widget->layout() || !parent) continue;
        if (parent->layout() && parent->layout()->indexOf(widget) >= 0) continue;
        // Splitters and scroll areas size their children themselves.
        if (qobject_cast<QCustomPlot*>(parent) || qobject_cast<QSplitter*>(parent) ||
            qobject_cast<QAbstractScrollArea*>(parent->parentWidget())) {
            continue;
        }
        widget->adjustSize();
    }
}

}  // namespace fourfold::ui
