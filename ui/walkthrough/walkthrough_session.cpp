// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/walkthrough/walkthrough_session.h"

#include "core/plan/catalog.h"
#include "core/plan/plan_title.h"
#include "ui/document/plan_document.h"

namespace fourfold::ui {

WalkthroughSession::WalkthroughSession(PlanDocument* document, QObject* parent)
    : QObject(parent), document_(document) {}

void WalkthroughSession::start(core::Lesson lesson) {
    if (lesson.steps.empty()) return;
    const bool wasActive = active_;
    if (!wasActive) userPlan_ = document_->plan();
    lesson_ = std::move(lesson);
    // The lesson's plans go on a document of their own, starting at its first step's plan; the
    // user's plan waits untouched.
    if (!wasActive) {
        if (const std::optional<core::Plan> first = planAt(0)) document_->beginLesson(*first);
    }
    active_ = true;
    step_ = -1;
    goTo(0);
}

const core::LessonStep& WalkthroughSession::step() const {
    Q_ASSERT(step_ >= 0 && step_ < stepCount());
    return lesson_.steps[static_cast<std::size_t>(step_)];
}

std::optional<core::Plan> WalkthroughSession::planAt(int index) const {
    if (index < 0 || index >= stepCount()) return std::nullopt;
    // The lesson starts from the built-in default plan, as docs/lessons.md says.
    const core::Plan start = core::defaultPlan();
    core::PlanParse parsed = core::lessonPlanAt(lesson_, static_cast<std::size_t>(index), start);
    if (!parsed.plan) return std::nullopt;
    // Named for what it is ("Llama-2 7B on 1 x RTX 4090"), unless the lesson names it.
    return core::withFollowingName(start, std::move(*parsed.plan));
}

bool WalkthroughSession::goTo(int index) {
    if (!active_ || index < 0 || index >= stepCount()) return false;
    // parseLesson already applied every patch, so a step's plan always exists.
    const std::optional<core::Plan> plan = planAt(index);
    if (!plan) return false;
    step_ = index;
    const core::LessonStep& entered = step();
    document_->replacePlan(
        *plan,
        tr("Walkthrough step %1: %2").arg(index + 1).arg(QString::fromStdString(entered.title)));
    emit stepEntered(index);
    return true;
}

void WalkthroughSession::finish() {
    if (!active_) return;
    active_ = false;
    document_->endLesson();
    emit finished();
}

}  // namespace fourfold::ui
