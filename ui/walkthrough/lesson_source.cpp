// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/walkthrough/lesson_source.h"

#include "ui/settings/language.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QStringList>

namespace fourfold::ui {

QString lessonLanguage() { return uiLanguageCode(); }

// The lesson in each language: article.<code>.json beside the source language's article.json.
QString builtinLessonPath(const QString& language) {
    const QString translated = QStringLiteral(":/lessons/article.%1.json").arg(language);
    return QFile::exists(translated) ? translated : QStringLiteral(":/lessons/article.json");
}

LessonLoad loadLessonText(const QByteArray& text, const QString& name) {
    const core::LessonParse parsed = core::parseLesson(
        std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    LessonLoad load;
    QStringList lines;
    for (const core::Diagnostic& diagnostic : parsed.diagnostics) {
        if (diagnostic.severity != core::Severity::Error) continue;
        QString where = name;
        if (diagnostic.line > 0) {
            where += QStringLiteral(":%1:%2").arg(diagnostic.line).arg(diagnostic.column);
        }
        QString line = QCoreApplication::translate("fourfold::ui::LessonSource", "%1: %2")
                           .arg(where, QString::fromStdString(diagnostic.message));
        if (!diagnostic.path.empty()) {
            line += QStringLiteral(" [%1]").arg(QString::fromStdString(diagnostic.path));
        }
        lines << line;
    }
    if (parsed.lesson && lines.isEmpty()) {
        load.lesson = parsed.lesson;
    } else {
        load.error = lines.isEmpty() ? QCoreApplication::translate("fourfold::ui::LessonSource",
                                                                   "%1: not a lesson")
                                           .arg(name)
                                     : lines.join(QLatin1Char('\n'));
    }
    return load;
}

LessonLoad loadLessonFile(const QString& path) {
    const QString name = QFileInfo(path).fileName();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {std::nullopt, QCoreApplication::translate("fourfold::ui::LessonSource",
                                                          "Could not open \"%1\": %2")
                                  .arg(path, file.errorString())};
    }
    // Read no further than a lesson may hold: a device such as /dev/zero reports size 0.
    constexpr auto kLimit = static_cast<qint64>(core::kMaxLessonBytes);
    const QByteArray bytes = file.size() > kLimit ? QByteArray() : file.read(kLimit + 1);
    if (file.size() > kLimit || bytes.size() > kLimit) {
        return {std::nullopt,
                QCoreApplication::translate("fourfold::ui::LessonSource",
                                            "\"%1\" is larger than %2 bytes; a lesson holds less")
                    .arg(path)
                    .arg(core::kMaxLessonBytes)};
    }
    return loadLessonText(bytes, name);
}

}  // namespace fourfold::ui
