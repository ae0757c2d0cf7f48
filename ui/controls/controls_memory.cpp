// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/controls/controls_memory.h"

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
#include <QLineEdit>
#include <QSignalBlocker>

#include <cmath>
#include <string_view>

namespace fourfold::ui {
namespace {

constexpr double kGigabyte = 1e9;
constexpr const char* kContext = "fourfold::ui::MemoryControls";

// The memory section's controls, one row of facts each.
const ControlFacts kConvention = {
    kContext,
    "convention",
    QT_TRANSLATE_NOOP("fourfold::ui::MemoryControls", "Accounting"),
    QT_TRANSLATE_NOOP("fourfold::ui::MemoryControls",
                      "Whose memory accounting the figures follow."),
    "/memory/convention",
    EditField::Convention,
    QT_TRANSLATE_NOOP("fourfold::ui::MemoryControls", "Use %1 memory accounting")};
const ControlFacts kFragmentation = {
    kContext,
    "fragmentation",
    QT_TRANSLATE_NOOP("fourfold::ui::MemoryControls", "Fragmentation"),
    QT_TRANSLATE_NOOP("fourfold::ui::MemoryControls",
                      "Share of allocated memory the allocator loses to fragmentation."),
    "/memory/fragmentation",
    EditField::Fragmentation,
    QT_TRANSLATE_NOOP("fourfold::ui::MemoryControls", "Set fragmentation to %1")};
const ControlFacts kSafetyMargin = {
    kContext,
    "safetyMargin",
    QT_TRANSLATE_NOOP("fourfold::ui::MemoryControls", "Safet&y margin"),
    QT_TRANSLATE_NOOP("fourfold::ui::MemoryControls", "Share of GPU memory kept free for spikes."),
    "/memory/safety_margin",
    EditField::SafetyMargin,
    QT_TRANSLATE_NOOP("fourfold::ui::MemoryControls", "Set safety margin to %1")};
const ControlFacts kCommBuffers = {
    kContext,
    "commBuffers",
    QT_TRANSLATE_NOOP("fourfold::ui::MemoryControls", "Count communication buffers"),
    QT_TRANSLATE_NOOP("fourfold::ui::MemoryControls",
                      "Include DDP buckets and ZeRO gather buffers in the figures."),
    "/memory/count_comm_buffers",
    EditField::CommBuffers,
    QT_TRANSLATE_NOOP("fourfold::ui::MemoryControls", "Count communication buffers"),
    QT_TRANSLATE_NOOP("fourfold::ui::MemoryControls", "Leave out communication buffers")};

QString percent(double share) { return QString::fromStdString(core::formatPercent(share)); }

// A share of memory, 0 to 50 % in steps of 1 %, typed to 0.01 % within its documented range.
void shareRange(SliderControl* control, const ControlFacts& facts) {
    const core::KeyRange& range = documentedRange(facts.pointer);
    control->setStops(linearStops(0, 0.5, 0.01));
    control->setSpinRange(range.minimum, range.maximum, 1, 0.01, 0.01);
    control->setSuffix(QStringLiteral(" %"));
}

}  // namespace

MemoryControls::MemoryControls(PlanDocument* document, QWidget* parent)
    : ControlsGroup(QStringLiteral("memoryGroup"), tr("Memory"), document, parent) {
    bindEnum(
        kConvention, +[](core::Plan& p) -> core::MemoryConvention& { return p.memory.convention; });
    alsoCovers(QStringLiteral("/memory"));
    shareRange(bindDouble(
                   kFragmentation, +[](core::Plan& p) -> double& { return p.memory.fragmentation; },
                   &percent),
               kFragmentation);
    shareRange(bindDouble(
                   kSafetyMargin, +[](core::Plan& p) -> double& { return p.memory.safetyMargin; },
                   &percent),
               kSafetyMargin);
    addFrameworkBytes();
    bindCheck(
        kCommBuffers, +[](core::Plan& p) -> bool& { return p.memory.countCommBuffers; });
}

// Framework memory: stored as whole bytes, shown and stepped in GB.
void MemoryControls::addFrameworkBytes() {
    framework_ = addSlider(QStringLiteral("frameworkBytes"), tr("Frame&work memory"),
                           tr("CUDA context, framework and library workspaces on every GPU."),
                           QStringLiteral("/memory/framework_bytes"));
    framework_->setStops(linearStops(0, 10 * kGigabyte, kGigabyte / 4));
    const core::KeyRange& frameworkRange = documentedRange("/memory/framework_bytes");
    framework_->setSpinRange(frameworkRange.minimum, frameworkRange.maximum, 2, kGigabyte / 10,
                             kGigabyte);
    framework_->setSuffix(tr(" GB"));
    connect(framework_, &SliderControl::valueEdited, this, [this](double value, int gesture) {
        const auto bytes = static_cast<std::uint64_t>(std::llround(value));
        edit(EditField::FrameworkBytes, gesture,
             tr("Set framework memory to %1").arg(QString::fromStdString(core::formatBytes(bytes))),
             [bytes](core::Plan& plan) { plan.memory.frameworkBytes = bytes; });
    });
}

void MemoryControls::sync(const core::Evaluation& evaluation) {
    syncBound(evaluation);
    framework_->setValueQuietly(static_cast<double>(evaluation.plan.memory.frameworkBytes));
}

MeasuredControls::MeasuredControls(PlanDocument* document, QWidget* parent)
    : ControlsGroup(QStringLiteral("measuredGroup"), tr("Measured"), document, parent) {
    peaks_ = new QLineEdit(this);
    peaks_->setObjectName(QStringLiteral("measuredPeaksEdit"));
    peaks_->setPlaceholderText(tr("e.g. 71, 68.5"));
    peaks_->setAccessibleName(tr("Measured peak memory per stage in GB"));
    addLabelledRow(tr("Peak per stage (GB)"), peaks_,
                   tr("Peak memory you measured on each pipeline stage, in GB, comma separated."),
                   QStringLiteral("/measured/peak_bytes_per_stage"));
    alsoCovers(QStringLiteral("/measured"));
    showPeakProblem_ = fields().back().showProblem;
    setOwnProblem([this](const core::Evaluation&) { return parseError_; });
    connect(peaks_, &QLineEdit::editingFinished, this, &MeasuredControls::applyPeaks);

    stepTime_ = new QDoubleSpinBox(this);
    stepTime_->setObjectName(QStringLiteral("measuredStepTimeSpin"));
    // 0 is "not measured" (the key left out); the documented range excludes 0 itself.
    stepTime_->setRange(0, documentedRange("/measured/step_time_s").maximum);
    stepTime_->setDecimals(3);
    stepTime_->setSingleStep(0.1);
    stepTime_->setSuffix(tr(" s"));
    stepTime_->setSpecialValueText(tr("not measured"));
    stepTime_->setKeyboardTracking(false);
    stepTime_->setAlignment(Qt::AlignRight);
    stepTime_->setAccessibleName(tr("Measured step time"));
    addLabelledRow(tr("Step time"), stepTime_,
                   tr("Seconds one optimizer step took on real hardware."),
                   QStringLiteral("/measured/step_time_s"));
    connect(stepTime_, &QDoubleSpinBox::valueChanged, this, [this](double seconds) {
        const QString text = seconds > 0
                                 ? tr("Set measured step time to %1")
                                       .arg(QString::fromStdString(core::formatSeconds(seconds)))
                                 : tr("Clear the measured step time");
        edit(EditField::MeasuredStepTime, freshGesture(), text, [seconds](core::Plan& plan) {
            if (seconds > 0) {
                plan.measured.stepTimeS = seconds;
            } else {
                plan.measured.stepTimeS.reset();
            }
        });
    });
    addThroughputRow();
}

void MeasuredControls::addThroughputRow() {
    tokensPerGpu_ = new QDoubleSpinBox(this);
    tokensPerGpu_->setObjectName(QStringLiteral("measuredTokensPerGpuSpin"));
    // 0 is "not measured"; the evaluation compares it as the step time it implies.
    tokensPerGpu_->setRange(0, documentedRange("/measured/tokens_per_s_per_gpu").maximum);
    tokensPerGpu_->setDecimals(0);
    tokensPerGpu_->setSingleStep(100);
    tokensPerGpu_->setSpecialValueText(tr("not measured"));
    tokensPerGpu_->setKeyboardTracking(false);
    tokensPerGpu_->setAlignment(Qt::AlignRight);
    tokensPerGpu_->setAccessibleName(tr("Measured tokens per second per GPU"));
    addLabelledRow(tr("Tokens/s per GPU"), tokensPerGpu_,
                   tr("Tokens per second per GPU the run reached (torchtitan's tps); compared "
                      "as the step time it implies when no step time is given."),
                   QStringLiteral("/measured/tokens_per_s_per_gpu"));
    connect(tokensPerGpu_, &QDoubleSpinBox::valueChanged, this, [this](double rate) {
        const QString text = rate > 0 ? tr("Set measured tokens/s per GPU to %1")
                                            .arg(QString::fromStdString(core::formatCount(rate)))
                                      : tr("Clear the measured tokens/s per GPU");
        edit(EditField::MeasuredThroughput, freshGesture(), text, [rate](core::Plan& plan) {
            if (rate > 0) {
                plan.measured.tokensPerSPerGpu = rate;
            } else {
                plan.measured.tokensPerSPerGpu.reset();
            }
        });
    });
}

std::optional<std::vector<std::uint64_t>> MeasuredControls::parsePeaks(const QString& text) {
    std::vector<std::uint64_t> bytes;
    const QStringList parts = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString& part : parts) {
        bool ok = false;
        const double gigabytes = part.trimmed().toDouble(&ok);
        const core::KeyRange& range = documentedRange("/measured/peak_bytes_per_stage");
        if (!ok || !std::isfinite(gigabytes) || gigabytes * kGigabyte < range.minimum ||
            gigabytes * kGigabyte > range.maximum) {
            return std::nullopt;
        }
        bytes.push_back(static_cast<std::uint64_t>(std::llround(gigabytes * kGigabyte)));
    }
    return bytes;
}

