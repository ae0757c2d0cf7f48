// SPDX-License-Identifier: GPL-3.0-or-later
// StepTimeView: how long a training step takes and where the time goes. Three tabs:
// - Breakdown: a stacked bar of the step's parts (compute, each exposed collective, pipeline
//   sends, bubble, optimizer, data loading) per pipeline stage where the stages differ, one bar
//   otherwise; step time, tokens/s, tokens/s per GPU and MFU above it, each explained in its
//   tooltip; a measured step time as a dashed line across the bars, with its error;
// - Scaling: strong (fixed global batch) and weak (fixed work per GPU) scaling of the plan over
//   world sizes, speedup and efficiency against the ideal line;
// - Checkpoints: what a checkpoint holds, its write time, the Young/Daly interval, goodput, and
//   the cluster's MTBF as it falls with GPUs.
// Reads only the Evaluation (performance, checkpoint and scaling).
#pragma once

#include "core/text/format.h"
#include "ui/views/evaluation_view.h"
#include "ui/views/explained_text.h"

#include <QStringList>

#include <array>
#include <optional>

class QCPBars;
class QCPItemLine;
class QCPItemText;
class QCustomPlot;
class QLabel;
class QTabWidget;

namespace fourfold::ui {

class ScalingChart;
class CheckpointPanel;

class StepTimeView : public EvaluationView {
    Q_OBJECT
public:
    explicit StepTimeView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override { return tr("Step time"); }

    [[nodiscard]] QTabWidget* tabs() const { return tabs_; }
    [[nodiscard]] ScalingChart* scalingChart() const { return scaling_; }
    [[nodiscard]] CheckpointPanel* checkpointPanel() const { return checkpoint_; }
    // What the breakdown draws: the parts shown (legend order), the bars' labels ("step" or
    // "stage 0", ...), and the seconds of one part in one bar (0 when absent).
    [[nodiscard]] QStringList shownParts() const { return parts_; }
    [[nodiscard]] QStringList barLabels() const { return bars_; }
    [[nodiscard]] double shownSeconds(const QString& part, int bar) const;
    // The headline figures' labels (object names stepTimeValue, tokensValue, tokensPerGpuValue,
    // mfuValue) carry their explanations as tooltips.
    [[nodiscard]] QLabel* figure(const QString& name) const;
    // The measured step the breakdown draws its dashed line at (the Evaluation's comparison);
    // empty when nothing was measured. Its figure (measuredStepValue) gives it with the error.
    [[nodiscard]] std::optional<double> measuredStepShown() const { return measuredStep_; }

    // The breakdown's note and its axis title as they are shown (the note hidden, the title
    // shortened, when the page is too short for them).
    [[nodiscard]] QLabel* note() const { return note_; }
    [[nodiscard]] QCustomPlot* breakdownPlot() const { return plot_; }

protected:
    void render(const core::Evaluation& evaluation) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Shows the note only where the chart keeps its least height, and shortens the axis title
    // where the axis is shorter than it.
    void fitBreakdownPage();
    // True when the axis title changed to fit the axis (a replot shows it).
    bool fitAxisTitle();
    static constexpr int kBreakdownTab = 0, kScalingTab = 1, kCheckpointTab = 2;
    // Draws tab `tab` from `evaluation` if it has not been drawn from it yet.
    void renderTab(const core::Evaluation& evaluation, int tab);
    void renderBreakdown(const core::PerformanceReport& performance);
    // The measured step as a dashed line across the breakdown, and its figure above it.
    void drawMeasuredStep(const core::MeasuredComparison& measured);
    void showPartAt(const QPoint& position);

    QTabWidget* tabs_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPItemLine* measuredLine_ = nullptr;
    QCPItemText* measuredText_ = nullptr;
    std::optional<double> measuredStep_;
    QLabel* note_ = nullptr;
    QWidget* breakdownPage_ = nullptr;
    ScalingChart* scaling_ = nullptr;
    CheckpointPanel* checkpoint_ = nullptr;
    QStringList parts_;
    QList<QCPBars*> partBars_;  // parts_' bars, bottom up
    QStringList bars_;
    QList<QList<double>> seconds_;                     // [part][bar]
    std::array<bool, 3> staleTabs_{true, true, true};  // a tab not yet drawn from shown_
    core::ByteUnits units_ = core::ByteUnits::Decimal;
    ExplainedTips tips_;  // the figures' explanations lately shown
};

}  // namespace fourfold::ui
