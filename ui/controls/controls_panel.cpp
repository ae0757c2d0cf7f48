// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/controls/controls_panel.h"

#include "ui/controls/controls_cluster.h"
#include "ui/controls/controls_memory.h"
#include "ui/controls/controls_model.h"
#include "ui/controls/controls_parallel.h"
#include "ui/controls/controls_training.h"
#include "ui/controls/input_guard.h"
#include "ui/controls/slider_control.h"
#include "ui/document/plan_document.h"
#include "ui/settings/language.h"

#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>

namespace fourfold::ui {

ControlsPanel::ControlsPanel(PlanDocument* document, QWidget* parent)
    : QWidget(parent), document_(document) {
    setObjectName(QStringLiteral("controlsPanel"));
    auto* content = new QWidget;
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(6, 4, 6, 4);
    column->setSpacing(4);
    groups_ = {new ModelControls(document, content),    new TrainingControls(document, content),
               new ParallelControls(document, content), new ClusterControls(document, content),
               new MemoryControls(document, content),   new MeasuredControls(document, content)};
    for (ControlsGroup* group : groups_) {
        column->addWidget(group);
        connect(group, &ControlsGroup::editRequested, this, &ControlsPanel::editRequested);
        // A released slider catches up, unless an evaluation is still on its way (then that
        // one resyncs it, and the stale one would make it jump back for a moment).
        connect(group, &ControlsGroup::dragFinished, this, [this] {
            const auto evaluation = document_->evaluation();
            if (evaluation && evaluation->plan == document_->plan()) sync(evaluation);
        });
    }
    column->addStretch(1);
    // Wheeling down the panel scrolls it; only a focused control takes the wheel, and the
    // window's Ctrl+Z undoes the plan even from a spin box.
    (new InputGuard(this))->guardEditorsUnder(content);

    scroll_ = new QScrollArea(this);
    scroll_->setObjectName(QStringLiteral("controlsScroll"));
    scroll_->setWidget(content);
    scroll_->setWidgetResizable(true);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll_->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll_);

    connect(document_, &PlanDocument::evaluationChanged, this, &ControlsPanel::sync);
    sync(document_->evaluation());
}

void ControlsPanel::sync(const std::shared_ptr<const core::Evaluation>& evaluation) {
    if (!evaluation) return;
    for (ControlsGroup* group : groups_) group->sync(*evaluation);
    showProblems(*evaluation);
}

// Each error or warning goes to the control that best covers its path; a control also shows
// the rule its own value breaks (an invalid parallel degree).
void ControlsPanel::showProblems(const core::Evaluation& evaluation) {
    QStringList pointers;
    std::vector<const ControlField*> owners;
    std::vector<const ControlField*> fields;
    for (const ControlsGroup* group : groups_) {
        for (const ControlField& field : group->fields()) {
            fields.push_back(&field);
            for (const QString& pointer : field.pointers) {
                pointers.append(pointer);
                owners.push_back(&field);
            }
        }
    }
    std::vector<QStringList> messages(fields.size());
    const auto indexOf = [&](const ControlField* field) {
        return static_cast<std::size_t>(std::find(fields.begin(), fields.end(), field) -
                                        fields.begin());
    };
    for (const core::Diagnostic& diagnostic : evaluation.diagnostics) {
        if (diagnostic.severity == core::Severity::Info) continue;
        // "Does not fit" (at /memory) is about the whole plan, not the accounting control.
        if (diagnostic.path == "/memory") continue;
        const int match = bestFieldMatch(pointers, QString::fromStdString(diagnostic.path));
        if (match < 0) continue;
        QStringList& list = messages[indexOf(owners[static_cast<std::size_t>(match)])];
        const QString message = localizedMessage(diagnostic);
        if (!list.contains(message)) list.append(message);
    }
    for (std::size_t index = 0; index < fields.size(); ++index) {
        const ControlField& field = *fields[index];
        if (field.ownProblem) {
            const QString own = field.ownProblem(evaluation);
            if (!own.isEmpty() && !messages[index].contains(own)) messages[index].append(own);
        }
        if (field.showProblem) field.showProblem(messages[index].join(QLatin1Char('\n')));
    }
}

bool ControlsPanel::focusField(const QString& jsonPointer) {
    QStringList pointers;
    std::vector<std::pair<ControlsGroup*, QWidget*>> targets;
    for (ControlsGroup* group : groups_) {
        for (const ControlField& field : group->fields()) {
            for (const QString& pointer : field.pointers) {
                pointers.append(pointer);
                targets.emplace_back(group, field.focus);
            }
        }
    }
    const int match = bestFieldMatch(pointers, jsonPointer);
    if (match < 0) return false;
    auto [group, widget] = targets[static_cast<std::size_t>(match)];
    if (!widget) return false;
    group->setExpanded(true);
    scroll_->ensureWidgetVisible(widget);
    widget->setFocus(Qt::OtherFocusReason);
    return true;
}

QWidget* ControlsPanel::revealField(const QString& jsonPointer) {
    for (ControlsGroup* group : groups_) {
        for (const ControlField& field : group->fields()) {
            if (field.pointers.isEmpty() || field.pointers.first() != jsonPointer) continue;
            if (!field.focus) return nullptr;
            group->setExpanded(true);
            // A slider's spin box stands for its row: label, slider and spin box together.
            QWidget* row = field.focus;
            for (QWidget* up = field.focus; up && up != group; up = up->parentWidget()) {
                if (qobject_cast<SliderControl*>(up)) row = up;
            }
            scroll_->ensureWidgetVisible(row);
            return row;
        }
    }
    return nullptr;
}

}  // namespace fourfold::ui
