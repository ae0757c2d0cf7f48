// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rank_map_layout.h"

#include <algorithm>
#include <cmath>

namespace fourfold::ui {

void RankMapLayout::configure(int nodes, int gpusPerNode, QSizeF viewport) {
    nodes_ = std::max(0, nodes);
    gpusPerNode_ = std::max(1, gpusPerNode);
    // Up to 4 GPUs in one row, up to 16 in two rows (8 → 4 × 2, as on an HGX board), larger
    // nodes close to square.
    if (gpusPerNode_ <= 4) {
        cellRows_ = 1;
    } else if (gpusPerNode_ <= 16) {
        cellRows_ = 2;
    } else {
        cellRows_ = static_cast<int>(std::ceil(std::sqrt(gpusPerNode_ / 2.0)));
    }
    cellColumns_ = (gpusPerNode_ + cellRows_ - 1) / cellRows_;

    // Nodes per row: the count that lets the map fill the viewport with the largest cells,
    // unless a divisor of the node count comes close (at least 70 % of that size), since
    // full rows read better: 8 nodes become 2 rows of 4, so the article's two pipeline
    // stages are the two rows.
    const QSizeF area = viewport.isEmpty() ? QSizeF(960, 540) : viewport;
    const auto fitScale = [&](int perRow) {
        nodesPerRow_ = perRow;
        const QSizeF scene = sceneSize();
        return std::min(area.width() / scene.width(), area.height() / scene.height());
    };
    int perRow = 1;
    double best = 0;
    for (int candidate = 1; candidate <= std::max(1, nodes_); ++candidate) {
        const double scale = fitScale(candidate);
        if (scale > best) {
            best = scale;
            perRow = candidate;
        }
    }
    double bestDivisor = 0;
    for (int candidate = 1; candidate <= nodes_; ++candidate) {
        if (nodes_ % candidate != 0) continue;
        const double scale = fitScale(candidate);
        if (scale >= 0.7 * best && scale > bestDivisor) {
            bestDivisor = scale;
            perRow = candidate;
        }
    }
    nodesPerRow_ = std::max(1, perRow);
}

QSizeF RankMapLayout::nodeSize() const {
    return {2 * kNodePadding + cellColumns_ * kCellWidth + (cellColumns_ - 1) * kCellGap,
            kNodeHeader + kNodePadding + cellRows_ * kCellHeight + (cellRows_ - 1) * kCellGap};
}

QSizeF RankMapLayout::sceneSize() const {
    const QSizeF node = nodeSize();
    const int rows = (nodes_ + nodesPerRow_ - 1) / nodesPerRow_;
    const int columns = std::min(nodes_, nodesPerRow_);
    return {columns * node.width() + std::max(0, columns - 1) * kNodeGap,
            rows * node.height() + std::max(0, rows - 1) * kNodeGap};
}

QRectF RankMapLayout::nodeRect(int node) const {
    const QSizeF size = nodeSize();
    const int row = node / nodesPerRow_;
    const int column = node % nodesPerRow_;
    return {column * (size.width() + kNodeGap), row * (size.height() + kNodeGap), size.width(),
            size.height()};
}

QRectF RankMapLayout::cellRect(int node, int localGpu) const {
    const QRectF box = nodeRect(node);
    const int row = localGpu / cellColumns_;
    const int column = localGpu % cellColumns_;
    return {box.left() + kNodePadding + column * (kCellWidth + kCellGap),
            box.top() + kNodeHeader + row * (kCellHeight + kCellGap), kCellWidth, kCellHeight};
}

int RankMapLayout::neighbour(int localGpu, int dx, int dy) const {
    const int row = localGpu / cellColumns_ + dy;
    const int column = localGpu % cellColumns_ + dx;
    if (row < 0 || row >= cellRows_ || column < 0 || column >= cellColumns_) return -1;
    const int index = row * cellColumns_ + column;
    return index < gpusPerNode_ ? index : -1;
}

RankMapCell RankMapLayout::cellAt(QPointF scenePoint) const {
    const QSizeF size = nodeSize();
    if (scenePoint.x() < 0 || scenePoint.y() < 0 || nodes_ == 0) return {};
    const int column = static_cast<int>(scenePoint.x() / (size.width() + kNodeGap));
    const int row = static_cast<int>(scenePoint.y() / (size.height() + kNodeGap));
    if (column >= nodesPerRow_) return {};
    const int node = row * nodesPerRow_ + column;
    if (node >= nodes_) return {};
    const QRectF box = nodeRect(node);
    const double x = scenePoint.x() - box.left() - kNodePadding;
    const double y = scenePoint.y() - box.top() - kNodeHeader;
    if (x < 0 || y < 0) return {node, -1};
    const int cellColumn = static_cast<int>(x / (kCellWidth + kCellGap));
    const int cellRow = static_cast<int>(y / (kCellHeight + kCellGap));
    if (cellColumn >= cellColumns_ || cellRow >= cellRows_) return {node, -1};
    // Points in the gaps between cells belong to no GPU.
    if (x - cellColumn * (kCellWidth + kCellGap) > kCellWidth ||
        y - cellRow * (kCellHeight + kCellGap) > kCellHeight) {
        return {node, -1};
    }
    const int local = cellRow * cellColumns_ + cellColumn;
    return {node, local < gpusPerNode_ ? local : -1};
}

void RankMapLayout::visibleNodes(const QRectF& sceneRect, int* firstRow, int* lastRow,
                                 int* firstColumn, int* lastColumn) const {
    const QSizeF size = nodeSize();
    const double stepX = size.width() + kNodeGap;
    const double stepY = size.height() + kNodeGap;
    const int rows = (nodes_ + nodesPerRow_ - 1) / nodesPerRow_;
    *firstRow = std::max(0, static_cast<int>(std::floor(sceneRect.top() / stepY)));
    *lastRow = std::min(rows - 1, static_cast<int>(std::floor(sceneRect.bottom() / stepY)));
    *firstColumn = std::max(0, static_cast<int>(std::floor(sceneRect.left() / stepX)));
    *lastColumn =
        std::min(nodesPerRow_ - 1, static_cast<int>(std::floor(sceneRect.right() / stepX)));
}

}  // namespace fourfold::ui
