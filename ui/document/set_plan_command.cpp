// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/document/set_plan_command.h"

#include "ui/document/plan_document.h"
#include "ui/settings/language.h"

namespace fourfold::ui {

SetPlanCommand::SetPlanCommand(PlanDocument* document, core::Plan before, core::Plan after,
                               const QString& text, EditField field, int gesture)
    : document_(document),
      before_(std::move(before)),
      after_(std::move(after)),
      field_(field),
      gesture_(gesture) {
    // "将重计算设为完全（每一层）": a Chinese value in a Chinese name takes no spaces.
    setText(text.isEmpty() ? PlanDocument::tr("Edit plan") : withoutSpacesBetweenChinese(text));
}

void SetPlanCommand::undo() { document_->setPlanFromCommand(before_); }

void SetPlanCommand::redo() { document_->setPlanFromCommand(after_); }

int SetPlanCommand::id() const {
    if (field_ == EditField::None || gesture_ == 0) return -1;
    return static_cast<int>(field_);
}

bool SetPlanCommand::mergeWith(const QUndoCommand* other) {
    // QUndoStack only offers commands with the same id(), so the type is ours.
    const auto* next = static_cast<const SetPlanCommand*>(other);
    if (next->field_ != field_ || next->gesture_ != gesture_ || gesture_ == 0) return false;
    // Keep the first "before", take the newest "after" (Tiled's ChangeValue does the same).
    after_ = next->after_;
    setText(next->text());
    // A drag that ends where it began leaves nothing to undo.
    setObsolete(before_ == after_);
    return true;
}

}  // namespace fourfold::ui
