// SPDX-License-Identifier: MIT
// DiagnosticsList: the plan's errors and warnings; activating one asks to focus its control.
#pragma once

#include "ui/evaluation_view.h"

namespace fourfold::ui {

class DiagnosticsList : public EvaluationView {
    Q_OBJECT
public:
    explicit DiagnosticsList(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override { return tr("Diagnostics"); }

signals:
    void diagnosticActivated(const QString& jsonPointer);

protected:
    void render(const core::Evaluation& evaluation) override;
};

}  // namespace fourfold::ui
