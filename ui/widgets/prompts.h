// SPDX-License-Identifier: GPL-3.0-or-later
// The questions the app asks a person (file names, "save changes?", error messages),
// behind replaceable functions so tests and the screenshot mode run without modal dialogs.
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class QMessageBox;
class QWidget;

namespace fourfold::ui {

enum class UnsavedChoice { Save, Discard, Cancel };

struct Prompts {
    // Tells the person something failed (a message box by default).
    std::function<void(QWidget* parent, const QString& title, const QString& message)> showError;
    // Asks what to do with unsaved changes before they would be lost.
    std::function<UnsavedChoice(QWidget* parent, const QString& planName)> askUnsaved;
    // A file to open; empty when cancelled.
    std::function<QString(QWidget* parent, const QString& caption, const QString& folder,
                          const QString& filter)>
        openFileName;
    // A file to write; empty when cancelled.
    std::function<QString(QWidget* parent, const QString& caption, const QString& suggestedPath,
                          const QString& filter)>
        saveFileName;
    // The scale of a PNG export of a `size` widget (2 suggested); 0 when cancelled. When unset,
    // PNGs are written at twice the widget's size.
    std::function<double(QWidget* parent, const QSize& size)> imageScale;

    // Standard dialogs: QMessageBox and QFileDialog.
    [[nodiscard]] static Prompts dialogs();
};

// The "save changes?" box the default prompts show: Save, Discard, Cancel, with Cancel the
// default and Escape button, so Enter or Escape never loses or overwrites anything.
[[nodiscard]] std::unique_ptr<QMessageBox> makeUnsavedChangesBox(QWidget* parent,
                                                                 const QString& planName);

// The scales a PNG export offers, each with the pixels it gives for a `size` widget:
// "2× — 1920 × 1200 px (slides)"; item data is the scale.
[[nodiscard]] QStringList imageScaleChoices(const QSize& size);
[[nodiscard]] double imageScaleOfChoice(int index);

}  // namespace fourfold::ui
