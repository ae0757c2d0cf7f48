// SPDX-License-Identifier: GPL-3.0-or-later
// Painting of the rank map: node boxes, GPU cells coloured by an axis, TP group outlines,
// the marks of the selected GPU's groups, and the legend. Works on any paint device (screen,
// image, SVG, PDF): it only uses the QPainter it is given.
#pragma once

#include "core/parallel_axis.h"
#include "core/topology.h"
#include "ui/views/kept_layer.h"
#include "ui/views/rank_map_layout.h"

#include <QFont>
#include <QImage>
#include <QPalette>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace fourfold::ui {

struct RankMapScene {
    const core::TopologyReport* report = nullptr;
    const RankMapLayout* layout = nullptr;
    core::ParallelAxis axis = core::ParallelAxis::Pipeline;  // the colouring
    const std::vector<int>* nodeColourValue = nullptr;       // per node: its most common value
    QRectF mapArea;                                          // widget coordinates the map may use
    QPointF origin;                                          // widget position of the scene origin
    double scale = 1.0;                                      // widget pixels per scene unit
    int focusRank = -1;                                      // hovered or pinned GPU, -1 for none
    bool pinned = false;
    bool forExport = false;  // an exported image: no hint line on how to move around
    QPalette palette;
    QFont font;
    KeptLayer* frames = nullptr;  // when set, node boxes are kept between paints
    KeptLayer* legend = nullptr;  // when set, the legend is kept between paints
    QImage* cells = nullptr;      // when set with frames, the image the cells are written into
};

// Cells narrower than this many pixels are not drawn one by one: a node becomes one box.
inline constexpr double kRankMapAggregateBelowPx = 7.0;

// A colouring's name in the chooser and legend: "PP stage", "TP rank", ... (the axes ranks
// are laid out along, those with a coordinate in core::kParallelAxes).
[[nodiscard]] QString rankMapAxisLabel(core::ParallelAxis axis);

// The group kinds a hovered or pinned GPU's mates are marked with, in the order their letters
// are written, and the letters.
struct RankMapMark {
    core::GroupKind kind;
    char letter;
};
inline constexpr RankMapMark kRankMapMarks[] = {{core::GroupKind::Tp, 'T'},
                                                {core::GroupKind::Cp, 'C'},
                                                {core::GroupKind::Ep, 'E'},
                                                {core::GroupKind::Dp, 'D'},
                                                {core::GroupKind::Pp, 'P'}};

// `base` at `pixels` pixels (at least 6), bold or not: the map's text follows its zoom.
[[nodiscard]] QFont rankMapFont(const QFont& base, double pixels, bool bold = false);

// The map itself: node boxes, cells, TP outlines, marks and the focus ring, clipped to
// scene.mapArea. The legend is drawn by paintRankMapLegend (rank_map_legend.h).
void paintRankMap(QPainter& painter, const RankMapScene& scene);

}  // namespace fourfold::ui
