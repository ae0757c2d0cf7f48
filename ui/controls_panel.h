// SPDX-License-Identifier: MIT
// ControlsPanel: the grouped inputs (Model, Training, Parallelism, Cluster, Memory) that edit
// the document through PlanEdits and resync quietly from each Evaluation.
#pragma once

#include <QWidget>

namespace fourfold::ui {

class PlanDocument;

class ControlsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ControlsPanel(PlanDocument* document, QWidget* parent = nullptr);
    // Moves keyboard focus to the control editing a plan field ("/parallel/tp"); false if none.
    bool focusField(const QString& jsonPointer);
};

}  // namespace fourfold::ui
