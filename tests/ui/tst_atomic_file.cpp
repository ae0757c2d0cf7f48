// SPDX-License-Identifier: GPL-3.0-or-later
// A failed write never eats a file: saving a plan, exporting it with results and exporting
// images (widget and chart, PNG/SVG/PDF) either replace the target whole or leave it byte for
// byte as it was, report the system's reason, and keep the document dirty.
// The failures are real, not mocked (tests/support/file_faults.h): RLIMIT_FSIZE makes the kernel
// refuse writes past a size (EFBIG) at the flush, the same place a full disk refuses them
// (ENOSPC), and a filled tmpfs of 64 KiB is the full disk (mounting it needs root; without, that
// case is skipped).
#include "tests/support/file_faults.h"

#include "core/plan/catalog.h"
#include "ui/charts/image_export.h"
#include "ui/charts/plot_export.h"
#include "ui/document/atomic_file.h"
#include "ui/document/plan_document.h"

#include <qcustomplot.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <functional>

using fourfold::core::Plan;
using fourfold::test::FileSizeLimit;
using fourfold::test::SmallFilesystem;
using fourfold::ui::EditField;
using fourfold::ui::PlanDocument;
using fourfold::ui::PlanEdit;

namespace {

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeOld(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
}

// A file of 2,000 bytes the failed write must leave alone.
QByteArray oldBytes() { return QByteArray(2000, 'o'); }

// `write` under a 300-byte limit must fail with the system's words and change nothing; then,
// without the limit, succeed and replace the file.
void expectAllOrNothing(const QString& path,
                        const std::function<bool(const QString&, QString*)>& write) {
    writeOld(path, oldBytes());
    QString error;
    {
        FileSizeLimit limit(300);
        QVERIFY(!write(path, &error));
    }
    // The reason is the system's: "File too large" here, "No space left on device" on a full
    // disk (fullDiskSaysSo; tests/app/tst_cli_files mounts one). The message names the file.
    QVERIFY2(error.startsWith(QStringLiteral("Could not write")), qPrintable(error));
    QVERIFY2(error.contains(path), qPrintable(error));
    QCOMPARE(readAll(path), oldBytes());
    // Nothing left beside it either: the temporary file is removed.
    QCOMPARE(QDir(QFileInfo(path).path()).entryList(QDir::Files).size(), 1);
    QVERIFY2(write(path, &error), qPrintable(error));
    QVERIFY(readAll(path) != oldBytes());
    QVERIFY(readAll(path).size() > 300);
}

PlanEdit setMicroBatch(int value) {
    return {EditField::MicroBatch, 0, QStringLiteral("Set micro-batch to %1").arg(value),
            [value](Plan& plan) { plan.training.microBatch = value; }};
}

}  // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { std::signal(SIGXFSZ, SIG_IGN); }

    void writeFileAtomicallyKeepsTheOldFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("data.bin"));
        expectAllOrNothing(path, [](const QString& target, QString* error) {
            return fourfold::ui::writeFileAtomically(target, QByteArray(1300, 'n'), error);
        });
        QCOMPARE(readAll(path), QByteArray(1300, 'n'));
    }

    void failedSaveKeepsThePlanAndTheDirtyMark() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.json"));
        PlanDocument document(fourfold::core::defaultPlan());
        QVERIFY(document.apply(setMicroBatch(3)));
        QVERIFY(document.isDirty());
        writeOld(path, oldBytes());
        QString error;
        {
            FileSizeLimit limit(300);
            QVERIFY(!document.save(path, &error));
        }
        QVERIFY2(error.contains(path), qPrintable(error));
        QCOMPARE(readAll(path), oldBytes());
        QVERIFY(document.isDirty());
        QVERIFY(document.filePath() != QFileInfo(path).absoluteFilePath());
        // The same save with room succeeds and only then clears the mark.
        QVERIFY2(document.save(path, &error), qPrintable(error));
        QVERIFY(!document.isDirty());
        QVERIFY(readAll(path).contains("\"micro_batch\": 3"));
    }

    void failedExportWithResultsKeepsTheOldFile() {
        QTemporaryDir dir;
        PlanDocument document(fourfold::core::defaultPlan());
        expectAllOrNothing(dir.filePath(QStringLiteral("plan-results.json")),
                           [&](const QString& target, QString* error) {
                               return document.exportWithResults(target, error);
                           });
    }

    void failedWidgetImageKeepsTheOldImage_data() {
        QTest::addColumn<QString>("suffix");
        QTest::newRow("png") << QStringLiteral("png");
        QTest::newRow("svg") << QStringLiteral("svg");
        QTest::newRow("pdf") << QStringLiteral("pdf");
    }
    void failedWidgetImageKeepsTheOldImage() {
        QFETCH(QString, suffix);
        QTemporaryDir dir;
        QLabel label(QStringLiteral("Fourfold rank map and a few more words to draw"));
        label.resize(400, 200);
        expectAllOrNothing(dir.filePath(QStringLiteral("view.") + suffix),
                           [&](const QString& target, QString* error) {
                               return fourfold::ui::exportWidgetImage(label, target, error);
                           });
    }

    void failedPlotImageKeepsTheOldImage_data() { failedWidgetImageKeepsTheOldImage_data(); }
    void failedPlotImageKeepsTheOldImage() {
        QFETCH(QString, suffix);
        QTemporaryDir dir;
        QCustomPlot plot;
        plot.resize(600, 400);
        plot.addGraph()->setData({0, 1, 2, 3}, {1, 3, 2, 4});
        plot.rescaleAxes();
        const QString path = dir.filePath(QStringLiteral("chart.") + suffix);
        expectAllOrNothing(path, [&](const QString& target, QString* error) {
            return fourfold::ui::exportPlot(plot, target, error);
        });
        const QByteArray written = readAll(path);
        if (suffix == QLatin1String("png")) QVERIFY(written.startsWith("\x89PNG"));
        if (suffix == QLatin1String("pdf")) QVERIFY(written.startsWith("%PDF"));
        if (suffix == QLatin1String("svg")) QVERIFY(written.contains("<svg"));
    }

    // On a full disk a save says "No space left on device", the old file stays byte for byte
    // and the document stays dirty.
    void fullDiskSaysSo() {
        SmallFilesystem disk;
        if (!disk.mounted()) QSKIP("cannot mount a tmpfs here (needs root)");
        const QString path = QString::fromStdString(disk.path("plan.json"));
        const QByteArray before(6000, 'o');
        writeOld(path, before);
        disk.fill();
        PlanDocument document(fourfold::core::defaultPlan());
        QVERIFY(document.apply(setMicroBatch(5)));
        QString error;
        QVERIFY(!document.save(path, &error));
        QVERIFY2(error.contains(QString::fromLocal8Bit(std::strerror(ENOSPC))), qPrintable(error));
        QCOMPARE(readAll(path), before);
        QCOMPARE(disk.files(), 2);  // the plan and the filler: no temporary file left
        QVERIFY(document.isDirty());
    }
};

QTEST_MAIN(TestAtomicFile)
#include "tst_atomic_file.moc"
