// SPDX-License-Identifier: MIT
#include "ui/controls_panel.h"

#include "ui/plan_document.h"

namespace fourfold::ui {

ControlsPanel::ControlsPanel(PlanDocument* /*document*/, QWidget* parent) : QWidget(parent) {}

bool ControlsPanel::focusField(const QString& /*jsonPointer*/) { return false; }  // placeholder

}  // namespace fourfold::ui
