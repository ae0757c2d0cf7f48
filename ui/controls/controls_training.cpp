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

template <typename Enum>
void fillEnumCombo(QComboBox* combo) {
    for (Enum value : core::allValues<Enum>()) {
        combo->addItem(ControlsText::name(value), static_cast<int>(value));
    }
}

template <typename Enum>
Enum enumAt(const QComboBox* combo, int index) {
    return static_cast<Enum>(combo->itemData(index).toInt());
}

}  // namespace

TrainingControls::TrainingControls(PlanDocument* document, QWidget* parent)
    : ControlsGroup(QStringLiteral("trainingGroup"), tr("Training"), document, parent) {
    precision_ = addCombo(QStringLiteral("precision"), tr("Prec&ision"),
                          tr("The dtype of weights and activations in forward and backward."),
                          QStringLiteral("/training/precision"));
    fillEnumCombo<core::Precision>(precision_);
    connect(precision_, &QComboBox::activated, this, [this](int index) {
        const auto value = enumAt<core::Precision>(precision_, index);
        edit(EditField::Precision, freshGesture(),
             tr("Set precision to %1").arg(ControlsText::name(value)),
             [value](core::Plan& plan) { plan.training.precision = value; });
    });

    masterWeights_ = addCheck(QStringLiteral("masterWeights"), tr("FP32 master weights"),
                              tr("Keep a 4-byte copy of every weight for the optimizer update."),
                              QStringLiteral("/training/master_weights"));
    connect(masterWeights_, &QCheckBox::toggled, this, [this](bool on) {
        edit(EditField::MasterWeights, freshGesture(),
             on ? tr("Keep master weights") : tr("Drop master weights"),
             [on](core::Plan& plan) { plan.training.masterWeights = on; });
    });

    gradDtype_ = addCombo(QStringLiteral("gradDtype"), tr("Gradient dtype"),
                          tr("The dtype gradients are kept and reduced in."),
                          QStringLiteral("/training/grad_dtype"));
    fillEnumCombo<core::Precision>(gradDtype_);
    connect(gradDtype_, &QComboBox::activated, this, [this](int index) {
        const auto value = enumAt<core::Precision>(gradDtype_, index);
        edit(EditField::GradDtype, freshGesture(),
             tr("Set gradient dtype to %1").arg(ControlsText::name(value)),
             [value](core::Plan& plan) { plan.training.gradDtype = value; });
    });

    optimizer_ = addCombo(QStringLiteral("optimizer"), tr("&Optimizer"),
                          tr("The optimizer decides how many state bytes each parameter keeps."),
                          QStringLiteral("/training/optimizer"));
    fillEnumCombo<core::OptimizerKind>(optimizer_);
    connect(optimizer_, &QComboBox::activated, this, [this](int index) {
        const auto value = enumAt<core::OptimizerKind>(optimizer_, index);
        edit(EditField::Optimizer, freshGesture(),
             tr("Set optimizer to %1").arg(ControlsText::name(value)),
             [value](core::Plan& plan) { plan.training.optimizer = value; });
    });

    microBatch_ = addSlider(QStringLiteral("microBatch"), tr("&Micro-batch"),
                            tr("Samples one GPU processes in one forward and backward pass."),
                            QStringLiteral("/training/micro_batch"));
    alsoCovers(QStringLiteral("/training"));
    microBatch_->setStops(countStops(1, 1024));
    const core::KeyRange& micro = documentedRange("/training/micro_batch");
    microBatch_->setSpinRange(micro.minimum, micro.maximum, 0, 1);
    connect(microBatch_, &SliderControl::valueEdited, this, [this](double value, int gesture) {
        const int micro = static_cast<int>(value);
        edit(EditField::MicroBatch, gesture, tr("Set micro-batch to %1").arg(micro),
             [micro](core::Plan& plan) { plan.training.microBatch = micro; });
    });

    accumulation_ = addSlider(QStringLiteral("gradAccumulation"), tr("Gradient &accumulation"),
                              tr("Micro-batches each replica runs before one optimizer step."),
                              QStringLiteral("/training/grad_accumulation"));
    accumulation_->setStops(countStops(1, 4096));
    const core::KeyRange& accumulation = documentedRange("/training/grad_accumulation");
    accumulation_->setSpinRange(accumulation.minimum, accumulation.maximum, 0, 1);
    connect(accumulation_, &SliderControl::valueEdited, this, [this](double value, int gesture) {
        const int steps = static_cast<int>(value);
        edit(EditField::GradAccumulation, gesture, tr("Set gradient accumulation to %1").arg(steps),
             [steps](core::Plan& plan) { plan.training.gradAccumulation = steps; });
    });

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

    sequence_ = addSlider(QStringLiteral("sequence"), tr("Se&quence length"),
                          tr("Tokens per sample; activations grow with it."),
                          QStringLiteral("/model/sequence"));
    sequence_->setStops(powerOfTwoStops(128, 1 << 20));
    const core::KeyRange& sequence = documentedRange("/model/sequence");
    sequence_->setSpinRange(sequence.minimum, sequence.maximum, 0, 128);
    connect(sequence_, &SliderControl::valueEdited, this, [this](double value, int gesture) {
        const int tokens = static_cast<int>(value);
        edit(EditField::Sequence, gesture, tr("Set sequence length to %1").arg(tokens),
             [tokens](core::Plan& plan) { plan.model.sequence = tokens; });
    });

    recompute_ = addCombo(QStringLiteral("recompute"), tr("&Recompute"),
                          tr("Recompute activations in backward instead of storing them."),
                          QStringLiteral("/training/recompute"));
    fillEnumCombo<core::Recompute>(recompute_);
    connect(recompute_, &QComboBox::activated, this, [this](int index) {
        const auto value = enumAt<core::Recompute>(recompute_, index);
        edit(EditField::Recompute, freshGesture(),
             tr("Set recompute to %1").arg(ControlsText::name(value)),
             [value](core::Plan& plan) { plan.training.recompute = value; });
    });

    flashAttention_ = addCheck(QStringLiteral("flashAttention"), tr("Flash attention"),
                               tr("Fused attention that never stores the score matrix."),
                               QStringLiteral("/training/flash_attention"));
    connect(flashAttention_, &QCheckBox::toggled, this, [this](bool on) {
        edit(EditField::FlashAttention, freshGesture(),
             on ? tr("Use flash attention") : tr("Stop using flash attention"),
             [on](core::Plan& plan) { plan.training.flashAttention = on; });
    });
}

void TrainingControls::sync(const core::Evaluation& evaluation) {
    const core::TrainingSpec& training = evaluation.plan.training;
    selectQuietly(precision_, static_cast<int>(training.precision));
    checkQuietly(masterWeights_, training.masterWeights);
    selectQuietly(gradDtype_, static_cast<int>(training.gradDtype));
    selectQuietly(optimizer_, static_cast<int>(training.optimizer));
    microBatch_->setValueQuietly(training.microBatch);
    accumulation_->setValueQuietly(training.gradAccumulation);
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
    sequence_->setValueQuietly(evaluation.plan.model.sequence);
    selectQuietly(recompute_, static_cast<int>(training.recompute));
    checkQuietly(flashAttention_, training.flashAttention);
}

}  // namespace fourfold::ui
