// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/compare/plan_pin.h"

#include "core/evaluate/evaluate.h"
#include "core/plan/plan_title.h"
#include "ui/document/plan_document.h"
#include "ui/settings/language.h"

namespace fourfold::ui {

PlanPin::PlanPin(PlanDocument* document, QObject* parent) : QObject(parent), document_(document) {
    // A lesson's plan is never B: the comparison keeps the user's plans until it ends.
    connect(document_, &PlanDocument::evaluationChanged, this, [this] {
        if (isPinned() && canChange()) compare();
    });
    connect(document_, &PlanDocument::lessonActiveChanged, this,
            [this](bool active) { emit canChangeChanged(!active); });
}

bool PlanPin::canChange() const { return !document_->isLessonActive(); }

void PlanPin::pin() {
    if (!canChange()) return;
    pinned_ = document_->evaluation();
    // The evaluation may still describe the plan before an edit of this event-loop turn.
    if (pinned_->plan != document_->plan()) {
        pinned_ = std::make_shared<const core::Evaluation>(core::evaluate(document_->plan()));
    }
    emit pinChanged(true);
    compare();
}

void PlanPin::unpin() {
    if (!pinned_) return;
    pinned_.reset();
    comparison_.reset();
    emit pinChanged(false);
}

void PlanPin::swap() {
    if (!pinned_ || !canChange()) return;
    const std::shared_ptr<const core::Evaluation> wasB = document_->evaluation();
    const std::shared_ptr<const core::Evaluation> wasA = pinned_;
    // The document's evaluation of B is current only when no edit is pending.
    pinned_ = wasB->plan == document_->plan()
                  ? wasB
                  : std::make_shared<const core::Evaluation>(core::evaluate(document_->plan()));
    if (!document_->replacePlan(wasA->plan, tr("Swap plans A and B"))) compare();
}

void PlanPin::useA() {
    if (!pinned_ || !canChange()) return;
    const core::Plan plan = pinned_->plan;
    unpin();
    document_->replacePlan(plan, tr("Use plan A"));
}

void PlanPin::compare() {
    const std::shared_ptr<const core::Evaluation> current = document_->evaluation();
    comparison_ = core::comparePlans(*pinned_, *current);
    // The titles in the reader's language (a name made from a plan's content is in English in
    // the comparison, as the CLI writes it).
    comparison_->titleA = core::planTitle(pinned_->plan, uiLanguage());
    comparison_->titleB = core::planTitle(current->plan, uiLanguage());
    emit comparisonChanged(*comparison_);
}

}  // namespace fourfold::ui
