// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's memory view and the height of one category's bar, for tests that drive the
// controls and look at what the view draws.
#pragma once

#include "core/memory/memory_category.h"
#include "ui/shell/main_window.h"
#include "ui/views/memory_stack_view.h"

#include <qcustomplot.h>

namespace fourfold::test {

inline ui::MemoryStackView* memoryView(const ui::MainWindow& window) {
    for (ui::EvaluationView* view : window.views()) {
        if (auto* memory = qobject_cast<ui::MemoryStackView*>(view)) return memory;
    }
    return nullptr;
}

// Stage 0's bar of `category` in GB, or −1 when nothing is drawn.
inline double categoryBar(const ui::MemoryStackView& view, core::MemoryCategory category) {
    const QCPBars* bars = view.categoryBars(category);
    return bars->data()->isEmpty() ? -1.0 : bars->data()->at(0)->value;
}

}  // namespace fourfold::test
