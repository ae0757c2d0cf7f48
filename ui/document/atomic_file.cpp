// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/document/atomic_file.h"

#include "core/text/atomic_file.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <string_view>
#include <sys/statvfs.h>

namespace fourfold::ui {
namespace {

// The system's words for an errno value ("Read-only file system").
QString systemText(int error) { return QString::fromLocal8Bit(std::strerror(error)); }

// What the file system itself says against writing into `path`'s folder: mounted read-only,
// or no space left for this user. An existing file on a read-only mount otherwise reads as
// "permission denied", which sends a person to chmod rather than to the mount.
QString fileSystemProblem(const QString& path) {
    const QByteArray folder = QFile::encodeName(QFileInfo(path).absolutePath());
    struct statvfs fs {};
    if (statvfs(folder.constData(), &fs) != 0) return {};
    if ((fs.f_flag & ST_RDONLY) != 0) return systemText(EROFS);
    if (fs.f_bavail == 0) return systemText(ENOSPC);
    return {};
}

}  // namespace

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error) {
    const auto failure = core::writeFileAtomically(
        QFile::encodeName(path).toStdString(),
        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (!failure) return true;
    // The same sentence as core::writeFailureMessage, translated.
    if (error) {
        QString reason = fileSystemProblem(path);
        if (reason.isEmpty())
            reason =
                QString::fromLocal8Bit(failure->data(), static_cast<qsizetype>(failure->size()));
        *error =
            QCoreApplication::translate("fourfold", "Could not write \"%1\": %2").arg(path, reason);
    }
    return false;
}

}  // namespace fourfold::ui
