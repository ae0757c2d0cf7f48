// SPDX-License-Identifier: GPL-3.0-or-later
// WalkthroughHost: what the walkthrough needs of the window it runs in (the main window
// implements it): the window to dock into, the view grid and its views, the Controls dock and
// panel, and the summary strip. The walkthrough knows the window only through this.
#pragma once

#include <QList>

class QAction;
class QDockWidget;
class QMainWindow;

namespace fourfold::ui {

class ControlsPanel;
class EvaluationView;
class SummaryStrip;
class ViewGrid;

class WalkthroughHost {
public:
    virtual ~WalkthroughHost() = default;

    [[nodiscard]] virtual QMainWindow* hostWindow() = 0;
    [[nodiscard]] virtual ViewGrid* viewGrid() const = 0;
    // The views in the grid, in reading order.
    [[nodiscard]] virtual const QList<EvaluationView*>& views() const = 0;
    // The View menu's toggle for each pane of the grid, in the grid's order.
    [[nodiscard]] virtual const QList<QAction*>& paneActions() const = 0;
    [[nodiscard]] virtual QDockWidget* controlsDock() const = 0;
    [[nodiscard]] virtual ControlsPanel* controlsPanel() const = 0;
    [[nodiscard]] virtual SummaryStrip* summaryStrip() const = 0;
    // The docks shown that a presentation gives their room to the views: Diagnostics with no
    // problem, the search and the comparison.
    [[nodiscard]] virtual QList<QDockWidget*> idleDocks() const = 0;
    // The docks shown that hold the user's own work beside the plan (the search and the
    // comparison): a lesson, which works on a plan of its own, puts them away until it ends.
    [[nodiscard]] virtual QList<QDockWidget*> userWorkDocks() const = 0;
};

}  // namespace fourfold::ui
