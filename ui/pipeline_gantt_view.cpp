// SPDX-License-Identifier: MIT
#include "ui/pipeline_gantt_view.h"

namespace fourfold::ui {

PipelineGanttView::PipelineGanttView(QWidget* parent) : EvaluationView(parent) {}

void PipelineGanttView::render(const core::Evaluation& /*evaluation*/) { update(); }

}  // namespace fourfold::ui
