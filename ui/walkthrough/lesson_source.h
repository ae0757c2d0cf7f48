// SPDX-License-Identifier: GPL-3.0-or-later
// Where lessons come from: the built-in lesson in the app's language (embedded from
// resources/lessons) or a file the user picks, read by the core's parser. A malformed file comes
// back as a message naming the line and column of each error, and no lesson.
#pragma once

#include "core/lesson/lesson.h"

#include <QString>

#include <optional>

namespace fourfold::ui {

struct LessonLoad {
    std::optional<core::Lesson> lesson;  // set when the file read without errors
    QString error;                       // "article.json:12:5: ..." one line per error
};

// The language the built-in lesson is shown in: "zh_CN" when the UI speaks Chinese, else "en".
// The one place that decides it, so the app's language setting can drive it later.
[[nodiscard]] QString lessonLanguage();
// The resource path of the built-in lesson in `language` (English for any other language).
[[nodiscard]] QString builtinLessonPath(const QString& language);
// Reads and checks a lesson file (a resource path works too).
[[nodiscard]] LessonLoad loadLessonFile(const QString& path);
// The same for text in memory; `name` prefixes the error lines.
[[nodiscard]] LessonLoad loadLessonText(const QByteArray& text, const QString& name);

}  // namespace fourfold::ui
