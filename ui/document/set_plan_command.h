// SPDX-License-Identifier: GPL-3.0-or-later
// SetPlanCommand: one undo step as a pair of Plan snapshots (before, after). Consecutive edits of
// the same field within the same gesture merge, so one slider drag is one step (STYLE.md §C).
#pragma once

#include "core/plan/plan.h"
#include "ui/document/undo_ids.h"

#include <QUndoCommand>

namespace fourfold::ui {

class PlanDocument;

class SetPlanCommand : public QUndoCommand {
public:
    SetPlanCommand(PlanDocument* document, core::Plan before, core::Plan after, const QString& text,
                   EditField field, int gesture);

    void undo() override;
    void redo() override;
    // The field's id when the edit can merge (a field and a gesture); -1 never merges.
    [[nodiscard]] int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

    [[nodiscard]] const core::Plan& before() const { return before_; }
    [[nodiscard]] const core::Plan& after() const { return after_; }
    [[nodiscard]] EditField field() const { return field_; }
    [[nodiscard]] int gesture() const { return gesture_; }

private:
    PlanDocument* document_;
    core::Plan before_;
    core::Plan after_;
    EditField field_;
    int gesture_;
};

}  // namespace fourfold::ui
