// SPDX-License-Identifier: GPL-3.0-or-later
// Painting of the rank map: node boxes, GPU cells coloured by an axis, TP group outlines,
// the marks of the selected GPU's groups, and the legend. Works on any paint device (screen,
// image, SVG, PDF): it only uses the QPainter it is given.
#pragma once

#include "core/topology/parallel_axis.h"
#include "core/topology/topology.h"
#include "ui/charts/kept_layer.h"
#include "ui/views/rank_map_layout.h"

#include <QByteArray>
#include <QFont>
#include <QImage>
#include <QLineF>
#include <QList>
#include <QPalette>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace fourfold::ui {

struct RankMapCanvas;

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
    bool writeCells = false;      // with frames: the cells written into a copy of the boxes
    // When set and made for this scene (its key), the cells are not written again at the paint.
    const RankMapCanvas* composed = nullptr;
};

// Thick edges where a cell's neighbour belongs to another TP group, in widget coordinates:
// solid within a node, dashed where the group spans nodes (it rides the slow network).
struct TpEdges {
    QList<QLineF> solid;
    QList<QLineF> dashed;
};

// On a screen that takes pixels one to one: the kept node boxes with the cells and the solid
// TP outlines written in, as the paint blits them. RankMapView has one made on another thread
// while the window draws the rest of an edit; the paint makes it where it has none.
struct RankMapCanvas {
    QByteArray key;  // rankMapCanvasKey of the scene and boxes it was made from
    QImage image;
    TpEdges edges;  // the dashed ones are still to be drawn
};

// What a canvas depends on: the report and layout, the colouring, zoom and pan, the focus, the
// palette's inks, and the node boxes it starts from.
[[nodiscard]] QByteArray rankMapCanvasKey(const RankMapScene& scene, const QImage& frames);
// The canvas of `scene` (cells drawn one by one, not as node boxes) from `frames`, the kept
// boxes of scene.mapArea at one device pixel per pixel, written into `spare` when it has their
// size and format (a canvas no longer shown). Reads only the scene's values and what they point
// to: safe on any thread while those live and stay unchanged.
[[nodiscard]] RankMapCanvas composeRankMapCanvas(const RankMapScene& scene, const QImage& frames,
                                                 QImage spare = {});
// The node boxes `scene` keeps in scene.frames for a device at `ratio`, if they are still the
// ones for this scene, else null: a canvas can be made before the paint only from those.
[[nodiscard]] const QImage* keptRankMapFrames(const RankMapScene& scene, qreal ratio);

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
