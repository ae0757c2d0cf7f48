// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/plot_refresh.h"

#include <qcustomplot.h>

#include <QEvent>

namespace fourfold::ui {
namespace {

class QueuedResizeReplot : public QObject {
public:
    explicit QueuedResizeReplot(QCustomPlot* plot) : QObject(plot), plot_(plot) {
        plot->installEventFilter(this);
    }
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched != plot_ || event->type() != QEvent::Resize) {
            return QObject::eventFilter(watched, event);
        }
        // What QCustomPlot::resizeEvent does, with the redraw queued instead of immediate.
        plot_->setViewport(plot_->rect());
        plot_->replot(QCustomPlot::rpQueuedReplot);
        return true;
    }

private:
    QCustomPlot* plot_;
};

}  // namespace

void coalesceReplots(QCustomPlot* plot) {
    if (!plot) return;
    plot->setPlottingHint(QCP::phImmediateRefresh, false);
    new QueuedResizeReplot(plot);
    // One buffer per chart: the "overlay" layer (selection rectangles, which these charts do
    // not use) has its own by default, a transparent image the size of the chart blended onto
    // the window at every paint.
    if (QCPLayer* overlay = plot->layer(QStringLiteral("overlay"))) {
        overlay->setMode(QCPLayer::lmLogical);
    }
}

}  // namespace fourfold::ui
