// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: the shell around one PlanDocument. Controls in a left dock, the summary strip on
// top, the views in a 2×2 grid (any one can be maximised), diagnostics in a bottom dock; menus
// for files, undo, view options and help; drag-and-drop of a plan file; settings that persist.
#pragma once

#include "core/evaluate/evaluation.h"
#include "ui/walkthrough/walkthrough_host.h"
#include "ui/widgets/prompts.h"

#include <QList>
#include <QMainWindow>

#include <memory>

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QProgressBar;
class QMenu;

namespace fourfold::ui {

enum class Theme;  // ui/charts/palette.h
class CalibrationActions;
class ComparePane;
class ControlsPanel;
class DiagnosticsList;
class EvaluationView;
class FrameworkFileActions;
class FitAdviceView;
class PlanDocument;
class PlanPin;
class RecentFiles;
class SearchView;
class SummaryStrip;
class ViewGrid;
class WalkthroughController;

class MainWindow : public QMainWindow, public WalkthroughHost {
    Q_OBJECT
public:
    // The window does not own the document; it must outlive the window.
    explicit MainWindow(PlanDocument* document, QWidget* parent = nullptr);
    ~MainWindow() override;

    [[nodiscard]] PlanDocument* document() const { return document_; }
    // Replaces the dialogs (tests, screenshot mode). Unset functions keep their defaults.
    void setPrompts(Prompts prompts);
    // Restores the saved geometry and dock layout; later closes save them again.
    void restoreSettings();

    // What the File menu does; each asks through the prompts and returns whether it happened.
    bool newPlan();
    bool open();
    bool openFile(const QString& path);
    bool save();
    bool saveAs();
    bool exportWithResults();
    bool exportViewImage(EvaluationView* view);

    // Sizes the window to the default, or to the screen it is on when that is smaller.
    void fitToScreen();

    // The whole window as a PNG (device pixels: size × devicePixelRatio), or drawn at `scale`
    // times its size when a scale is given (sharp text for slides).
    bool saveScreenshot(const QString& path, QString* error, double scale = 0.0);

    [[nodiscard]] QMainWindow* hostWindow() override { return this; }
    [[nodiscard]] ViewGrid* viewGrid() const override { return viewGrid_; }
    // The views in the grid (Memory, Pipeline, Rank map), in reading order.
    [[nodiscard]] const QList<EvaluationView*>& views() const override { return views_; }
    [[nodiscard]] ControlsPanel* controlsPanel() const override { return controls_; }
    [[nodiscard]] SummaryStrip* summaryStrip() const override { return summary_; }
    [[nodiscard]] QList<QDockWidget*> idleDocks() const override;
    [[nodiscard]] QList<QDockWidget*> userWorkDocks() const override;
    [[nodiscard]] DiagnosticsList* diagnosticsList() const { return diagnostics_; }
    [[nodiscard]] QDockWidget* controlsDock() const override { return controlsDock_; }
    [[nodiscard]] QDockWidget* diagnosticsDock() const { return diagnosticsDock_; }
    [[nodiscard]] QAction* maximizeAction() const { return maximizeAction_; }
    [[nodiscard]] QAction* byteUnitsAction() const { return gibAction_; }
    // View ▸ Theme: Light, Dark, System.
    [[nodiscard]] QAction* themeAction(Theme theme) const;
    // The View menu's toggle for each pane of the grid, in the grid's order.
    [[nodiscard]] const QList<QAction*>& paneActions() const override { return paneActions_; }
    [[nodiscard]] FrameworkFileActions* frameworkActions() const { return frameworkActions_; }
    // Edit ▸ Calibration: measured figures from a log, the calibration set, profiles.
    [[nodiscard]] CalibrationActions* calibrationActions() const { return calibrationActions_; }
    // The walkthrough dock, its menu entries and presentation mode.
    [[nodiscard]] WalkthroughController* walkthrough() const { return walkthrough_; }
    // The auto-planner's dock (hidden until Edit ▸ Find Best Layouts shows it) and its action.
    [[nodiscard]] SearchView* searchView() const { return searchView_; }
    [[nodiscard]] QDockWidget* searchDock() const { return searchDock_; }
    [[nodiscard]] QAction* findLayoutsAction() const { return findLayoutsAction_; }
    // Shows the search dock with room for its table and puts the focus on Search.
    void showSearch();
    // Plans side by side: Edit ▸ Pin Plan as A pins the plan and shows the comparison's dock.
    [[nodiscard]] PlanPin* planPin() const { return planPin_; }
    [[nodiscard]] ComparePane* comparePane() const { return comparePane_; }
    [[nodiscard]] QDockWidget* compareDock() const { return compareDock_; }
    [[nodiscard]] QAction* pinAction() const { return pinAction_; }
    void pinForComparison();
    // After a search row was applied: the comparison's tab to the front while a plan is pinned.
    void showComparisonOfRow();
    [[nodiscard]] QAction* saveAsAction() const { return saveAsAction_; }
    [[nodiscard]] QString statusText() const;

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildCentralArea();
    void buildDocks();
    void buildActions();
    void buildSearchDock();   // main_window_search.cpp
    void buildCompareDock();  // main_window_compare.cpp
    void buildMenus();
    void addLanguageMenu(QMenu* view);
    void connectDocument();
    void updateTitle();
    void updateStatus(const core::Evaluation& evaluation);
    void updateRecentMenu();
    void updateExportMenu();
    // Tab visits the controls, the views (top left to bottom right) and the diagnostics, in
    // the order they appear on screen.
    void setVisualTabOrder();
    // The parse warnings of the opened file go to the Diagnostics dock.
    void refreshFileDiagnostics();
    // The Diagnostics dock takes the height its lines need, no more.
    void fitDiagnosticsDock(int listHeight);
    // Save / Discard / Cancel when there are unsaved changes; true when it is fine to go on.
    bool maybeSave();
    // Opens without asking about unsaved changes; reports a failure through the prompts.
    bool load(const QString& path);
    bool saveTo(const QString& path);
    void rememberFolder(const QString& path);
    [[nodiscard]] QString suggestedPath(const QString& suffix) const;

