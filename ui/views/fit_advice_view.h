// SPDX-License-Identifier: GPL-3.0-or-later
// "How to make it fit", under the memory chart: when the plan does not fit, the engine's
// what-ifs, each with the peak it gives, as buttons that apply the change; when it fits, the
// headroom and the largest micro-batch that still fits. Every figure comes from the Evaluation.
#pragma once

#include "ui/views/evaluation_view.h"

#include <QString>

class QLabel;
class QGridLayout;

namespace fourfold::ui {

class FitAdviceView : public EvaluationView {
    Q_OBJECT
public:
    explicit FitAdviceView(QWidget* parent = nullptr);

    [[nodiscard]] QString title() const override;
    void setBinaryUnits(bool binary);

signals:
    // A JSON merge patch (core/plan_patch.h) the user chose, with its undo text.
    void patchRequested(const QString& patch, const QString& undoText);

protected:
    void render(const core::Evaluation& evaluation) override;

private:
    void addChoice(int index, const QString& text, const QString& patch, const QString& undoText,
                   bool enabled, const QString& tooltip);

    QLabel* headline_ = nullptr;
    QGridLayout* choices_ = nullptr;
    bool binary_ = false;
};

}  // namespace fourfold::ui
