// SPDX-License-Identifier: GPL-3.0-or-later
// The result of Edit ▸ Calibration ▸ Calibrate…: every parameter before and after (or kept, and
// why), every run's measured step and peak beside the predictions before, after and held out
// (fitted without the run), and the mean and worst errors; "Save and Use Profile…" accepts.
#pragma once

#include "core/calibrate/calibrate.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace fourfold::ui {

class CalibrationDialog : public QDialog {
    Q_OBJECT
public:
    explicit CalibrationDialog(const core::Calibration& calibration, QWidget* parent = nullptr);

    [[nodiscard]] QTableWidget* parameterTable() const { return parameters_; }
    [[nodiscard]] QTableWidget* runTable() const { return runs_; }
    [[nodiscard]] QLabel* summary() const { return summary_; }

private:
    void fillParameters(const core::Calibration& calibration);
    void fillRuns(const core::Calibration& calibration);

    QTableWidget* parameters_ = nullptr;
    QTableWidget* runs_ = nullptr;
    QLabel* summary_ = nullptr;
};

}  // namespace fourfold::ui
