// SPDX-License-Identifier: GPL-3.0-or-later
// Counts the events of one type a widget receives (paints, layout requests, ...), for tests
// that check what an edit makes a widget do again.
#pragma once

#include <QEvent>
#include <QObject>
#include <QWidget>

namespace fourfold::test {

class EventCounter : public QObject {
public:
    EventCounter(QWidget* widget, QEvent::Type type) : type_(type) {
        widget->installEventFilter(this);
    }
    int count = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == type_) ++count;
        return QObject::eventFilter(watched, event);
    }

private:
    QEvent::Type type_;
};

}  // namespace fourfold::test
