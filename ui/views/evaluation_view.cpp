// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/evaluation_view.h"

#include "ui/charts/image_export.h"
#include "ui/charts/plot_export.h"
#include "ui/settings/language.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QStackedLayout>
#include <QVBoxLayout>

namespace fourfold::ui {

void EvaluationView::showEvaluation(std::shared_ptr<const core::Evaluation> evaluation) {
    if (!evaluation) return;
    evaluation_ = std::move(evaluation);
    if (isVisible()) {
        renderAgain();
    } else {
        stale_ = true;
    }
}

void EvaluationView::renderAgain() {
    if (!evaluation_) return;
    stale_ = false;
    shown_ = evaluation_;
    const auto keep = shown_;  // alive even if render hands a new one over
    render(*keep);
}

void EvaluationView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) renderAgain();
}

void EvaluationView::setContent(QWidget* content, QLayout* toolbar, QCustomPlot* plot) {
    content_ = content;
    plot_ = plot;
    message_ = new QLabel;
    message_->setAlignment(Qt::AlignCenter);
    message_->setWordWrap(true);
    auto* pageHost = new QWidget;
    pages_ = new QStackedLayout(pageHost);
    pages_->addWidget(content);
    pages_->addWidget(message_);
    pages_->setCurrentWidget(message_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    if (toolbar) layout->addLayout(toolbar);
    layout->addWidget(pageHost, 1);
}

void EvaluationView::showMessage(const QString& text) {
    if (!pages_) return;
    message_->setText(text);
    pages_->setCurrentWidget(message_);
}

void EvaluationView::showContent() {
    if (pages_) pages_->setCurrentWidget(content_);
}

bool EvaluationView::showsMessage() const { return pages_ && pages_->currentWidget() == message_; }

QString EvaluationView::absentText(const core::Evaluation& evaluation, const QString& what,
                                   const QString& otherwise) {
    for (const core::Diagnostic& diagnostic : evaluation.diagnostics) {
        if (diagnostic.severity == core::Severity::Error) {
            return what + QStringLiteral(": ") + localizedMessage(diagnostic);
        }
    }
    return otherwise;
}

void EvaluationView::setExportLook(bool /*exporting*/) {}

QSize EvaluationView::exportSize() const {
    return plot_ && !showsMessage() ? plot_->size() : size();
}

bool EvaluationView::exportImage(const QString& path, QString* error, double scale) {
    // What is on screen may be older than the latest evaluation (hidden, or not drawn yet).
    if (evaluation_ && (stale_ || shown_ != evaluation_)) renderAgain();
    setExportLook(true);
    const bool written = plot_ && !showsMessage() ? exportPlot(*plot_, path, error, scale)
                                                  : exportWidgetImage(*this, path, error, scale);
    setExportLook(false);
    return written;
}

}  // namespace fourfold::ui
