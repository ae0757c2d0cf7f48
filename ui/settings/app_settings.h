// SPDX-License-Identifier: GPL-3.0-or-later
// AppSettings: what the app remembers between runs (window geometry and state, byte units, last
// folder, theme, recent files), stored with QSettings("Fourfold", "Fourfold"). Views read the
// byte units here and follow byteUnitsChanged, so a GB/GiB toggle redraws every figure.
#pragma once

#include "core/text/format.h"
#include "ui/settings/theme.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QStringList>

namespace fourfold::ui {

class AppSettings : public QObject {
    Q_OBJECT
public:
    // The application's one instance (created on first use, owned by the application object).
    [[nodiscard]] static AppSettings& instance();

    [[nodiscard]] core::ByteUnits byteUnits() const { return byteUnits_; }
    void setByteUnits(core::ByteUnits units);

    [[nodiscard]] Theme theme() const { return theme_; }
    void setTheme(Theme theme);

    // The interface language chosen in View > Language: "" (the system's), "en" or "zh_CN"
    // (ui/settings/language.h); it takes effect at the next start.
    [[nodiscard]] QString language() const;
    void setLanguage(const QString& language);

    // The folder file dialogs start in; the user's documents folder until one is chosen.
    [[nodiscard]] QString lastFolder() const;
    void setLastFolder(const QString& folder);

    [[nodiscard]] QByteArray windowGeometry() const;
    [[nodiscard]] QByteArray windowState() const;
    void setWindowGeometry(const QByteArray& geometry, const QByteArray& state);

    [[nodiscard]] QStringList recentFiles() const;
    void setRecentFiles(const QStringList& files);

    // Re-reads every cached value (tests switch the settings store underneath).
    void reload();

signals:
    void byteUnitsChanged(core::ByteUnits units);
    void themeChanged(Theme theme);

private:
    explicit AppSettings(QObject* parent);

    core::ByteUnits byteUnits_ = core::ByteUnits::Decimal;
    Theme theme_ = Theme::Light;
};

}  // namespace fourfold::ui
