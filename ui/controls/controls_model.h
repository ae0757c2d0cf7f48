// SPDX-License-Identifier: GPL-3.0-or-later
// ModelControls: the model preset and a log-scale size slider (100 M – 2 T parameters) with the
// shape that size implies (core::shapeForParameterCount).
#pragma once

#include "ui/controls/controls_group.h"

namespace fourfold::ui {

class ModelControls : public ControlsGroup {
    Q_OBJECT
public:
    explicit ModelControls(PlanDocument* document, QWidget* parent = nullptr);
    void sync(const core::Evaluation& evaluation) override;

private:
    void choosePreset(int index);
    void setSize(double parameters, int gesture);

    QComboBox* preset_ = nullptr;
    SliderControl* size_ = nullptr;
};

}  // namespace fourfold::ui
