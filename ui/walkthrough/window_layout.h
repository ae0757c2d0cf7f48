// SPDX-License-Identifier: GPL-3.0-or-later
// WindowLayout: how a window is laid out, kept while a walkthrough rearranges it and put back
// exactly when it ends: the window's size and state, its docks (shown, where, how large), each
// tab widget's page, the choosers the views carry (the rank map's colouring), the splitters'
// sizes and each scroll area's position.
#pragma once

#include <QByteArray>
#include <QList>
#include <QPointer>
#include <QRect>

class QComboBox;
class QMainWindow;
class QScrollBar;
class QSplitter;
class QTabWidget;
class QWidget;

namespace fourfold::ui {

class WindowLayout {
public:
    // What `window` shows now; the choosers and splitters are those under `views` (the
    // central area: the controls' own fields follow the plan, not the layout).
    static WindowLayout capture(QMainWindow* window, QWidget* views);
    // Puts it back (widgets that no longer exist are skipped).
    void restore() const;

private:
    template <typename Widget>
    struct Kept {
        QPointer<Widget> widget;
        int value = 0;
    };
    QPointer<QMainWindow> window_;
    QByteArray geometry_;
    QRect normalGeometry_;
    QByteArray state_;
    Qt::WindowStates windowState_;
    QList<Kept<QTabWidget>> tabs_;
    QList<Kept<QComboBox>> choosers_;
    QList<Kept<QScrollBar>> scrolls_;
    QList<QPair<QPointer<QSplitter>, QByteArray>> splitters_;
};

}  // namespace fourfold::ui
