// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/controls/controls_model.h"

#include "core/plan/catalog.h"
#include "core/text/format.h"
#include "ui/controls/control_ranges.h"
#include "ui/controls/controls_stops.h"
#include "ui/controls/slider_control.h"
#include "ui/document/plan_document.h"
#include "ui/widgets/controls_text.h"
#include "ui/widgets/preset_names.h"

#include <QComboBox>
#include <QStandardItemModel>

#include <algorithm>

namespace fourfold::ui {
namespace {

// The slider's span; the spin box reaches the documented range's maximum. Its minimum stays
// above the range's 0, which means "count the shape" and is no size to choose.
constexpr double kSmallestModel = 1e8;  // 100 M parameters
constexpr double kLargestModel = 2e12;  // 2 T parameters
constexpr double kBillion = 1e9;

// Family headings in the chooser carry this prefix in their data: no preset name starts so.
const QString kFamilyPrefix = QStringLiteral("#family:");

// The presets grouped by family, families in the order the catalogue first names them, each
// under a heading that cannot be chosen.
QList<QPair<QString, QString>> groupedPresets() {
    const auto& models = core::builtinCatalog().models;
    QList<QPair<QString, QString>> items;
    std::vector<std::string> families;
    for (const auto& preset : models) {
        if (std::find(families.begin(), families.end(), preset.family) == families.end()) {
            families.push_back(preset.family);
        }
    }
    for (const std::string& family : families) {
        const QString name = QString::fromStdString(family);
        items.append(
            {QStringLiteral("— %1 —").arg(PresetNames::shown(family)), kFamilyPrefix + name});
        for (const auto& preset : models) {
            if (preset.family != family) continue;
            items.append({QStringLiteral("    ") + PresetNames::shown(preset.displayName),
                          QString::fromStdString(preset.name)});
        }
    }
    return items;
}

void disableHeadings(QComboBox* combo) {
    auto* model = qobject_cast<QStandardItemModel*>(combo->model());
    if (model == nullptr) return;
    for (int index = 0; index < combo->count(); ++index) {
        if (combo->itemData(index).toString().startsWith(kFamilyPrefix)) {
            model->item(index)->setEnabled(false);
        }
    }
}

}  // namespace

ModelControls::ModelControls(PlanDocument* document, QWidget* parent)
    : ControlsGroup(QStringLiteral("modelGroup"), tr("Model"), document, parent) {
    preset_ = addCombo(QStringLiteral("modelPreset"), tr("Preset"),
                       tr("A published model whose whole shape the plan takes."),
                       QStringLiteral("/model/preset"));
    connect(preset_, &QComboBox::activated, this, &ModelControls::choosePreset);

    size_ = addSlider(QStringLiteral("modelSize"), tr("Model si&ze"),
                      tr("Parameter count in billions; the model takes a standard shape of "
                         "that size."),
                      QStringLiteral("/model"));
    alsoCovers(QStringLiteral("/model/parameters"));
    size_->setStops(logStops(kSmallestModel, kLargestModel, 401));
    const core::KeyRange& range = documentedRange("/model/parameters");
    size_->setSpinRange(std::max(kSmallestModel, range.minimum), range.maximum, 2, kBillion / 10,
                        kBillion);
    size_->setSuffix(tr(" B"));
    connect(size_, &SliderControl::valueEdited, this, &ModelControls::setSize);
}

void ModelControls::choosePreset(int index) {
    const QString name = preset_->itemData(index).toString();
    if (name.isEmpty()) {
        edit(EditField::ModelPreset, freshGesture(), tr("Use a custom model shape"),
             [](core::Plan& plan) { plan.model.preset.clear(); });
        return;
    }
    const auto preset = core::findModelPreset(name.toStdString());
    if (!preset) return;  // the plan's own unknown preset: nothing to apply
    const core::ModelSpec spec = preset->spec;
    edit(EditField::ModelPreset, freshGesture(),
         tr("Choose model %1").arg(PresetNames::shown(preset->displayName)),
         [spec](core::Plan& plan) { plan.model = spec; });
}

void ModelControls::setSize(double parameters, int gesture) {
    edit(EditField::ModelSize, gesture,
         tr("Set model size to %1 parameters")
             .arg(QString::fromStdString(core::formatCount(parameters))),
         [parameters](core::Plan& plan) {
             const int sequence = plan.model.sequence;  // a training choice, kept
             plan.model = core::shapeForParameterCount(parameters);
             plan.model.sequence = sequence;
         });
}

void ModelControls::sync(const core::Evaluation& evaluation) {
    const core::ModelSpec& model = evaluation.plan.model;
    QList<QPair<QString, QString>> items = {{tr("Custom shape"), QString()}};
    items.append(groupedPresets());
    const QString current = QString::fromStdString(model.preset);
    syncPresetCombo(preset_, items, current, current);
    disableHeadings(preset_);

    double parameters = model.parameters;
    if (parameters <= 0 && evaluation.model) {
        parameters = static_cast<double>(evaluation.model->parameters);
    }
    if (parameters > 0) size_->setValueQuietly(parameters);
    QString detail = ControlsText::shape(model);
    if (parameters > 0) {
        detail = tr("%1 parameters: %2")
                     .arg(QString::fromStdString(core::formatCount(parameters)), detail);
    }
    size_->setDetail(detail);
}

}  // namespace fourfold::ui
