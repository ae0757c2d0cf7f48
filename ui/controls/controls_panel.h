// SPDX-License-Identifier: GPL-3.0-or-later
// ControlsPanel: the grouped inputs (Model, Training, Parallelism, Cluster, Memory, Measured)
// that edit the document through PlanEdits and resync quietly from each Evaluation. It marks a
// control red when a diagnostic names its field, and can move focus to a field's control.
#pragma once

#include "core/evaluate/evaluation.h"

#include <QWidget>

#include <memory>
#include <vector>

class QScrollArea;

namespace fourfold::ui {

class ControlsGroup;
class PlanDocument;

class ControlsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ControlsPanel(PlanDocument* document, QWidget* parent = nullptr);
    // Moves keyboard focus to the control editing a plan field ("/parallel/tp"; a deeper
    // pointer finds its nearest control), expanding and scrolling to it; false if none.
    bool focusField(const QString& jsonPointer);
    // The control whose own field is exactly `jsonPointer` (a slider's whole row), its group
    // expanded and scrolled into view, focus left where it is; null when no control edits it.
    QWidget* revealField(const QString& jsonPointer);

signals:
    // Each edit the panel sends to the document: the EditField (as int), its gesture id and
    // its undo text. For status bars and tests; the document is already edited by then.
    void editRequested(int field, int gesture, const QString& text);

private:
    void sync(const std::shared_ptr<const core::Evaluation>& evaluation);
    void showProblems(const core::Evaluation& evaluation);

    PlanDocument* document_;
    QScrollArea* scroll_ = nullptr;
    std::vector<ControlsGroup*> groups_;
};

}  // namespace fourfold::ui
