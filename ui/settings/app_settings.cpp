// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/settings/app_settings.h"

#include "ui/settings/language.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSettings>
#include <QStandardPaths>

namespace fourfold::ui {
namespace {

const QString kUnitsKey = QStringLiteral("view/byteUnits");
const QString kThemeKey = QStringLiteral("view/theme");
const QString kLanguageKey = QStringLiteral("view/language");
const QString kFolderKey = QStringLiteral("files/lastFolder");
const QString kRecentKey = QStringLiteral("files/recent");
const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");

QSettings store() { return QSettings(QStringLiteral("Fourfold"), QStringLiteral("Fourfold")); }

}  // namespace

AppSettings& AppSettings::instance() {
    // Parented to the application so it dies with it; recreated if a test makes a new one.
    static QPointer<AppSettings> settings;
    if (!settings) settings = new AppSettings(QCoreApplication::instance());
    return *settings;
}

AppSettings::AppSettings(QObject* parent) : QObject(parent) { reload(); }

void AppSettings::reload() {
    const QSettings settings = store();
    byteUnits_ = settings.value(kUnitsKey).toString() == QLatin1String("GiB")
                     ? core::ByteUnits::Binary
                     : core::ByteUnits::Decimal;
    Theme theme = Theme::Light;
    theme_ = parseTheme(settings.value(kThemeKey).toString(), &theme) ? theme : Theme::Light;
}

void AppSettings::setByteUnits(core::ByteUnits units) {
    if (units == byteUnits_) return;
    byteUnits_ = units;
    store().setValue(
        kUnitsKey, units == core::ByteUnits::Binary ? QStringLiteral("GiB") : QStringLiteral("GB"));
    emit byteUnitsChanged(units);
}

void AppSettings::setTheme(Theme theme) {
    if (theme == theme_) return;
    theme_ = theme;
    store().setValue(kThemeKey, themeName(theme));
    emit themeChanged(theme);
}

QString AppSettings::language() const {
    const QString language = store().value(kLanguageKey).toString();
    return isLanguageChoice(language) ? language : QString();
}

void AppSettings::setLanguage(const QString& language) {
    store().setValue(kLanguageKey, isLanguageChoice(language) ? language : QString());
}

QString AppSettings::lastFolder() const {
    const QString folder = store().value(kFolderKey).toString();
    if (!folder.isEmpty()) return folder;
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
}

void AppSettings::setLastFolder(const QString& folder) { store().setValue(kFolderKey, folder); }

QByteArray AppSettings::windowGeometry() const { return store().value(kGeometryKey).toByteArray(); }

QByteArray AppSettings::windowState() const { return store().value(kStateKey).toByteArray(); }

void AppSettings::setWindowGeometry(const QByteArray& geometry, const QByteArray& state) {
    QSettings settings = store();
    settings.setValue(kGeometryKey, geometry);
    settings.setValue(kStateKey, state);
}

QStringList AppSettings::recentFiles() const { return store().value(kRecentKey).toStringList(); }

void AppSettings::setRecentFiles(const QStringList& files) { store().setValue(kRecentKey, files); }

}  // namespace fourfold::ui
