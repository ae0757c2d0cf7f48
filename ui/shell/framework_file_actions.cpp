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

QString menuText(core::Framework framework) {
    switch (framework) {
        case core::Framework::Megatron:
            return FrameworkFileActions::tr("&Megatron-LM Arguments\u2026");
        case core::Framework::DeepSpeed:
            return FrameworkFileActions::tr("&DeepSpeed Config\u2026");
        case core::Framework::Torchtitan:
            return FrameworkFileActions::tr("&torchtitan Job Config\u2026");
    }
    return {};
}

QString filterFor(core::Framework framework) {
    switch (framework) {
        case core::Framework::Megatron:
            return FrameworkFileActions::tr("Shell scripts (*.sh);;All files (*)");
        case core::Framework::DeepSpeed:
            return FrameworkFileActions::tr("JSON files (*.json);;All files (*)");
        case core::Framework::Torchtitan:
            return FrameworkFileActions::tr("TOML files (*.toml);;All files (*)");
    }
    return {};
}

QString kindName(core::ImportKind kind) {
    switch (kind) {
        case core::ImportKind::HuggingFaceConfig:
            return FrameworkFileActions::tr("Hugging Face config");
        case core::ImportKind::MegatronArguments:
            return FrameworkFileActions::tr("Megatron-LM arguments");
        case core::ImportKind::DeepSpeedConfig:
            return FrameworkFileActions::tr("DeepSpeed config");
        case core::ImportKind::TorchtitanJobConfig:
            return FrameworkFileActions::tr("torchtitan job config");
        default:
            return FrameworkFileActions::tr("config");
    }
}

}  // namespace

FrameworkFileActions::FrameworkFileActions(PlanDocument* document, const Prompts* prompts,
                                           QWidget* window)
    : QObject(window), document_(document), prompts_(prompts), window_(window) {}

void FrameworkFileActions::addToMenu(QMenu* menu) {
    QMenu* exportMenu = menu->addMenu(tr("Expor&t As"));
    exportMenu->setObjectName(QStringLiteral("exportAsMenu"));
    for (const core::Framework framework :
         {core::Framework::Megatron, core::Framework::DeepSpeed, core::Framework::Torchtitan}) {
        QAction* action = exportMenu->addAction(menuText(framework));
        action->setObjectName(QStringLiteral("exportAs-") +
                              QString::fromUtf8(core::toString(framework).data()));
        connect(action, &QAction::triggered, this, [this, framework] { exportAs(framework); });
    }
    QAction* importAction = menu->addAction(tr("&Import\u2026"));
    importAction->setObjectName(QStringLiteral("importAction"));
    connect(importAction, &QAction::triggered, this, [this] { import(); });
}

bool FrameworkFileActions::exportTo(core::Framework framework, const QString& path,
                                    QString* error) const {
    const core::FrameworkExport exported = core::exportPlan(document_->plan(), framework);
    QSaveFile file(path);
    const QByteArray bytes = QByteArray::fromStdString(exported.text);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error) *error = file.errorString();
        return false;
    }
    return true;
}

bool FrameworkFileActions::exportAs(core::Framework framework) {
    const core::FrameworkExport preview = core::exportPlan(document_->plan(), framework);
    const QString folder = document_->filePath().isEmpty()
                               ? QDir::homePath()
                               : QFileInfo(document_->filePath()).absolutePath();
    const QString path = prompts_->saveFileName(
        window_, tr("Export As"), QDir(folder).filePath(QString::fromStdString(preview.fileName)),
        filterFor(framework));
    if (path.isEmpty()) return false;
    QString error;
    if (!exportTo(framework, path, &error)) {
        prompts_->showError(window_, tr("Could not export the plan"), error);
        return false;
    }
    return true;
}

bool FrameworkFileActions::import() {
    const QString folder = document_->filePath().isEmpty()
                               ? QDir::homePath()
                               : QFileInfo(document_->filePath()).absolutePath();
    const QString path =
        prompts_->openFileName(window_, tr("Import"), folder,
                               tr("Config files (*.json *.toml *.sh *.txt);;All files (*)"));
    return !path.isEmpty() && importFile(path);
}

bool FrameworkFileActions::isImportable(const QString& path) {
    const auto text = readSmallFile(path, nullptr);
    if (!text) return false;
    const core::ImportKind kind = core::detectImportKind(*text);
    return kind != core::ImportKind::Unknown && kind != core::ImportKind::FourfoldPlan;
}

bool FrameworkFileActions::importFile(const QString& path) {
    QString error;
    const auto text = readSmallFile(path, &error);
    if (!text) {
        prompts_->showError(window_, tr("Could not import the file"), error);
        return false;
    }
    const core::ImportKind kind = core::detectImportKind(*text);
    const core::PlanImport imported = core::importPlan(document_->plan(), *text, kind);
    if (!imported.plan || kind == core::ImportKind::FourfoldPlan) {
        QStringList messages;
        for (const core::Diagnostic& diagnostic : imported.diagnostics) {
            if (diagnostic.severity == core::Severity::Error) {
                messages << localizedDescription(diagnostic);
            }
        }
        if (kind == core::ImportKind::FourfoldPlan) {
            messages << tr("This is a Fourfold plan: open it with File \u2192 Open.");
        }
        prompts_->showError(window_, tr("Could not import the file"),
                            messages.join(QLatin1Char('\n')));
        return false;
    }
    document_->replacePlan(*imported.plan,
                           tr("Import %1 %2").arg(kindName(kind), QFileInfo(path).fileName()));
    return true;
}

}  // namespace fourfold::ui
