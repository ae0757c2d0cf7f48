// SPDX-License-Identifier: MIT
#include "ui/diagnostics_list.h"

namespace fourfold::ui {

DiagnosticsList::DiagnosticsList(QWidget* parent) : EvaluationView(parent) {}

void DiagnosticsList::render(const core::Evaluation& /*evaluation*/) { update(); }  // placeholder

}  // namespace fourfold::ui
