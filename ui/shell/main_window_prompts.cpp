// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shell/main_window_prompts.h"

#include <QFileDialog>
#include <QMessageBox>

namespace fourfold::ui {

std::unique_ptr<QMessageBox> makeUnsavedChangesBox(QWidget* parent, const QString& planName) {
    auto box = std::make_unique<QMessageBox>(
        QMessageBox::Warning, QObject::tr("Unsaved changes"),
        QObject::tr("Save the changes to \"%1\"?").arg(planName),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, parent);
    box->setInformativeText(QObject::tr("Changes you do not save are lost."));
    box->setDefaultButton(QMessageBox::Cancel);
    box->setEscapeButton(QMessageBox::Cancel);
    return box;
}

MainWindowPrompts MainWindowPrompts::dialogs() {
    MainWindowPrompts prompts;
    prompts.showError = [](QWidget* parent, const QString& title, const QString& message) {
        QMessageBox::warning(parent, title, message);
    };
    prompts.askUnsaved = [](QWidget* parent, const QString& planName) {
        const auto box = makeUnsavedChangesBox(parent, planName);
        switch (box->exec()) {
            case QMessageBox::Save:
                return UnsavedChoice::Save;
            case QMessageBox::Discard:
                return UnsavedChoice::Discard;
            default:
                return UnsavedChoice::Cancel;
        }
    };
    prompts.openFileName = [](QWidget* parent, const QString& caption, const QString& folder,
                              const QString& filter) {
        return QFileDialog::getOpenFileName(parent, caption, folder, filter);
    };
    prompts.saveFileName = [](QWidget* parent, const QString& caption, const QString& suggestedPath,
                              const QString& filter) {
        return QFileDialog::getSaveFileName(parent, caption, suggestedPath, filter);
    };
    return prompts;
}

}  // namespace fourfold::ui
