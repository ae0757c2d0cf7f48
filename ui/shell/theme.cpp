// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shell/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace fourfold::ui {
namespace {

QPalette lightPalette() {
    QPalette palette;
    const QColor window(0xef, 0xf0, 0xf1);
    const QColor text(0x1d, 0x1f, 0x21);
    const QColor highlight(0x2a, 0x6f, 0xdb);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::AlternateBase, QColor(0xf5, 0xf6, 0xf7));
    palette.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xe8));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0x80, 0x84, 0x88));
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, Qt::red);
    palette.setColor(QPalette::Light, Qt::white);
    palette.setColor(QPalette::Midlight, QColor(0xe3, 0xe5, 0xe7));
    palette.setColor(QPalette::Mid, QColor(0xb8, 0xbc, 0xc0));
    palette.setColor(QPalette::Dark, QColor(0x9a, 0x9e, 0xa3));
    palette.setColor(QPalette::Shadow, QColor(0x76, 0x79, 0x7c));
    palette.setColor(QPalette::Highlight, highlight);
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x1a, 0x5f, 0xc8));
    palette.setColor(QPalette::LinkVisited, QColor(0x6a, 0x3d, 0xb8));
    const QColor disabled(0x8a, 0x8d, 0x90);
    palette.setColor(QPalette::Disabled, QPalette::WindowText, disabled);
    palette.setColor(QPalette::Disabled, QPalette::Text, disabled);
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, disabled);
    return palette;
}

QPalette darkPalette() {
    QPalette palette;
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe6, 0xe7, 0xe9);
    const QColor highlight(0x2f, 0x65, 0xc0);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, QColor(0x27, 0x29, 0x2c));
    palette.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x41));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0x8c, 0x90, 0x95));
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(0x35, 0x38, 0x3c));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    palette.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
    palette.setColor(QPalette::Midlight, QColor(0x3e, 0x41, 0x45));
    palette.setColor(QPalette::Mid, QColor(0x24, 0x26, 0x28));
    palette.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    palette.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0d));
    palette.setColor(QPalette::Highlight, highlight);
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x7a, 0xb0, 0xff));
    palette.setColor(QPalette::LinkVisited, QColor(0xb4, 0x9a, 0xf0));
    const QColor disabled(0x7a, 0x7d, 0x82);
    palette.setColor(QPalette::Disabled, QPalette::WindowText, disabled);
    palette.setColor(QPalette::Disabled, QPalette::Text, disabled);
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, disabled);
    palette.setColor(QPalette::Disabled, QPalette::Light, window);
    return palette;
}

}  // namespace

QPalette paletteFor(Theme theme) { return theme == Theme::Dark ? darkPalette() : lightPalette(); }

QString themeName(Theme theme) {
    return theme == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light");
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
    return false;
}

void applyTheme(QApplication& application, Theme theme) {
    // Fusion draws the same everywhere and follows the palette fully, so both themes stay legible.
    if (QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion"))) {
        application.setStyle(fusion);
    }
    application.setPalette(paletteFor(theme));
}

}  // namespace fourfold::ui
