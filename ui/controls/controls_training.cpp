// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/controls/controls_training.h"

#include "core/plan/plan_enums.h"
#include "core/text/format.h"
#include "ui/controls/control_ranges.h"
#include "ui/controls/controls_stops.h"
#include "ui/controls/slider_control.h"
#include "ui/document/plan_document.h"
#include "ui/widgets/controls_text.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSignalBlocker>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace fourfold::ui {
namespace {

constexpr const char* kContext = "fourfold::ui::TrainingControls";

// The training section's controls, one row of facts each.
const ControlFacts kPrecision = {
    kContext,
    "precision",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Prec&ision"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "The dtype of weights and activations in forward and backward."),
    "/training/precision",
    EditField::Precision,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Set precision to %1")};
const ControlFacts kMasterWeights = {
    kContext,
    "masterWeights",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "FP32 master weights"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "Keep a 4-byte copy of every weight for the optimizer update."),
    "/training/master_weights",
    EditField::MasterWeights,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Keep master weights"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Drop master weights")};
const ControlFacts kGradDtype = {
    kContext,
    "gradDtype",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Gradient dtype"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "The dtype gradients are kept and reduced in."),
    "/training/grad_dtype",
    EditField::GradDtype,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Set gradient dtype to %1")};
const ControlFacts kOptimizer = {
    kContext,
    "optimizer",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "&Optimizer"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "The optimizer decides how many state bytes each parameter keeps."),
    "/training/optimizer",
    EditField::Optimizer,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Set optimizer to %1")};
const ControlFacts kMicroBatch = {
    kContext,
    "microBatch",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "&Micro-batch"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "Samples one GPU processes in one forward and backward pass."),
    "/training/micro_batch",
    EditField::MicroBatch,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Set micro-batch to %1")};
const ControlFacts kAccumulation = {
    kContext,
    "gradAccumulation",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Gradient &accumulation"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "Micro-batches each replica runs before one optimizer step."),
    "/training/grad_accumulation",
    EditField::GradAccumulation,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Set gradient accumulation to %1")};
const ControlFacts kSequence = {
    kContext,
    "sequence",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Se&quence length"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "Tokens per sample; activations grow with it."),
    "/model/sequence",
    EditField::Sequence,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Set sequence length to %1")};
const ControlFacts kRecompute = {
    kContext,
    "recompute",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "&Recompute"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "Recompute activations in backward instead of storing them."),
    "/training/recompute",
    EditField::Recompute,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Set recompute to %1")};
const ControlFacts kFlashAttention = {
    kContext,
    "flashAttention",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Flash attention"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "Fused attention that never stores the score matrix."),
    "/training/flash_attention",
    EditField::FlashAttention,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Use flash attention"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Stop using flash attention")};

const ControlFacts kFineTune = {
    kContext,
    "finetune",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Fine-tuning"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "Train every weight, or low-rank adapters beside a frozen 16-bit (LoRA) "
                      "or 4-bit NF4 (QLoRA) base."),
    "/training/finetune",
    EditField::FineTune,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Set fine-tuning to %1")};
const ControlFacts kLoraRank = {
    kContext,
    "loraRank",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "LoRA rank"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "Rank r of each adapter: r × (inputs + outputs) parameters per adapted "
                      "layer."),
    "/training/lora_rank",
    EditField::LoraRank,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Set LoRA rank to %1")};
const ControlFacts kBasePrecision = {
    kContext,
    "basePrecision",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Base precision"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "The dtype the frozen base is held in (QLoRA computes in it from NF4)."),
    "/training/base_precision",
    EditField::BasePrecision,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Set base precision to %1")};
const ControlFacts kPagedOptimizer = {
    kContext,
    "pagedOptimizer",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Paged optimizer"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "Optimizer states in unified memory, moved to the host while the "
                      "activations are held."),
    "/training/paged_optimizer",
    EditField::PagedOptimizer,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Use a paged optimizer"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Stop paging the optimizer")};
const ControlFacts kActivationOffload = {
    kContext,
    "activationOffload",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Activation offload"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "Move saved activations to host memory between forward and backward."),
    "/training/activation_offload",
    EditField::ActivationOffload,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Offload activations"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Keep activations on the GPU")};
const ControlFacts kLossChunks = {
    kContext,
    "lossChunks",
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Loss chunks"),
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls",
                      "Compute the cross-entropy over the tokens in this many chunks, so only "
                      "one chunk's logits live at once; 1: all at once."),
    "/training/loss_chunks",
    EditField::LossChunks,
    QT_TRANSLATE_NOOP("fourfold::ui::TrainingControls", "Set loss chunks to %1")};

// A count slider stepping through `stops`, its spin box over the key's documented range.
void countRange(SliderControl* control, const ControlFacts& facts, std::vector<double> stops,
                double spinStep) {
    control->setStops(std::move(stops));
    const core::KeyRange& range = documentedRange(facts.pointer);
    control->setSpinRange(range.minimum, range.maximum, 0, spinStep);
}

}  // namespace

