// SPDX-License-Identifier: MIT
// RankMapView: placeholder until the view lands.
#pragma once

#include "ui/evaluation_view.h"

namespace fourfold::ui {

class RankMapView : public EvaluationView {
    Q_OBJECT
public:
    explicit RankMapView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override { return tr("Rank map"); }

protected:
    void render(const core::Evaluation& evaluation) override;
};

}  // namespace fourfold::ui
