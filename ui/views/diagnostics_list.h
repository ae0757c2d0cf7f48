// SPDX-License-Identifier: GPL-3.0-or-later
// DiagnosticsList: the plan's errors and warnings, worst first, each with its field; activating
// one (click or Enter) asks to focus the control for its field.
#pragma once

#include "ui/views/evaluation_view.h"

class QListWidget;
class QListWidgetItem;

namespace fourfold::ui {

class DiagnosticsList : public EvaluationView {
    Q_OBJECT
public:
    explicit DiagnosticsList(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override { return tr("Diagnostics"); }
    [[nodiscard]] QListWidget* list() const { return list_; }

signals:
    void diagnosticActivated(const QString& jsonPointer);

protected:
    void render(const core::Evaluation& evaluation) override;

private:
    void activate(QListWidgetItem* item);

    QListWidget* list_ = nullptr;
};

}  // namespace fourfold::ui
