// SPDX-License-Identifier: GPL-3.0-or-later
// CheckpointPanel: the Step-time pane's checkpoint tab. What a checkpoint holds (model,
// optimizer, RNG, data cursor, layout), its write time, the Young/Daly interval, the steps
// between checkpoints and the goodput, each with its formula in a tooltip; beside them a small
// chart of the cluster's MTBF and the goodput as they fall with GPUs (the scaling sizes).
// Draws core::CheckpointReport and core::ScalingCurves only.
#pragma once

#include "core/evaluate/evaluation.h"

#include <QWidget>

class QCustomPlot;
class QGridLayout;
class QLabel;

namespace fourfold::ui {

class CheckpointPanel : public QWidget {
    Q_OBJECT
public:
    explicit CheckpointPanel(QWidget* parent = nullptr);

    // Null checkpoint: a message instead of the figures; null curves: no chart.
    void showCheckpoint(const core::CheckpointReport* checkpoint, const core::ScalingCurves* curves,
                        std::int64_t worldSize);
    // The value label of a row (object names: sizeValue, modelValue, optimizerValue, rngValue,
    // cursorValue, layoutValue, writeValue, mtbfValue, intervalValue, stepsValue,
    // goodputValue).
    [[nodiscard]] QLabel* value(const QString& name) const;
    [[nodiscard]] QCustomPlot* plot() const { return plot_; }

private:
    QLabel* addRow(const QString& name, const QString& caption, bool indented = false);

    QGridLayout* grid_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QLabel* empty_ = nullptr;
    QWidget* figures_ = nullptr;
};

}  // namespace fourfold::ui
