// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/evaluation_view.h"

#include "ui/views/image_export.h"

namespace fourfold::ui {

void EvaluationView::showEvaluation(std::shared_ptr<const core::Evaluation> evaluation) {
    if (!evaluation) return;
    evaluation_ = std::move(evaluation);
    if (isVisible()) {
        stale_ = false;
        render(*evaluation_);
    } else {
        stale_ = true;
    }
}

void EvaluationView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_ && evaluation_) {
        stale_ = false;
        render(*evaluation_);
    }
}

bool EvaluationView::exportImage(const QString& path, QString* error) {
    if (stale_ && evaluation_) {
        stale_ = false;
        render(*evaluation_);
    }
    return exportWidgetImage(*this, path, error);
}

}  // namespace fourfold::ui
