// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rank_map_view.h"

#include "ui/settings/language.h"
#include "ui/views/rank_map_legend.h"
#include "ui/views/rank_map_painter.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace fourfold::ui {
namespace {

constexpr double kToolbarHeight = 34;
constexpr double kMargin = 8;
constexpr double kZoomStep = 1.25;
constexpr double kPanStep = 60;
constexpr double kDragThreshold = 4;
constexpr double kMaxCellPixels = 240;  // zooming stops when one GPU cell is this wide

// "44–47" for a run of consecutive ranks, "0, 32" for a few, "0, 4, 8, … 28" for many.
QString listRanks(const std::vector<int>& group) {
    if (group.empty()) return {};
    const bool run = group.back() - group.front() + 1 == static_cast<int>(group.size());
    if (run && group.size() > 2) {
        return QStringLiteral("%1–%2").arg(group.front()).arg(group.back());
    }
    QStringList parts;
    if (group.size() <= 6) {
        for (int rank : group) parts << QString::number(rank);
    } else {
        for (std::size_t i = 0; i < 3; ++i) parts << QString::number(group[i]);
        parts << QStringLiteral("… %1").arg(group.back());
    }
    return parts.join(QStringLiteral(", "));
}

}  // namespace

RankMapView::RankMapView(QWidget* parent) : EvaluationView(parent) {
    // paintEvent fills every pixel: the window need not clear what lies beneath first.
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(240, 140);
    auto* bar = new QWidget(this);
    bar->setObjectName(QStringLiteral("rankMapToolbar"));
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Colour by"), bar));
    axisBox_ = new QComboBox(bar);
    for (const core::ParallelAxisInfo& axis : core::kParallelAxes) {
        if (axis.coordinate)
            axisBox_->addItem(rankMapAxisLabel(axis.axis), static_cast<int>(axis.axis));
    }
    axisBox_->setFocusPolicy(Qt::StrongFocus);  // Tab reaches it
    row->addWidget(axisBox_);
    bar->adjustSize();
    bar->move(static_cast<int>(kMargin), static_cast<int>((kToolbarHeight - bar->height()) / 2));
    connect(axisBox_, &QComboBox::currentIndexChanged, this, [this](int index) {
        setColourAxis(static_cast<core::ParallelAxis>(axisBox_->itemData(index).toInt()));
    });
}

const core::TopologyReport* RankMapView::report() const {
    const auto& current = evaluation();
    return current && current->topology ? &*current->topology : nullptr;
}

void RankMapView::render(const core::Evaluation& evaluation) {
    const core::TopologyReport* topology = evaluation.topology ? &*evaluation.topology : nullptr;
    if (topology && drawnTopology_ == *topology) return;
    drawnTopology_ = evaluation.topology;
    if (!topology || topology->worldSize != layoutWorld_ ||
        topology->gpusPerNode != layoutGpusPerNode_) {
        zoom_ = 1.0;
        pan_ = {};
        focusRank_ = -1;
        pinned_ = false;
    }
    if (auto* bar = findChild<QWidget*>(QStringLiteral("rankMapToolbar"))) {
        bar->setVisible(topology != nullptr);
    }
    relayout();
    updateNodeColours();
    composeAhead();
    // The chooser's bar stays as it was: left out of the repaint, it is not drawn again over
    // the map's new pixels (a combo box and its label at every edit).
    const auto* shownBar = findChild<QWidget*>(QStringLiteral("rankMapToolbar"));
    update(shownBar && shownBar->isVisible() ? QRegion(rect()).subtracted(shownBar->geometry())
                                             : QRegion(rect()));
}

void RankMapView::relayout() {
    const core::TopologyReport* topology = report();
    layoutWorld_ = topology ? topology->worldSize : -1;
    layoutGpusPerNode_ = topology ? topology->gpusPerNode : -1;
    if (!topology) return;
    layout_.configure(topology->nodes, topology->gpusPerNode, mapArea().size());
}

