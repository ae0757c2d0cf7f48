// SPDX-License-Identifier: GPL-3.0-or-later
// Slider stops: where a slider's positions land. Presentation only (the spin box beside each
// slider takes any exact value); valid parallel degrees come from core/rules/parallel_choices.h.
#pragma once

#include <vector>

namespace fourfold::ui {

// `count` points spaced evenly in log10 from `first` to `last`, each rounded to 3 significant
// digits (1.00e8, 1.02e8, ...), so a log slider lands on readable values.
[[nodiscard]] std::vector<double> logStops(double first, double last, int count);
// Whole numbers from `first` to `last`: every one up to 16, then 1.25×, 1.5× and 2× each power
// of two (20, 24, 32, 40, 48, 64 ...), always ending at `last`.
[[nodiscard]] std::vector<double> countStops(int first, int last);
// Powers of two from `first` to `last` (both powers of two).
[[nodiscard]] std::vector<double> powerOfTwoStops(int first, int last);
// first, first + step, ... up to last.
[[nodiscard]] std::vector<double> linearStops(double first, double last, double step);
// Integer values as stops.
[[nodiscard]] std::vector<double> toStops(const std::vector<int>& values);

}  // namespace fourfold::ui
