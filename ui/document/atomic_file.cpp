// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/document/atomic_file.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace fourfold::ui {
namespace {

bool fail(QSaveFile& file, const QString& path, QString* error) {
    if (error) {
        const QString reason = file.errorString().isEmpty()
                                   ? QCoreApplication::translate("fourfold", "unknown error")
                                   : file.errorString();
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
            *error = QCoreApplication::translate("fourfold", "Could not save \"%1\": %2")
                         .arg(path, file.errorString());
        }
        return false;
    }
    return true;
}

}  // namespace fourfold::ui
