// SPDX-License-Identifier: GPL-3.0-or-later
// A view that computes instead of reading the Evaluation: views_only_draw_fails must reject it.
#include "core/memory/memory.h"
#include "core/rules/validate.h"

namespace fourfold::ui {

int stageCount(const core::Plan& plan) {
    return static_cast<int>(core::estimateMemory(plan, core::analyzeModel(plan)).stages.size());
}

}  // namespace fourfold::ui
