// SPDX-License-Identifier: GPL-3.0-or-later
// The auto-planner's dock in the main window: Edit ▸ Find Best Layouts (Ctrl+F) shows it below
// the views; its figures follow the GB/GiB setting like every other view.
#include "ui/search/search_view.h"
#include "ui/settings/app_settings.h"
#include "ui/shell/main_window.h"

#include <QAction>
#include <QDockWidget>
#include <QKeySequence>
#include <QPushButton>

namespace fourfold::ui {

void MainWindow::buildSearchDock() {
    searchView_ = new SearchView(document_);
    searchView_->setPrompts(&prompts_);
    searchDock_ = new QDockWidget(searchView_->title(), this);
    searchDock_->setObjectName(QStringLiteral("searchDock"));
    searchDock_->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea |
                                 Qt::RightDockWidgetArea);
    searchDock_->setWidget(searchView_);
    addDockWidget(Qt::BottomDockWidgetArea, searchDock_, Qt::Vertical);
    searchDock_->hide();

    findLayoutsAction_ = new QAction(tr("Find Best &Layouts\u2026"), this);
    findLayoutsAction_->setObjectName(QStringLiteral("findLayoutsAction"));
    findLayoutsAction_->setShortcut(QKeySequence::Find);
    findLayoutsAction_->setToolTip(
        tr("Search every layout of this plan and rank them by throughput, time, cost or memory"));
    connect(findLayoutsAction_, &QAction::triggered, this, &MainWindow::showSearch);
    connect(searchView_, &SearchView::rowApplied, this, &MainWindow::showComparisonOfRow);

    AppSettings& settings = AppSettings::instance();
    searchView_->setByteUnits(settings.byteUnits());
    connect(&settings, &AppSettings::byteUnitsChanged, searchView_, &SearchView::setByteUnits);
}

void MainWindow::showSearch() {
    const bool wasHidden = searchDock_->isHidden();
    // Beside an open comparison as a tab of the same dock area, so the views keep their room.
    if (wasHidden && compareDock_ && compareDock_->isVisible() && !compareDock_->isFloating() &&
        dockWidgetArea(compareDock_) == dockWidgetArea(searchDock_)) {
        tabifyDockWidget(compareDock_, searchDock_);
    }
    searchDock_->show();
    searchDock_->raise();
    // A third of the window holds the controls, several rows of the table and the scatter;
    // the views above keep the rest (at 1280 × 800, two fifths left the memory chart too
    // short for its capacity label).
    if (wasHidden && !searchDock_->isFloating() && !(compareDock_ && compareDock_->isVisible())) {
        resizeDocks({searchDock_}, {height() / 3}, Qt::Vertical);
    }
    searchView_->searchButton()->setFocus(Qt::ShortcutFocusReason);
}

}  // namespace fourfold::ui
