// SPDX-License-Identifier: GPL-3.0-or-later
// InputGuard: keeps a scrolling wheel and the window's undo keys from editing the plan by
// accident. Installed on every editor of a scrolled panel, it
// - hands a wheel turn over an editor without keyboard focus to the scroll area around it
//   (which scrolls), so only a focused control changes its value under the wheel;
// - lets Ctrl+Z / Ctrl+Shift+Z reach the window's Undo / Redo even from a spin box, whose line
//   edit would otherwise take them to undo its own typing.
#pragma once

#include <QObject>

class QWidget;

namespace fourfold::ui {

class InputGuard : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // Installs the guard on every spin box, combo box, slider and line edit under `root`, and
    // sets their focus policy to Qt::StrongFocus (tab or click, never the wheel).
    void guardEditorsUnder(QWidget* root);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

}  // namespace fourfold::ui
