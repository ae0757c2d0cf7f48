// SPDX-License-Identifier: MIT
#include "ui/memory_stack_view.h"

namespace fourfold::ui {

MemoryStackView::MemoryStackView(QWidget* parent) : EvaluationView(parent) {}

void MemoryStackView::render(const core::Evaluation& /*evaluation*/) { update(); }

}  // namespace fourfold::ui
