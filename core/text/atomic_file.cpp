// SPDX-License-Identifier: MIT
#include "core/text/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

namespace fourfold::core {
namespace {

std::string reasonOf(int error) { return std::strerror(error); }

// Closes the descriptor once, and removes the temporary file unless it was renamed.
class TemporaryFile {
public:
    TemporaryFile() = default;
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;
    ~TemporaryFile() {
        if (fd >= 0) ::close(fd);
        if (!path.empty() && !renamed) ::unlink(path.c_str());
    }

    // Closes it, reporting what close() said (NFS reports a failed write here).
    [[nodiscard]] int close() {
        const int result = ::close(fd);
        fd = -1;
        return result;
    }

    int fd = -1;
    std::string path;
    bool renamed = false;
};

// Writes every byte, retrying short writes and interruptions; errno on failure, else 0.
int writeAll(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t written = ::write(fd, bytes.data(), bytes.size());
        if (written < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (written == 0) return EIO;
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
    return 0;
}

std::filesystem::path directoryOf(const std::filesystem::path& target) {
    return target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
}

// A new file beside `target`, readable and writable as the umask allows: ".NAME.tmp-PID-R" in
// the same directory, R random so that writers of the same target never share one.
int createBeside(const std::filesystem::path& target, TemporaryFile& file) {
    std::random_device random;
    for (int attempt = 0; attempt < 100; ++attempt) {
        // Appended piece by piece: GCC 12 at -O3 sees a false overlap (-Wrestrict) in
        // "." + std::string&&.
        std::string name(".");
        name += target.filename().string();
        name += ".tmp-";
        name += std::to_string(::getpid());
        name += '-';
        name += std::to_string(random());
        const std::filesystem::path candidate = directoryOf(target) / name;
        const int fd = ::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                              S_IRUSR | S_IWUSR | S_IRGRP | S_IWGRP | S_IROTH | S_IWOTH);
        if (fd >= 0) {
            file.fd = fd;
            file.path = candidate.string();
            return 0;
        }
        if (errno != EEXIST) return errno;
    }
    return EEXIST;
}

// Writing in place: the only way into a device or a pipe.
std::optional<std::string> writeInPlace(const std::string& path, std::string_view bytes) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) return reasonOf(errno);
    const int error = writeAll(fd, bytes);
    const int closed = ::close(fd);
    if (error != 0) return reasonOf(error);
    if (closed != 0) return reasonOf(errno);
    return std::nullopt;
}

}  // namespace

std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view bytes) {
    if (path.empty()) return reasonOf(ENOENT);
    std::filesystem::path target(path);
    // Follow a link to the file it names, so the rename replaces that file, not the link.
    std::error_code code;
    if (std::filesystem::is_symlink(target, code)) {
        const std::filesystem::path resolved = std::filesystem::weakly_canonical(target, code);
        if (!code) target = resolved;
    }
    struct stat existing {};
    const bool exists = ::stat(target.c_str(), &existing) == 0;
    if (exists && S_ISDIR(existing.st_mode)) return reasonOf(EISDIR);
    if (exists && !S_ISREG(existing.st_mode)) return writeInPlace(target.string(), bytes);

    TemporaryFile file;
    if (const int error = createBeside(target, file); error != 0) return reasonOf(error);
    // The replacement keeps the target's permissions (the umask set the new file's).
    if (exists && ::fchmod(file.fd, existing.st_mode & 07777) != 0) return reasonOf(errno);
    if (const int error = writeAll(file.fd, bytes); error != 0) return reasonOf(error);
    // A buffered write may succeed into the page cache; the disk's answer comes with fsync.
    if (::fsync(file.fd) != 0) return reasonOf(errno);
    struct stat written {};
    if (::fstat(file.fd, &written) != 0) return reasonOf(errno);
    if (written.st_size != static_cast<off_t>(bytes.size())) return reasonOf(EIO);
    if (file.close() != 0) return reasonOf(errno);
    if (::rename(file.path.c_str(), target.c_str()) != 0) return reasonOf(errno);
    file.renamed = true;
    // The rename itself reaches the disk with the directory; a failure here loses nothing.
    if (const int dir = ::open(directoryOf(target).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        dir >= 0) {
        (void)::fsync(dir);
        ::close(dir);
    }
    return std::nullopt;
}

std::string writeFailureMessage(std::string_view path, std::string_view reason) {
    return "Could not write \"" + std::string(path) + "\": " + std::string(reason);
}

}  // namespace fourfold::core
