// SPDX-License-Identifier: MIT
#include "ui/summary_strip.h"

namespace fourfold::ui {

SummaryStrip::SummaryStrip(QWidget* parent) : EvaluationView(parent) {}

void SummaryStrip::render(const core::Evaluation& /*evaluation*/) { update(); }  // placeholder

}  // namespace fourfold::ui