void RankMapView::updateNodeColours() {
    // Each node's most common value of the colour axis, for the zoomed-out boxes.
    nodeColourValue_.clear();
    const core::TopologyReport* topology = report();
    if (!topology) return;
    const int count = std::max(1, core::axisSize(topology->sizes, axis_));
    std::vector<int> tally(static_cast<std::size_t>(count), 0);
    nodeColourValue_.reserve(static_cast<std::size_t>(topology->nodes));
    for (int node = 0; node < topology->nodes; ++node) {
        int best = 0;
        int bestCount = 0;
        std::vector<int> touched;
        for (int local = 0; local < topology->gpusPerNode; ++local) {
            const int rank = core::rankOnNodeGpu(*topology, node, local);
            if (rank < 0) break;
            const int value =
                std::clamp(core::axisCoordinate(core::coordinatesOfRank(*topology, rank), axis_), 0,
                           count - 1);
            const int seen = ++tally[static_cast<std::size_t>(value)];
            touched.push_back(value);
            if (seen > bestCount || (seen == bestCount && value < best)) {
                best = value;
                bestCount = seen;
            }
        }
        for (int value : touched) tally[static_cast<std::size_t>(value)] = 0;
        nodeColourValue_.push_back(best);
    }
}

void RankMapView::setColourAxis(core::ParallelAxis axis) {
    if (axis == axis_) return;
    axis_ = axis;
    const int index = axisBox_->findData(static_cast<int>(axis));
    if (index >= 0 && axisBox_->currentIndex() != index) axisBox_->setCurrentIndex(index);
    updateNodeColours();
    update();
}

double RankMapView::legendHeight() const {
    // Asked for at every paint and hover, and measured only when the width or font changed.
    const LegendKey key{width(), font().key(), !exporting_};
    return legendHeights_.get(key,
                              [&] { return rankMapLegendHeight(font(), width(), key.onScreen); });
}

QRectF RankMapView::mapArea() const {
    const double legend = report() ? legendHeight() : 0.0;
    return QRectF(kMargin, kToolbarHeight, width() - 2 * kMargin,
                  height() - kToolbarHeight - legend - kMargin);
}

QRectF RankMapView::legendArea() const {
    return QRectF(0, height() - legendHeight() - kMargin / 2, width(), legendHeight());
}

double RankMapView::scale() const {
    const QSizeF scene = layout_.sceneSize();
    const QRectF area = mapArea();
    if (scene.isEmpty() || area.isEmpty()) return 1.0;
    return std::min(area.width() / scene.width(), area.height() / scene.height()) * zoom_;
}

QPointF RankMapView::origin() const {
    const QSizeF scene = layout_.sceneSize();
    const QPointF sceneCentre(scene.width() / 2, scene.height() / 2);
    return mapArea().center() - sceneCentre * scale() + pan_;
}

int RankMapView::rankAt(QPointF position) const {
    const core::TopologyReport* topology = report();
    if (!topology || !mapArea().contains(position)) return -1;
    const RankMapCell cell = layout_.cellAt((position - origin()) / scale());
    if (cell.node < 0 || cell.localGpu < 0) return -1;
    return core::rankOnNodeGpu(*topology, cell.node, cell.localGpu);
}

QPointF RankMapView::positionOfRank(int rank) const {
    const core::TopologyReport* topology = report();
    if (!topology) return {};
    const int node = core::nodeOfRank(*topology, rank);
    if (node < 0) return {};
    const QRectF cell = layout_.cellRect(node, core::localGpuOfRank(*topology, rank));
    return origin() + cell.center() * scale();
}

int RankMapView::highlightedGroup(core::GroupKind kind) const {
    const core::TopologyReport* topology = report();
    if (!topology || focusRank_ < 0) return -1;
    return core::groupOfRank(core::groupSet(*topology, kind), focusRank_);
}

