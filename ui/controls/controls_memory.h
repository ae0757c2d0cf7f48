// SPDX-License-Identifier: GPL-3.0-or-later
// MemoryControls: whose accounting the figures follow, fragmentation, safety margin, framework
// bytes and the communication-buffer switch. MeasuredControls: what the person saw on real
// hardware (peak memory per stage, step time), drawn beside the prediction.
#pragma once

#include "ui/controls/controls_group.h"

#include <optional>
#include <vector>

class QDoubleSpinBox;
class QLineEdit;

namespace fourfold::ui {

class MemoryControls : public ControlsGroup {
    Q_OBJECT
public:
    explicit MemoryControls(PlanDocument* document, QWidget* parent = nullptr);
    void sync(const core::Evaluation& evaluation) override;

private:
    void addFrameworkBytes();

    SliderControl* framework_ = nullptr;
};

class MeasuredControls : public ControlsGroup {
    Q_OBJECT
public:
    explicit MeasuredControls(PlanDocument* document, QWidget* parent = nullptr);
    void sync(const core::Evaluation& evaluation) override;

    // "71, 68.5" (GB, decimal) → bytes per stage; std::nullopt when a part is not a number ≥ 0.
    [[nodiscard]] static std::optional<std::vector<std::uint64_t>> parsePeaks(const QString& text);

private:
    void applyPeaks();
    void addThroughputRow();

    QLineEdit* peaks_ = nullptr;
    QDoubleSpinBox* stepTime_ = nullptr;
    QDoubleSpinBox* tokensPerGpu_ = nullptr;  // measured tokens/s per GPU; 0: not measured
    QString parseError_;
    std::function<void(const QString&)> showPeakProblem_;
};

}  // namespace fourfold::ui
