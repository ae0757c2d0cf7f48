// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/walkthrough/highlight_overlay.h"

#include <QEvent>
#include <QPainter>

namespace fourfold::ui {
namespace {

// The frame sits this far outside the highlighted rectangle, so it never hides its edge.
constexpr int kMargin = 3;
constexpr int kPenWidth = 3;
// Amber reads on light and dark themes alike and is no colour a chart uses for a category.
const QColor kFrameColor(255, 153, 0);
constexpr int kFillAlpha = 36;

}  // namespace

HighlightOverlay::HighlightOverlay(QWidget* host) : QWidget(host), host_(host) {
    setObjectName(QStringLiteral("walkthroughHighlight"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
}

HighlightOverlay::~HighlightOverlay() { watchChain(false); }

void HighlightOverlay::setTarget(QWidget* target, std::function<QRect()> area) {
    watchChain(false);
    for (const QMetaObject::Connection& connection : std::as_const(connections_)) {
        disconnect(connection);
    }
    connections_.clear();
    target_ = target;
    area_ = std::move(area);
    watchChain(true);
    refresh();
}

void HighlightOverlay::watchChain(bool watch) {
    if (!watch) {
        for (const QPointer<QWidget>& widget : std::as_const(watched_)) {
            if (widget) widget->removeEventFilter(this);
        }
        watched_.clear();
        return;
    }
    // The target and every ancestor up to the host: a move of any of them moves the target.
    for (QWidget* widget = target_; widget && widget != host_; widget = widget->parentWidget()) {
        widget->installEventFilter(this);
        watched_ << widget;
    }
}

bool HighlightOverlay::eventFilter(QObject* watched, QEvent* event) {
    switch (event->type()) {
        case QEvent::Move:
        case QEvent::Resize:
        case QEvent::Show:
        case QEvent::Hide:
        case QEvent::LayoutRequest:
            // After the layouts have run, where the target really is.
            QMetaObject::invokeMethod(this, &HighlightOverlay::refresh, Qt::QueuedConnection);
            break;
        default:
            break;
    }
    return QWidget::eventFilter(watched, event);
}

void HighlightOverlay::refresh() {
    QRect rect;
    if (target_ && target_->isVisible() && target_->window() == host_->window()) {
        QRect local = area_ ? area_() : target_->rect();
        if (!local.isValid()) local = target_->rect();
        rect = QRect(target_->mapTo(host_, local.topLeft()), local.size());
        // Only what shows: a control scrolled half out of its panel is framed where it shows.
        for (QWidget* widget = target_; widget && widget != host_;
             widget = widget->parentWidget()) {
            rect &= QRect(widget->mapTo(host_, QPoint(0, 0)), widget->size());
        }
    }
    highlighted_ = rect;
    if (rect.isEmpty()) {
        hide();
        return;
    }
    setGeometry(rect.adjusted(-kMargin, -kMargin, kMargin, kMargin) & host_->rect());
    show();
    raise();
    update();
}

void HighlightOverlay::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    QColor fill = kFrameColor;
    fill.setAlpha(kFillAlpha);
    const QRectF frame = QRectF(rect()).adjusted(kPenWidth / 2.0, kPenWidth / 2.0, -kPenWidth / 2.0,
                                                 -kPenWidth / 2.0);
    painter.setPen(QPen(kFrameColor, kPenWidth));
    painter.setBrush(fill);
    painter.drawRoundedRect(frame, 4, 4);
}

}  // namespace fourfold::ui
