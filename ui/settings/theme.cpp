// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/settings/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace fourfold::ui {

QString themeName(Theme theme) {
    switch (theme) {
        case Theme::Light:
            return QStringLiteral("light");
        case Theme::Dark:
            return QStringLiteral("dark");
        case Theme::System:
            break;
    }
    return QStringLiteral("system");
}

bool parseTheme(const QString& text, Theme* theme) {
    const QString name = text.trimmed().toLower();
    if (name == QLatin1String("light")) {
        *theme = Theme::Light;
        return true;
    }
    if (name == QLatin1String("dark")) {
        *theme = Theme::Dark;
        return true;
    }
    if (name == QLatin1String("system")) {
        *theme = Theme::System;
        return true;
    }
    return false;
}

void applyTheme(QApplication& application, Theme theme) {
    // Fusion draws the same everywhere and follows the palette fully, so both themes stay legible.
    if (QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion"))) {
        application.setStyle(fusion);
    }
    // System's palette has no role set: Qt fills all of them from the desktop, and keeps
    // doing so on every desktop theme change.
    application.setPalette(paletteFor(theme));
}

}  // namespace fourfold::ui
