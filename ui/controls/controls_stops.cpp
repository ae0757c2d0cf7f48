// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/controls/controls_stops.h"

#include <algorithm>
#include <cmath>

namespace fourfold::ui {

std::vector<double> logStops(double first, double last, int count) {
    std::vector<double> stops;
    if (first <= 0 || last <= first || count < 2) return {first};
    const double low = std::log10(first);
    const double high = std::log10(last);
    for (int index = 0; index < count; ++index) {
        const double exponent = low + (high - low) * index / (count - 1);
        const double magnitude = std::pow(10.0, std::floor(exponent) - 2);
        stops.push_back(std::round(std::pow(10.0, exponent) / magnitude) * magnitude);
    }
    stops.front() = first;
    stops.back() = last;
    stops.erase(std::unique(stops.begin(), stops.end()), stops.end());
    return stops;
}

std::vector<double> countStops(int first, int last) {
    std::vector<double> stops;
    for (int value = std::max(first, 0); value <= std::min(last, 16); ++value) {
        stops.push_back(value);
    }
    // Beyond 16 a rough log scale: 20, 24, 32, 40, 48, 64 ...
    for (double base = 16; base < last; base *= 2) {
        for (double factor : {1.25, 1.5, 2.0}) {
            const double value = base * factor;
            if (value > first && value < last) stops.push_back(value);
        }
    }
    if (last > 16) stops.push_back(last);
    return stops;
}

std::vector<double> powerOfTwoStops(int first, int last) {
    std::vector<double> stops;
    for (double value = std::max(first, 1); value <= last; value *= 2) stops.push_back(value);
    return stops;
}

std::vector<double> linearStops(double first, double last, double step) {
    std::vector<double> stops;
    if (step <= 0) return {first};
    const int count = static_cast<int>(std::floor((last - first) / step + 0.5));
    for (int index = 0; index <= count; ++index) stops.push_back(first + step * index);
    return stops;
}

std::vector<double> toStops(const std::vector<int>& values) {
    return {values.begin(), values.end()};
}

}  // namespace fourfold::ui
