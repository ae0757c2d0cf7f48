// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/document/atomic_file.h"

#include "core/text/atomic_file.h"

#include <QCoreApplication>
#include <QFile>

#include <string_view>

namespace fourfold::ui {

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error) {
    const auto failure = core::writeFileAtomically(
        QFile::encodeName(path).toStdString(),
        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (!failure) return true;
    // The same sentence as core::writeFailureMessage, translated.
    if (error) {
        *error = QCoreApplication::translate("fourfold", "Could not write \"%1\": %2")
                     .arg(path, QString::fromLocal8Bit(failure->data(),
                                                       static_cast<qsizetype>(failure->size())));
    }
    return false;
}

}  // namespace fourfold::ui
