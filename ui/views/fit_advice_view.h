// SPDX-License-Identifier: GPL-3.0-or-later
// "How to make it fit", under the memory chart: when the plan does not fit, the engine's
// what-ifs, each with the peak it gives, as buttons that apply the change; when it fits, the
// headroom and the largest micro-batch that still fits. Every figure comes from the Evaluation.
#pragma once

#include "ui/views/evaluation_view.h"

#include <QString>

#include <vector>

class QLabel;
class QPushButton;
class QTimer;
class QGridLayout;

namespace fourfold::ui {

class FitAdviceView : public EvaluationView {
    Q_OBJECT
public:
    explicit FitAdviceView(QWidget* parent = nullptr);

    [[nodiscard]] QString title() const override;
    void setBinaryUnits(bool binary);

signals:
    // A JSON merge patch (core/plan/plan_patch.h) the user chose, with its undo text.
    void patchRequested(const QString& patch, const QString& undoText);

protected:
    void render(const core::Evaluation& evaluation) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    [[nodiscard]] int neededHeight(int width) const;
    // Two columns of choices when each shown choice fits half of `width` whole, else one: a
    // choice cut to "… → 153.8 G…" loses the figure it is there to give.
    [[nodiscard]] int columnsFor(int width) const;
    void arrangeChoices(int columns);
    // While the plan changes quickly (a slider drag) the view keeps the tallest height it has
    // needed, so the memory chart above neither jumps nor re-lays out at every step; a moment
    // after the last change it settles to the height it needs.
    void holdHeight();
    void fill(const core::Evaluation& evaluation);

    void addChoice(int index, const QString& text, const QString& patch, const QString& undoText,
                   bool enabled, const QString& tooltip);

    QLabel* headline_ = nullptr;
    QGridLayout* choices_ = nullptr;
    bool binary_ = false;
    std::vector<QPushButton*> buttons_;  // every choice button made so far, reused
    int shownChoices_ = 0;
    int columns_ = 2;
    int heldHeight_ = 0;
    QTimer* settle_ = nullptr;
};

}  // namespace fourfold::ui
