// SPDX-License-Identifier: GPL-3.0-or-later
// Words the controls and the summary share: display names of the plan's enumerations and the
// global-batch formula as people read it ("B = b × a × dp = 1 × 8 × 8 = 64").
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/plan/plan.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace fourfold::ui {

class ControlsText {
    Q_DECLARE_TR_FUNCTIONS(ControlsText)
public:
    [[nodiscard]] static QString name(core::Precision value);
    [[nodiscard]] static QString name(core::OptimizerKind value);
    [[nodiscard]] static QString name(core::Recompute value);
    [[nodiscard]] static QString name(core::FineTune value);
    [[nodiscard]] static QString name(core::Offload value);
    [[nodiscard]] static QString name(core::ScheduleKind value);
    [[nodiscard]] static QString name(core::MemoryConvention value);
    [[nodiscard]] static QString zeroStageName(int stage);
    // The engine's explained global batch: "B = b × a × dp = 1 × 8 × 8 = 64".
    [[nodiscard]] static QString batchFormula(const core::BatchFigures& batch);
    // "32 layers · hidden 4096 · 32 heads (32 KV) · FFN 11008", with experts when MoE.
    [[nodiscard]] static QString shape(const core::ModelSpec& model);
};

}  // namespace fourfold::ui
