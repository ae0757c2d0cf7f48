// SPDX-License-Identifier: GPL-3.0-or-later
// MemoryStackView: one stacked bar per pipeline stage (memory of one GPU of that stage) by
// category, against the card's capacity and the safety-margin band; the part above the usable
// line in red with its amount; measured peaks beside the bars; GB or GiB. Hover a segment
// for its bytes and the formula behind them.
#pragma once

#include "ui/charts/fitting_ticker.h"
#include "ui/charts/recycled_items.h"
#include "ui/views/evaluation_view.h"
#include "ui/widgets/recent_values.h"

#include <QFont>
#include <QString>

#include <array>
#include <utility>
#include <vector>

class QCheckBox;
class QCustomPlot;
class QCPBars;
class QCPItemLine;
class QCPTextElement;
class QMouseEvent;

namespace fourfold::ui {

class MemoryStackView : public EvaluationView {
    Q_OBJECT
public:
    explicit MemoryStackView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override { return tr("Memory"); }

    // GiB (2^30 bytes) instead of GB (10^9 bytes) on the axis and in the text.
    void setBinaryUnits(bool binary);
    [[nodiscard]] bool binaryUnits() const { return binary_; }
    [[nodiscard]] double bytesPerUnit() const;

    [[nodiscard]] QCustomPlot* plot() const { return plot_; }
    [[nodiscard]] QCPBars* categoryBars(core::MemoryCategory category) const;
    [[nodiscard]] QCPItemLine* capacityLine() const { return capacity_; }
    [[nodiscard]] QStringList overflowLabels() const { return overflowLabels_; }
    [[nodiscard]] QStringList measuredLabels() const { return measuredLabels_; }
    // The stage the measured peak of the fullest stage is drawn beside; -1 when there is none.
    [[nodiscard]] int measuredFullestStage() const { return measuredFullestStage_; }
    [[nodiscard]] QString headingText() const;
    // Hover text for one bar segment, and for whatever is under a plot pixel ("" for nothing).
    [[nodiscard]] QString segmentToolTip(int stageIndex, core::MemoryCategory category) const;
    [[nodiscard]] QString toolTipAt(const QPoint& position) const;

signals:
    // The units changed, by setBinaryUnits or by the view's own GiB check box.
    void binaryUnitsChanged(bool binary);

protected:
    void render(const core::Evaluation& evaluation) override;
    void changeEvent(QEvent* event) override;

private:
    static constexpr double kBarWidth = 0.62;     // in stage units, so pp = 64 gives thin bars
    static constexpr int kMaxPerStageTexts = 16;  // beyond this, labels would collide

    void buildPlot();
    void redraw();
    void drawLimits(const core::MemoryReport& report, int stages);
    void drawOverflow(const core::MemoryReport& report);
    void drawMeasured(const core::Evaluation& evaluation);
    // A measured peak that names no stage (measured.peak_bytes), beside the fullest stage.
    void drawMeasuredFullest(const core::Evaluation& evaluation);
    void setStageTicks(const core::MemoryReport& report);
    // Lays the legend out in columns of as many entries as the plot's height holds.
    void fitLegendRows();
    // Moves the capacity label off any other label; true when it moved.
    bool keepCapacityLabelClear();
    // The value axis reaches a line of text above the tallest bar or line, so "capacity …" and
    // "+x over" above them are never cut by the plot's top edge, however short the plot or
    // large the type; true when the range changed.
    bool keepRoomAboveTop();
    void showHover(QMouseEvent* event);
    [[nodiscard]] QString amount(std::uint64_t bytes) const;
    [[nodiscard]] core::ByteUnits units() const;

    QCustomPlot* plot_ = nullptr;
    QCPTextElement* heading_ = nullptr;
    QString headingText_;  // unwrapped; wrapped to the plot's width at each replot
    SeparatorWrap wrapHeading_;
    std::vector<std::pair<int, int>> tickedStages_;  // stage number, in flight: the ticker's
    std::array<QCPBars*, core::kMemoryCategoryCount> bars_{};
    QCPItemLine* capacity_ = nullptr;
    // Drawn again at each evaluation: the limits (band, usable line, capacity line and label),
    // and per stage over the usable line a tinted box and maybe a label.
    RecycledItems limitItems_;
    RecycledItems overflowBoxes_;
    RecycledItems overflowTexts_;
    // The widths of the "+x over" labels measured lately (a drag shows the same ones again).
    RecentValues<std::pair<QString, QFont>, int, 64> overWidths_;
    QCheckBox* binaryToggle_ = nullptr;
    QStringList overflowLabels_;
    QStringList measuredLabels_;
    int measuredFullestStage_ = -1;  // where drawMeasuredFullest put its marker; -1: none
    bool binary_ = false;
    double topValue_ = 0;  // the tallest bar, line or measured peak, in the axis's unit
};

}  // namespace fourfold::ui
