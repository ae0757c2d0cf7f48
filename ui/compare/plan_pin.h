// SPDX-License-Identifier: GPL-3.0-or-later
// PlanPin: plans compared side by side. Pin keeps the document's current plan and its
// Evaluation as "A"; from then on the document's plan, however it changes (an edit, another
// file opened, a search row applied), is "B", and each new evaluation brings a new comparison
// (core::comparePlans: the figures and fields are the core's). Swap puts A on the document and
// pins what was B; Use A puts A back on the document and unpins; each is one undoable step.
// A lesson works on a plan of its own (PlanDocument::beginLesson): while it runs the comparison
// stays on the user's plans, pinning, swapping and using A wait, and the comparison takes up
// the user's plan again when the lesson ends.
// ui/compare/ holds the comparison: this pin and the pane that draws what it compares.
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/evaluate/plan_compare.h"

#include <QObject>

#include <memory>
#include <optional>

namespace fourfold::ui {

class PlanDocument;

class PlanPin : public QObject {
    Q_OBJECT
public:
    explicit PlanPin(PlanDocument* document, QObject* parent = nullptr);

    // Pins the document's plan as A (replacing an earlier pin).
    void pin();
    void unpin();
    // The document takes A's plan and A becomes the plan the document had (one undo step).
    void swap();
    // The document takes A's plan (one undo step) and the pin is released.
    void useA();

    [[nodiscard]] bool isPinned() const { return pinned_ != nullptr; }
    // False while a lesson has the document: the pin, Swap and Use A then do nothing.
    [[nodiscard]] bool canChange() const;
    [[nodiscard]] const std::shared_ptr<const core::Evaluation>& pinned() const { return pinned_; }
    // The comparison of A with the document's current evaluation, while pinned.
    [[nodiscard]] const std::optional<core::PlansCompared>& comparison() const {
        return comparison_;
    }

signals:
    void pinChanged(bool pinned);
    void comparisonChanged(const core::PlansCompared& comparison);
    void canChangeChanged(bool canChange);

private:
    void compare();

    PlanDocument* document_;
    std::shared_ptr<const core::Evaluation> pinned_;
    std::optional<core::PlansCompared> comparison_;
};

}  // namespace fourfold::ui
