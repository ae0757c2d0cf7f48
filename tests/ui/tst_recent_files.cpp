// SPDX-License-Identifier: GPL-3.0-or-later
// Open Recent: the eight newest files, newest first, each once; the list object notifies on
// every change. QSettings live in the test-mode location.
#include "ui/settings/recent_files.h"

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace fourfold::ui;

class TestRecentFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings(QStringLiteral("Fourfold"), QStringLiteral("Fourfold")).clear();
    }

    void keepEightNewestFirst() {
        QStringList files;
        for (int i = 0; i < 10; ++i) {
            files = withRecentFile(files, QStringLiteral("/plans/p%1.json").arg(i));
        }
        QCOMPARE(files.size(), kMaxRecentFiles);
        QCOMPARE(files.first(), QStringLiteral("/plans/p9.json"));
        QCOMPARE(files.last(), QStringLiteral("/plans/p2.json"));
        files = withRecentFile(files, QStringLiteral("/plans/p5.json"));
        QCOMPARE(files.size(), kMaxRecentFiles);
        QCOMPARE(files.first(), QStringLiteral("/plans/p5.json"));
        QCOMPARE(files.count(QStringLiteral("/plans/p5.json")), 1);

        RecentFiles recent;
        QSignalSpy changed(&recent, &RecentFiles::changed);
        recent.add(QStringLiteral("/plans/a.json"));
        recent.add(QStringLiteral("/plans/b.json"));
        QCOMPARE(recent.files(),
                 QStringList({QStringLiteral("/plans/b.json"), QStringLiteral("/plans/a.json")}));
        recent.remove(QStringLiteral("/plans/b.json"));
        QCOMPARE(recent.files(), QStringList({QStringLiteral("/plans/a.json")}));
        QCOMPARE(changed.count(), 3);
    }
};

QTEST_MAIN(TestRecentFiles)
#include "tst_recent_files.moc"
