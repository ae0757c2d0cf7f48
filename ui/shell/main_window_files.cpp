// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's file commands: new, open, save, save as, export; each asks through the prompts
// and reports failures there, so a failed open or save never changes the document.
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/settings/recent_files.h"
#include "ui/shell/framework_file_actions.h"
#include "ui/shell/main_window.h"
#include "ui/views/evaluation_view.h"
#include "ui/walkthrough/walkthrough_controller.h"

#include <QDir>
#include <QFileInfo>

namespace fourfold::ui {
namespace {

QString planFilter() { return MainWindow::tr("Fourfold plans (*.json);;All files (*)"); }

// Appends `suffix` when the chosen name has none (dialogs on some platforms do not).
QString withSuffix(const QString& path, const QString& suffix) {
    return QFileInfo(path).suffix().isEmpty() ? path + QLatin1Char('.') + suffix : path;
}

// A file name made from the plan's name: letters, digits, '-' and '_' only.
QString safeBaseName(const QString& name) {
    QString base;
    for (const QChar character : name) {
        if (character.isLetterOrNumber() || character == QLatin1Char('-') ||
            character == QLatin1Char('_')) {
            base += character;
        } else if (!base.endsWith(QLatin1Char('-'))) {
            base += QLatin1Char('-');
        }
    }
    while (base.endsWith(QLatin1Char('-'))) base.chop(1);
    return base.isEmpty() ? QStringLiteral("plan") : base;
}

}  // namespace

bool MainWindow::maybeSave() {
    if (!document_->isDirty()) return true;
    switch (prompts_.askUnsaved(this, document_->displayName())) {
        case UnsavedChoice::Save:
            return save();
        case UnsavedChoice::Discard:
            return true;
        case UnsavedChoice::Cancel:
            return false;
    }
    return false;
}

bool MainWindow::newPlan() {
    // The user's own plan back first, so "Save changes?" is about it, never a lesson's plan.
    walkthrough_->finish();
    if (!maybeSave()) return false;
    document_->newPlan();
    refreshFileDiagnostics();
    return true;
}

bool MainWindow::open() {
    walkthrough_->finish();
    if (!maybeSave()) return false;
    const QString path = prompts_.openFileName(this, tr("Open Plan"),
                                               AppSettings::instance().lastFolder(), planFilter());
    return !path.isEmpty() && load(path);
}

bool MainWindow::openFile(const QString& path) {
    walkthrough_->finish();
    return maybeSave() && load(path);
}

bool MainWindow::load(const QString& path) {
    // A model or framework config applies to the current plan as one undoable step.
    if (FrameworkFileActions::isImportable(path)) return frameworkActions_->importFile(path);
    QString error;
    if (!document_->open(path, &error)) {
        prompts_.showError(this, tr("Could not open the plan"), error);
        if (!QFileInfo::exists(path)) recentFiles_->remove(path);
        return false;
    }
    rememberFolder(path);
    recentFiles_->add(path);
    refreshFileDiagnostics();
    return true;
}

bool MainWindow::save() {
    if (document_->filePath().isEmpty()) return saveAs();
    return saveTo(document_->filePath());
}

bool MainWindow::saveAs() {
    const QString chosen = prompts_.saveFileName(
        this, tr("Save Plan As"), suggestedPath(QStringLiteral(".json")), planFilter());
    if (chosen.isEmpty()) return false;
    return saveTo(withSuffix(chosen, QStringLiteral("json")));
}

bool MainWindow::saveTo(const QString& path) {
    QString error;
    if (!document_->save(path, &error)) {
        prompts_.showError(this, tr("Could not save the plan"), error);
        return false;
    }
    rememberFolder(path);
    recentFiles_->add(path);
    refreshFileDiagnostics();
    return true;
}

bool MainWindow::exportWithResults() {
    const QString chosen = prompts_.saveFileName(this, tr("Export Plan with Results"),
                                                 suggestedPath(QStringLiteral("-results.json")),
                                                 tr("JSON files (*.json);;All files (*)"));
    if (chosen.isEmpty()) return false;
    const QString path = withSuffix(chosen, QStringLiteral("json"));
    QString error;
    if (!document_->exportWithResults(path, &error)) {
        prompts_.showError(this, tr("Could not export the plan"), error);
        return false;
    }
    rememberFolder(path);
    return true;
}

bool MainWindow::exportViewImage(EvaluationView* view) {
    if (!view) return false;
    const QString chosen = prompts_.saveFileName(
        this, tr("Export %1 Image").arg(view->title()),
        suggestedPath(QLatin1Char('-') + safeBaseName(view->title()).toLower() +
                      QStringLiteral(".png")),
        tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)"));
    if (chosen.isEmpty()) return false;
    const QString path = withSuffix(chosen, QStringLiteral("png"));
    // A PNG's pixels are chosen after its name (vector formats have none to choose).
    double scale = kDefaultImageScale;
    if (imageFormatForPath(path) == ImageFormat::Png && prompts_.imageScale) {
        scale = prompts_.imageScale(this, view->exportSize());
        if (scale <= 0) return false;
    }
    QString error;
    if (!view->exportImage(path, &error, scale)) {
        prompts_.showError(this, tr("Could not export the image"), error);
        return false;
    }
    rememberFolder(path);
    return true;
}

void MainWindow::rememberFolder(const QString& path) {
    AppSettings::instance().setLastFolder(QFileInfo(path).absolutePath());
}

QString MainWindow::suggestedPath(const QString& suffix) const {
    const QString current = document_->filePath();
    const QString folder = current.isEmpty() ? AppSettings::instance().lastFolder()
                                             : QFileInfo(current).absolutePath();
    const QString base = current.isEmpty() ? safeBaseName(document_->displayName())
                                           : QFileInfo(current).completeBaseName();
    return QDir(folder).filePath(base + suffix);
}

}  // namespace fourfold::ui
