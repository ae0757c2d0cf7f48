// SPDX-License-Identifier: GPL-3.0-or-later
// The rank map's legend under the map: what the colours mean and the TP outline, which group
// kinds span nodes, and (on screen) how to move around. Works on any paint device; on screen
// the lines that rarely change are kept as an image (RankMapScene::legend).
#pragma once

#include "ui/views/rank_map_painter.h"

class QPainter;
class QRectF;

namespace fourfold::ui {

void paintRankMapLegend(QPainter& painter, const RankMapScene& scene, const QRectF& area);

}  // namespace fourfold::ui
