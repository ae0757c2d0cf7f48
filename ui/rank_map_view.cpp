// SPDX-License-Identifier: MIT
#include "ui/rank_map_view.h"

namespace fourfold::ui {

RankMapView::RankMapView(QWidget* parent) : EvaluationView(parent) {}

void RankMapView::render(const core::Evaluation& /*evaluation*/) { update(); }

}  // namespace fourfold::ui
