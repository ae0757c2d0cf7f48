// SPDX-License-Identifier: MIT
// SummaryStrip: one line of the answers that matter most (fits?, global batch, bubble, ...).
#pragma once

#include "ui/evaluation_view.h"

namespace fourfold::ui {

class SummaryStrip : public EvaluationView {
    Q_OBJECT
public:
    explicit SummaryStrip(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override { return tr("Summary"); }

protected:
    void render(const core::Evaluation& evaluation) override;
};

}  // namespace fourfold::ui
