// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/settings/language.h"

#include "core/text/cjk_spacing.h"
#include "core/text/coded_text.h"
#include "core/text/diagnostic_text.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

#include <algorithm>
#include <iterator>

namespace fourfold::ui {

namespace {

QString codeOf(core::Language language) {
    const std::string_view code = core::languageCode(language);
    return QString::fromLatin1(code.data(), static_cast<qsizetype>(code.size()));
}

// The table's language a locale speaks: its full name ("zh_CN"), else its language alone
// ("zh_TW" reads Simplified Chinese rather than English); English when none is in the table.
core::Language languageOfLocale(const QLocale& locale) {
    core::Language language = core::Language::English;
    const QString name = locale.name();
    if (core::parseLanguage(name.toStdString(), &language)) return language;
    if (core::parseLanguage(name.section(QLatin1Char('_'), 0, 0).toStdString(), &language)) {
        return language;
    }
    return core::Language::English;
}

}  // namespace

bool isLanguageChoice(const QString& choice) {
    if (choice.isEmpty()) return true;
    return std::any_of(
        std::begin(core::kLanguages), std::end(core::kLanguages),
        [&](const core::LanguageInfo& info) { return choice == codeOf(info.language); });
}

core::Language resolveLanguage(const QString& choice, const QLocale& system) {
    core::Language language = core::Language::English;
    if (!choice.isEmpty() && core::parseLanguage(choice.toStdString(), &language)) return language;
    return languageOfLocale(system);
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
    const QString code = codeOf(language);
    if (core::languageInfo(language).explainedNames == nullptr) {
        // The source language: keep the desktop's number and date formats unless they belong
        // to a language the app translates.
        const QLocale system = QLocale::system();
        QLocale::setDefault(languageOfLocale(system) != language
                                ? QLocale(QLocale::English, QLocale::UnitedStates)
                                : system);
        return true;
    }
    QLocale::setDefault(QLocale(code));
    // Qt's strings (Close, Cancel, file dialogs) come from qt6-translations-l10n when installed.
    auto* qtTranslator = new QTranslator(&application);
    qtTranslator->setObjectName(QStringLiteral("qtTranslator"));
    if (qtTranslator->load(QStringLiteral("qtbase_") + code,
                           QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qtTranslator);
    } else {
        delete qtTranslator;
    }
    auto* translator = new QTranslator(&application);
    translator->setObjectName(QStringLiteral("fourfoldTranslator"));
    if (!translator->load(QStringLiteral(":/i18n/fourfold_%1.qm").arg(code))) {
        delete translator;
        return false;
    }
    QCoreApplication::installTranslator(translator);
    return true;
}

core::Language uiLanguage() { return languageOfLocale(QLocale()); }

QString uiLanguageCode() { return codeOf(uiLanguage()); }

QString languageName(core::Language language) {
    return QString::fromStdString(core::renderCodedText({"language.name", {}}, language));
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
