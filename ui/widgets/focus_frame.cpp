// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/focus_frame.h"

#include <QApplication>
#include <QEvent>
#include <QPainter>

namespace fourfold::ui {

FocusFrame::FocusFrame(QWidget* view) : QWidget(view), view_(view) {
    setObjectName(view->objectName() + QStringLiteral("FocusFrame"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    view->installEventFilter(this);
    connect(qApp, &QApplication::focusChanged, this, [this] { follow(); });
    follow();
}

bool FocusFrame::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_ && (event->type() == QEvent::Resize || event->type() == QEvent::Show)) {
        follow();
    }
    return false;
}

void FocusFrame::follow() {
    const QWidget* focus = QApplication::focusWidget();
    const bool focused = focus && (focus == view_ || view_->isAncestorOf(focus));
    setGeometry(view_->rect());
    setVisible(focused);
    if (focused) raise();
}

void FocusFrame::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    QPen pen(palette().color(QPalette::Highlight), 2);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
}

}  // namespace fourfold::ui