QString RankMapView::describeRank(int rank) const {
    const core::TopologyReport* topology = report();
    if (!topology || rank < 0 || rank >= topology->worldSize) return {};
    const core::RankCoordinates at = core::coordinatesOfRank(*topology, rank);
    QStringList lines;
    lines << tr("Rank %1 — node %2, GPU %3")
                 .arg(rank)
                 .arg(core::nodeOfRank(*topology, rank))
                 .arg(core::localGpuOfRank(*topology, rank));
    lines << tr("TP %1 · CP %2 · EP %3 · DP %4 · PP %5")
                 .arg(at.tp)
                 .arg(at.cp)
                 .arg(at.ep)
                 .arg(at.dp)
                 .arg(at.pp);
    // What the rank's pipeline stage holds: stages differ under an uneven split.
    const auto& current = evaluation();
    if (current && current->model && topology->sizes.pp > 1 &&
        at.pp < static_cast<int>(current->model->stages.size())) {
        const core::StageParameters& stage =
            current->model->stages[static_cast<std::size_t>(at.pp)];
        const char* code =
            stage.hasEmbedding
                ? (stage.hasHead ? "rank_map.stage_layers_all" : "rank_map.stage_layers_embedding")
                : (stage.hasHead ? "rank_map.stage_layers_loss" : "rank_map.stage_layers");
        lines << QString::fromStdString(core::renderCodedText(
            {code, {{"stage", at.pp}, {"layers", stage.layerCount}}}, uiLanguage()));
    }
    if (topology->sizes.ep > 1 || topology->sizes.expertTp != topology->sizes.tp) {
        lines << tr("Expert layers: ETP %1 · EP %2 · EDP %3")
                     .arg(at.expertTp)
                     .arg(at.ep)
                     .arg(at.expertDp);
    }
    for (core::GroupKind kind : {core::GroupKind::Tp, core::GroupKind::Cp, core::GroupKind::Ep,
                                 core::GroupKind::Dp, core::GroupKind::Pp}) {
        const auto& set = core::groupSet(*topology, kind);
        const int index = core::groupOfRank(set, rank);
        if (set.groupSize <= 1 || index < 0) continue;
        const std::vector<int> group = core::groupMembers(set, index);
        const bool cross = core::spansNodes(set, index);
        lines << tr("%1 group: %2 (%3)")
                     .arg(QString::fromLatin1(core::groupKindKey(kind)).toUpper(), listRanks(group),
                          cross ? tr("spans nodes") : tr("inside the node"));
    }
    return lines.join(QLatin1Char('\n'));
}

QString RankMapView::absentMessage() const {
    const auto& current = evaluation();
    if (!current) return tr("No plan evaluated yet.");
    // Errors explain a missing map; without any, the notes about the layout do.
    QStringList reasons;
    const bool anyError = core::hasErrors(current->diagnostics);
    for (const auto& diagnostic : current->diagnostics) {
        const bool relevant = anyError ? diagnostic.severity == core::Severity::Error
                                       : diagnostic.path.rfind("/parallel", 0) == 0 ||
                                             diagnostic.path.rfind("/cluster", 0) == 0;
        if (relevant && reasons.size() < 4) {
            reasons << localizedMessage(diagnostic);
        }
    }
    if (reasons.isEmpty()) reasons << tr("The plan has no rank layout to show.");
    return tr("No rank map:") + QLatin1Char('\n') + reasons.join(QLatin1Char('\n'));
}

