// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison's dock in the main window: Edit ▸ Pin Plan as A (Ctrl+Shift+A) pins the plan
// and shows the dock below the views; from then on the plan as it is now is B, whichever way
// it changes (an edit, another file, a search row). Its bytes follow the GB/GiB setting.
#include "ui/compare/compare_pane.h"
#include "ui/compare/plan_pin.h"
#include "ui/settings/app_settings.h"
#include "ui/shell/main_window.h"

#include <QAction>
#include <QDockWidget>
#include <QKeySequence>

namespace fourfold::ui {

void MainWindow::buildCompareDock() {
    planPin_ = new PlanPin(document_, this);
    comparePane_ = new ComparePane;
    compareDock_ = new QDockWidget(comparePane_->title(), this);
    compareDock_->setObjectName(QStringLiteral("compareDock"));
    compareDock_->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea |
                                  Qt::RightDockWidgetArea);
    compareDock_->setWidget(comparePane_);
    addDockWidget(Qt::BottomDockWidgetArea, compareDock_, Qt::Vertical);
    compareDock_->hide();

    pinAction_ = new QAction(tr("&Pin Plan as A for Comparison"), this);
    pinAction_->setObjectName(QStringLiteral("pinPlanAction"));
    pinAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    pinAction_->setToolTip(
        tr("Keep this plan as A; change the plan, open another or apply a search row as B, and "
           "see both side by side"));
    connect(pinAction_, &QAction::triggered, this, &MainWindow::pinForComparison);

    connect(
        planPin_, &PlanPin::comparisonChanged, comparePane_,
        [this](const core::PlansCompared& comparison) { comparePane_->setComparison(comparison); });
    connect(planPin_, &PlanPin::pinChanged, this, [this](bool pinned) {
        if (!pinned) comparePane_->setComparison(std::nullopt);
    });
    // During a lesson the comparison shows the user's plans and waits: nothing in it may put a
    // plan on the lesson's document.
    connect(planPin_, &PlanPin::canChangeChanged, this, [this](bool canChange) {
        pinAction_->setEnabled(canChange);
        comparePane_->setChangesEnabled(canChange);
    });
    connect(comparePane_, &ComparePane::swapRequested, planPin_, &PlanPin::swap);
    connect(comparePane_, &ComparePane::useARequested, planPin_, &PlanPin::useA);
    connect(comparePane_, &ComparePane::unpinRequested, planPin_, &PlanPin::unpin);

    AppSettings& settings = AppSettings::instance();
    comparePane_->setByteUnits(settings.byteUnits());
    connect(&settings, &AppSettings::byteUnitsChanged, comparePane_, &ComparePane::setByteUnits);
}

void MainWindow::pinForComparison() {
    if (!planPin_->canChange()) return;
    const bool wasHidden = compareDock_->isHidden();
    planPin_->pin();
    // Beside an open search as a tab of the same dock area, so the views keep their room (the
    // search's rows are where B often comes from).
    if (wasHidden && searchDock_->isVisible() && !searchDock_->isFloating() &&
        dockWidgetArea(searchDock_) == dockWidgetArea(compareDock_)) {
        tabifyDockWidget(searchDock_, compareDock_);
    }
    compareDock_->show();
    compareDock_->raise();
    if (wasHidden && !compareDock_->isFloating() && !searchDock_->isVisible()) {
        resizeDocks({compareDock_}, {height() / 3}, Qt::Vertical);
    }
}

void MainWindow::showComparisonOfRow() {
    // A search row applied is the new B: the comparison comes in front of the search's tab.
    if (planPin_->isPinned() && compareDock_->isVisible()) compareDock_->raise();
}

}  // namespace fourfold::ui
