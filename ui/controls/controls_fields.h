// SPDX-License-Identifier: GPL-3.0-or-later
// Which control edits which plan field: each control registers the JSON pointer it edits
// (PLAN_FORMAT.md's keys, "/parallel/tp"), so a diagnostic or a focus request finds it.
#pragma once

#include "core/evaluate/evaluation.h"

#include <QString>
#include <QStringList>

#include <functional>

class QWidget;

namespace fourfold::ui {

struct ControlField {
    // The field's pointer first ("/parallel/tp"), then any section it stands for ("/parallel"),
    // so a diagnostic on a field without a control of its own still lands somewhere.
    QStringList pointers;
    QWidget* focus = nullptr;  // what receives keyboard focus
    // Shows the rules the value breaks (one sentence per line); empty clears the marker.
    std::function<void(const QString&)> showProblem;
    // A rule the core reports for this control beyond validate() (an invalid parallel degree).
    std::function<QString(const core::Evaluation&)> ownProblem;
};

// Index of the pointer in `registered` that best covers `pointer`: equal to it, or the longest
// one that is a whole-segment prefix ("/training" covers "/training/global_batch", "/train"
// does not). -1 when none does.
[[nodiscard]] int bestFieldMatch(const QStringList& registered, const QString& pointer);

}  // namespace fourfold::ui
