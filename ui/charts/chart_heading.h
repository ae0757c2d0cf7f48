// SPDX-License-Identifier: GPL-3.0-or-later
// A chart's heading: a QCPTextElement that lays its text out once per text and font, and both
// measures and draws it from that layout, not at every replot. A heading of a few lines was
// re-shaped three times per replot (two size queries and the paint), then twice per new text
// (the size query and the paint), a visible share of a chart's time during a drag.
#pragma once

class QCPTextElement;
class QCustomPlot;
class QFont;

namespace fourfold::ui {

// A heading element of `plot` in `font`; the caller adds it to the plot's layout.
[[nodiscard]] QCPTextElement* makeChartHeading(QCustomPlot* plot, const QFont& font);

}  // namespace fourfold::ui
