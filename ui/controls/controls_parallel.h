// SPDX-License-Identifier: GPL-3.0-or-later
// ParallelControls: DP, TP, PP, CP and EP sliders stepping through the values core/
// parallel_choices.h allows, the schedule and its virtual stages, sequence parallelism, ZeRO
// stage, sharding group and offload. A value that breaks a rule is kept and marked red.
#pragma once

#include "core/parallel_choices.h"
#include "ui/controls/controls_group.h"

#include <vector>

namespace fourfold::ui {

class ParallelControls : public ControlsGroup {
    Q_OBJECT
public:
    explicit ParallelControls(PlanDocument* document, QWidget* parent = nullptr);
    void sync(const core::Evaluation& evaluation) override;

private:
    struct AxisSlider {
        core::ParallelAxis axis;
        SliderControl* control;
    };
    SliderControl* addAxis(core::ParallelAxis axis, const QString& name, const QString& label,
                           const QString& help, const QString& undoText);

    std::vector<AxisSlider> axes_;
    QComboBox* schedule_ = nullptr;
    QCheckBox* sequenceParallel_ = nullptr;
    QComboBox* zeroStage_ = nullptr;
    QComboBox* offload_ = nullptr;
};

}  // namespace fourfold::ui
