// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/document/atomic_file.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>
#include <cstring>
#include <sys/statvfs.h>

namespace fourfold::ui {
namespace {

// The system's words for an errno value ("Read-only file system").
QString systemText(int error) { return QString::fromLocal8Bit(std::strerror(error)); }

// What the file system itself says against writing into `path`'s folder: mounted read-only,
// or no space left for this user. Qt reports an existing file on a read-only mount as "not
// writable" (its permission check), which sends a person to chmod rather than to the mount.
QString fileSystemProblem(const QString& path) {
    const QByteArray folder = QFile::encodeName(QFileInfo(path).absolutePath());
    struct statvfs fs {};
    if (statvfs(folder.constData(), &fs) != 0) return {};
    if ((fs.f_flag & ST_RDONLY) != 0) return systemText(EROFS);
    if (fs.f_bavail == 0) return systemText(ENOSPC);
    return {};
}

bool fail(QSaveFile& file, const QString& path, QString* error) {
    if (error) {
        QString reason = fileSystemProblem(path);
        if (reason.isEmpty()) reason = file.errorString();
        if (reason.isEmpty()) reason = QCoreApplication::translate("fourfold", "unknown error");
        *error =
            QCoreApplication::translate("fourfold", "Could not write \"%1\": %2").arg(path, reason);
    }
    file.cancelWriting();
    return false;
}

}  // namespace

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return fail(file, path, error);
    // A buffered write "succeeds" into memory; the disk's answer comes with flush().
    if (file.write(bytes) != bytes.size()) return fail(file, path, error);
    if (!file.flush() || file.error() != QFileDevice::NoError) return fail(file, path, error);
    if (file.size() != bytes.size()) return fail(file, path, error);
    if (!file.commit()) {
        if (error) {
            QString reason = fileSystemProblem(path);
            if (reason.isEmpty()) reason = file.errorString();
            *error = QCoreApplication::translate("fourfold", "Could not save \"%1\": %2")
                         .arg(path, reason);
        }
        return false;
    }
    return true;
}

}  // namespace fourfold::ui
