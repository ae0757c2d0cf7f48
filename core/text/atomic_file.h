// SPDX-License-Identifier: MIT
// Replacing a file whole or not at all, for every file Fourfold writes (the CLI's -o, the app's
// saves and exports). The bytes go to a new file beside the target (the same directory, so the
// rename stays on one filesystem) created with the target's permissions; every write is
// checked, the data flushed to the disk (fsync, where a full disk or a quota shows at the
// latest), its size on disk compared, and only then is it renamed over the target. On any
// failure the temporary file is removed and the target is byte for byte as it was; the reason
// is the system's own words ("No space left on device"). POSIX only; no Qt.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fourfold::core {

// Writes `bytes` to `path`; std::nullopt when done, else why not (strerror of the step that
// failed). A symbolic link is followed: the file it names is replaced, the link kept. A target
// that exists but is not a regular file (/dev/stdout, a pipe) cannot be replaced by a rename and
// is written in place, every write still checked.
[[nodiscard]] std::optional<std::string> writeFileAtomically(const std::string& path,
                                                             std::string_view bytes);

// The sentence both front ends report a failed write with: Could not write "PATH": REASON.
[[nodiscard]] std::string writeFailureMessage(std::string_view path, std::string_view reason);

}  // namespace fourfold::core
