// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/controls/controls_group.h"

#include "ui/controls/slider_control.h"
#include "ui/document/plan_document.h"
#include "ui/widgets/copyable_label.h"
#include "ui/widgets/layout_barrier.h"
#include "ui/widgets/text_label.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace fourfold::ui {
namespace {

const QString kProblemStyle = QStringLiteral("color: #c62828;");

QString withProblem(const QString& help, const QString& problem) {
    return problem.isEmpty() ? help : help + QStringLiteral("\n\n") + problem;
}

}  // namespace

ControlsGroup::ControlsGroup(const QString& name, const QString& title, PlanDocument* document,
                             QWidget* parent)
    : QWidget(parent), document_(document) {
    setObjectName(name);
    header_ = new QToolButton(this);
    header_->setObjectName(name + QStringLiteral("Header"));
    header_->setText(title);
    header_->setCheckable(true);
    header_->setChecked(true);
    header_->setArrowType(Qt::DownArrow);
    header_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    header_->setAutoRaise(true);
    header_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    header_->setToolTip(tr("Show or hide the %1 settings.").arg(title));
    QFont bold = header_->font();
    bold.setBold(true);
    header_->setFont(bold);

    body_ = new QWidget(this);
    form_ = new QFormLayout(body_);
    form_->setContentsMargins(12, 0, 2, 6);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form_->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form_->setLabelAlignment(Qt::AlignLeft | Qt::AlignVCenter);

    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    column->addWidget(header_);
    column->addWidget(body_);
    connect(header_, &QToolButton::toggled, this, &ControlsGroup::setExpanded);
}

void ControlsGroup::setExpanded(bool expanded) {
    const QSignalBlocker blocker(header_);
    header_->setChecked(expanded);
    header_->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    body_->setVisible(expanded);
}

bool ControlsGroup::isExpanded() const { return header_->isChecked(); }

void ControlsGroup::edit(EditField field, int gesture, const QString& text,
                         std::function<void(core::Plan&)> change) {
    emit editRequested(static_cast<int>(field), gesture, text);
    document_->apply(PlanEdit{field, gesture, text, std::move(change)});
}

int ControlsGroup::freshGesture() { return document_->nextGesture(); }

QComboBox* ControlsGroup::addCombo(const ControlFacts& facts) {
    return addCombo(QString::fromLatin1(facts.name), translated(facts.context, facts.label),
                    translated(facts.context, facts.help), QString::fromLatin1(facts.pointer));
}

QCheckBox* ControlsGroup::bindCheck(const ControlFacts& facts, PlanField<bool> field) {
    QCheckBox* box =
        addCheck(QString::fromLatin1(facts.name), translated(facts.context, facts.label),
                 translated(facts.context, facts.help), QString::fromLatin1(facts.pointer));
    connect(box, &QCheckBox::toggled, this, [this, facts, field](bool on) {
        edit(facts.field, freshGesture(),
             translated(facts.context, on ? facts.undo : facts.undoOff),
             [field, on](core::Plan& plan) { field(plan) = on; });
    });
    bindSync([box, field](const core::Plan& plan) { checkQuietly(box, read(field, plan)); });
    return box;
}

SliderControl* ControlsGroup::bindInt(const ControlFacts& facts, PlanField<int> field) {
    SliderControl* control =
        addSlider(QString::fromLatin1(facts.name), translated(facts.context, facts.label),
                  translated(facts.context, facts.help), QString::fromLatin1(facts.pointer));
    connect(control, &SliderControl::valueEdited, this,
            [this, facts, field](double value, int gesture) {
                const int count = static_cast<int>(value);
                edit(facts.field, gesture, translated(facts.context, facts.undo).arg(count),
                     [field, count](core::Plan& plan) { field(plan) = count; });
            });
    bindSync(
        [control, field](const core::Plan& plan) { control->setValueQuietly(read(field, plan)); });
    return control;
}

SliderControl* ControlsGroup::bindDouble(const ControlFacts& facts, PlanField<double> field,
                                         QString (*format)(double)) {
    SliderControl* control =
        addSlider(QString::fromLatin1(facts.name), translated(facts.context, facts.label),
                  translated(facts.context, facts.help), QString::fromLatin1(facts.pointer));
    connect(control, &SliderControl::valueEdited, this,
            [this, facts, field, format](double value, int gesture) {
                edit(facts.field, gesture, translated(facts.context, facts.undo).arg(format(value)),
                     [field, value](core::Plan& plan) { field(plan) = value; });
            });
    bindSync(
        [control, field](const core::Plan& plan) { control->setValueQuietly(read(field, plan)); });
    return control;
}

void ControlsGroup::syncBound(const core::Evaluation& evaluation) {
    for (const auto& sync : syncs_) sync(evaluation.plan);
}

