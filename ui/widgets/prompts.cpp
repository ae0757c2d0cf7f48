// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/prompts.h"

#include <QFileDialog>
#include <QInputDialog>
#include <QMessageBox>
#include <QStringList>

#include <array>

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

namespace {
constexpr std::array<double, 4> kImageScales{1.0, 2.0, 3.0, 4.0};
}  // namespace

QStringList imageScaleChoices(const QSize& size) {
    QStringList choices;
    for (const double scale : kImageScales) {
        const QString use = scale == 1.0   ? QObject::tr(" (as on screen)")
                            : scale == 2.0 ? QObject::tr(" (slides)")
                            : scale == 4.0 ? QObject::tr(" (print)")
                                           : QString();
        choices << QObject::tr("%1× — %2 × %3 px%4")
                       .arg(scale)
                       .arg(qRound(size.width() * scale))
                       .arg(qRound(size.height() * scale))
                       .arg(use);
    }
    return choices;
}

double imageScaleOfChoice(int index) {
    if (index < 0 || index >= static_cast<int>(kImageScales.size())) return 0.0;
    return kImageScales[static_cast<std::size_t>(index)];
}

Prompts Prompts::dialogs() {
    Prompts prompts;
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
    prompts.imageScale = [](QWidget* parent, const QSize& size) {
        bool chosen = false;
        const QStringList choices = imageScaleChoices(size);
        const QString choice = QInputDialog::getItem(
            parent, QObject::tr("PNG Size"),
            QObject::tr("Scale of the image (text and lines are drawn sharp at every size):"),
            choices, 1, false, &chosen);
        return chosen ? imageScaleOfChoice(static_cast<int>(choices.indexOf(choice))) : 0.0;
    };
    return prompts;
}

}  // namespace fourfold::ui
