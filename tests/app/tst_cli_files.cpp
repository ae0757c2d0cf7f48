// SPDX-License-Identifier: MIT
// Every file the CLI writes is replaced whole or not at all (core/text/atomic_file.h, which the
// app's saves and exports share). The failures are real, not mocked: RLIMIT_FSIZE makes the
// kernel refuse writes past a size (EFBIG), and a full filesystem is a tmpfs of 64 KiB mounted
// for the test and filled (ENOSPC), both tests/support/file_faults.h. Mounting needs root; the
// full-disk tests are skipped without it.
#include "cli_test_util.h"
#include "tests/support/file_faults.h"

#include "core/plan/calibration_profile.h"
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
#include <cstdio>
#include <cstring>
#include <string>
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

// Allocations past `headroom` bytes more than the process maps now fail while this lives.
class AddressSpaceLimit {
public:
    explicit AddressSpaceLimit(std::size_t headroom) {
        getrlimit(RLIMIT_AS, &saved_);
        std::size_t pages = 0;
        if (FILE* statm = std::fopen("/proc/self/statm", "r")) {
            if (std::fscanf(statm, "%zu", &pages) != 1) pages = 0;
            std::fclose(statm);
        }
        const std::size_t mapped = pages * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
        const rlimit limit{static_cast<rlim_t>(mapped + headroom), saved_.rlim_max};
        if (pages > 0) setrlimit(RLIMIT_AS, &limit);
    }
    ~AddressSpaceLimit() { setrlimit(RLIMIT_AS, &saved_); }
    AddressSpaceLimit(const AddressSpaceLimit&) = delete;
    AddressSpaceLimit& operator=(const AddressSpaceLimit&) = delete;

private:
    rlimit saved_{};
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

    // Standard input is read in pieces: a small log costs its own size, not the 512 MiB cap
    // (before, each read allocated the whole cap, which made `measured -` take seconds under a
    // sanitizer and fail where address space is limited).
    void aSmallInputCostsItsSizeNotTheCap() {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer reserves address space of its own");
#endif
        const std::string log =
            " iteration       20/     100 | elapsed time per iteration (ms): 3950.0 |\n"
            " iteration       30/     100 | elapsed time per iteration (ms): 3970.0 |\n";
        CliRun read;
        {
            AddressSpaceLimit limit(std::size_t{128} << 20);
            read = run({"measured", "-", "--json", "--warmup", "0"}, log);
        }
        QCOMPARE(read.exitCode, 0);
        QVERIFY2(has(read.out, "\"step_time_s\""), read.out.c_str());
        // The cap still holds: one byte past it is refused without reading further.
        const std::string large(fourfold::core::kMaxProfileBytes + 1, ' ');
        const CliRun refused = run({"validate", "-"}, large);
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(has(refused.err, "larger than"), refused.err.c_str());
    }

    // search -o writes what it would print, whole: --csv and --json alike.
    void searchWritesItsOutputToAFile() {
        const std::string plan = planFile();
        for (const char* form : {"--csv", "--json"}) {
            const std::string target = dir_.filePath(QStringLiteral("search.out")).toStdString();
            const std::vector<std::string> args{"search",    plan, form,           "--top", "3",
                                                "--threads", "1",  "--time-limit", "0"};
            const CliRun printed = run(args);
            QCOMPARE(printed.exitCode, 0);
            std::vector<std::string> toFile = args;
            toFile.insert(toFile.end(), {"-o", target});
            const CliRun written = run(toFile);
            QCOMPARE(written.exitCode, 0);
            QVERIFY(written.out.empty());
            // The same bytes but for the search's own duration ("seconds" in the JSON).
            const auto withoutSeconds = [](std::string text) {
                const std::size_t at = text.find("\"seconds\": ");
                if (at != std::string::npos) text.erase(at, text.find('\n', at) - at);
                return text;
            };
            QCOMPARE(withoutSeconds(readAll(target)), withoutSeconds(printed.out));
        }
        const CliRun table = run({"search", plan, "-o", "x.txt"});
        QCOMPARE(table.exitCode, 2);
        QVERIFY(has(table.err, "-o needs --json or --csv"));
    }

    // A write refused part way (EFBIG past 300 bytes) leaves the old file as it was.
    void searchKeepsTheOldFileWhenAWriteFails() {
        const std::string plan = planFile();
        const std::string target = dir_.filePath(QStringLiteral("old.csv")).toStdString();
        const std::string old(2000, 'o');
        QVERIFY(writeRaw(target, old));
        CliRun refused;
        {
            FileSizeLimit limit(300);
            refused = run({"search", plan, "--csv", "--threads", "1", "-o", target});
        }
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(has(refused.err, "Could not write \"" + target + "\": " + std::strerror(EFBIG)),
                 refused.err.c_str());
        QCOMPARE(readAll(target), old);
    }

    // Every -o on a full disk: the old file stays byte for byte, the message says "No space left
    // on device" and no temporary file is left beside it. Before, export -o truncated the file
    // first and kept the first 4,096 bytes of the export.
    void everyOutputOnAFullDiskKeepsTheOldFile_data() {
        QTest::addColumn<QStringList>("args");  // TARGET stands for the file on the full disk
        for (const char* format : {"torchtitan", "megatron", "deepspeed"}) {
            QTest::newRow(format) << QStringList{"export", "PLAN", "--to", format, "-o", "TARGET"};
        }
        for (const char* form : {"--csv", "--json"}) {
            QTest::newRow(form) << QStringList{"search", "PLAN", form,    "--threads",
                                               "1",      "-o",   "TARGET"};
        }
        QTest::newRow("calibrate")
            << QStringList{"calibrate", "RUNS", "--no-held-out", "-o", "TARGET"};
    }

    void everyOutputOnAFullDiskKeepsTheOldFile() {
        QFETCH(QStringList, args);
        SmallFilesystem disk;
        if (!disk.mounted()) QSKIP("cannot mount a tmpfs here (needs root)");
        const std::string target = disk.path("output");
        std::string old;
        for (int i = 0; old.size() < 6000; ++i) old += "# line " + std::to_string(i) + "\n";
        QVERIFY(writeRaw(target, old));
        disk.fill();
        const std::string runs = writeFile(
            dir_, QStringLiteral("runs.json"),
            R"({"runs": [{"plan": {"parallel": {"dp": 8}}, "measured": {"step_time_s": 3.5}},
                         {"plan": {"parallel": {"dp": 4, "tp": 2}}, "measured": {"step_time_s": 3.9}}]})");
        std::vector<std::string> command;
        for (const QString& arg : args) {
            command.push_back(arg == QLatin1String("TARGET") ? target
                              : arg == QLatin1String("PLAN") ? planFile()
                              : arg == QLatin1String("RUNS") ? runs
                                                             : arg.toStdString());
        }
        const CliRun full = run(command);
        QCOMPARE(full.exitCode, 2);
        QVERIFY2(has(full.err, "Could not write \"" + target + "\": No space left on device"),
                 full.err.c_str());
        QCOMPARE(readAll(target), old);
        QCOMPARE(disk.files(), 2);  // the target and the filler
    }
};

QTEST_APPLESS_MAIN(TestCliFiles)
#include "tst_cli_files.moc"
