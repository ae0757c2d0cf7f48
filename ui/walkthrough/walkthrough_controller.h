// SPDX-License-Identifier: GPL-3.0-or-later
// WalkthroughController: the walkthrough in the main window. It owns the dock with the panel,
// the highlight overlay and the session, the Help ▸ Walkthrough menu (the built-in lesson in
// the app's language, "Open Lesson File…") and the presentation-mode toggle. Entering a step
// brings its view forward (maximised in the grid) and frames its highlight; leaving puts the
// user's plan (its file, history and modified state) and the window's layout back exactly:
// docks, sizes, tabs, panes and the views' choosers.
#pragma once

#include "core/lesson/lesson.h"
#include "ui/walkthrough/window_layout.h"

#include <QFont>
#include <QObject>
#include <QPointer>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;

namespace fourfold::ui {

class HighlightOverlay;
class PlanDocument;
class ViewPane;
class WalkthroughPanel;
class WalkthroughHost;
class WalkthroughSession;
struct Prompts;

class WalkthroughController : public QObject {
    Q_OBJECT
public:
    WalkthroughController(WalkthroughHost* host, PlanDocument* document, const Prompts* prompts);

    // Help ▸ Walkthrough ▸ …, and View ▸ Presentation Mode.
    void addToMenus(QMenu* view, QMenu* help);

    // Starts the built-in lesson in `language` ("" for the app's language).
    bool startBuiltin(const QString& language = {});
    // Starts a lesson file; a malformed one is reported (line and column) and changes nothing.
    bool startFile(const QString& path);
    // Asks for a lesson file and starts it.
    bool openLessonFile();
    void start(core::Lesson lesson);
    void finish();

    [[nodiscard]] WalkthroughSession* session() const { return session_; }
    [[nodiscard]] WalkthroughPanel* panel() const { return panel_; }
    [[nodiscard]] QDockWidget* dock() const { return dock_; }
    [[nodiscard]] HighlightOverlay* overlay() const { return overlay_; }
    [[nodiscard]] QAction* presentationAction() const { return presentationAction_; }
    [[nodiscard]] QAction* builtinAction() const { return builtinAction_; }
    [[nodiscard]] QAction* openLessonAction() const { return openLessonAction_; }
    // The pane holding the view a step names; null for "none".
    [[nodiscard]] ViewPane* paneFor(core::LessonView view) const;

    // Presentation mode: the window fills the screen it is on, docks the host names give
    // their room to the views, and the type grows with the screen (presentationScale). Off:
    // the window, its docks and its type as they were.
    void setPresentation(bool on);
    [[nodiscard]] bool isPresenting() const { return presentation_; }
    // How much larger the views' type is when presenting on a screen of `available` logical
    // pixels: 1.25 at the 1600 × 1000 the layout is drawn for, growing with the screen's
    // height to 2 (a projector shows the whole room the same picture).
    [[nodiscard]] static double presentationScale(const QSize& available);

protected:
    // Shares the width out again when the window's size changes during a walkthrough.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void enterStep(int index);
    void ended();
    void fitDock();

    WalkthroughHost* host_;
    QMainWindow* window_;
    PlanDocument* document_;
    const Prompts* prompts_;
    WalkthroughSession* session_;
    WalkthroughPanel* panel_;
    QDockWidget* dock_;
    HighlightOverlay* overlay_;
    QAction* presentationAction_;
    QAction* builtinAction_;
    QAction* openLessonAction_;
    // What the walkthrough changed in the window, put back when it ends.
    QPointer<ViewPane> userMaximized_;
    QList<bool> userPanesShown_;
    WindowLayout userLayout_;
    bool presentation_ = false;
    bool controlsWereShown_ = true;
    QFont centralFont_;
    double viewScale_ = 1.0;         // the factor the charts' fonts were scaled by
    WindowLayout beforePresenting_;  // the window and its docks, put back when it ends
    QList<QPointer<QDockWidget>> idleDocksHidden_;
};

}  // namespace fourfold::ui
