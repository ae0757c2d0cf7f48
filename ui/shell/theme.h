// SPDX-License-Identifier: GPL-3.0-or-later
// Light and dark looks: choosing, naming and applying a theme (its colours: palette.h).
#pragma once

#include "ui/views/palette.h"

#include <QString>

class QApplication;

namespace fourfold::ui {

// Theme and paletteFor(Theme) live with every other colour in ui/views/palette.h.

// "light" / "dark" for settings and the command line.
[[nodiscard]] QString themeName(Theme theme);
// Parses "light" / "dark" (any case); false when the text names neither.
[[nodiscard]] bool parseTheme(const QString& text, Theme* theme);
// Sets the Fusion style and the theme's palette on the whole application.
void applyTheme(QApplication& application, Theme theme);

}  // namespace fourfold::ui
