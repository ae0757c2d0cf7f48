// SPDX-License-Identifier: GPL-3.0-or-later
// Light and dark looks: the Fusion style with one QPalette per theme, both legible.
#pragma once

#include <QPalette>
#include <QString>

class QApplication;

namespace fourfold::ui {

enum class Theme { Light, Dark };

[[nodiscard]] QPalette paletteFor(Theme theme);
// "light" / "dark" for settings and the command line.
[[nodiscard]] QString themeName(Theme theme);
// Parses "light" / "dark" (any case); false when the text names neither.
[[nodiscard]] bool parseTheme(const QString& text, Theme* theme);
// Sets the Fusion style and the theme's palette on the whole application.
void applyTheme(QApplication& application, Theme theme);

}  // namespace fourfold::ui
