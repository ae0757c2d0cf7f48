// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/settings/language.h"

#include "core/text/cjk_spacing.h"
#include "core/text/diagnostic_text.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

#include <algorithm>

namespace fourfold::ui {

bool isLanguageChoice(const QString& choice) {
    return choice.isEmpty() || choice == QLatin1String("en") || choice == QLatin1String("zh_CN");
}

core::Language resolveLanguage(const QString& choice, const QLocale& system) {
    core::Language language = core::Language::English;
    if (!choice.isEmpty() && core::parseLanguage(choice.toStdString(), &language)) return language;
    // Only Simplified Chinese is translated; every Chinese locale reads it rather than English.
    return system.language() == QLocale::Chinese ? core::Language::SimplifiedChinese
                                                 : core::Language::English;
}

bool applyLanguage(QCoreApplication& application, core::Language language) {
    // Fourfold's translator and Qt's own (its dialogs' buttons), replaced when applied again.
    for (const QString& name :
         {QStringLiteral("fourfoldTranslator"), QStringLiteral("qtTranslator")}) {
        if (auto* old = application.findChild<QTranslator*>(name)) {
            QCoreApplication::removeTranslator(old);
            delete old;
        }
    }
    if (language == core::Language::English) {
        // Keep the desktop's number and date formats unless they are Chinese ones.
        const QLocale system = QLocale::system();
        QLocale::setDefault(system.language() == QLocale::Chinese
                                ? QLocale(QLocale::English, QLocale::UnitedStates)
                                : system);
        return true;
    }
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    // Qt's strings (Close, Cancel, file dialogs) come from qt6-translations-l10n when installed.
    auto* qtTranslator = new QTranslator(&application);
    qtTranslator->setObjectName(QStringLiteral("qtTranslator"));
    if (qtTranslator->load(QStringLiteral("qtbase_zh_CN"),
                           QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qtTranslator);
    } else {
        delete qtTranslator;
    }
    auto* translator = new QTranslator(&application);
    translator->setObjectName(QStringLiteral("fourfoldTranslator"));
    if (!translator->load(QStringLiteral(":/i18n/fourfold_zh_CN.qm"))) {
        delete translator;
        return false;
    }
    QCoreApplication::installTranslator(translator);
    return true;
}

core::Language uiLanguage() {
    return QLocale().language() == QLocale::Chinese ? core::Language::SimplifiedChinese
                                                    : core::Language::English;
}

QString uiLanguageCode() {
    const std::string_view code = core::languageCode(uiLanguage());
    return QString::fromLatin1(code.data(), static_cast<qsizetype>(code.size()));
}

QString withoutSpacesBetweenChinese(const QString& text) {
    const bool wide =
        std::any_of(text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0x3000; });
    if (!wide) return text;
    return QString::fromStdString(core::withoutSpacesBetweenCjk(text.toStdString()));
}

QString localizedMessage(const core::Diagnostic& diagnostic) {
    return QString::fromStdString(core::renderMessage(diagnostic, uiLanguage()));
}

QString localizedDescription(const core::Diagnostic& diagnostic) {
    QString text;
    switch (diagnostic.severity) {
        case core::Severity::Error:
            text = QCoreApplication::translate("fourfold::ui::Language", "error");
            break;
        case core::Severity::Warning:
            text = QCoreApplication::translate("fourfold::ui::Language", "warning");
            break;
        case core::Severity::Info:
            text = QCoreApplication::translate("fourfold::ui::Language", "info");
            break;
    }
    if (diagnostic.line > 0) {
        text += QCoreApplication::translate("fourfold::ui::Language", " (line %1, column %2)")
                    .arg(diagnostic.line)
                    .arg(diagnostic.column);
    }
    if (!diagnostic.path.empty())
        text += QLatin1Char(' ') + QString::fromStdString(diagnostic.path);
    return QCoreApplication::translate("fourfold::ui::Language", "%1: %2")
        .arg(text, localizedMessage(diagnostic));
}

}  // namespace fourfold::ui
