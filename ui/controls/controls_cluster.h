// SPDX-License-Identifier: GPL-3.0-or-later
// ClusterControls: GPU type (catalog presets), GPUs per node, nodes, and the links inside and
// between nodes.
#pragma once

#include "ui/controls/controls_group.h"

namespace fourfold::ui {

class ClusterControls : public ControlsGroup {
    Q_OBJECT
public:
    explicit ClusterControls(PlanDocument* document, QWidget* parent = nullptr);
    void sync(const core::Evaluation& evaluation) override;

private:
    void chooseLink(QComboBox* combo, int index, bool intraNode);

    QComboBox* gpu_ = nullptr;
    QLabel* gpuNote_ = nullptr;
    SliderControl* gpusPerNode_ = nullptr;
    SliderControl* nodes_ = nullptr;
    QComboBox* intraNode_ = nullptr;
    QComboBox* interNode_ = nullptr;
};

}  // namespace fourfold::ui