    PlanDocument* document_;
    Prompts prompts_;
    RecentFiles* recentFiles_;
    bool persistSettings_ = false;

    SummaryStrip* summary_ = nullptr;
    FitAdviceView* fitAdvice_ = nullptr;
    ViewGrid* viewGrid_ = nullptr;
    QList<EvaluationView*> views_;
    ControlsPanel* controls_ = nullptr;
    DiagnosticsList* diagnostics_ = nullptr;
    QDockWidget* controlsDock_ = nullptr;
    QDockWidget* diagnosticsDock_ = nullptr;
    QLabel* statusLabel_ = nullptr;
    QProgressBar* busyIndicator_ = nullptr;

    QAction* newAction_ = nullptr;
    QAction* openAction_ = nullptr;
    QAction* saveAction_ = nullptr;
    QAction* saveAsAction_ = nullptr;
    QAction* exportResultsAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* undoAction_ = nullptr;
    QAction* redoAction_ = nullptr;
    QAction* maximizeAction_ = nullptr;
    QAction* gibAction_ = nullptr;
    QAction* lightAction_ = nullptr;
    QAction* darkAction_ = nullptr;
    QAction* systemAction_ = nullptr;
    QAction* aboutAction_ = nullptr;
    QList<QAction*> paneActions_;
    QMenu* recentMenu_ = nullptr;
    QMenu* exportViewMenu_ = nullptr;
    FrameworkFileActions* frameworkActions_ = nullptr;  // File → Export As, Import
    CalibrationActions* calibrationActions_ = nullptr;  // Edit → Calibration
    WalkthroughController* walkthrough_ = nullptr;      // Help → Walkthrough, the lesson dock
    SearchView* searchView_ = nullptr;
    QDockWidget* searchDock_ = nullptr;
    QAction* findLayoutsAction_ = nullptr;
    PlanPin* planPin_ = nullptr;
    ComparePane* comparePane_ = nullptr;
    QDockWidget* compareDock_ = nullptr;
    QAction* pinAction_ = nullptr;
};

}  // namespace fourfold::ui
