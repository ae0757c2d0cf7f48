// SPDX-License-Identifier: GPL-3.0-or-later
// Colours of the rank map: a colour-blind-safe qualitative set (Okabe & Ito) for up to eight
// values of an axis, a perceptually uniform sequential ramp (viridis) beyond that, and the
// text colour that stays readable on a given fill.
#pragma once

#include "core/topology.h"

#include <QColor>
#include <QString>

namespace fourfold::ui {

// The axis the cells are coloured by.
enum class RankMapAxis { Pp, Tp, Dp, Cp, Ep };
inline constexpr RankMapAxis kRankMapAxes[] = {RankMapAxis::Pp, RankMapAxis::Tp, RankMapAxis::Dp,
                                               RankMapAxis::Cp, RankMapAxis::Ep};

[[nodiscard]] QString rankMapAxisLabel(RankMapAxis axis);  // "PP stage", "TP rank", ...
[[nodiscard]] QString rankMapAxisShort(RankMapAxis axis);  // "PP", "TP", ...
[[nodiscard]] int rankMapAxisValue(const core::RankCoordinates& coordinates, RankMapAxis axis);
[[nodiscard]] int rankMapAxisCount(const core::TopologySizes& sizes, RankMapAxis axis);

[[nodiscard]] QColor rankMapAxisColour(int value, int count);
[[nodiscard]] QColor rankMapTextOn(const QColor& fill);

}  // namespace fourfold::ui
