// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/checkpoint_panel.h"

#include "core/text/format.h"
#include "ui/charts/gpu_axis_plot.h"
#include "ui/charts/palette.h"
#include "ui/views/explained_text.h"

#include <qcustomplot.h>

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace fourfold::ui {
namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

QString duration(double seconds) {
    if (seconds >= 2 * 86400.0)
        return CheckpointPanel::tr("%1 d").arg(QString::number(seconds / 86400.0, 'f', 1));
    if (seconds >= 7200)
        return CheckpointPanel::tr("%1 h").arg(QString::number(seconds / 3600.0, 'f', 1));
    if (seconds >= 120)
        return CheckpointPanel::tr("%1 min").arg(QString::number(seconds / 60.0, 'f', 1));
    return qs(core::formatSeconds(seconds));
}

const QColor kMtbf(0x00, 0x72, 0xb2);
const QColor kGoodput(0x00, 0x9e, 0x73);

}  // namespace

CheckpointPanel::CheckpointPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("checkpointPanel"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(8, 6, 6, 2);
    row->setSpacing(12);
    figures_ = new QWidget;
    auto* column = new QVBoxLayout(figures_);
    column->setContentsMargins(0, 0, 0, 0);
    grid_ = new QGridLayout;
    grid_->setHorizontalSpacing(12);
    grid_->setVerticalSpacing(2);
    column->addLayout(grid_);
    column->addStretch(1);
    addRow(QStringLiteral("size"), tr("Checkpoint size"));
    addRow(QStringLiteral("model"), tr("model weights"), true);
    addRow(QStringLiteral("optimizer"), tr("optimizer state"), true);
    addRow(QStringLiteral("rng"), tr("RNG states"), true);
    addRow(QStringLiteral("cursor"), tr("data cursor"), true);
    addRow(QStringLiteral("layout"), tr("layout metadata"), true);
    addRow(QStringLiteral("write"), tr("Write time"));
    addRow(QStringLiteral("mtbf"), tr("Cluster MTBF"));
    addRow(QStringLiteral("interval"), tr("Checkpoint every (Young/Daly)"));
    addRow(QStringLiteral("steps"), tr("Steps between checkpoints"));
    addRow(QStringLiteral("goodput"), tr("Goodput"));
    row->addWidget(figures_);
    empty_ = new QLabel(tr("No checkpoint estimate: the model cannot be analysed."));
    empty_->setAlignment(Qt::AlignCenter);
    empty_->setEnabled(false);
    row->addWidget(empty_, 1);

    plot_ = newGpuAxisPlot(QStringLiteral("reliabilityPlot"), tr("Cluster MTBF (hours)"),
                           tr("Goodput (%)"), 105);
    plot_->setMinimumSize(220, 150);
    row->addWidget(plot_, 1);
}

QLabel* CheckpointPanel::addRow(const QString& name, const QString& caption, bool indented) {
    const int line = grid_->rowCount();
    auto* label = new QLabel(indented ? QStringLiteral("    ") + caption : caption);
    if (indented) label->setForegroundRole(QPalette::PlaceholderText);
    auto* value = new QLabel(QStringLiteral("—"));
    value->setObjectName(name + QStringLiteral("Value"));
    value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (!indented) {
        // A bold font, not a style sheet, so the colour follows a theme change.
        QFont bold = value->font();
        bold.setBold(true);
        value->setFont(bold);
    }
    grid_->addWidget(label, line, 0);
    grid_->addWidget(value, line, 1);
    return value;
}

QLabel* CheckpointPanel::value(const QString& name) const { return findChild<QLabel*>(name); }

void CheckpointPanel::showCheckpoint(const core::CheckpointReport* checkpoint,
                                     const core::ScalingCurves* curves, std::int64_t worldSize) {
    figures_->setVisible(checkpoint != nullptr);
    empty_->setVisible(checkpoint == nullptr);
    plot_->setVisible(checkpoint != nullptr);
    if (!checkpoint) return;
    const auto set = [this](const char* name, const QString& text, const QString& tip = {}) {
        QLabel* label = value(QString::fromLatin1(name) + QStringLiteral("Value"));
        label->setText(text);
        label->setToolTip(tip);
    };
    const auto bytes = [](std::uint64_t count) { return qs(core::formatBytes(count)); };
    const core::CheckpointContents& contents = checkpoint->contents;
    set("size", bytes(checkpoint->bytes),
        tr("Everything a restart needs, over all ranks: the model, the optimizer, RNG states, "
           "the data cursor and the parallel layout."));
    set("model", bytes(contents.model));
    set("optimizer", bytes(contents.optimizer));
    set("rng", bytes(contents.rng));
    set("cursor", bytes(contents.dataCursor));
    set("layout", bytes(contents.layout));
    set("write", qs(core::formatSeconds(checkpoint->writeS)),
        tr("Checkpoint size over the storage bandwidth (plan option)."));
    set("mtbf", duration(checkpoint->clusterMtbfS),
        worldSize == 1 ? tr("The GPU's MTBF: the more GPUs, the sooner one fails.")
                       : tr("Per-GPU MTBF over the %1 GPUs: the more GPUs, the sooner one fails.")
                             .arg(worldSize));
    set("interval", duration(checkpoint->intervalS),
        ExplainedText::coded(checkpoint->intervalText));
    set("steps", QString::number(checkpoint->stepsPerInterval, 'f', 0));
    set("goodput", qs(core::formatPercent(checkpoint->goodput)),
        ExplainedText::coded(checkpoint->goodputText));

    plot_->clearGraphs();
    if (curves && !curves->weak.empty()) {
        QVector<double> gpus, hours, goodput;
        double top = 0;
        for (const core::ScalingPoint& point : curves->weak) {
            gpus << static_cast<double>(point.gpus);
            hours << point.clusterMtbfS / 3600.0;
            goodput << 100.0 * point.goodput;
            top = std::max(top, point.clusterMtbfS / 3600.0);
        }
        QCPGraph* mtbf = plot_->addGraph(plot_->xAxis, plot_->yAxis);
        mtbf->setName(tr("Cluster MTBF"));
        mtbf->setPen(QPen(kMtbf, 2));
        mtbf->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, kMtbf, 5));
        mtbf->setData(gpus, hours, true);
        QCPGraph* share = plot_->addGraph(plot_->xAxis, plot_->yAxis2);
        share->setName(tr("Goodput"));
        share->setPen(QPen(kGoodput, 1.6, Qt::DashLine));
        share->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, kGoodput, 5));
        share->setData(gpus, goodput, true);
        plot_->xAxis->setRange(gpus.front() / 1.3, std::max(gpus.back(), gpus.front() * 2) * 1.3);
        plot_->yAxis->setRange(0, std::max(top, 1e-6) * 1.1);
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace fourfold::ui
