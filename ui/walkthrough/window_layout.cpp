// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/walkthrough/window_layout.h"

#include <QComboBox>
#include <QMainWindow>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>

namespace fourfold::ui {

WindowLayout WindowLayout::capture(QMainWindow* window, QWidget* views) {
    WindowLayout layout;
    layout.window_ = window;
    layout.geometry_ = window->saveGeometry();
    layout.normalGeometry_ = window->geometry();
    layout.state_ = window->saveState();
    layout.windowState_ = window->windowState();
    for (QTabWidget* tabs : window->findChildren<QTabWidget*>()) {
        layout.tabs_.append({tabs, tabs->currentIndex()});
    }
    for (QScrollBar* bar : window->findChildren<QScrollBar*>()) {
        layout.scrolls_.append({bar, bar->value()});
    }
    if (views) {
        for (QComboBox* chooser : views->findChildren<QComboBox*>()) {
            layout.choosers_.append({chooser, chooser->currentIndex()});
        }
        for (QSplitter* splitter : views->findChildren<QSplitter*>()) {
            layout.splitters_.append({splitter, splitter->saveState()});
        }
    }
    return layout;
}

void WindowLayout::restore() const {
    if (!window_) return;
    // The window's own state first (full screen or not), then its size, then the docks in it.
    window_->setWindowState(windowState_);
    // A window in its normal state goes back to its very place and size; a maximised or full
    // screen one to what restoreGeometry knows of it.
    if (windowState_ & (Qt::WindowMaximized | Qt::WindowFullScreen)) {
        window_->restoreGeometry(geometry_);
    } else {
        window_->setGeometry(normalGeometry_);
    }
    window_->restoreState(state_);
    for (const Kept<QTabWidget>& kept : tabs_) {
        if (kept.widget) kept.widget->setCurrentIndex(kept.value);
    }
    // A chooser tells its view through its signals, as a click would.
    for (const Kept<QComboBox>& kept : choosers_) {
        if (kept.widget) kept.widget->setCurrentIndex(kept.value);
    }
    for (const auto& [splitter, sizes] : splitters_) {
        if (splitter) splitter->restoreState(sizes);
    }
    // Scroll positions once the restored layout has given the bars their ranges again.
    QTimer::singleShot(0, window_, [scrolls = scrolls_] {
        for (const Kept<QScrollBar>& kept : scrolls) {
            if (kept.widget) kept.widget->setValue(kept.value);
        }
    });
}

}  // namespace fourfold::ui
