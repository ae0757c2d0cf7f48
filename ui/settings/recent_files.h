// SPDX-License-Identifier: GPL-3.0-or-later
// RecentFiles: the most recently opened or saved plans, newest first, at most kMaxRecentFiles,
// kept in AppSettings so they survive restarts.
#pragma once

#include <QObject>
#include <QStringList>

namespace fourfold::ui {

inline constexpr int kMaxRecentFiles = 8;

// `files` with `path` moved (or added) to the front, duplicates dropped, cut to `limit`.
[[nodiscard]] QStringList withRecentFile(QStringList files, const QString& path,
                                         int limit = kMaxRecentFiles);

// Menu labels for `paths`: the file name and, after a dash, the tail of its folder, long enough
// (one folder at least) that no two labels are the same: "plan.json \u2014 runs/a" beside
// "plan.json \u2014 runs/b". A folder shown whole keeps its root ("/srv"); home reads "~".
[[nodiscard]] QStringList recentFileLabels(const QStringList& paths);

class RecentFiles : public QObject {
    Q_OBJECT
public:
    explicit RecentFiles(QObject* parent = nullptr);

    [[nodiscard]] QStringList files() const;
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

signals:
    void changed();

private:
    void store(const QStringList& files);
};

}  // namespace fourfold::ui
