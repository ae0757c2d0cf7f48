// SPDX-License-Identifier: GPL-3.0-or-later
// Light and dark looks: choosing, naming and applying a theme (its colours: palette.h).
#pragma once

#include "ui/charts/palette.h"

#include <QString>

class QApplication;

namespace fourfold::ui {

// Theme and paletteFor(Theme) live with every other colour in ui/charts/palette.h.

// What "System" does on Qt 6.4, which has no QStyleHints::colorScheme() (added in 6.5): the app
// sets no palette of its own, so Qt resolves every colour role against the palette of the
// desktop's Qt platform theme (KDE's colour scheme through plasma-integration, the GTK theme
// through the gtk3 platform theme, QT_QPA_PLATFORMTHEME otherwise), and re-resolves it when the
// desktop sends a theme change (QEvent::ThemeChange, then ApplicationPaletteChange); every
// widget then gets a PaletteChange and the views redraw. A desktop that gives Qt no palette
// (a bare X server, or GNOME's dark style, which Qt 6.4's gtk3 theme does not report) leaves
// Fusion's standard light palette.

// "light" / "dark" / "system" for settings and the command line.
[[nodiscard]] QString themeName(Theme theme);
// Parses "light" / "dark" / "system" (any case); false when the text names none of them.
[[nodiscard]] bool parseTheme(const QString& text, Theme* theme);
// Sets the Fusion style and the theme's palette on the whole application; every widget gets a
// PaletteChange at once, so views, legends and the summary strip repaint in the new colours.
void applyTheme(QApplication& application, Theme theme);

}  // namespace fourfold::ui
