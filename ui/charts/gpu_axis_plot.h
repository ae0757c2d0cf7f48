// SPDX-License-Identifier: GPL-3.0-or-later
// The chart the scaling and checkpoint tabs share: GPUs on a log-2 x axis, a figure on the
// left axis, a percentage on the right one, a borderless legend under the chart, following the
// theme.
#pragma once

#include <QString>

class QCustomPlot;

namespace fourfold::ui {

[[nodiscard]] QCustomPlot* newGpuAxisPlot(const QString& objectName, const QString& leftLabel,
                                          const QString& rightLabel, double rightMax);

}  // namespace fourfold::ui
