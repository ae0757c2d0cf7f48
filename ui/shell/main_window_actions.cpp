// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's actions and menus: File, Edit, View, Help, with the platform's standard shortcuts.
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/settings/language.h"
#include "ui/settings/recent_files.h"
#include "ui/settings/theme.h"
#include "ui/shell/about_dialog.h"
#include "ui/shell/calibration_actions.h"
#include "ui/shell/framework_file_actions.h"
#include "ui/shell/main_window.h"
#include "ui/views/evaluation_view.h"
#include "ui/views/summary_strip.h"
#include "ui/walkthrough/walkthrough_controller.h"
#include "ui/widgets/view_grid.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QUndoGroup>
#include <QUndoStack>

#include <utility>
#include <vector>

namespace fourfold::ui {

void MainWindow::buildActions() {
    newAction_ = new QAction(tr("&New"), this);
    newAction_->setShortcut(QKeySequence::New);
    connect(newAction_, &QAction::triggered, this, [this] { newPlan(); });

    openAction_ = new QAction(tr("&Open\u2026"), this);
    openAction_->setShortcut(QKeySequence::Open);
    connect(openAction_, &QAction::triggered, this, [this] { open(); });

    saveAction_ = new QAction(tr("&Save"), this);
    saveAction_->setShortcut(QKeySequence::Save);
    connect(saveAction_, &QAction::triggered, this, [this] { save(); });

    saveAsAction_ = new QAction(tr("Save &As\u2026"), this);
    // Not every platform theme binds Save As (Qt's generic and offscreen ones bind nothing):
    // then the common Ctrl+Shift+S.
    saveAsAction_->setShortcuts(
        QKeySequence::keyBindings(QKeySequence::SaveAs).isEmpty()
            ? QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)}
            : QKeySequence::keyBindings(QKeySequence::SaveAs));
    connect(saveAsAction_, &QAction::triggered, this, [this] { saveAs(); });

    exportResultsAction_ = new QAction(tr("&Export Plan with Results\u2026"), this);
    exportResultsAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(exportResultsAction_, &QAction::triggered, this, [this] { exportWithResults(); });

    quitAction_ = new QAction(tr("&Quit"), this);
    quitAction_->setShortcut(QKeySequence::Quit);
    quitAction_->setMenuRole(QAction::QuitRole);
    connect(quitAction_, &QAction::triggered, this, &QWidget::close);

    // The stack's actions carry its texts ("Undo Set tensor parallel to 4") and enable themselves.
    // From the group: during a walkthrough they undo the lesson's steps, not the user's.
    undoAction_ = document_->undoGroup()->createUndoAction(this, tr("&Undo"));
    undoAction_->setShortcut(QKeySequence::Undo);
    redoAction_ = document_->undoGroup()->createRedoAction(this, tr("&Redo"));
    redoAction_->setShortcut(QKeySequence::Redo);

    maximizeAction_ = new QAction(tr("&Maximise View"), this);
    maximizeAction_->setCheckable(true);
    maximizeAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    maximizeAction_->setToolTip(tr("Let the current view fill the area, or show all four again"));
    connect(maximizeAction_, &QAction::triggered, this, [this] { viewGrid_->toggleMaximized(); });
    connect(viewGrid_, &ViewGrid::maximizedPaneChanged, this,
            [this](ViewPane* pane) { maximizeAction_->setChecked(pane != nullptr); });
    // Tabs show one view at a time: nothing to maximise.
    maximizeAction_->setEnabled(!viewGrid_->isTabbed());
    connect(viewGrid_, &ViewGrid::tabbedChanged, maximizeAction_,
            [this](bool tabbed) { maximizeAction_->setEnabled(!tabbed); });

    AppSettings& settings = AppSettings::instance();
    gibAction_ = new QAction(tr("Show Sizes in &GiB"), this);
    gibAction_->setCheckable(true);
    gibAction_->setChecked(settings.byteUnits() == core::ByteUnits::Binary);
    gibAction_->setToolTip(tr("GB = 10\u2079 bytes (as papers write); GiB = 2\u00b3\u2070 bytes"));
    connect(gibAction_, &QAction::toggled, this, [](bool binary) {
        AppSettings::instance().setByteUnits(binary ? core::ByteUnits::Binary
                                                    : core::ByteUnits::Decimal);
    });
    connect(&settings, &AppSettings::byteUnitsChanged, this, [this](core::ByteUnits units) {
        gibAction_->setChecked(units == core::ByteUnits::Binary);
    });

    auto* themes = new QActionGroup(this);
    lightAction_ = themes->addAction(tr("&Light"));
    darkAction_ = themes->addAction(tr("&Dark"));
    systemAction_ = themes->addAction(tr("&System"));
    systemAction_->setToolTip(tr("The desktop's colours, followed when the desktop changes them"));
    for (QAction* action : {lightAction_, darkAction_, systemAction_}) action->setCheckable(true);
    themeAction(settings.theme())->setChecked(true);
    const auto chooseTheme = [](Theme theme) {
        AppSettings::instance().setTheme(theme);
        if (auto* application = qobject_cast<QApplication*>(QCoreApplication::instance())) {
            applyTheme(*application, theme);
        }
    };
    connect(lightAction_, &QAction::triggered, this, [chooseTheme] { chooseTheme(Theme::Light); });
    connect(darkAction_, &QAction::triggered, this, [chooseTheme] { chooseTheme(Theme::Dark); });
    connect(systemAction_, &QAction::triggered, this,
            [chooseTheme] { chooseTheme(Theme::System); });

    aboutAction_ = new QAction(tr("&About Fourfold"), this);
    aboutAction_->setMenuRole(QAction::AboutRole);
    connect(aboutAction_, &QAction::triggered, this, [this] {
        AboutDialog dialog(this);
        dialog.exec();
    });
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(newAction_);
    file->addAction(openAction_);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::updateRecentMenu);
    connect(recentFiles_, &RecentFiles::changed, this, &MainWindow::updateRecentMenu);
    updateRecentMenu();
    file->addSeparator();
    file->addAction(saveAction_);
    file->addAction(saveAsAction_);
    file->addSeparator();
    file->addAction(exportResultsAction_);
    exportViewMenu_ = file->addMenu(tr("Export &View Image"));
    updateExportMenu();
    frameworkActions_ = new FrameworkFileActions(document_, &prompts_, this);
    frameworkActions_->addToMenu(file);
    file->addSeparator();
    file->addAction(quitAction_);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(undoAction_);
    edit->addAction(redoAction_);
    edit->addSeparator();
    edit->addAction(findLayoutsAction_);
    edit->addAction(pinAction_);
    calibrationActions_ = new CalibrationActions(document_, &prompts_, this);
    calibrationActions_->addToMenu(edit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* controlsToggle = controlsDock_->toggleViewAction();
    controlsToggle->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    view->addAction(controlsToggle);
    QAction* diagnosticsToggle = diagnosticsDock_->toggleViewAction();
    diagnosticsToggle->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    view->addAction(diagnosticsToggle);
    view->addSeparator();
    // One toggle per pane, so a pane with nothing to show can give its room to the others.
    for (ViewPane* pane : viewGrid_->panes()) {
        QAction* toggle = view->addAction(pane->title());
        toggle->setCheckable(true);
        toggle->setChecked(viewGrid_->isPaneShown(pane));
        toggle->setToolTip(tr("Show or hide the %1 pane").arg(pane->title()));
        connect(toggle, &QAction::toggled, this,
                [this, pane](bool shown) { viewGrid_->setPaneShown(pane, shown); });
        paneActions_ << toggle;
    }
    view->addSeparator();
    view->addAction(maximizeAction_);
    QMenu* arrange = view->addMenu(tr("&Arrange Views"));
    auto* arrangements = new QActionGroup(arrange);
    const QList<QPair<ViewArrangement, QString>> choices = {
        {ViewArrangement::Automatic, tr("&Automatic (tabs when the window is small)")},
        {ViewArrangement::Grid, tr("&Grid of four")},
        {ViewArrangement::Tabs, tr("&Tabs, one at a time")},
    };
    for (const auto& [arrangement, text] : choices) {
        QAction* choice = arrange->addAction(text);
        choice->setCheckable(true);
        choice->setChecked(viewGrid_->arrangement() == arrangement);
        choice->setData(static_cast<int>(arrangement));
        arrangements->addAction(choice);
        connect(choice, &QAction::triggered, this,
                [this, arrangement] { viewGrid_->setArrangement(arrangement); });
    }
    view->addSeparator();
    view->addAction(gibAction_);
    QMenu* theme = view->addMenu(tr("&Theme"));
    theme->addAction(lightAction_);
    theme->addAction(darkAction_);
    theme->addAction(systemAction_);
    addLanguageMenu(view);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(aboutAction_);
    QAction* aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
    walkthrough_ = new WalkthroughController(this, document_, &prompts_);
    walkthrough_->addToMenus(view, help);
}