void RankMapView::paintEvent(QPaintEvent* /*event*/) {
    QPainter painter(this);
    const QPalette& colours = palette();
    painter.fillRect(rect(), colours.color(QPalette::Window));
    const core::TopologyReport* topology = report();
    if (!topology || topology->worldSize <= 0) {
        painter.setPen(colours.color(QPalette::WindowText));
        painter.drawText(mapArea().adjusted(20, 0, -20, 0), Qt::AlignCenter | Qt::TextWordWrap,
                         absentMessage());
        return;
    }
    // The summary next to the axis chooser.
    QFont summaryFont = font();
    summaryFont.setPixelSize(12);
    painter.setFont(summaryFont);
    painter.setPen(colours.color(QPalette::WindowText));
    const auto* bar = findChild<QWidget*>(QStringLiteral("rankMapToolbar"));
    const double left = exporting_ ? kMargin : (bar ? bar->geometry().right() : 0) + 16;
    const auto& sizes = topology->sizes;
    const QString nodes = topology->nodes == 1 ? tr("1 node") : tr("%1 nodes").arg(topology->nodes);
    // An export names the colouring, which the (hidden) chooser shows on screen.
    const QString colouring =
        exporting_ ? tr("Coloured by %1 · ").arg(rankMapAxisLabel(axis_)) : QString();
    const QString summary =
        colouring + tr("%1 GPUs on %2 × %3 · order %4 · tp %5 · cp %6 · ep %7 · dp %8 · pp %9")
                        .arg(topology->worldSize)
                        .arg(nodes)
                        .arg(topology->gpusPerNode)
                        .arg(QString::fromStdString(topology->order))
                        .arg(sizes.tp)
                        .arg(sizes.cp)
                        .arg(sizes.ep)
                        .arg(sizes.dp)
                        .arg(sizes.pp);
    // Two lines fit the toolbar's height when the pane is narrow.
    painter.drawText(QRectF(left, 0, width() - left - kMargin, kToolbarHeight),
                     Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, summary);

    RankMapScene scene = currentScene();
    if (ahead_.valid()) {
        composed_ = ahead_.take();
        composedFor_ = aheadFor_;
        aheadFor_.reset();
    }
    scene.composed = composed_ ? &*composed_ : nullptr;
    paintRankMap(painter, scene);
    paintRankMapLegend(painter, scene, legendArea());
}

RankMapScene RankMapView::currentScene() {
    RankMapScene scene;
    scene.report = report();
    scene.layout = &layout_;
    scene.axis = axis_;
    scene.nodeColourValue = &nodeColourValue_;
    scene.mapArea = mapArea();
    scene.scale = scale();
    scene.origin = origin();
    scene.focusRank = exporting_ ? -1 : focusRank_;
    scene.pinned = pinned_ && !exporting_;
    scene.forExport = exporting_;
    scene.palette = palette();
    scene.font = font();
    scene.frames = &frames_;
    scene.legend = &legend_;
    scene.writeCells = true;
    return scene;
}

void RankMapView::composeAhead() {
    // Only where the paint would write the cells into the kept node boxes, and those boxes are
    // still right for the new layout (a TP or DP drag keeps them).
    RankMapScene scene = currentScene();
    if (!rasterWorker() || !shown_ || !scene.report || exporting_ ||
        RankMapLayout::kCellWidth * scene.scale < kRankMapAggregateBelowPx) {
        return;
    }
    const QImage* frames = keptRankMapFrames(scene, devicePixelRatioF());
    if (!frames || frames->devicePixelRatio() != 1.0) return;
    // The job's own copies: the evaluation its report lives in, the layout; nothing of the
    // view's that the GUI thread may change meanwhile.
    auto layout = std::make_shared<const RankMapLayout>(layout_);
    scene.layout = layout.get();
    scene.nodeColourValue = nullptr;
    scene.frames = nullptr;
    scene.legend = nullptr;
    // The canvas last shown is written over rather than allocated again: the new one replaces
    // it.
    QImage spare = composed_ ? std::move(composed_->image) : QImage();
    composed_.reset();
    composedFor_.reset();
    aheadFor_ = shown_;
    ahead_ = rasterWorker()->run(
        [scene, layout, keep = shown_, boxes = *frames, spare = std::move(spare)]() mutable {
            return composeRankMapCanvas(scene, boxes, std::move(spare));
        });
}

void RankMapView::setExportLook(bool exporting) {
    exporting_ = exporting;
    // A hidden child is not rendered into the image.
    if (auto* bar = findChild<QWidget*>(QStringLiteral("rankMapToolbar"))) {
        bar->setVisible(!exporting && report() != nullptr);
    }
}

