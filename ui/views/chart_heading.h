// SPDX-License-Identifier: GPL-3.0-or-later
// A chart's heading: a QCPTextElement that measures and lays out its text once per text, font
// and size, not at every replot. A heading of a few lines was re-shaped three times per replot
// (two size queries and the paint), a visible share of a chart's time during a drag.
#pragma once

class QCPTextElement;
class QCustomPlot;
class QFont;

namespace fourfold::ui {

// A heading element of `plot` in `font`; the caller adds it to the plot's layout.
[[nodiscard]] QCPTextElement* makeChartHeading(QCustomPlot* plot, const QFont& font);

}  // namespace fourfold::ui
