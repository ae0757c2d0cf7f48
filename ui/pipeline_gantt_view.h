// SPDX-License-Identifier: MIT
// PipelineGanttView: placeholder until the view lands.
#pragma once

#include "ui/evaluation_view.h"

namespace fourfold::ui {

class PipelineGanttView : public EvaluationView {
    Q_OBJECT
public:
    explicit PipelineGanttView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override { return tr("Pipeline"); }

protected:
    void render(const core::Evaluation& evaluation) override;
};

}  // namespace fourfold::ui
