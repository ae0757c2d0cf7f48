// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shell/calibration_dialog.h"

#include "core/text/coded_text.h"
#include "core/text/format.h"
#include "ui/settings/language.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace fourfold::ui {
namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

QString signedPercent(double error) {
    return (error >= 0 ? QStringLiteral("+") : QString()) + qs(core::formatPercent(error));
}

// "1.52 s (+3.1 %)", or "—".
QString withError(const std::optional<double>& value, const std::optional<double>& error,
                  bool bytes) {
    if (!value) return QStringLiteral("\u2014");
    QString text = bytes ? qs(core::formatBytes(static_cast<std::uint64_t>(std::llround(*value))))
                         : qs(core::formatSeconds(*value));
    if (error) text += QStringLiteral(" (%1)").arg(signedPercent(*error));
    return text;
}

QString parameterValue(core::CalibrationParameter parameter, double value) {
    using P = core::CalibrationParameter;
    switch (parameter) {
        case P::IntraNodeGbps:
        case P::InterNodeGbps:
            return CalibrationDialog::tr("%1 GB/s").arg(qs(core::formatFixed(value, 1)));
        case P::IntraNodeLatency:
        case P::InterNodeLatency:
            return CalibrationDialog::tr("%1 \u00b5s").arg(qs(core::formatFixed(value, 2)));
        case P::FrameworkBytes:
            return qs(core::formatBytes(static_cast<std::uint64_t>(std::llround(value))));
        case P::GemmHalfDim:
            return qs(core::formatFixed(value, 1));
        default:
            return qs(core::formatFixed(value, 3));
    }
}

QTableWidget* newTable(const QString& name, const QStringList& headers, QWidget* parent) {
    auto* table = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    table->setObjectName(name);
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->setVisible(false);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

void setCell(QTableWidget* table, int row, int column, const QString& text,
             const QString& tip = {}) {
    auto* item = new QTableWidgetItem(text);
    if (!tip.isEmpty()) item->setToolTip(tip);
    table->setItem(row, column, item);
}

}  // namespace

CalibrationDialog::CalibrationDialog(const core::Calibration& calibration, QWidget* parent)
    : QDialog(parent) {
    setObjectName(QStringLiteral("calibrationDialog"));
    setWindowTitle(tr("Calibration"));
    auto* layout = new QVBoxLayout(this);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("calibrationSummary"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary_);
    parameters_ = newTable(QStringLiteral("calibrationParameters"),
                           {tr("Parameter"), tr("Before"), tr("After"), tr("Note")}, this);
    // Twelve parameters against a handful of runs: the parameters get the larger share.
    layout->addWidget(parameters_, 3);
    runs_ = newTable(
        QStringLiteral("calibrationRuns"),
        {tr("Run"), tr("Measured"), tr("Before"), tr("After"), tr("Held out"), tr("Source")}, this);
    layout->addWidget(runs_, 2);
    fillParameters(calibration);
    fillRuns(calibration);

    const core::ErrorSummary& before = calibration.stepBefore;
    const core::ErrorSummary& after = calibration.stepAfter;
    const core::ErrorSummary& heldOut = calibration.stepHeldOut;
    // English says "1 run" and "2 runs": the app carries no English plural forms, so the
    // singular is a message of its own.
    const int runs = static_cast<int>(calibration.rows.size());
    QString text =
        (runs == 1 ? tr("Fitted on one run of %1.") : tr("Fitted on %n runs of %1.", nullptr, runs))
            .arg(qs(calibration.profile.gpu));
    if (before.runs > 0) {
        text +=
            QLatin1Char(' ') +
            tr("Step time error, mean / worst: before %1 / %2, after %3 / %4.")
                .arg(qs(core::formatPercent(before.mean)), qs(core::formatPercent(before.worst)),
                     qs(core::formatPercent(after.mean)), qs(core::formatPercent(after.worst)));
    }
    if (heldOut.runs > 0) {
        text += QLatin1Char(' ') + tr("Held out (each run predicted by a fit without it): %1 / %2.")
                                       .arg(qs(core::formatPercent(heldOut.mean)),
                                            qs(core::formatPercent(heldOut.worst)));
    }
    summary_->setText(text);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton* use =
        buttons->addButton(tr("&Save and Use Profile\u2026"), QDialogButtonBox::AcceptRole);
    use->setObjectName(QStringLiteral("useProfileButton"));
    use->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(860, 620);
}

void CalibrationDialog::fillParameters(const core::Calibration& calibration) {
    parameters_->setRowCount(static_cast<int>(calibration.parameters.size()));
    int row = 0;
    for (const core::FittedParameter& parameter : calibration.parameters) {
        setCell(parameters_, row, 0,
                qs(std::string(core::calibrationParameterKey(parameter.parameter))));
        setCell(parameters_, row, 1, parameterValue(parameter.parameter, parameter.before));
        if (parameter.fitted) {
            setCell(parameters_, row, 2, parameterValue(parameter.parameter, parameter.after));
            setCell(parameters_, row, 3,
                    tr("fitted, within %1 to %2")
                        .arg(parameterValue(parameter.parameter, parameter.lower),
                             parameterValue(parameter.parameter, parameter.upper)));
        } else {
            setCell(parameters_, row, 2, tr("kept"));
            const QString reason = qs(core::renderCodedText(parameter.reason, uiLanguage()));
            setCell(parameters_, row, 3, reason, reason);
        }
        ++row;
    }
    parameters_->resizeColumnsToContents();
}

void CalibrationDialog::fillRuns(const core::Calibration& calibration) {
    runs_->setRowCount(static_cast<int>(calibration.rows.size()));
    int row = 0;
    for (const core::CalibrationRow& run : calibration.rows) {
        setCell(runs_, row, 0, qs(run.plan), qs(run.pointer));
        if (run.measuredStepS) {
            setCell(runs_, row, 1, qs(core::formatSeconds(*run.measuredStepS)));
            setCell(runs_, row, 2, withError(run.beforeStepS, run.beforeError(), false));
            setCell(runs_, row, 3, withError(run.afterStepS, run.afterError(), false));
            setCell(runs_, row, 4, withError(run.heldOutStepS, run.heldOutError(), false));
        } else if (run.measuredPeakBytes) {
            setCell(runs_, row, 1, withError(run.measuredPeakBytes, std::nullopt, true));
            setCell(runs_, row, 2, withError(run.beforePeakBytes, run.beforePeakError(), true));
            setCell(runs_, row, 3, withError(run.afterPeakBytes, run.afterPeakError(), true));
            setCell(runs_, row, 4, withError(run.heldOutPeakBytes, run.heldOutPeakError(), true));
        }
        setCell(runs_, row, 5, qs(run.source));
        ++row;
    }
    runs_->resizeColumnsToContents();
}

}  // namespace fourfold::ui
