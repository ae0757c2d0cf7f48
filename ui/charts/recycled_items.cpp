// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/recycled_items.h"

#include <qcustomplot.h>

#include <algorithm>

namespace fourfold::ui {

QCPAbstractItem* RecycledItems::take(const std::function<bool(QCPAbstractItem*)>& fits,
                                     const std::function<QCPAbstractItem*()>& make) {
    if (taken_ < items_.size()) {
        QCPAbstractItem* spare = items_[taken_];
        if (fits(spare)) {
            ++taken_;
            // On top of its layer, as a new item would be: the items drawn after it (a label
            // after its box) stay over it.
            spare->setLayer(spare->layer());
            return spare;
        }
        // Another kind of item in this place: it goes, and a new one takes its place.
        spare->parentPlot()->removeItem(spare);
        items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(taken_));
    }
    QCPAbstractItem* made = make();
    items_.insert(items_.begin() + static_cast<std::ptrdiff_t>(taken_), made);
    ++taken_;
    return made;
}

void RecycledItems::end(QCustomPlot* plot) {
    for (std::size_t index = taken_; index < items_.size(); ++index) {
        plot->removeItem(items_[index]);
    }
    items_.resize(taken_);
}

bool RecycledItems::holds(const QCPAbstractItem* item) const {
    return std::find(items_.begin(), items_.end(), item) != items_.end();
}

}  // namespace fourfold::ui
