// SPDX-License-Identifier: GPL-3.0-or-later
// TrainingControls: precision, master weights, gradient dtype, optimizer, micro-batch, gradient
// accumulation, the derived global batch with an optional typed target, sequence length,
// recompute and flash attention; fine-tuning (mode, LoRA rank, base precision, paged optimizer)
// and the memory savers (activation offload, loss chunks).
#pragma once

#include "ui/controls/controls_group.h"

class QDoubleSpinBox;

namespace fourfold::ui {

class TrainingControls : public ControlsGroup {
    Q_OBJECT
public:
    explicit TrainingControls(PlanDocument* document, QWidget* parent = nullptr);
    void sync(const core::Evaluation& evaluation) override;

private:
    void addGlobalBatch();

    QLabel* batchFormula_ = nullptr;
    QDoubleSpinBox* batchTarget_ = nullptr;
};

}  // namespace fourfold::ui
