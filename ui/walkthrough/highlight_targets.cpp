// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/walkthrough/highlight_targets.h"

#include "core/memory/memory.h"
#include "core/topology/parallel_axis.h"
#include "ui/controls/controls_panel.h"
#include "ui/views/memory_stack_view.h"
#include "ui/views/pipeline_gantt_view.h"
#include "ui/views/rank_map_view.h"
#include "ui/views/step_time_view.h"
#include "ui/views/summary_strip.h"
#include "ui/walkthrough/highlight_overlay.h"
#include "ui/walkthrough/walkthrough_host.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QLabel>
#include <QStackedWidget>
#include <QTabWidget>

#include <array>
#include <optional>
#include <utility>

namespace fourfold::ui {
namespace {

using namespace std::string_view_literals;

// Each control id and the plan field its control edits (PLAN_FORMAT.md's pointers).
constexpr std::array<std::pair<std::string_view, std::string_view>, 21> kControlFields = {{
    {"control.model", "/model/preset"},
    {"control.precision", "/training/precision"},
    {"control.optimizer", "/training/optimizer"},
    {"control.micro_batch", "/training/micro_batch"},
    {"control.grad_accumulation", "/training/grad_accumulation"},
    {"control.global_batch", "/training/global_batch"},
    {"control.sequence", "/model/sequence"},
    {"control.dp", "/parallel/dp"},
    {"control.tp", "/parallel/tp"},
    {"control.pp", "/parallel/pp"},
    {"control.cp", "/parallel/cp"},
    {"control.ep", "/parallel/ep"},
    {"control.virtual_stages", "/parallel/virtual_stages"},
    {"control.sequence_parallel", "/parallel/sequence_parallel"},
    {"control.zero_stage", "/parallel/zero_stage"},
    {"control.offload", "/parallel/offload"},
    {"control.recompute", "/training/recompute"},
    {"control.schedule", "/parallel/schedule"},
    {"control.gpu", "/cluster/gpu"},
    {"control.gpus_per_node", "/cluster/gpus_per_node"},
    {"control.nodes", "/cluster/nodes"},
}};

constexpr std::array<std::pair<std::string_view, core::MemoryCategory>, 8> kMemoryBands = {{
    {"memory.weights", core::MemoryCategory::Weights},
    {"memory.master_weights", core::MemoryCategory::MasterWeights},
    {"memory.gradients", core::MemoryCategory::Gradients},
    {"memory.optimizer_states", core::MemoryCategory::OptimizerStates},
    {"memory.activations", core::MemoryCategory::Activations},
    {"memory.comm_buffers", core::MemoryCategory::CommBuffers},
    {"memory.framework", core::MemoryCategory::Framework},
    {"memory.fragmentation", core::MemoryCategory::Fragmentation},
}};

// Brings every tab page on the way from `widget` up to the window to the front.
void revealInTabs(QWidget* widget) {
    for (QWidget* page = widget; page; page = page->parentWidget()) {
        auto* stack = qobject_cast<QStackedWidget*>(page->parentWidget());
        if (!stack) continue;
        if (auto* tabs = qobject_cast<QTabWidget*>(stack->parentWidget())) {
            tabs->setCurrentWidget(page);
        }
    }
}

// The band one memory category draws across the stages, in the plot's pixels; its legend entry
// when the band has no height (a category this plan does not use).
QRect memoryBand(const MemoryStackView* view, core::MemoryCategory category) {
    QCPBars* bars = view->categoryBars(category);
    if (!bars || !bars->keyAxis()) return {};
    QCPAxis* keys = bars->keyAxis();
    QCPAxis* values = bars->valueAxis();
    QRectF band;
    for (int index = 0; index < bars->dataCount(); ++index) {
        const double key = bars->data()->at(index)->key;
        const QPointF top = bars->dataPixelPosition(index);
        const double bottom = bars->barBelow() ? bars->barBelow()->dataPixelPosition(index).y()
                                               : values->coordToPixel(0);
        const double left = keys->coordToPixel(key - bars->width() / 2);
        const double right = keys->coordToPixel(key + bars->width() / 2);
        band |= QRectF(QPointF(left, top.y()), QPointF(right, bottom)).normalized();
    }
    const QRect pixels = band.toAlignedRect() & keys->axisRect()->rect();
    if (pixels.height() >= 2) return pixels;
    if (QCPAbstractLegendItem* item = view->plot()->legend->itemWithPlottable(bars)) {
        return item->outerRect();
    }
    return {};
}

// A strip around the capacity line, or the margin band between usable and capacity.
QRect memoryLimit(const MemoryStackView* view, bool capacity) {
    const auto& evaluation = view->evaluation();
    if (!evaluation || !evaluation->memory) return {};
    QCPAxis* bytes = view->plot()->yAxis;
    const QRect area = bytes->axisRect()->rect();
    const double unit = view->bytesPerUnit();
    const double top =
        bytes->coordToPixel(static_cast<double>(evaluation->memory->capacityBytes) / unit);
    if (capacity) {
        return QRect(area.left(), static_cast<int>(top) - 5, area.width(), 10) & area;
    }
    const double usable =
        bytes->coordToPixel(static_cast<double>(evaluation->memory->usableBytes) / unit);
    return QRect(QPoint(area.left(), static_cast<int>(top) - 2),
                 QPoint(area.right(), static_cast<int>(usable) + 2)) &
           area;
}

template <typename View>
View* findView(WalkthroughHost& window) {
    for (EvaluationView* view : window.views()) {
        if (auto* found = qobject_cast<View*>(view)) return found;
    }
    return nullptr;
}

HighlightTarget memoryTarget(WalkthroughHost& window, std::string_view id) {
    auto* view = findView<MemoryStackView>(window);
    if (!view) return {};
    if (id == "memory.capacity"sv || id == "memory.usable"sv) {
        const bool capacity = id == "memory.capacity"sv;
        return {view->plot(), [view, capacity] { return memoryLimit(view, capacity); }};
    }
    for (const auto& [name, category] : kMemoryBands) {
        if (name == id) return {view->plot(), [view, c = category] { return memoryBand(view, c); }};
    }
    return {};
}

HighlightTarget pipelineTarget(WalkthroughHost& window, std::string_view id) {
    auto* view = findView<PipelineGanttView>(window);
    if (!view) return {};
    QCustomPlot* plot = view->plot();
    // The Gantt's axis rect comes first, the activation timeline's under it.
    const bool timeline = id == "pipeline.in_flight"sv;
    return {plot, [plot, timeline]() -> QRect {
                const QList<QCPAxisRect*> rects = plot->axisRects();
                if (rects.isEmpty()) return {};
                if (timeline) return rects.size() > 1 ? rects.last()->outerRect() : QRect();
                return rects.first()->outerRect();
            }};
}

// The rank map coloured by the axis whose groups the step is about.
HighlightTarget rankMapTarget(WalkthroughHost& window, std::string_view id) {
    auto* view = findView<RankMapView>(window);
    if (!view) return {};
    std::optional<core::ParallelAxis> axis;
    if (id == "rank_map.tp_groups"sv) axis = core::ParallelAxis::Tensor;
    if (id == "rank_map.dp_groups"sv) axis = core::ParallelAxis::Data;
    if (id == "rank_map.pp_groups"sv) axis = core::ParallelAxis::Pipeline;
    auto* colourBy = view->findChild<QComboBox*>();
    if (axis && colourBy) {
        const int index = colourBy->findData(static_cast<int>(*axis));
        if (index >= 0) colourBy->setCurrentIndex(index);
    }
    return {view, {}};
}

HighlightTarget stepTimeTarget(WalkthroughHost& window, std::string_view id) {
    auto* view = findView<StepTimeView>(window);
    if (!view) return {};
    if (id == "step_time.scaling"sv) {
        return {view->findChild<QWidget*>(QStringLiteral("scalingChart")), {}};
    }
    if (id == "step_time.checkpoint"sv || id == "control.checkpoint"sv) {
        return {view->findChild<QWidget*>(QStringLiteral("checkpointPanel")), {}};
    }
    if (id == "step_time.throughput"sv) {
        QLabel* first = view->figure(QStringLiteral("tokensValue"));
        if (!first || !first->parentWidget() || !first->parentWidget()->parentWidget()) return {};
        QWidget* page = first->parentWidget()->parentWidget();
        return {page, [view, page] {
                    QRect tiles;
                    for (const char* name : {"tokensValue", "tokensPerGpuValue", "mfuValue"}) {
                        if (QLabel* label = view->figure(QString::fromLatin1(name))) {
                            QWidget* tile = label->parentWidget();
                            tiles |= QRect(tile->mapTo(page, QPoint(0, 0)), tile->size());
                        }
                    }
                    return tiles;
                }};
    }
    // The breakdown and its collectives share the stacked bars.
    return {view->findChild<QWidget*>(QStringLiteral("stepBreakdownPlot")), {}};
}

}  // namespace

HighlightTarget findHighlightTarget(WalkthroughHost& window, std::string_view id) {
    HighlightTarget target;
    if (id.starts_with("control."sv) && id != "control.checkpoint"sv) {
        for (const auto& [name, pointer] : kControlFields) {
            if (name != id) continue;
            target.widget = window.controlsPanel()->revealField(
                QString::fromLatin1(pointer.data(), static_cast<qsizetype>(pointer.size())));
        }
        // The rank order has no control of its own (a plan file sets it): the parallel axes'
        // group is where it belongs.
        if (id == "control.order"sv) {
            target.widget =
                window.controlsPanel()->findChild<QWidget*>(QStringLiteral("parallelGroup"));
        }
    } else if (id.starts_with("memory."sv)) {
        target = memoryTarget(window, id);
    } else if (id.starts_with("pipeline."sv)) {
        target = pipelineTarget(window, id);
    } else if (id.starts_with("rank_map."sv)) {
        target = rankMapTarget(window, id);
    } else if (id.starts_with("step_time."sv) || id == "control.checkpoint"sv) {
        target = stepTimeTarget(window, id);
    } else if (id == "batch.global_batch"sv) {
        target.widget = window.summaryStrip()->findChild<QWidget*>(QStringLiteral("batchTile"));
    }
    if (target.widget) revealInTabs(target.widget);
    return target;
}

bool showHighlight(WalkthroughHost& window, std::string_view id, HighlightOverlay* overlay) {
    HighlightTarget target = findHighlightTarget(window, id);
    overlay->setTarget(target.widget, target.area);
    if (auto* plot = qobject_cast<QCustomPlot*>(target.widget)) {
        overlay->refreshOn(plot, &QCustomPlot::afterReplot);
    }
    return target.widget != nullptr;
}

}  // namespace fourfold::ui