SliderControl* ControlsGroup::addSlider(const QString& name, const QString& label,
                                        const QString& help, const QString& pointer) {
    auto* control = new SliderControl(name, label, body_);
    control->setHelp(help);
    control->setGestureSource([this] { return freshGesture(); });
    connect(control, &SliderControl::dragFinished, this, &ControlsGroup::dragFinished);
    form_->addRow(control);
    registerField({QStringList{pointer},
                   control->spinBox(),
                   [control](const QString& problem) { control->setProblem(problem); },
                   {}});
    return control;
}

QLabel* ControlsGroup::addLabelledRow(const QString& label, QWidget* editor, const QString& help,
                                      const QString& pointer) {
    auto* caption = new QLabel(label, body_);
    caption->setObjectName(editor->objectName() + QStringLiteral("Label"));
    caption->setBuddy(editor);
    caption->setToolTip(help);
    editor->setToolTip(help);
    form_->addRow(caption, editor);
    registerField({QStringList{pointer},
                   editor,
                   [caption, editor, help](const QString& problem) {
                       caption->setStyleSheet(problem.isEmpty() ? QString() : kProblemStyle);
                       caption->setToolTip(withProblem(help, problem));
                       editor->setToolTip(withProblem(help, problem));
                   },
                   {}});
    return caption;
}

QComboBox* ControlsGroup::addCombo(const QString& name, const QString& label, const QString& help,
                                   const QString& pointer) {
    auto* combo = new QComboBox(body_);
    combo->setObjectName(name + QStringLiteral("Combo"));
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(8);
    combo->setAccessibleName(QString(label).remove(QLatin1Char('&')));
    addLabelledRow(label, combo, help, pointer);
    return combo;
}

QCheckBox* ControlsGroup::addCheck(const QString& name, const QString& label, const QString& help,
                                   const QString& pointer) {
    auto* box = new QCheckBox(label, body_);
    box->setObjectName(name + QStringLiteral("Check"));
    box->setToolTip(help);
    form_->addRow(box);
    registerField({QStringList{pointer},
                   box,
                   [box, help](const QString& problem) {
                       box->setStyleSheet(problem.isEmpty() ? QString() : kProblemStyle);
                       box->setToolTip(withProblem(help, problem));
                   },
                   {}});
    return box;
}

QLabel* ControlsGroup::addNote(const QString& name, const QString& help, bool secondary) {
    auto* note = new TextLabel(body_);
    if (secondary) {
        note->setForegroundRole(QPalette::PlaceholderText);
        QFont small = note->font();
        small.setPointSizeF(small.pointSizeF() * 0.9);
        note->setFont(small);
    }
    note->setObjectName(name);
    note->setWordWrap(true);
    makeCopyable(note);
    note->setToolTip(help);
    // A note's text changes with most edits (the batch formula at every step of a drag): behind
    // a barrier it lays out alone, and the panel's layout hears only of a new number of lines.
    // The holder's layout is what tells the barrier: a label has none of its own.
    auto* holder = new QWidget;
    auto* lines = new QVBoxLayout(holder);
    lines->setContentsMargins(0, 0, 0, 0);
    lines->addWidget(note);
    form_->addRow(new LayoutBarrier(holder, LayoutBarrier::Passes::Height, body_));
    return note;
}

void selectQuietly(QComboBox* combo, const QVariant& data) {
    const int index = combo->findData(data);
    if (index < 0 || index == combo->currentIndex()) return;
    const QSignalBlocker blocker(combo);
    combo->setCurrentIndex(index);
}

void checkQuietly(QCheckBox* box, bool checked) {
    if (box->isChecked() == checked) return;
    const QSignalBlocker blocker(box);
    box->setChecked(checked);
}

}  // namespace fourfold::ui

namespace fourfold::ui {

void syncPresetCombo(QComboBox* combo, const QList<QPair<QString, QString>>& items,
                     const QString& current, const QString& customText) {
    QList<QPair<QString, QString>> wanted = items;
    const bool known = std::any_of(wanted.begin(), wanted.end(),
                                   [&](const auto& item) { return item.second == current; });
    if (!known) wanted.append({customText, current});
    bool same = combo->count() == wanted.size();
    for (int index = 0; same && index < combo->count(); ++index) {
        same = combo->itemText(index) == wanted[index].first &&
               combo->itemData(index).toString() == wanted[index].second;
    }
    const QSignalBlocker blocker(combo);
    if (!same) {
        combo->clear();
        for (const auto& [text, name] : wanted) combo->addItem(text, name);
    }
    const int index = combo->findData(current);
    if (index != combo->currentIndex()) combo->setCurrentIndex(index);
}

}  // namespace fourfold::ui