void MainWindow::addLanguageMenu(QMenu* view) {
    // Language names are written in their own language, so a reader finds theirs.
    QMenu* menu = view->addMenu(tr("&Language"));
    auto* group = new QActionGroup(this);
    const QString chosen = AppSettings::instance().language();
    std::vector<std::pair<QString, QString>> choices = {{QString(), tr("&System")}};
    for (const core::LanguageInfo& info : core::kLanguages) {
        choices.emplace_back(
            QString::fromLatin1(info.code.data(), static_cast<qsizetype>(info.code.size())),
            languageName(info.language));
    }
    for (const auto& [code, label] : choices) {
        QAction* action = group->addAction(label);
        action->setCheckable(true);
        action->setChecked(code == chosen);
        action->setData(code);
        menu->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] {
            AppSettings::instance().setLanguage(code);
            statusBar()->showMessage(
                tr("The new language takes effect when Fourfold starts again."));
        });
    }
    menu->actions().constFirst()->setToolTip(tr("The desktop's language"));
}

QAction* MainWindow::themeAction(Theme theme) const {
    switch (theme) {
        case Theme::Light:
            return lightAction_;
        case Theme::Dark:
            return darkAction_;
        case Theme::System:
            break;
    }
    return systemAction_;
}

void MainWindow::updateRecentMenu() {
    recentMenu_->clear();
    const QStringList files = recentFiles_->files();
    const QStringList labels = recentFileLabels(files);
    for (int i = 0; i < files.size(); ++i) {
        const QString& path = files.at(i);
        // "&1 plan.json — runs/a" gives each entry a keyboard accelerator and enough of its
        // folder to tell two plan.json apart; the full path is the tooltip.
        QString label = labels.at(i);
        label.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction* action = recentMenu_->addAction(tr("&%1 %2").arg(i + 1).arg(label), this,
                                                 [this, path] { openFile(path); });
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    if (!files.isEmpty()) {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("&Clear List"), recentFiles_, &RecentFiles::clear);
    }
    recentMenu_->setEnabled(!files.isEmpty());
}

void MainWindow::updateExportMenu() {
    exportViewMenu_->clear();
    QList<EvaluationView*> exportable = views_;
    exportable << summary_;
    for (EvaluationView* view : std::as_const(exportable)) {
        exportViewMenu_->addAction(tr("%1\u2026").arg(view->title()), this,
                                   [this, view] { exportViewImage(view); });
    }
}

}  // namespace fourfold::ui
