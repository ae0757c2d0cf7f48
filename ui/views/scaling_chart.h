// SPDX-License-Identifier: GPL-3.0-or-later
// ScalingChart: the Step-time pane's scaling tab. Strong scaling (fixed global batch) or weak
// scaling (fixed work per GPU), chosen in a combo box: speedup against the smallest size with
// the ideal line on the left axis, efficiency on the right, over the world sizes the core
// evaluated. Draws core::ScalingCurves only.
#pragma once

#include "core/evaluate/evaluation.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QCustomPlot;
class QLabel;

namespace fourfold::ui {

class ScalingChart : public QWidget {
    Q_OBJECT
public:
    explicit ScalingChart(QWidget* parent = nullptr);

    // Null: nothing to draw (a message says so). `currentDp` marks the plan's own point.
    void showCurves(const core::ScalingCurves* curves, int currentDp);
    [[nodiscard]] QComboBox* kindBox() const { return kind_; }
    // The curve drawn now (strong or weak, by the combo box).
    [[nodiscard]] const std::vector<core::ScalingPoint>& shownPoints() const { return shown_; }
    [[nodiscard]] QCustomPlot* plot() const { return plot_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void redraw();
    void showPointAt(const QPoint& position);

    QComboBox* kind_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QLabel* caption_ = nullptr;
    core::ScalingCurves curves_;
    bool hasCurves_ = false;
    int currentDp_ = 0;
    std::vector<core::ScalingPoint> shown_;
};

}  // namespace fourfold::ui
