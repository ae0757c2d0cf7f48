// SPDX-License-Identifier: GPL-3.0-or-later
// SearchScatter: the auto-planner's candidates as points of peak memory (x) against tokens/s
// (y), the Pareto front drawn as a line through its members (least memory first) and the
// current plan ringed. Draws the core's figures only; colours follow the theme.
#pragma once

#include "core/search/search.h"
#include "core/text/format.h"

#include <QWidget>

#include <optional>
#include <vector>

class QCustomPlot;
class QCPGraph;

namespace fourfold::ui {

class SearchScatter : public QWidget {
    Q_OBJECT
public:
    explicit SearchScatter(QWidget* parent = nullptr);

    // The candidates as points and the front as a line; either may be empty.
    void setResults(const std::vector<core::SearchCandidate>& candidates,
                    const std::vector<core::SearchCandidate>& front);
    // The current plan's point, or none when it has no figures to place.
    void setCurrent(std::optional<core::SearchPoint> current);
    void setByteUnits(core::ByteUnits units);

    [[nodiscard]] QCustomPlot* plot() const { return plot_; }
    [[nodiscard]] QCPGraph* candidatesGraph() const { return candidates_; }
    [[nodiscard]] QCPGraph* frontGraph() const { return front_; }
    [[nodiscard]] QCPGraph* currentGraph() const { return current_; }

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void redraw();
    void applyColours();
    void showPointAt(const QPoint& position);

    QCustomPlot* plot_ = nullptr;
    QCPGraph* candidates_ = nullptr;
    QCPGraph* front_ = nullptr;
    QCPGraph* current_ = nullptr;
    std::vector<core::SearchPoint> points_;
    std::vector<core::SearchPoint> frontPoints_;
    std::optional<core::SearchPoint> currentPoint_;
    core::ByteUnits units_ = core::ByteUnits::Decimal;
    bool stale_ = false;  // changed while hidden: replot when shown
};

}  // namespace fourfold::ui
