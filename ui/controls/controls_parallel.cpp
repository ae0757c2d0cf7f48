// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/controls/controls_parallel.h"

#include "core/plan/plan_enums.h"
#include "core/rules/parallel_edit.h"
#include "ui/controls/control_ranges.h"
#include "ui/controls/controls_stops.h"
#include "ui/controls/slider_control.h"
#include "ui/document/plan_document.h"
#include "ui/settings/language.h"
#include "ui/widgets/controls_text.h"

#include <QCheckBox>
#include <QComboBox>

#include <algorithm>

namespace fourfold::ui {

namespace {

constexpr const char* kContext = "fourfold::ui::ParallelControls";

const ControlFacts kSchedule = {
    kContext,
    "schedule",
    QT_TRANSLATE_NOOP("fourfold::ui::ParallelControls", "Schedu&le"),
    QT_TRANSLATE_NOOP("fourfold::ui::ParallelControls",
                      "The order pipeline stages run forward and backward passes in."),
    "/parallel/schedule",
    EditField::Schedule,
    QT_TRANSLATE_NOOP("fourfold::ui::ParallelControls", "Set schedule to %1")};
const ControlFacts kSequenceParallel = {
    kContext,
    "sequenceParallel",
    QT_TRANSLATE_NOOP("fourfold::ui::ParallelControls", "Sequence parallel (SP)"),
    QT_TRANSLATE_NOOP("fourfold::ui::ParallelControls",
                      "Split norm and dropout activations along the sequence across TP ranks."),
    "/parallel/sequence_parallel",
    EditField::SequenceParallel,
    QT_TRANSLATE_NOOP("fourfold::ui::ParallelControls", "Use sequence parallelism"),
    QT_TRANSLATE_NOOP("fourfold::ui::ParallelControls", "Stop using sequence parallelism")};
const ControlFacts kOffload = {
    kContext,
    "offload",
    QT_TRANSLATE_NOOP("fourfold::ui::ParallelControls", "Offload"),
    QT_TRANSLATE_NOOP("fourfold::ui::ParallelControls",
                      "Move optimizer state, and optionally weights, out of GPU memory."),
    "/parallel/offload",
    EditField::Offload,
    QT_TRANSLATE_NOOP("fourfold::ui::ParallelControls", "Set offload to %1")};

}  // namespace

ParallelControls::ParallelControls(PlanDocument* document, QWidget* parent)
    : ControlsGroup(QStringLiteral("parallelGroup"), tr("Parallelism"), document, parent) {
    using core::ParallelAxis;
    addAxis(ParallelAxis::Data, QStringLiteral("dataParallel"), tr("&Data parallel (DP)"),
            tr("Model replicas, each on its own slice of the batch; multiplies the global batch."),
            tr("Set data parallel to %1"));
    alsoCovers(QStringLiteral("/parallel"));
    addAxis(ParallelAxis::Tensor, QStringLiteral("tensorParallel"), tr("&Tensor parallel (TP)"),
            tr("GPUs that split every layer's matrices; they talk in every layer, so keep them "
               "on one node."),
            tr("Set tensor parallel to %1"));
    addAxis(ParallelAxis::Pipeline, QStringLiteral("pipelineParallel"),
            tr("&Pipeline parallel (PP)"),
            tr("Consecutive groups of layers on different GPUs, passing activations along."),
            tr("Set pipeline parallel to %1"));
    addAxis(ParallelAxis::Context, QStringLiteral("contextParallel"), tr("&Context parallel (CP)"),
            tr("GPUs that split each sequence, for long contexts."),
            tr("Set context parallel to %1"));
    addAxis(ParallelAxis::Expert, QStringLiteral("expertParallel"), tr("E&xpert parallel (EP)"),
            tr("GPUs that split a mixture-of-experts layer's experts between them."),
            tr("Set expert parallel to %1"));
    alsoCovers(QStringLiteral("/parallel/etp"));

    bindEnum(
        kSchedule, +[](core::Plan& p) -> core::ScheduleKind& { return p.parallel.schedule; });

    addAxis(ParallelAxis::VirtualStages, QStringLiteral("virtualStages"), tr("Virtual stages"),
            tr("Model chunks per pipeline GPU with the interleaved schedule; shrinks the bubble."),
            tr("Set virtual stages to %1"));

    bindCheck(
        kSequenceParallel, +[](core::Plan& p) -> bool& { return p.parallel.sequenceParallel; });

    zeroStage_ = addCombo(QStringLiteral("zeroStage"), tr("ZeRO sta&ge"),
                          tr("Which model state data-parallel ranks shard instead of copying."),
                          QStringLiteral("/parallel/zero_stage"));
    for (int stage = 0; stage <= 3; ++stage) {
        zeroStage_->addItem(ControlsText::zeroStageName(stage), stage);
    }
    connect(zeroStage_, &QComboBox::activated, this, [this](int index) {
        const int stage = zeroStage_->itemData(index).toInt();
        edit(EditField::ZeroStage, freshGesture(), tr("Set ZeRO stage to %1").arg(stage),
             [stage](core::Plan& plan) { plan.parallel.zeroStage = stage; });
    });

    SliderControl* sharding =
        addAxis(ParallelAxis::ShardingGroup, QStringLiteral("shardingGroup"), tr("Sharding group"),
                tr("Data-parallel ranks one ZeRO shard spreads over; 0 means all of them."),
                tr("Set sharding group to %1"));
    sharding->setSpecialValueText(tr("all DP"));

    bindEnum(
        kOffload, +[](core::Plan& p) -> core::Offload& { return p.parallel.offload; });
}

SliderControl* ParallelControls::addAxis(core::ParallelAxis axis, const QString& name,
                                         const QString& label, const QString& help,
                                         const QString& undoText) {
    // The slider answers for the axis' plan key ("/parallel/dp"), as diagnostics name it.
    const QString pointer =
        QStringLiteral("/parallel/") + QString::fromLatin1(core::axisInfo(axis).key);
    SliderControl* control = addSlider(name, label, help, pointer);
    const core::KeyRange& range = documentedRange(pointer.toStdString());
    control->setSpinRange(range.minimum, range.maximum, 0, 1);
    // The rule a typed value breaks, as validate() words it, in the app's language.
    setOwnProblem([axis](const core::Evaluation& evaluation) {
        const core::Diagnostic problem =
            core::choiceProblem(evaluation.plan, axis, core::parallelValue(evaluation.plan, axis));
        return problem.code.empty() ? QString() : localizedMessage(problem);
    });
    control->setSpinStepsThroughStops(true);
    connect(control, &SliderControl::valueEdited, this,
            [this, axis, undoText](double value, int gesture) {
                const int degree = static_cast<int>(value);
                // DP (and what depends on the changed degree) follows, so the job stays within
                // the cluster; the undo text says so when DP moves.
                const core::Plan next = core::withParallelDegree(document()->plan(), axis, degree);
                QString text = undoText.arg(degree);
                if (axis != core::ParallelAxis::Data &&
                    next.parallel.dp != document()->plan().parallel.dp) {
                    text = tr("%1, data parallel to %2").arg(text).arg(next.parallel.dp);
                }
                edit(editField(axis), gesture, text, [next](core::Plan& plan) { plan = next; });
            });
    axes_.push_back({axis, control});
    return control;
}

const std::vector<std::vector<double>>& ParallelControls::stopsFor(const core::Plan& plan) {
    return stopsByPlan_.get(plan, [this, &plan] {
        std::vector<std::vector<double>> stops;
        for (const auto& [axis, control] : axes_) {
            stops.push_back(toStops(core::parallelStops(plan, axis)));
        }
        return stops;
    });
}

void ParallelControls::sync(const core::Evaluation& evaluation) {
    const core::Plan& plan = evaluation.plan;
    const std::vector<std::vector<double>>& stops = stopsFor(plan);
    for (std::size_t index = 0; index < axes_.size(); ++index) {
        const auto& [axis, control] = axes_[index];
        // Only values that keep the plan valid (a typed broken value sits between stops, marked
        // red, and the next drag or step leaves it for a valid one).
        control->setStops(stops[index]);
        control->setValueQuietly(core::parallelValue(plan, axis));
    }
    const auto gpus = core::clusterGpuCount(plan);
    axes_.front().control->setDetail(
        gpus == 1 ? tr("%1 rank of the cluster's one GPU").arg(evaluation.worldSize)
                  : tr("%1 ranks of the cluster's %2 GPUs").arg(evaluation.worldSize).arg(gpus));
    syncBound(evaluation);
    selectQuietly(zeroStage_, plan.parallel.zeroStage);
}

}  // namespace fourfold::ui