TrainingControls::TrainingControls(PlanDocument* document, QWidget* parent)
    : ControlsGroup(QStringLiteral("trainingGroup"), tr("Training"), document, parent) {
    bindEnum(
        kPrecision, +[](core::Plan& p) -> core::Precision& { return p.training.precision; });
    bindCheck(
        kMasterWeights, +[](core::Plan& p) -> bool& { return p.training.masterWeights; });
    bindEnum(
        kGradDtype, +[](core::Plan& p) -> core::Precision& { return p.training.gradDtype; });
    bindEnum(
        kOptimizer, +[](core::Plan& p) -> core::OptimizerKind& { return p.training.optimizer; });
    countRange(bindInt(
                   kMicroBatch, +[](core::Plan& p) -> int& { return p.training.microBatch; }),
               kMicroBatch, countStops(1, 1024), 1);
    alsoCovers(QStringLiteral("/training"));
    countRange(
        bindInt(
            kAccumulation, +[](core::Plan& p) -> int& { return p.training.gradAccumulation; }),
        kAccumulation, countStops(1, 4096), 1);
    addGlobalBatch();
    countRange(bindInt(
                   kSequence, +[](core::Plan& p) -> int& { return p.model.sequence; }),
               kSequence, powerOfTwoStops(128, 1 << 20), 128);
    bindEnum(
        kRecompute, +[](core::Plan& p) -> core::Recompute& { return p.training.recompute; });
    bindCheck(
        kFlashAttention, +[](core::Plan& p) -> bool& { return p.training.flashAttention; });
    bindEnum(
        kFineTune, +[](core::Plan& p) -> core::FineTune& { return p.training.finetune; });
    countRange(bindInt(
                   kLoraRank, +[](core::Plan& p) -> int& { return p.training.loraRank; }),
               kLoraRank, powerOfTwoStops(1, 1024), 1);
    bindEnum(
        kBasePrecision,
        +[](core::Plan& p) -> core::Precision& { return p.training.basePrecision; });
    bindCheck(
        kPagedOptimizer, +[](core::Plan& p) -> bool& { return p.training.pagedOptimizer; });
    bindCheck(
        kActivationOffload, +[](core::Plan& p) -> bool& { return p.training.activationOffload; });
    countRange(bindInt(
                   kLossChunks, +[](core::Plan& p) -> int& { return p.training.lossChunks; }),
               kLossChunks, powerOfTwoStops(1, 1024), 1);
}

// The global batch: its formula as a note, and a target the user may type (a warning shows
// when micro-batch × accumulation × dp differs from it).
void TrainingControls::addGlobalBatch() {
    batchFormula_ = addNote(QStringLiteral("globalBatchFormula"),
                            tr("Global batch = micro-batch × accumulation steps × data-parallel "
                               "replicas; TP, PP and CP never multiply it."));
    // Whole numbers in a double spin box: the documented range (10^12) is beyond an int. 0 is
    // "none" (the key left out), below the range's minimum of 1.
    batchTarget_ = new QDoubleSpinBox(this);
    batchTarget_->setObjectName(QStringLiteral("globalBatchTargetSpin"));
    batchTarget_->setDecimals(0);
    batchTarget_->setRange(0, documentedRange("/training/global_batch").maximum);
    batchTarget_->setSpecialValueText(tr("none"));
    batchTarget_->setKeyboardTracking(false);
    batchTarget_->setAlignment(Qt::AlignRight);
    batchTarget_->setAccessibleName(tr("Target global batch"));
    addLabelledRow(tr("Target global &batch"), batchTarget_,
                   tr("A global batch you aim for; a warning shows when b × a × dp differs."),
                   QStringLiteral("/training/global_batch"));
    connect(batchTarget_, &QDoubleSpinBox::valueChanged, this, [this](double typed) {
        const auto value = static_cast<std::int64_t>(std::llround(typed));
        const QString text = value == 0 ? tr("Clear the global batch target")
                                        : tr("Set global batch target to %1").arg(value);
        edit(EditField::GlobalBatch, freshGesture(), text, [value](core::Plan& plan) {
            if (value == 0) {
                plan.training.globalBatch.reset();
            } else {
                plan.training.globalBatch = value;
            }
        });
    });
}

void TrainingControls::sync(const core::Evaluation& evaluation) {
    syncBound(evaluation);
    const core::TrainingSpec& training = evaluation.plan.training;
    batchFormula_->setText(tr("%1\n%2 tokens per step")
                               .arg(ControlsText::batchFormula(evaluation.batch),
                                    QString::fromStdString(core::formatCount(
                                        static_cast<double>(evaluation.batch.tokensPerStep)))));
    const auto target = static_cast<double>(std::clamp<std::int64_t>(
        training.globalBatch.value_or(0), 0,
        static_cast<std::int64_t>(documentedRange("/training/global_batch").maximum)));
    if (batchTarget_->value() != target) {
        const QSignalBlocker blocker(batchTarget_);
        batchTarget_->setValue(target);
    }
}

}  // namespace fourfold::ui
