// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/controls/input_guard.h"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QWheelEvent>
#include <QWidget>

namespace fourfold::ui {
namespace {

// The editor the guarded widget belongs to: a spin box's line edit answers for its spin box.
QWidget* editorOf(QWidget* widget) {
    if (auto* spin = qobject_cast<QAbstractSpinBox*>(widget->parentWidget())) return spin;
    return widget;
}

}  // namespace

void InputGuard::guardEditorsUnder(QWidget* root) {
    const auto guard = [this](QWidget* widget) {
        widget->setFocusPolicy(Qt::StrongFocus);
        widget->removeEventFilter(this);
        widget->installEventFilter(this);
    };
    for (auto* spin : root->findChildren<QAbstractSpinBox*>()) guard(spin);
    for (auto* combo : root->findChildren<QComboBox*>()) guard(combo);
    for (auto* slider : root->findChildren<QAbstractSlider*>()) guard(slider);
    // Line edits keep their own focus policy (a spin box's forwards focus to it).
    for (auto* edit : root->findChildren<QLineEdit*>()) {
        edit->removeEventFilter(this);
        edit->installEventFilter(this);
    }
}

bool InputGuard::eventFilter(QObject* watched, QEvent* event) {
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget) return false;
    switch (event->type()) {
        case QEvent::Wheel: {
            if (editorOf(widget)->hasFocus()) return false;
            // Hand the turn to the scroll area around the panel, so it scrolls; the editor
            // never sees it.
            for (QWidget* up = widget->parentWidget(); up; up = up->parentWidget()) {
                auto* area = qobject_cast<QAbstractScrollArea*>(up);
                if (!area) continue;
                const auto* wheel = static_cast<QWheelEvent*>(event);
                const QPointF at = area->viewport()->mapFromGlobal(wheel->globalPosition());
                QWheelEvent scroll(at, wheel->globalPosition(), wheel->pixelDelta(),
                                   wheel->angleDelta(), wheel->buttons(), wheel->modifiers(),
                                   wheel->phase(), wheel->inverted(), wheel->source());
                QCoreApplication::sendEvent(area->viewport(), &scroll);
                break;
            }
            return true;
        }
        case QEvent::ShortcutOverride: {
            const auto* key = static_cast<QKeyEvent*>(event);
            if (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo)) {
                // Not accepted: the key goes to the window's shortcut (undo the plan), not to
                // the line edit's own undo of its text.
                event->ignore();
                return true;
            }
            return false;
        }
        default:
            return false;
    }
}

}  // namespace fourfold::ui
