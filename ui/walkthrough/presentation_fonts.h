// SPDX-License-Identifier: GPL-3.0-or-later
// Presentation mode's larger type for the charts. A chart keeps the fonts it was built with
// (QCustomPlot does not follow its widget's font), so its axes, legends, headings and text
// items are scaled here, and scaled back by the inverse factor.
#pragma once

class QWidget;

namespace fourfold::ui {

// Scales the fonts of every chart under `root` by `factor` and queues a replot.
void scaleChartFonts(QWidget* root, double factor);
// Resizes the bars a view places itself, outside any layout (the rank map's "Colour by"), to
// their contents after the type changed size; laid-out widgets follow on their own.
void refitFloatingBars(QWidget* root);

}  // namespace fourfold::ui
