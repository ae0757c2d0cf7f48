// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/walkthrough/walkthrough_controller.h"

#include "ui/views/evaluation_view.h"
#include "ui/views/memory_stack_view.h"
#include "ui/views/pipeline_gantt_view.h"
#include "ui/views/rank_map_view.h"
#include "ui/views/step_time_view.h"
#include "ui/walkthrough/highlight_overlay.h"
#include "ui/walkthrough/highlight_targets.h"
#include "ui/walkthrough/lesson_source.h"
#include "ui/walkthrough/presentation_fonts.h"
#include "ui/walkthrough/walkthrough_host.h"
#include "ui/walkthrough/walkthrough_panel.h"
#include "ui/walkthrough/walkthrough_session.h"
#include "ui/widgets/prompts.h"
#include "ui/widgets/view_grid.h"

#include <QAction>
#include <QDockWidget>
#include <QEvent>
#include <QFileInfo>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QPushButton>
#include <QScreen>
#include <QSignalBlocker>
#include <QTimer>

#include <algorithm>

namespace fourfold::ui {
namespace {

// Presentation mode's labels and chart text are this much larger at least, and at most.
constexpr double kViewScale = 1.25;
constexpr double kMostViewScale = 2.0;
// The logical height at which the type is kViewScale larger (the default window's 1000 less a
// title bar and the room a projector's edge loses).
constexpr double kPresentedHeight = 860.0;
// The dock's share of the window's width: beside the views, and wider when presenting.
constexpr double kDockShare = 0.27;
constexpr double kPresentationDockShare = 0.4;
// A dock left below the views when presenting keeps this many lines of its type.
constexpr int kPresentedDockLines = 5;
constexpr int kDockMinimum = 340;
// What the views need at least beside the docks to stay legible.
constexpr int kViewsMinimum = 480;
// The Controls dock's width when it comes back for a step (the main window starts it at 360).
constexpr int kControlsMinimum = 340;

template <typename View>
EvaluationView* viewOfType(const WalkthroughHost* host) {
    for (EvaluationView* view : host->views()) {
        if (qobject_cast<View*>(view)) return view;
    }
    return nullptr;
}

}  // namespace

WalkthroughController::WalkthroughController(WalkthroughHost* host, PlanDocument* document,
                                             const Prompts* prompts)
    : QObject(host->hostWindow()),
      host_(host),
      window_(host->hostWindow()),
      document_(document),
      prompts_(prompts),
      session_(new WalkthroughSession(document, this)),
      panel_(new WalkthroughPanel(session_, document, window_)),
      dock_(new QDockWidget(tr("Walkthrough"), window_)),
      overlay_(new HighlightOverlay(window_)),
      presentationAction_(new QAction(tr("&Presentation Mode"), this)),
      builtinAction_(new QAction(this)),
      openLessonAction_(new QAction(tr("&Open Lesson File\u2026"), this)) {
    dock_->setObjectName(QStringLiteral("walkthroughDock"));
    dock_->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    // No close box: the panel's Close ends the walkthrough and puts the plan back.
    dock_->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    dock_->setWidget(panel_);
    window_->addDockWidget(Qt::RightDockWidgetArea, dock_);
    dock_->hide();

    // The menu names the built-in lesson by its title, in the language it will be shown in.
    const LessonLoad builtin = loadLessonFile(builtinLessonPath(lessonLanguage()));
    builtinAction_->setObjectName(QStringLiteral("walkthroughBuiltin"));
    builtinAction_->setText(builtin.lesson ? QString::fromStdString(builtin.lesson->title)
                                                 .replace(QLatin1Char('&'), QStringLiteral("&&"))
                                           : tr("Built-in lesson"));
    builtinAction_->setEnabled(builtin.lesson.has_value());
    connect(builtinAction_, &QAction::triggered, this, [this] { startBuiltin(); });
    openLessonAction_->setObjectName(QStringLiteral("walkthroughOpenLesson"));
    connect(openLessonAction_, &QAction::triggered, this, [this] { openLessonFile(); });

    presentationAction_->setObjectName(QStringLiteral("presentationMode"));
    presentationAction_->setCheckable(true);
    presentationAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    presentationAction_->setToolTip(
        tr("Larger type and the walkthrough wide beside the views, for teaching (Ctrl+Shift+P)"));
    connect(presentationAction_, &QAction::toggled, this, &WalkthroughController::setPresentation);
    panel_->setPresentationAction(presentationAction_);

    connect(session_, &WalkthroughSession::stepEntered, this, &WalkthroughController::enterStep);
    connect(session_, &WalkthroughSession::finished, this, &WalkthroughController::ended);
    window_->installEventFilter(this);
}

bool WalkthroughController::eventFilter(QObject* watched, QEvent* event) {
    if (watched == window_ && event->type() == QEvent::Resize && session_->isActive()) {
        QTimer::singleShot(0, this, &WalkthroughController::fitDock);
    }
    return QObject::eventFilter(watched, event);
}

void WalkthroughController::addToMenus(QMenu* view, QMenu* help) {
    view->addSeparator();
    view->addAction(presentationAction_);
    QMenu* walkthrough = new QMenu(tr("&Walkthrough"), help);
    walkthrough->setObjectName(QStringLiteral("walkthroughMenu"));
    walkthrough->addAction(builtinAction_);
    walkthrough->addSeparator();
    walkthrough->addAction(openLessonAction_);
    QAction* first = help->actions().isEmpty() ? nullptr : help->actions().constFirst();
    help->insertMenu(first, walkthrough);
    if (first) help->insertSeparator(first);
}

bool WalkthroughController::startBuiltin(const QString& language) {
    return startFile(builtinLessonPath(language.isEmpty() ? lessonLanguage() : language));
}

bool WalkthroughController::startFile(const QString& path) {
    LessonLoad load = loadLessonFile(path);
    if (!load.lesson) {
        prompts_->showError(window_, tr("Open Lesson"),
                            tr("The lesson could not be read:\n%1").arg(load.error));
        return false;
    }
    start(std::move(*load.lesson));
    return true;
}

bool WalkthroughController::openLessonFile() {
    const QString path = prompts_->openFileName(window_, tr("Open Lesson"), QString(),
                                                tr("Lessons (*.json);;All files (*)"));
    if (path.isEmpty()) return false;
    return startFile(path);
}

void WalkthroughController::start(core::Lesson lesson) {
    if (!session_->isActive()) {
        userMaximized_ = host_->viewGrid()->maximizedPane();
        userPanesShown_.clear();
        for (QAction* pane : host_->paneActions()) userPanesShown_ << pane->isChecked();
        userLayout_ = WindowLayout::capture(window_, window_->centralWidget());
        // The search and the comparison are the user's work: the lesson's plan is neither
        // searched nor compared, and the lesson's views take their room. Ending the lesson
        // brings them back with the rest of the layout.
        for (QDockWidget* dock : host_->userWorkDocks()) dock->hide();
    }
    dock_->show();
    dock_->raise();
    fitDock();
    session_->start(std::move(lesson));
    // Focus in the panel, so its keys (Alt+Right, Page Down, Escape) work at once.
    panel_->nextButton()->setFocus(Qt::OtherFocusReason);
}

void WalkthroughController::finish() { session_->finish(); }

ViewPane* WalkthroughController::paneFor(core::LessonView view) const {
    EvaluationView* shown = nullptr;
    switch (view) {
        case core::LessonView::Memory:
            shown = viewOfType<MemoryStackView>(host_);
            break;
        case core::LessonView::Pipeline:
            shown = viewOfType<PipelineGanttView>(host_);
            break;
        case core::LessonView::RankMap:
            shown = viewOfType<RankMapView>(host_);
            break;
        case core::LessonView::StepTime:
            shown = viewOfType<StepTimeView>(host_);
            break;
        case core::LessonView::None:
            break;
    }
    if (!shown) return nullptr;
    for (ViewPane* pane : host_->viewGrid()->panes()) {
        if (pane->isAncestorOf(shown)) return pane;
    }
    return nullptr;
}

void WalkthroughController::enterStep(int index) {
    Q_UNUSED(index);
    const core::LessonStep& step = session_->step();
    ViewGrid* grid = host_->viewGrid();
    // Forward: the step's view fills the view area (shown again if the user had hidden it);
    // a step about no view shows them all.
    ViewPane* pane = paneFor(step.view);
    if (pane && !grid->isPaneShown(pane)) {
        const qsizetype at = grid->panes().indexOf(pane);
        if (at >= 0 && at < host_->paneActions().size()) {
            host_->paneActions().at(at)->setChecked(true);
        }
    }
    grid->setMaximizedPane(pane);
    const bool onControl = step.highlight.starts_with("control.");
    // A highlighted control must be on screen; presenting, the controls give the views room.
    QDockWidget* controls = host_->controlsDock();
    const bool wasShown = controls->isVisible();
    if (presentation_) {
        controls->setVisible(onControl);
    } else if (onControl) {
        controls->show();
    }
    // A dock shown again comes back at whatever width is left: share the room out again.
    if (onControl && !wasShown) fitDock();
    if (step.highlight.empty()) {
        overlay_->clearTarget();
    } else {
        showHighlight(*host_, step.highlight, overlay_);
    }
}

void WalkthroughController::ended() {
    overlay_->clearTarget();
    if (presentation_) presentationAction_->setChecked(false);
    for (qsizetype i = 0; i < userPanesShown_.size() && i < host_->paneActions().size(); ++i) {
        host_->paneActions().at(i)->setChecked(userPanesShown_.at(i));
    }
    host_->viewGrid()->setMaximizedPane(userMaximized_);
    dock_->hide();
    userLayout_.restore();
}

double WalkthroughController::presentationScale(const QSize& available) {
    const double byHeight = kViewScale * available.height() / kPresentedHeight;
    return std::clamp(byHeight, kViewScale, kMostViewScale);
}

void WalkthroughController::setPresentation(bool on) {
    if (on == presentation_) return;
    presentation_ = on;
    {
        const QSignalBlocker blocker(presentationAction_);
        presentationAction_->setChecked(on);
    }
    panel_->setPresentation(on);
    QWidget* central = window_->centralWidget();
    if (on) {
        beforePresenting_ = WindowLayout::capture(window_, nullptr);
        // The whole screen the window is on, whatever its resolution.
        window_->setWindowState(window_->windowState() | Qt::WindowFullScreen);
        const QScreen* screen = window_->screen();
        viewScale_ = presentationScale(screen ? screen->size() : window_->size());
        centralFont_ = central->font();
        QFont larger = centralFont_;
        larger.setPointSizeF(centralFont_.pointSizeF() * viewScale_);
        central->setFont(larger);
        scaleChartFonts(central, viewScale_);
        // The views and the lesson share the screen; the controls come back for a step that
        // points at one of them; "No problems", the search and the comparison give way.
        controlsWereShown_ = host_->controlsDock()->isVisible();
        const bool onControl =
            session_->isActive() && session_->step().highlight.starts_with("control.");
        host_->controlsDock()->setVisible(onControl);
        idleDocksHidden_.clear();
        for (QDockWidget* idle : host_->idleDocks()) {
            idle->hide();
            idleDocksHidden_ << idle;
        }
        // A dock below the views that stays (Diagnostics with a problem) keeps a few lines, not
        // the room the hidden ones leave (WindowLayout puts its height back afterwards).
        QList<QDockWidget*> below;
        QList<int> heights;
        for (QDockWidget* other : window_->findChildren<QDockWidget*>()) {
            if (other == dock_ || !other->isVisible() || other->isFloating() ||
                window_->dockWidgetArea(other) != Qt::BottomDockWidgetArea) {
                continue;
            }
            below << other;
            heights << other->fontMetrics().height() * kPresentedDockLines;
        }
        if (!below.isEmpty()) window_->resizeDocks(below, heights, Qt::Vertical);
    } else {
        central->setFont(centralFont_);
        scaleChartFonts(central, 1.0 / viewScale_);
        viewScale_ = 1.0;
        host_->controlsDock()->setVisible(controlsWereShown_);
        for (const QPointer<QDockWidget>& idle : std::as_const(idleDocksHidden_)) {
            if (idle) idle->show();
        }
        idleDocksHidden_.clear();
        beforePresenting_.restore();
    }
    refitFloatingBars(central);
    if (session_->isActive()) fitDock();
    overlay_->refresh();
}

void WalkthroughController::fitDock() {
    // The walkthrough takes its share of the width, but leaves the views and a shown Controls
    // dock the room they need.
    QDockWidget* controls = host_->controlsDock();
    const int controlsWidth =
        controls->isVisible() ? std::max({controls->width(), controls->widget()->sizeHint().width(),
                                          kControlsMinimum})
                              : 0;
    const double share = presentation_ ? kPresentationDockShare : kDockShare;
    const int room = window_->width() - controlsWidth - kViewsMinimum;
    const int width =
        std::max(kDockMinimum, std::min(static_cast<int>(window_->width() * share), room));
    if (controls->isVisible()) {
        window_->resizeDocks({controls, dock_}, {controlsWidth, width}, Qt::Horizontal);
    } else {
        window_->resizeDocks({dock_}, {width}, Qt::Horizontal);
    }
}

}  // namespace fourfold::ui
