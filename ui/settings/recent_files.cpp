// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/settings/recent_files.h"

#include "ui/settings/app_settings.h"

#include <QDir>
#include <QFileInfo>

#include <vector>

namespace fourfold::ui {
namespace {

QString canonical(const QString& path) {
    const QFileInfo info(path);
    const QString resolved = info.canonicalFilePath();
    return resolved.isEmpty() ? info.absoluteFilePath() : resolved;
}

}  // namespace

QStringList withRecentFile(QStringList files, const QString& path, int limit) {
    const QString entry = canonical(path);
    files.removeIf([&](const QString& file) { return canonical(file) == entry; });
    files.prepend(entry);
    while (files.size() > limit) files.removeLast();
    return files;
}

QStringList recentFileLabels(const QStringList& paths) {
    // Folders as parts, home first replaced by "~": "/home/me/runs/a" -> {"~", "runs", "a"}.
    const QString home = QDir::homePath();
    std::vector<QStringList> folders;
    QStringList names;
    for (const QString& path : paths) {
        const QFileInfo info(path);
        names << info.fileName();
        QString folder = QDir::cleanPath(info.absolutePath());
        if (home.size() > 1 && (folder == home || folder.startsWith(home + QLatin1Char('/')))) {
            folder = QLatin1Char('~') + folder.mid(home.size());
        }
        folders.push_back(folder.split(QLatin1Char('/'), Qt::SkipEmptyParts));
    }
    const auto tail = [&](std::size_t index, qsizetype depth) {
        const QStringList& parts = folders[index];
        if (depth >= parts.size()) {
            const QString all = parts.join(QLatin1Char('/'));
            return parts.value(0) == QLatin1String("~") ? all : QLatin1Char('/') + all;
        }
        return parts.mid(parts.size() - depth).join(QLatin1Char('/'));
    };
    QStringList labels;
    for (std::size_t index = 0; index < folders.size(); ++index) {
        // The shortest folder tail no other entry with the same file name shares.
        qsizetype depth = 1;
        for (std::size_t other = 0; other < folders.size(); ++other) {
            if (other == index ||
                names[static_cast<qsizetype>(other)] != names[static_cast<qsizetype>(index)]) {
                continue;
            }
            while (depth < folders[index].size() && tail(index, depth) == tail(other, depth)) {
                ++depth;
            }
        }
        labels << QStringLiteral("%1 \u2014 %2")
                      .arg(names[static_cast<qsizetype>(index)], tail(index, depth));
    }
    return labels;
}

RecentFiles::RecentFiles(QObject* parent) : QObject(parent) {}

QStringList RecentFiles::files() const {
    QStringList files = AppSettings::instance().recentFiles();
    while (files.size() > kMaxRecentFiles) files.removeLast();
    return files;
}

void RecentFiles::add(const QString& path) { store(withRecentFile(files(), path)); }

void RecentFiles::remove(const QString& path) {
    QStringList list = files();
    const QString entry = canonical(path);
    list.removeIf([&](const QString& file) { return file == path || canonical(file) == entry; });
    store(list);
}

void RecentFiles::clear() { store({}); }

void RecentFiles::store(const QStringList& files) {
    AppSettings::instance().setRecentFiles(files);
    emit changed();
}

}  // namespace fourfold::ui
