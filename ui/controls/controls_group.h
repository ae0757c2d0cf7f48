// SPDX-License-Identifier: GPL-3.0-or-later
// ControlsGroup: one collapsible section of the controls panel (Model, Training, ...). It builds
// labelled rows, registers which plan field each row edits, sends edits to the document and
// resyncs its rows from each Evaluation. Subclasses add the rows of one section.
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/plan/plan_enums.h"
#include "ui/controls/controls_fields.h"
#include "ui/document/undo_ids.h"
#include "ui/widgets/controls_text.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QWidget>

#include <functional>
#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QToolButton;

namespace fourfold::ui {

class PlanDocument;
class SliderControl;

// The facts of one control bound to one plan field, stated once in a table row: its object-name
// stem, label (with its mnemonic) and one-sentence tooltip, the JSON pointer it edits, its undo
// id and undo text. The texts are source strings of translation context `context`
// (QT_TRANSLATE_NOOP), translated when the control is built.
struct ControlFacts {
    const char* context;
    const char* name;
    const char* label;
    const char* help;
    const char* pointer;
    EditField field;
    const char* undo;               // "%1" is the new value; a check box's text when switched on
    const char* undoOff = nullptr;  // a check box's text when switched off
};

// Where a control's value lives in the plan: a function from the plan to the field, so one
// captureless lambda serves both the edit and the resync.
template <typename T>
using PlanField = T& (*)(core::Plan&);

class ControlsGroup : public QWidget {
    Q_OBJECT
public:
    ControlsGroup(const QString& name, const QString& title, PlanDocument* document,
                  QWidget* parent = nullptr);

    // Sets every row from the evaluation's plan without emitting edits.
    virtual void sync(const core::Evaluation& evaluation) = 0;
    [[nodiscard]] const std::vector<ControlField>& fields() const { return fields_; }
    void setExpanded(bool expanded);
    [[nodiscard]] bool isExpanded() const;
    [[nodiscard]] QToolButton* header() const { return header_; }

signals:
    // Every edit sent to the document (status bars and tests listen).
    void editRequested(int field, int gesture, const QString& text);
    // A slider drag ended: resync it (it skipped resyncs while held).
    void dragFinished();

protected:
    void edit(EditField field, int gesture, const QString& text,
              std::function<void(core::Plan&)> change);
    [[nodiscard]] int freshGesture();
    [[nodiscard]] PlanDocument* document() const { return document_; }

    // Rows. `name` is the object-name stem, `label` may hold a mnemonic (&), `help` is the
    // one-sentence tooltip and `pointer` the JSON pointer the row edits (more may be added to
    // the registered field with fields_.back()).
    SliderControl* addSlider(const QString& name, const QString& label, const QString& help,
                             const QString& pointer);
    QComboBox* addCombo(const QString& name, const QString& label, const QString& help,
                        const QString& pointer);
    QCheckBox* addCheck(const QString& name, const QString& label, const QString& help,
                        const QString& pointer);
    // A row with a label and any editor; problems turn the label red.
    QLabel* addLabelledRow(const QString& label, QWidget* editor, const QString& help,
                           const QString& pointer);
    // A full-width note: a derived figure (the global-batch formula) or, when `secondary`, a
    // small grey remark (what the chosen GPU offers).
    QLabel* addNote(const QString& name, const QString& help, bool secondary = false);
    void registerField(ControlField field) { fields_.push_back(std::move(field)); }
    // Adds a section pointer or a rule check to the field registered last.
    void alsoCovers(const QString& pointer) { fields_.back().pointers.append(pointer); }
    void setOwnProblem(std::function<QString(const core::Evaluation&)> check) {
        fields_.back().ownProblem = std::move(check);
    }

    // A control bound to a plan field: built from its facts, editing the field through the
    // document and set from each evaluation by syncBound(). `format` writes a value into the
    // undo text.
    template <typename Enum>
    QComboBox* bindEnum(const ControlFacts& facts, PlanField<Enum> field);
    QCheckBox* bindCheck(const ControlFacts& facts, PlanField<bool> field);
    SliderControl* bindInt(const ControlFacts& facts, PlanField<int> field);
    SliderControl* bindDouble(const ControlFacts& facts, PlanField<double> field,
                              QString (*format)(double));
    // Sets every bound control from the evaluation's plan.
    void syncBound(const core::Evaluation& evaluation);
    [[nodiscard]] static QString translated(const char* context, const char* text) {
        return QCoreApplication::translate(context, text);
    }

private:
    void bindSync(std::function<void(const core::Plan&)> sync) {
        syncs_.push_back(std::move(sync));
    }
    // Reads a field of a plan the caller holds const; the field is only read.
    template <typename T>
    static const T& read(PlanField<T> field, const core::Plan& plan) {
        return field(const_cast<core::Plan&>(plan));
    }
    QComboBox* addCombo(const ControlFacts& facts);

    std::vector<std::function<void(const core::Plan&)>> syncs_;

    PlanDocument* document_;
    QToolButton* header_ = nullptr;
    QWidget* body_ = nullptr;
    QFormLayout* form_ = nullptr;
    std::vector<ControlField> fields_;
};

// Sets a combo box to the item whose data equals `data` without emitting signals.
void selectQuietly(QComboBox* combo, const QVariant& data);
// Sets a check box without emitting signals, only if it differs.
void checkQuietly(QCheckBox* box, bool checked);
// Fills a preset combo with (text, name) items plus, when `current` is not among them, one
// item for it labelled `customText`; then selects `current`. Rebuilds only on a difference.
void syncPresetCombo(QComboBox* combo, const QList<QPair<QString, QString>>& items,
                     const QString& current, const QString& customText);

template <typename Enum>
QComboBox* ControlsGroup::bindEnum(const ControlFacts& facts, PlanField<Enum> field) {
    QComboBox* combo = addCombo(facts);
    for (Enum value : core::allValues<Enum>()) {
        combo->addItem(ControlsText::name(value), static_cast<int>(value));
    }
    connect(combo, &QComboBox::activated, this, [this, combo, facts, field](int index) {
        const auto value = static_cast<Enum>(combo->itemData(index).toInt());
        edit(facts.field, freshGesture(),
             translated(facts.context, facts.undo).arg(ControlsText::name(value)),
             [field, value](core::Plan& plan) { field(plan) = value; });
    });
    bindSync([combo, field](const core::Plan& plan) {
        selectQuietly(combo, static_cast<int>(read(field, plan)));
    });
    return combo;
}

}  // namespace fourfold::ui
