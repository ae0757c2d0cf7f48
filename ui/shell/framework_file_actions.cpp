// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shell/framework_file_actions.h"

#include "core/text/diagnostic.h"
#include "ui/document/plan_document.h"
#include "ui/settings/language.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QSaveFile>

#include <optional>

namespace fourfold::ui {
namespace {

// The file, read no further than core::kMaxImportBytes + 1 bytes: a huge file, a pipe or
// /dev/zero is refused at once rather than read whole.
std::optional<std::string> readSmallFile(const QString& path, QString* error) {
    constexpr auto kLimit = static_cast<qint64>(core::kMaxImportBytes);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = file.errorString();
        return std::nullopt;
    }
    const QByteArray bytes = file.size() > kLimit ? QByteArray() : file.read(kLimit + 1);
    if (file.size() > kLimit || bytes.size() > kLimit) {
        if (error) *error = FrameworkFileActions::tr("The file is too large for a config file.");
        return std::nullopt;
    }
    return bytes.toStdString();
}

QString nameOf(const core::FrameworkFormat& format) {
    return QString::fromStdString(core::frameworkName(format, uiLanguage()));
}

QString patternsOf(const core::FrameworkFormat& format) {
    return QString::fromUtf8(format.patterns.data(),
                             static_cast<qsizetype>(format.patterns.size()));
}

QString allFiles() { return FrameworkFileActions::tr("All files (*)"); }

// The export dialog's filter: "Megatron-LM arguments (*.sh *.txt);;All files (*)".
QString exportFilter(const core::FrameworkFormat& format) {
    return QStringLiteral("%1 (%2)").arg(nameOf(format), patternsOf(format)) +
           QStringLiteral(";;") + allFiles();
}

// The import dialog's filter: every pattern the formats read, once.
QString importFilter() {
    QStringList patterns;
    for (const core::FrameworkFormat& format : core::frameworkFormats()) {
        for (const QString& pattern : patternsOf(format).split(QLatin1Char(' '))) {
            if (!patterns.contains(pattern)) patterns << pattern;
        }
    }
    return FrameworkFileActions::tr("Config files (%1)").arg(patterns.join(QLatin1Char(' '))) +
           QStringLiteral(";;") + allFiles();
}

}  // namespace

FrameworkFileActions::FrameworkFileActions(PlanDocument* document, const Prompts* prompts,
                                           QWidget* window)
    : QObject(window), document_(document), prompts_(prompts), window_(window) {}

void FrameworkFileActions::addToMenu(QMenu* menu) {
    QMenu* exportMenu = menu->addMenu(tr("Expor&t As"));
    exportMenu->setObjectName(QStringLiteral("exportAsMenu"));
    for (const core::FrameworkFormat& format : core::frameworkFormats()) {
        if (format.write == nullptr) continue;
        QAction* action = exportMenu->addAction(QStringLiteral("&%1\u2026").arg(nameOf(format)));
        action->setObjectName(
            QStringLiteral("exportAs-") +
            QString::fromUtf8(format.key.data(), static_cast<qsizetype>(format.key.size())));
        const core::FrameworkFormat* row = &format;  // rows live as long as the program
        connect(action, &QAction::triggered, this, [this, row] { exportAs(*row); });
    }
    QAction* importAction = menu->addAction(tr("&Import\u2026"));
    importAction->setObjectName(QStringLiteral("importAction"));
    connect(importAction, &QAction::triggered, this, [this] { import(); });
}

bool FrameworkFileActions::exportTo(const core::FrameworkFormat& format, const QString& path,
                                    QString* error) const {
    const core::FrameworkExport exported = core::exportPlan(document_->plan(), format);
    QSaveFile file(path);
    const QByteArray bytes = QByteArray::fromStdString(exported.text);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error) *error = file.errorString();
        return false;
    }
    return true;
}

bool FrameworkFileActions::exportAs(const core::FrameworkFormat& format) {
    const QString folder = document_->filePath().isEmpty()
                               ? QDir::homePath()
                               : QFileInfo(document_->filePath()).absolutePath();
    const QString fileName =
        QString::fromUtf8(format.fileName.data(), static_cast<qsizetype>(format.fileName.size()));
    const QString path = prompts_->saveFileName(
        window_, tr("Export As"), QDir(folder).filePath(fileName), exportFilter(format));
    if (path.isEmpty()) return false;
    QString error;
    if (!exportTo(format, path, &error)) {
        prompts_->showError(window_, tr("Could not export the plan"), error);
        return false;
    }
    return true;
}

bool FrameworkFileActions::import() {
    const QString folder = document_->filePath().isEmpty()
                               ? QDir::homePath()
                               : QFileInfo(document_->filePath()).absolutePath();
    const QString path = prompts_->openFileName(window_, tr("Import"), folder, importFilter());
    return !path.isEmpty() && importFile(path);
}

bool FrameworkFileActions::isImportable(const QString& path) {
    const auto text = readSmallFile(path, nullptr);
    return text && core::detectFormat(*text) != nullptr;
}

bool FrameworkFileActions::importFile(const QString& path) {
    QString error;
    const auto text = readSmallFile(path, &error);
    if (!text) {
        prompts_->showError(window_, tr("Could not import the file"), error);
        return false;
    }
    if (core::isFourfoldPlan(*text)) {
        prompts_->showError(window_, tr("Could not import the file"),
                            tr("This is a Fourfold plan: open it with File \u2192 Open."));
        return false;
    }
    const core::PlanImport imported = core::importPlan(document_->plan(), *text);
    if (!imported.plan || imported.format == nullptr) {
        QStringList messages;
        for (const core::Diagnostic& diagnostic : imported.diagnostics) {
            if (diagnostic.severity == core::Severity::Error) {
                messages << localizedDescription(diagnostic);
            }
        }
        prompts_->showError(window_, tr("Could not import the file"),
                            messages.join(QLatin1Char('\n')));
        return false;
    }
    document_->replacePlan(
        *imported.plan,
        tr("Import %1 %2").arg(nameOf(*imported.format), QFileInfo(path).fileName()));
    return true;
}

}  // namespace fourfold::ui
