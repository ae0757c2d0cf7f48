// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shell/recent_files.h"

#include "ui/shell/app_settings.h"

#include <QFileInfo>

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
