// SPDX-License-Identifier: MIT
// Every file the CLI writes is replaced whole or not at all (core/text/atomic_file.h, which the
// app's saves and exports share). The failures are real, not mocked: RLIMIT_FSIZE makes the
// kernel refuse writes past a size (EFBIG), and a full filesystem is a tmpfs of 64 KiB mounted
// for the test and filled (ENOSPC). Mounting needs root; the test is skipped without it.
#include "cli_test_util.h"

#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/text/atomic_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace fourfold::test;

namespace {

bool has(const std::string& text, const std::string& word) {
    return text.find(word) != std::string::npos;
}

std::string readAll(const std::string& path) {
    QFile file(QString::fromStdString(path));
    return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string();
}

bool writeRaw(const std::string& path, const std::string& bytes) {
    QFile file(QString::fromStdString(path));
    return file.open(QIODevice::WriteOnly) &&
           file.write(bytes.data(), static_cast<qint64>(bytes.size())) ==
               static_cast<qint64>(bytes.size());
}

// Writes past `bytes` fail with EFBIG while this lives (SIGXFSZ is ignored in initTestCase).
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
    [[nodiscard]] int files() const { return static_cast<int>(QDir(dir_.path()).count()) - 2; }

private:
    QTemporaryDir dir_;
    bool mounted_ = false;
};

}  // namespace

class TestCliFiles : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

    std::string planFile() {
        return writeFile(dir_, QStringLiteral("plan.json"),
                         fourfold::core::planToJson(fourfold::core::defaultPlan()));
    }

private slots:
    void initTestCase() { std::signal(SIGXFSZ, SIG_IGN); }

    void writesAndReplacesAWholeFile() {
        const std::string path = dir_.filePath(QStringLiteral("data.txt")).toStdString();
        QVERIFY(!fourfold::core::writeFileAtomically(path, "first"));
        QCOMPARE(readAll(path), std::string("first"));
        QVERIFY(!fourfold::core::writeFileAtomically(path, "second, longer"));
        QCOMPARE(readAll(path), std::string("second, longer"));
        // Nothing is left beside it.
        QDir here(dir_.path());
        QCOMPARE(
            here.entryList({QStringLiteral(".data.txt.tmp-*")}, QDir::Files | QDir::Hidden).size(),
            0);
    }

    // The replacement keeps the target's permissions, and a link keeps pointing at it.
    void keepsPermissionsAndLinks() {
        const std::string path = dir_.filePath(QStringLiteral("mode.txt")).toStdString();
        QVERIFY(writeRaw(path, "old"));
        QVERIFY(::chmod(path.c_str(), 0640) == 0);
        const std::string link = dir_.filePath(QStringLiteral("link.txt")).toStdString();
        QVERIFY(::symlink(path.c_str(), link.c_str()) == 0);
        QVERIFY(!fourfold::core::writeFileAtomically(link, "new"));
        QCOMPARE(readAll(path), std::string("new"));
        QVERIFY(QFileInfo(QString::fromStdString(link)).isSymLink());
        struct stat info {};
        QVERIFY(::stat(path.c_str(), &info) == 0);
        QCOMPARE(info.st_mode & 0777, 0640U);
    }

    // What cannot be written says why and touches nothing.
    void refusalsNameTheReason() {
        const auto missing = fourfold::core::writeFileAtomically(
            dir_.filePath(QStringLiteral("no/such/dir/x")).toStdString(), "x");
        QVERIFY(missing);
        QCOMPARE(*missing, std::string(std::strerror(ENOENT)));
        const auto directory = fourfold::core::writeFileAtomically(dir_.path().toStdString(), "x");
        QVERIFY(directory);
        QCOMPARE(*directory, std::string(std::strerror(EISDIR)));
        QCOMPARE(fourfold::core::writeFailureMessage("a.toml", "No space left on device"),
                 std::string("Could not write \"a.toml\": No space left on device"));
    }

    // -o replaces the file whole: a write refused part way (EFBIG past 300 bytes) leaves the
    // old file byte for byte, and the message gives the system's reason.
    void exportKeepsTheOldFileWhenAWriteFails() {
        const std::string plan = planFile();
        const std::string target = dir_.filePath(QStringLiteral("old.toml")).toStdString();
        const std::string old(2000, 'o');
        QVERIFY(writeRaw(target, old));
        CliRun refused;
        {
            FileSizeLimit limit(300);
            refused = run({"export", plan, "--to", "torchtitan", "-o", target});
        }
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(has(refused.err, "Could not write \"" + target + "\": " + std::strerror(EFBIG)),
                 refused.err.c_str());
        QCOMPARE(readAll(target), old);
        const CliRun written = run({"export", plan, "--to", "torchtitan", "-o", target});
        QCOMPARE(written.exitCode, 0);
        QVERIFY(has(readAll(target), "[parallelism]"));
    }

    // On a full disk the old file stays as it was and the message says "No space left on
    // device". Before, -o truncated the file first and kept the first 4,096 bytes of the export.
    void exportOnAFullDiskKeepsTheOldFile() {
        SmallFilesystem disk;
        if (!disk.mounted()) QSKIP("cannot mount a tmpfs here (needs root)");
        const std::string target = disk.path("plan.toml");
        std::string old;
        for (int i = 0; old.size() < 6000; ++i) old += "# line " + std::to_string(i) + "\n";
        QVERIFY(writeRaw(target, old));
        disk.fill();
        const std::string plan = planFile();
        for (const char* format : {"torchtitan", "megatron", "deepspeed"}) {
            const CliRun full = run({"export", plan, "--to", format, "-o", target});
            QCOMPARE(full.exitCode, 2);
            QVERIFY2(has(full.err, std::string(std::strerror(ENOSPC))), full.err.c_str());
            QCOMPARE(readAll(target), old);
            QCOMPARE(disk.files(), 2);  // the target and the filler: no temporary file left
        }
    }
};

QTEST_APPLESS_MAIN(TestCliFiles)
#include "tst_cli_files.moc"
