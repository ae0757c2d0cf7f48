// SPDX-License-Identifier: GPL-3.0-or-later
// PipelineGanttView: one row per pipeline rank with its forward, backward and weight-gradient
// ops over time (ms), idle time hatched, the bubble with its formula on top, and under it, on
// the same time axis, each rank's activation memory over time against its headroom.
// Zoom and pan with the wheel and drag, or +/−, arrows, 0/Home to reset.
#pragma once

#include "ui/charts/fitting_ticker.h"
#include "ui/charts/legend_swatch.h"
#include "ui/views/evaluation_view.h"
#include "ui/views/gantt_plottable.h"

#include <optional>
#include <vector>

class QCustomPlot;
class QCPAbstractPlottable;
class QCPAxisRect;
class QCPTextElement;
class QMouseEvent;

namespace fourfold::ui {

class PipelineGanttView : public EvaluationView {
    Q_OBJECT
public:
    explicit PipelineGanttView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override { return tr("Pipeline"); }

    struct Hit {
        int rank = 0;
        int opIndex = 0;  // into ScheduleResult::ranks[rank].ops
    };
    // The op under a time (ms) and a row value (rank ± 0.4), if any.
    [[nodiscard]] std::optional<Hit> hitTest(double timeMs, double row) const;
    [[nodiscard]] std::optional<Hit> hitTestPixel(const QPoint& position) const;
    [[nodiscard]] QString toolTipFor(const Hit& hit) const;

    [[nodiscard]] QString bubbleText() const;
    [[nodiscard]] QString peakText() const;
    // "Time (ms)", or "Time (s)" for steps of 10 s and more.
    [[nodiscard]] QString timeAxisLabel() const;
    // GB or GiB for the memory timeline and its peak.
    void setByteUnits(core::ByteUnits units);
    [[nodiscard]] core::ByteUnits byteUnits() const { return units_; }
    [[nodiscard]] GanttDrawStats drawStats() const;
    [[nodiscard]] QCustomPlot* plot() const { return plot_; }
    [[nodiscard]] double visibleStartMs() const;
    [[nodiscard]] double visibleEndMs() const;

public slots:
    void resetView();
    // factor < 1 zooms in around the centre of the visible range.
    void zoomBy(double factor);
    // Shifts the visible range by this share of its width.
    void panBy(double share);

protected:
    void render(const core::Evaluation& evaluation) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildPlot();
    // `dense`: blocks fall under a pixel, and the legend names the density view's blends.
    void buildLegend(int chunks, int everyRank, bool dense);
    // The activation strip's entries: the peak, the lines per rank, the headroom.
    void addStripSwatches(std::vector<Swatch>& swatches, int everyRank) const;
    void placeLegend(std::vector<Swatch> swatches);
    void setRowTicks(int ranks);
    void setTimeUnit(double makespanS);
    void clampTimeRange();
    void showHover(QMouseEvent* event);

    QCustomPlot* plot_ = nullptr;
    QCPAxisRect* ganttRect_ = nullptr;
    QCPAxisRect* memoryRect_ = nullptr;
    QCPAbstractPlottable* blocks_ = nullptr;
    QCPTextElement* heading_ = nullptr;
    QString headingText_;         // unwrapped; wrapped to the plot's width at each replot
    QString compactHeadingText_;  // the totals and the peak, for a short plot
    SeparatorWrap wrapHeading_;
    int tickedRanks_ = -1;                // the rows the rank ticker labels
    int legendColumns_ = 3;               // the legend's columns when the width allows
    std::vector<Swatch> legendSwatches_;  // the entries the legend holds
    // What the legend was built for, to build it again when the plot turns short or tall.
    int legendChunks_ = 1;
    int legendEvery_ = 1;
    bool legendDense_ = false;
    bool shortPlot_ = false;  // the legend names the blocks only; the strip takes more height
    QString bubbleText_;
    QString peakText_;
    double fullStartMs_ = 0;
    double fullEndMs_ = 1;
    bool clamping_ = false;
    core::ByteUnits units_ = core::ByteUnits::Decimal;
};

}  // namespace fourfold::ui
