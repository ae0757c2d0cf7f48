// SPDX-License-Identifier: GPL-3.0-or-later
// SummaryStrip: the answers that matter most at a glance: does it fit (peak / usable /
// capacity), the global-batch formula, the pipeline bubble, world size and nodes, and MFU and
// tokens/s from the performance model, measured against predicted and the calibration profile
// in use. Tiles wrap to the strip's width and keep the widest they have been, so a figure that
// narrows does not move the tiles after it. Reads only the
// Evaluation.
#pragma once

#include "core/plan/plan.h"
#include "core/text/format.h"
#include "ui/views/evaluation_view.h"
#include "ui/views/explained_text.h"

class QLabel;

namespace fourfold::ui {

class SummaryStrip : public EvaluationView {
    Q_OBJECT
public:
    explicit SummaryStrip(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override { return tr("Summary"); }
    // GB or GiB for the memory tile.
    void setByteUnits(core::ByteUnits units);

protected:
    void render(const core::Evaluation& evaluation) override;
    void changeEvent(QEvent* event) override;

private:
    // Lets every tile take only the width its texts need again.
    void releaseTileWidths();
    // A caption over a value; returns the value label (object name `<name>Value`).
    QLabel* addTile(const QString& name, const QString& caption);
    // The calibration profile the figures follow, if the plan names one.
    void renderProfile(const core::ProfileReference& reference);

    QLabel* fit_ = nullptr;
    QLabel* batch_ = nullptr;
    QLabel* bubble_ = nullptr;
    QLabel* world_ = nullptr;
    QLabel* mfu_ = nullptr;
    QLabel* throughput_ = nullptr;
    QLabel* measured_ = nullptr;  // measured beside predicted; hidden without measurements
    QLabel* profile_ = nullptr;   // the calibration profile; hidden without one
    core::ByteUnits units_ = core::ByteUnits::Decimal;
    bool showedErrors_ = false;
    ExplainedTips tips_;  // the figures' explanations lately shown
};

}  // namespace fourfold::ui
