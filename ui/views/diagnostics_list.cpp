// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/diagnostics_list.h"

#include <QListWidget>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace fourfold::ui {
namespace {

constexpr int kPathRole = Qt::UserRole;

QStyle::StandardPixmap iconFor(core::Severity severity) {
    switch (severity) {
        case core::Severity::Error:
            return QStyle::SP_MessageBoxCritical;
        case core::Severity::Warning:
            return QStyle::SP_MessageBoxWarning;
        case core::Severity::Info:
            return QStyle::SP_MessageBoxInformation;
    }
    return QStyle::SP_MessageBoxInformation;
}

QString severityText(core::Severity severity) {
    switch (severity) {
        case core::Severity::Error:
            return DiagnosticsList::tr("Error");
        case core::Severity::Warning:
            return DiagnosticsList::tr("Warning");
        case core::Severity::Info:
            return DiagnosticsList::tr("Note");
    }
    return {};
}

}  // namespace

DiagnosticsList::DiagnosticsList(QWidget* parent) : EvaluationView(parent) {
    setObjectName(QStringLiteral("diagnosticsList"));
    list_ = new QListWidget(this);
    list_->setObjectName(QStringLiteral("diagnosticsItems"));
    list_->setWordWrap(true);
    list_->setUniformItemSizes(false);
    list_->setResizeMode(QListView::Adjust);
    list_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    list_->setToolTip(tr("Problems in the plan; activate one to go to its control."));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(list_);
    // Enter (and a double click) activate; a single click does too, once.
    connect(list_, &QListWidget::itemActivated, this, &DiagnosticsList::activate);
    connect(list_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        if (!style()->styleHint(QStyle::SH_ItemView_ActivateItemOnSingleClick, nullptr, list_)) {
            activate(item);
        }
    });
}

void DiagnosticsList::activate(QListWidgetItem* item) {
    if (!item) return;
    const QString path = item->data(kPathRole).toString();
    if (!path.isEmpty()) emit diagnosticActivated(path);
}

void DiagnosticsList::render(const core::Evaluation& evaluation) {
    list_->clear();
    std::vector<core::Diagnostic> sorted = evaluation.diagnostics;
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
        return static_cast<int>(a.severity) < static_cast<int>(b.severity);
    });
    for (const core::Diagnostic& diagnostic : sorted) {
        const QString path = QString::fromStdString(diagnostic.path);
        const QString message = QString::fromStdString(diagnostic.message);
        auto* item =
            new QListWidgetItem(style()->standardIcon(iconFor(diagnostic.severity)),
                                path.isEmpty() ? message : tr("%1 (%2)").arg(message, path), list_);
        item->setData(kPathRole, path);
        item->setToolTip(path.isEmpty()
                             ? tr("%1: %2").arg(severityText(diagnostic.severity), message)
                             : tr("%1 at %2: %3\nActivate to go to the control.")
                                   .arg(severityText(diagnostic.severity), path, message));
    }
    if (sorted.empty()) {
        auto* item = new QListWidgetItem(style()->standardIcon(QStyle::SP_DialogApplyButton),
                                         tr("No problems"), list_);
        item->setToolTip(tr("The plan breaks no rule the engine checks."));
        item->setFlags(Qt::ItemIsEnabled);
    }
}

}  // namespace fourfold::ui
