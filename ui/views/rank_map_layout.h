// SPDX-License-Identifier: GPL-3.0-or-later
// Geometry of the rank map in scene units: nodes as framed boxes in a grid, each node's GPUs
// as cells (8 per node as 4 × 2). Pure geometry: which cell sits where, and which cell a
// point falls on. Ranks come from the topology report, never from here.
#pragma once

#include <QPointF>
#include <QRectF>
#include <QSizeF>

namespace fourfold::ui {

struct RankMapCell {
    int node = -1;
    int localGpu = -1;
};

class RankMapLayout {
public:
    // Lays out `nodes` nodes of `gpusPerNode` cells, choosing nodes per row so the whole map
    // roughly matches the aspect of `viewport`.
    void configure(int nodes, int gpusPerNode, QSizeF viewport);

    [[nodiscard]] int nodes() const { return nodes_; }
    [[nodiscard]] int gpusPerNode() const { return gpusPerNode_; }
    [[nodiscard]] int nodesPerRow() const { return nodesPerRow_; }
    [[nodiscard]] int cellColumns() const { return cellColumns_; }
    [[nodiscard]] int cellRows() const { return cellRows_; }
    [[nodiscard]] QSizeF sceneSize() const;
    [[nodiscard]] QRectF nodeRect(int node) const;
    [[nodiscard]] QRectF cellRect(int node, int localGpu) const;
    // The cell next to (column + dx, row + dy) inside the same node, or localGpu -1.
    [[nodiscard]] int neighbour(int localGpu, int dx, int dy) const;
    [[nodiscard]] RankMapCell cellAt(QPointF scenePoint) const;
    // Nodes whose boxes may intersect `sceneRect`, as a row/column window (inclusive).
    void visibleNodes(const QRectF& sceneRect, int* firstRow, int* lastRow, int* firstColumn,
                      int* lastColumn) const;

    static constexpr double kCellWidth = 40;
    static constexpr double kCellHeight = 30;
    static constexpr double kCellGap = 3;
    static constexpr double kNodePadding = 5;
    static constexpr double kNodeHeader = 14;  // room for the node label
    static constexpr double kNodeGap = 10;

private:
    [[nodiscard]] QSizeF nodeSize() const;

    int nodes_ = 0;
    int gpusPerNode_ = 0;
    int nodesPerRow_ = 1;
    int cellColumns_ = 1;
    int cellRows_ = 1;
};

}  // namespace fourfold::ui
