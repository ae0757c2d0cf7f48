// SPDX-License-Identifier: MIT
// Real write failures for the tests of every file Fourfold writes (tests/app/tst_cli_files,
// tests/ui/tst_atomic_file), not mocks: RLIMIT_FSIZE makes the kernel refuse writes past a size
// (EFBIG; the test ignores SIGXFSZ), and a full filesystem is a tmpfs of 64 KiB mounted for the
// test and filled (ENOSPC). Mounting needs root; a test without it skips that case.
#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <string>
#include <sys/mount.h>
#include <sys/resource.h>

namespace fourfold::test {

// Writes past `bytes` fail with EFBIG while this lives.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        getrlimit(RLIMIT_FSIZE, &saved_);
        const rlimit limit{bytes, saved_.rlim_max};
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit() { setrlimit(RLIMIT_FSIZE, &saved_); }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    rlimit saved_{};
};

// A tmpfs of 64 KiB mounted on a temporary directory for as long as this lives.
class SmallFilesystem {
public:
    SmallFilesystem() {
        mounted_ = dir_.isValid() && ::mount("tmpfs", dir_.path().toLocal8Bit().constData(),
                                             "tmpfs", 0, "size=64k") == 0;
    }
    ~SmallFilesystem() {
        if (mounted_) ::umount2(dir_.path().toLocal8Bit().constData(), MNT_DETACH);
    }
    SmallFilesystem(const SmallFilesystem&) = delete;
    SmallFilesystem& operator=(const SmallFilesystem&) = delete;

    [[nodiscard]] bool mounted() const { return mounted_; }
    [[nodiscard]] std::string path(const char* name) const {
        return dir_.filePath(QString::fromUtf8(name)).toStdString();
    }
    // Fills what is left with one file, written until the disk refuses.
    void fill() const {
        QFile filler(QString::fromStdString(path("filler")));
        if (!filler.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) return;
        const QByteArray block(512, 'f');
        while (filler.write(block) == block.size()) {
        }
    }
    // The files in it (the target and the filler, when no temporary file is left behind).
    [[nodiscard]] int files() const {
        return static_cast<int>(
            QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden | QDir::System).size());
    }

private:
    QTemporaryDir dir_;
    bool mounted_ = false;
};

}  // namespace fourfold::test
