// SPDX-License-Identifier: GPL-3.0-or-later
// PlanFieldNames: a plan field, given by its JSON pointer ("/parallel/tp"), in the words the
// controls use for it ("Tensor parallel"), for every place that names a field to a person (the
// comparison's fields, the Diagnostics dock). A pointer the table lacks is named by the nearest
// part of the plan it has ("/memory/zero3_prefetch_layers" → "Memory"): the interface never
// shows a pointer, which stays in tooltips and item data for tooling.
#pragma once

#include <QCoreApplication>
#include <QString>

namespace fourfold::ui {

class PlanFieldNames {
    Q_DECLARE_TR_FUNCTIONS(fourfold::ui::PlanFieldNames)
public:
    // The field's name; "" for the whole plan ("" or "/") and for a pointer outside the plan.
    [[nodiscard]] static QString name(const QString& pointer);
};

}  // namespace fourfold::ui
