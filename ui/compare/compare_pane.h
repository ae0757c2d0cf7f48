// SPDX-License-Identifier: GPL-3.0-or-later
// ComparePane: plan A and plan B side by side, as PlanPin compares them. The two titles with
// Swap, Use A and Unpin; the headline figures and the step's parts in one table (A, B and B's
// difference, the better side's figure in bold); each pipeline stage's memory as two stacked
// bars, A left of B, in the memory chart's category colours, with each plan's usable line; and
// the fields whose values differ, named as the controls name them. Draws the comparison only.
#pragma once

#include "core/evaluate/plan_compare.h"
#include "core/text/format.h"

#include <QWidget>

#include <optional>

class QCustomPlot;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace fourfold::ui {

class ComparePane : public QWidget {
    Q_OBJECT
public:
    explicit ComparePane(QWidget* parent = nullptr);

    [[nodiscard]] QString title() const { return tr("Compare Plans"); }
    void setComparison(const std::optional<core::PlansCompared>& comparison);
    void setByteUnits(core::ByteUnits units);
    // Swap and Use A on or off (off while a lesson has the document: they would put a plan on
    // the lesson's).
    void setChangesEnabled(bool enabled);

    [[nodiscard]] QPushButton* swapButton() const { return swap_; }
    [[nodiscard]] QPushButton* useAButton() const { return useA_; }
    [[nodiscard]] QPushButton* unpinButton() const { return unpin_; }
    [[nodiscard]] QTableWidget* figuresTable() const { return figures_; }
    [[nodiscard]] QCustomPlot* stagesPlot() const { return stages_; }
    [[nodiscard]] QListWidget* fieldsList() const { return fields_; }
    [[nodiscard]] QLabel* titleA() const { return titleA_; }
    [[nodiscard]] QLabel* titleB() const { return titleB_; }

    // A plan field in the controls' words ("Tensor parallel"), and a value of it as they show
    // it ("Interleaved 1F1B", "on").
    [[nodiscard]] static QString fieldName(const QString& pointer);
    [[nodiscard]] static QString fieldValue(const QString& pointer, const QString& value);

signals:
    void swapRequested();
    void useARequested();
    void unpinRequested();

private:
    void fillFigures(const core::PlansCompared& comparison);
    void drawStages(const core::PlansCompared& comparison);
    void fillFields(const core::PlansCompared& comparison);
    [[nodiscard]] QString valueText(const core::ComparedFigure& figure, double value) const;

    QLabel* titleA_ = nullptr;
    QLabel* titleB_ = nullptr;
    QPushButton* swap_ = nullptr;
    QPushButton* useA_ = nullptr;
    QPushButton* unpin_ = nullptr;
    QTableWidget* figures_ = nullptr;
    QCustomPlot* stages_ = nullptr;
    QListWidget* fields_ = nullptr;
    std::optional<core::PlansCompared> shown_;
    core::ByteUnits units_ = core::ByteUnits::Decimal;
    bool changesEnabled_ = true;
};

}  // namespace fourfold::ui
