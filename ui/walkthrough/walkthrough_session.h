// SPDX-License-Identifier: GPL-3.0-or-later
// WalkthroughSession: one lesson being walked through on a PlanDocument, on a plan of its own
// (PlanDocument::beginLesson). Entering step k puts the plan the lesson reaches there (the
// default plan with patches 1..k, core::lessonPlanAt) on the lesson's plan as one undoable
// step; finishing brings the user's plan, file, undo history and modified state back exactly
// as they were (PlanDocument::endLesson).
#pragma once

#include "core/lesson/lesson.h"
#include "core/plan/plan.h"

#include <QObject>

#include <optional>

namespace fourfold::ui {

class PlanDocument;

class WalkthroughSession : public QObject {
    Q_OBJECT
public:
    explicit WalkthroughSession(PlanDocument* document, QObject* parent = nullptr);

    // Starts `lesson` at its first step. The user's plan is kept from the first start on, so
    // switching lessons mid-way still ends on the user's plan.
    void start(core::Lesson lesson);
    [[nodiscard]] bool isActive() const { return active_; }
    [[nodiscard]] const core::Lesson& lesson() const { return lesson_; }
    [[nodiscard]] int stepIndex() const { return step_; }  // 0-based
    [[nodiscard]] int stepCount() const { return static_cast<int>(lesson_.steps.size()); }
    [[nodiscard]] const core::LessonStep& step() const;
    // The plan step `index` shows (the default plan with the lesson's patches up to it).
    [[nodiscard]] std::optional<core::Plan> planAt(int index) const;
    // The plan the user had before the walkthrough (valid while active).
    [[nodiscard]] const core::Plan& userPlan() const { return userPlan_; }

    bool goTo(int index);
    bool next() { return goTo(step_ + 1); }
    bool back() { return goTo(step_ - 1); }
    bool restart() { return goTo(0); }
    // Ends the walkthrough and brings the user's plan back as it was. Nothing when inactive.
    void finish();

signals:
    void stepEntered(int index);
    void finished();

private:
    PlanDocument* document_;
    core::Lesson lesson_;
    core::Plan userPlan_;
    int step_ = 0;
    bool active_ = false;
};

}  // namespace fourfold::ui
