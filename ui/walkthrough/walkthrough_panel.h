// SPDX-License-Identifier: GPL-3.0-or-later
// WalkthroughPanel: the dock's content while a lesson runs. The lesson and step titles, "Step 3
// of 17", the step's text with its figures taken from the document's current Evaluation (the
// core renders them), the step's question with an answer box and Check, and Back / Next /
// Restart / Close (Alt+Left / Alt+Right, Page Up / Page Down, Escape while it has focus).
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/lesson/lesson.h"

#include <QStringList>
#include <QWidget>

#include <memory>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QToolButton;
class QWidget;

namespace fourfold::ui {

class LessonTextView;
class PlanDocument;
class WalkthroughSession;

class WalkthroughPanel : public QWidget {
    Q_OBJECT
public:
    WalkthroughPanel(WalkthroughSession* session, PlanDocument* document,
                     QWidget* parent = nullptr);

    // The checkable presentation-mode action, shown as a button in the panel's bar.
    void setPresentationAction(QAction* action);
    // Larger type for teaching from a projector.
    void setPresentation(bool on);

    [[nodiscard]] QPushButton* nextButton() const { return next_; }
    [[nodiscard]] QPushButton* backButton() const { return back_; }
    [[nodiscard]] QPushButton* restartButton() const { return restart_; }
    [[nodiscard]] QPushButton* closeButton() const { return close_; }
    [[nodiscard]] QPushButton* checkButton() const { return check_; }
    [[nodiscard]] QLineEdit* answerEdit() const { return answer_; }
    [[nodiscard]] QComboBox* choiceBox() const { return choices_; }
    [[nodiscard]] QString counterText() const;
    // The step's text as shown, as plain text; the placeholders it could not fill.
    [[nodiscard]] QString shownText() const;
    [[nodiscard]] const QStringList& unresolved() const { return unresolved_; }
    [[nodiscard]] QString verdictText() const;

    // Says whether the typed or chosen answer is right (the core's check).
    void checkAnswer();

private:
    void showStep();
    void renderText();
    void clearVerdict();

    WalkthroughSession* session_;
    PlanDocument* document_;
    QLabel* lessonTitle_;
    QLabel* counter_;
    QLabel* stepTitle_;
    LessonTextView* text_;
    QWidget* questionBox_;
    QLabel* prompt_;
    QLineEdit* answer_;
    QComboBox* choices_;
    QPushButton* check_;
    QLabel* verdict_;
    QPushButton* back_;
    QPushButton* next_;
    QPushButton* restart_;
    QPushButton* close_;
    QToolButton* presentation_;
    QStringList unresolved_;
    bool answered_ = false;
    bool answeredRight_ = false;
    double baseFontSize_ = 0;
};

}  // namespace fourfold::ui
