// SPDX-License-Identifier: MIT
#include "ui/plan_document.h"

#include "core/evaluate.h"

namespace fourfold::ui {

// Placeholder bodies; the document's full behaviour (undo, files) replaces them.
PlanDocument::PlanDocument(core::Plan plan, QObject* parent)
    : QObject(parent), plan_(std::move(plan)) {
    evaluation_ = std::make_shared<const core::Evaluation>(core::evaluate(plan_));
}

bool PlanDocument::apply(const PlanEdit& edit) {
    core::Plan next = plan_;
    if (edit.change) edit.change(next);
    if (next == plan_) return false;
    setPlanFromCommand(next);
    return true;
}

bool PlanDocument::replacePlan(const core::Plan& plan, const QString& /*text*/) {
    if (plan == plan_) return false;
    setPlanFromCommand(plan);
    return true;
}

bool PlanDocument::open(const QString& /*path*/, QString* error) {
    if (error) *error = tr("Opening files is not available yet.");
    return false;
}

bool PlanDocument::save(const QString& /*path*/, QString* error) {
    if (error) *error = tr("Saving files is not available yet.");
    return false;
}

bool PlanDocument::exportWithResults(const QString& /*path*/, QString* error) const {
    if (error) *error = tr("Export is not available yet.");
    return false;
}

void PlanDocument::newPlan() {}

void PlanDocument::setPlanFromCommand(const core::Plan& plan) {
    plan_ = plan;
    evaluateNow();
}

void PlanDocument::requestEvaluation() { evaluateNow(); }

void PlanDocument::evaluateNow() {
    evaluation_ = std::make_shared<const core::Evaluation>(core::evaluate(plan_));
    emit evaluationChanged(evaluation_);
}

}  // namespace fourfold::ui