void RankMapView::resizeEvent(QResizeEvent* event) {
    EvaluationView::resizeEvent(event);
    relayout();
}

void RankMapView::setFocusRank(int rank, bool pinned) {
    if (rank == focusRank_ && pinned == pinned_) return;
    focusRank_ = rank;
    pinned_ = pinned && rank >= 0;
    update();
}

void RankMapView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return EvaluationView::mousePressEvent(event);
    setFocus(Qt::MouseFocusReason);
    pressed_ = true;
    dragging_ = false;
    pressPosition_ = lastDragPosition_ = event->position();
}

void RankMapView::mouseMoveEvent(QMouseEvent* event) {
    const QPointF position = event->position();
    if (pressed_ && (event->buttons() & Qt::LeftButton)) {
        if (!dragging_ && (position - pressPosition_).manhattanLength() > kDragThreshold) {
            dragging_ = true;
            setCursor(Qt::ClosedHandCursor);
        }
        if (dragging_) {
            pan_ += position - lastDragPosition_;
            lastDragPosition_ = position;
            update();
        }
        return;
    }
    const int rank = rankAt(position);
    if (!pinned_) setFocusRank(rank, false);
    if (rank >= 0) {
        QToolTip::showText(event->globalPosition().toPoint(), describeRank(rank), this);
    } else {
        QToolTip::hideText();
    }
}

void RankMapView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !pressed_) {
        return EvaluationView::mouseReleaseEvent(event);
    }
    pressed_ = false;
    if (dragging_) {
        dragging_ = false;
        unsetCursor();
        return;
    }
    // A click pins the GPU under the pointer; a click on empty space clears the pin.
    const int rank = rankAt(event->position());
    setFocusRank(rank, rank >= 0);
}

void RankMapView::leaveEvent(QEvent* event) {
    EvaluationView::leaveEvent(event);
    if (!pinned_) setFocusRank(-1, false);
}

void RankMapView::zoomAround(QPointF anchor, double factor) {
    const double fit = zoom_ > 0 ? scale() / zoom_ : 1.0;
    const double maxZoom =
        std::max(1.0, kMaxCellPixels / (RankMapLayout::kCellWidth * std::max(fit, 1e-9)));
    const double next = std::clamp(zoom_ * factor, 0.5, maxZoom);
    if (next == zoom_) return;
    // Keep the scene point under the anchor where it is.
    const QPointF scenePoint = (anchor - origin()) / scale();
    zoom_ = next;
    const QSizeF scene = layout_.sceneSize();
    const QPointF sceneCentre(scene.width() / 2, scene.height() / 2);
    pan_ = anchor - scenePoint * scale() - (mapArea().center() - sceneCentre * scale());
    update();
}

void RankMapView::resetView() {
    zoom_ = 1.0;
    pan_ = {};
    update();
}

void RankMapView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) return EvaluationView::wheelEvent(event);
    zoomAround(event->position(), std::pow(kZoomStep, steps));
    event->accept();
}

void RankMapView::keyPressEvent(QKeyEvent* event) {
    const QPointF centre = mapArea().center();
    switch (event->key()) {
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            zoomAround(centre, kZoomStep);
            break;
        case Qt::Key_Minus:
        case Qt::Key_Underscore:
            zoomAround(centre, 1.0 / kZoomStep);
            break;
        case Qt::Key_0:
            resetView();
            break;
        case Qt::Key_Left:
            pan_.rx() += kPanStep;
            update();
            break;
        case Qt::Key_Right:
            pan_.rx() -= kPanStep;
            update();
            break;
        case Qt::Key_Up:
            pan_.ry() += kPanStep;
            update();
            break;
        case Qt::Key_Down:
            pan_.ry() -= kPanStep;
            update();
            break;
        case Qt::Key_Escape:
            setFocusRank(-1, false);
            break;
        default:
            EvaluationView::keyPressEvent(event);
            return;
    }
    event->accept();
}

}  // namespace fourfold::ui
