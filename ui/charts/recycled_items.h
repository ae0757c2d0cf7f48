// SPDX-License-Identifier: GPL-3.0-or-later
// Items that one part of a chart draws at every evaluation (a limit line, a tinted box per
// stage over the limit, a label per box), drawn again rather than made again: making an item
// makes its anchors and positions, and each position searches the plot's layout for its axis
// rect, which cost more than drawing it. The part takes its items in the same order at every
// drawing and sets everything it draws them with; those left over at the end go.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

class QCPAbstractItem;
class QCustomPlot;

namespace fourfold::ui {

class RecycledItems {
public:
    // Starts a drawing: every item kept is spare until taken again.
    void begin() { taken_ = 0; }
    // The next spare item if it is an `Item`, else a new one from `make` (kept from now on).
    template <typename Item, typename Make>
    Item* next(Make make) {
        return static_cast<Item*>(
            take([](QCPAbstractItem* item) { return dynamic_cast<Item*>(item) != nullptr; },
                 [&make]() -> QCPAbstractItem* { return make(); }));
    }
    // Ends a drawing: the items not taken again leave the plot.
    void end(QCustomPlot* plot);
    // Whether `item` is one of the items kept here.
    [[nodiscard]] bool holds(const QCPAbstractItem* item) const;

private:
    QCPAbstractItem* take(const std::function<bool(QCPAbstractItem*)>& fits,
                          const std::function<QCPAbstractItem*()>& make);

    std::vector<QCPAbstractItem*> items_;  // in the order taken
    std::size_t taken_ = 0;
};

}  // namespace fourfold::ui
