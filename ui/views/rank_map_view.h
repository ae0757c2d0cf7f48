// SPDX-License-Identifier: GPL-3.0-or-later
// RankMapView: the cluster as nodes and GPUs, coloured by a parallel axis, with TP groups
// outlined and the groups of the hovered (or pinned) GPU marked. Custom-painted; zooms with
// the wheel or +/− (0 fits), pans by dragging or the arrow keys, and at low zoom draws a
// node as one box so tens of thousands of GPUs stay smooth. Draws only the TopologyReport.
#pragma once

#include "core/topology/parallel_axis.h"
#include "core/topology/topology.h"
#include "ui/charts/raster_worker.h"
#include "ui/views/evaluation_view.h"
#include "ui/views/rank_map_layout.h"
#include "ui/views/rank_map_painter.h"
#include "ui/widgets/recent_values.h"

#include <QImage>
#include <QPointF>

#include <memory>
#include <optional>
#include <vector>

class QComboBox;

namespace fourfold::ui {

class RankMapView : public EvaluationView {
    Q_OBJECT
public:
    explicit RankMapView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override { return tr("Rank map"); }
    [[nodiscard]] QSize sizeHint() const override { return {960, 600}; }

    // The GPU under a widget position, -1 for none (gaps, frames, empty space).
    [[nodiscard]] int rankAt(QPointF position) const;
    // The centre of a rank's cell in widget coordinates (for tests and tours).
    [[nodiscard]] QPointF positionOfRank(int rank) const;
    // The hovered or pinned GPU, -1 for none.
    [[nodiscard]] int focusRank() const { return focusRank_; }
    [[nodiscard]] bool isPinned() const { return pinned_; }
    // Index into the report's groups of that kind holding the focus GPU, -1 for none.
    [[nodiscard]] int highlightedGroup(core::GroupKind kind) const;
    // The text the tooltip shows for a rank.
    [[nodiscard]] QString describeRank(int rank) const;
    // 1 = the whole cluster fits the view.
    [[nodiscard]] double zoom() const { return zoom_; }
    [[nodiscard]] core::ParallelAxis colourAxis() const { return axis_; }
    void setColourAxis(core::ParallelAxis axis);
    void resetView();

protected:
    void render(const core::Evaluation& evaluation) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;
    // An export shows the colouring as text instead of the chooser, and no hint or highlight.
    void setExportLook(bool exporting) override;

private:
    [[nodiscard]] const core::TopologyReport* report() const;
    [[nodiscard]] QRectF mapArea() const;
    [[nodiscard]] QRectF legendArea() const;
    [[nodiscard]] double legendHeight() const;
    [[nodiscard]] double scale() const;
    [[nodiscard]] QPointF origin() const;
    [[nodiscard]] QString absentMessage() const;
    [[nodiscard]] RankMapScene currentScene();
    void composeAhead();
    void relayout();
    void updateNodeColours();
    void zoomAround(QPointF anchor, double factor);
    void setFocusRank(int rank, bool pinned);

    QComboBox* axisBox_ = nullptr;
    RankMapLayout layout_;
    KeptLayer frames_;  // node boxes kept between paints
    KeptLayer legend_;  // the legend likewise
    // The legend's height by width, font and whether on screen (rankMapLegendHeight).
    struct LegendKey {
        int width = 0;
        QString font;
        bool onScreen = true;
        bool operator==(const LegendKey&) const = default;
    };
    mutable RecentValues<LegendKey, double, 2> legendHeights_;
    // With a raster worker, the cells of a new layout are written on it while the window draws
    // the rest of an edit (the paint writes them itself when what it draws has changed since).
    // The canvas being made on the worker for the evaluation shown, and the one last taken
    // (with the evaluation its key points into, kept alive while the key may be compared).
    RasterJob<RankMapCanvas> ahead_;
    std::shared_ptr<const core::Evaluation> aheadFor_;
    std::optional<RankMapCanvas> composed_;
    std::shared_ptr<const core::Evaluation> composedFor_;
    core::ParallelAxis axis_ = core::ParallelAxis::Pipeline;
    std::vector<int> nodeColourValue_;
    // The layout last drawn: an edit that leaves it as it was (a micro-batch drag) repaints
    // nothing here.
    std::optional<core::TopologyReport> drawnTopology_;
    int layoutWorld_ = -1;
    int layoutGpusPerNode_ = -1;
    double zoom_ = 1.0;
    QPointF pan_;  // widget pixels added to the centred position
    int focusRank_ = -1;
    bool pinned_ = false;
    QPointF pressPosition_;
    QPointF lastDragPosition_;
    bool pressed_ = false;
    bool dragging_ = false;
    bool exporting_ = false;
};

}  // namespace fourfold::ui
