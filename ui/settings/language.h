// SPDX-License-Identifier: GPL-3.0-or-later
// The app's language, one of core/text/language.h's table, chosen by the settings (System
// follows the desktop's locale) or by `--lang`, and set once at start-up: its Qt translation
// (translations/fourfold_<code>.ts, compiled into the binary) is installed and the default
// QLocale follows, which is how uiLanguage() knows it later. Changing the choice in the menu
// takes effect at the next start, since widgets set their texts when they are built.
#pragma once

#include "core/text/diagnostic.h"
#include "core/text/language.h"

#include <QLocale>
#include <QString>

class QCoreApplication;

namespace fourfold::ui {

// A language setting: "" (follow the system) or a language's code ("en", "zh_CN").
[[nodiscard]] bool isLanguageChoice(const QString& choice);
// The language a choice means on a desktop with this locale.
[[nodiscard]] core::Language resolveLanguage(const QString& choice, const QLocale& system);

// Installs the translation of `language` on the application (none for English) and makes its
// locale the default one. Returns false when the translation could not be loaded.
bool applyLanguage(QCoreApplication& application, core::Language language);

// The language the interface speaks now (what applyLanguage set; the system's otherwise).
// Views render diagnostics and formulas in it; the walkthrough picks its lesson file by it.
[[nodiscard]] core::Language uiLanguage();
// "en" or "zh_CN": the suffix of the lesson and translation files.
[[nodiscard]] QString uiLanguageCode();
// A language's name in that language ("简体中文"), as a language menu lists it.
[[nodiscard]] QString languageName(core::Language language);

// The text without the spaces between Chinese characters that joining sentences or inserting a
// Chinese value leaves ("余量。 放得下", "设为 完全"); Latin text and numbers keep theirs
// (core/text/cjk_spacing.h).
[[nodiscard]] QString withoutSpacesBetweenChinese(const QString& text);

// Renders a core diagnostic's sentence in the interface's language.
[[nodiscard]] QString localizedMessage(const core::Diagnostic& diagnostic);
// core::describe's line in the interface's language: "error (line 3, column 7) /tp: ...".
[[nodiscard]] QString localizedDescription(const core::Diagnostic& diagnostic);

}  // namespace fourfold::ui