void MeasuredControls::applyPeaks() {
    const auto bytes = parsePeaks(peaks_->text());
    parseError_ = bytes ? QString()
                        : tr("Write one number of GB per stage, separated by commas "
                             "(for example 71, 68.5).");
    showPeakProblem_(parseError_);
    if (!bytes) return;
    const std::vector<std::uint64_t> values = *bytes;
    edit(EditField::MeasuredPeak, freshGesture(), tr("Set measured peak memory"),
         [values](core::Plan& plan) { plan.measured.peakBytesPerStage = values; });
}

void MeasuredControls::sync(const core::Evaluation& evaluation) {
    const core::MeasuredFigures& measured = evaluation.plan.measured;
    // Rewrite the text only when it says something else (keeps the person's spacing).
    if (parsePeaks(peaks_->text()) != std::optional(measured.peakBytesPerStage)) {
        QStringList parts;
        for (std::uint64_t bytes : measured.peakBytesPerStage) {
            parts.append(QString::number(static_cast<double>(bytes) / kGigabyte, 'g', 6));
        }
        const QSignalBlocker blocker(peaks_);
        peaks_->setText(parts.join(QStringLiteral(", ")));
        parseError_.clear();
    }
    const double seconds = measured.stepTimeS.value_or(0.0);
    if (stepTime_->value() != seconds) {
        const QSignalBlocker blocker(stepTime_);
        stepTime_->setValue(seconds);
    }
    const double rate = measured.tokensPerSPerGpu.value_or(0.0);
    if (std::llround(tokensPerGpu_->value()) != std::llround(rate)) {
        const QSignalBlocker blocker(tokensPerGpu_);
        tokensPerGpu_->setValue(rate);
    }
}

}  // namespace fourfold::ui
