// SPDX-License-Identifier: GPL-3.0-or-later
// Replaces a file with new bytes, or leaves it exactly as it was: the core's
// writeFileAtomically (core/text/atomic_file.h: a temporary file beside the target, every write,
// the fsync and the size on disk checked, then a rename), which the CLI's -o uses too. The app
// used QSaveFile, whose commit() in Qt 6.4 still renames after a buffered write failed.
#pragma once

#include <QByteArray>
#include <QString>

namespace fourfold::ui {

// False with "Could not write "<path>": <reason>" (the system's words, e.g. "No space left on
// device", "Read-only file system", "Disk quota exceeded") when any step fails; the target is
// then untouched. A read-only mount or a full disk is named as such even where Qt's own check
// only says the file is not writable.
[[nodiscard]] bool writeFileAtomically(const QString& path, const QByteArray& bytes,
                                       QString* error);

}  // namespace fourfold::ui
