// SPDX-License-Identifier: MIT
// MemoryStackView: placeholder until the view lands.
#pragma once

#include "ui/evaluation_view.h"

namespace fourfold::ui {

class MemoryStackView : public EvaluationView {
    Q_OBJECT
public:
    explicit MemoryStackView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override { return tr("Memory"); }

protected:
    void render(const core::Evaluation& evaluation) override;
};

}  // namespace fourfold::ui
