// SPDX-License-Identifier: GPL-3.0-or-later
// The rank map's legend under the map: what the colours mean and the TP outline, which group
// kinds span nodes, and (on screen) how to move around. Works on any paint device; on screen
// the lines that rarely change are kept as an image (RankMapScene::legend).
#pragma once

#include "ui/views/rank_map_painter.h"

#include <QStringList>

class QFont;
class QPainter;
class QRectF;

namespace fourfold::ui {

void paintRankMapLegend(QPainter& painter, const RankMapScene& scene, const QRectF& area);

// The legend's height under a map `width` pixels wide drawn in `font`: three lines, and a fourth
// on screen when the hint on moving around only fits on two.
[[nodiscard]] double rankMapLegendHeight(const QFont& font, double width, bool onScreen);

// The on-screen hint's lines for that width: the whole hint, or two halves when it does not fit.
[[nodiscard]] QStringList rankMapHintLines(const QFont& font, double width);

}  // namespace fourfold::ui
