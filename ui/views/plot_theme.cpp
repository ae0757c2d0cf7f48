// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/plot_theme.h"

#include <qcustomplot.h>

#include <QEvent>

namespace fourfold::ui {
namespace {

void applyPalette(QCustomPlot* plot) {
    const QPalette& colours = plot->palette();
    const QColor text = colours.color(QPalette::Text);
    QColor grid = text;
    grid.setAlpha(40);
    QColor subGrid = text;
    subGrid.setAlpha(18);
    plot->setBackground(colours.brush(QPalette::Base));
    for (QCPAxisRect* rect : plot->axisRects()) {
        for (QCPAxis* axis : rect->axes()) {
            axis->setBasePen(QPen(text, 0));
            axis->setTickPen(QPen(text, 0));
            axis->setSubTickPen(QPen(text, 0));
            axis->setTickLabelColor(text);
            axis->setLabelColor(text);
            axis->grid()->setPen(QPen(grid, 0, Qt::DotLine));
            axis->grid()->setSubGridPen(QPen(subGrid, 0, Qt::DotLine));
            axis->grid()->setZeroLinePen(Qt::NoPen);
        }
    }
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* heading = qobject_cast<QCPTextElement*>(element)) heading->setTextColor(text);
        if (auto* legend = qobject_cast<QCPLegend*>(element)) {
            legend->setTextColor(text);
            if (legend->brush().style() != Qt::NoBrush) {
                legend->setBrush(colours.brush(QPalette::Base));
            }
        }
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

// Re-applies the colours when the plot's palette changes.
class PaletteFollower : public QObject {
public:
    explicit PaletteFollower(QCustomPlot* plot) : QObject(plot), plot_(plot) {
        plot->installEventFilter(this);
    }
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == plot_ && event->type() == QEvent::PaletteChange) applyPalette(plot_);
        return QObject::eventFilter(watched, event);
    }

private:
    QCustomPlot* plot_;
};

}  // namespace

void followPalette(QCustomPlot* plot) {
    if (!plot) return;
    applyPalette(plot);
    new PaletteFollower(plot);
}

}  // namespace fourfold::ui
