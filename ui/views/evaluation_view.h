// SPDX-License-Identifier: GPL-3.0-or-later
// The base of every view: it receives the document's Evaluation and draws it, nothing more.
// A hidden view only remembers the latest Evaluation and draws it when it is shown.
#pragma once

#include "core/evaluation.h"

#include <QWidget>

#include <memory>

namespace fourfold::ui {

class EvaluationView : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    // Title for docks, menus and export dialogs ("Memory", "Pipeline", ...).
    [[nodiscard]] virtual QString title() const = 0;
    // Writes PNG, SVG or PDF, chosen by the file's suffix; false with a message on failure.
    [[nodiscard]] virtual bool exportImage(const QString& path, QString* error);

    [[nodiscard]] const std::shared_ptr<const core::Evaluation>& evaluation() const {
        return evaluation_;
    }

public slots:
    void showEvaluation(std::shared_ptr<const core::Evaluation> evaluation);

protected:
    // Draw `evaluation` (never null). Called when visible, or on the next show.
    virtual void render(const core::Evaluation& evaluation) = 0;
    void showEvent(QShowEvent* event) override;

private:
    std::shared_ptr<const core::Evaluation> evaluation_;
    bool stale_ = false;
};

}  // namespace fourfold::ui
