// SPDX-License-Identifier: GPL-3.0-or-later
// ParallelControls: DP, TP, PP, CP and EP sliders stepping through the values core/
// parallel_choices.h allows, the schedule and its virtual stages, sequence parallelism, ZeRO
// stage, sharding group and offload. A value that breaks a rule is kept and marked red.
#pragma once

#include "core/plan/plan.h"
#include "core/rules/parallel_choices.h"
#include "ui/controls/controls_group.h"
#include "ui/widgets/recent_values.h"

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

    // Each axis's valid stops (toStops of core::parallelStops, per entry of axes_) for the plans
    // synced last: a drag back and forth comes back to the same plans, and trying every
    // candidate degree of every axis was a fifth of a slider step's own work.
    [[nodiscard]] const std::vector<std::vector<double>>& stopsFor(const core::Plan& plan);
    RecentValues<core::Plan, std::vector<std::vector<double>>, 8> stopsByPlan_;

    std::vector<AxisSlider> axes_;
    QComboBox* zeroStage_ = nullptr;
};

}  // namespace fourfold::ui
