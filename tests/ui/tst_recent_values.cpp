// SPDX-License-Identifier: GPL-3.0-or-later
// RecentValues keeps a few values by key, the most recently used first, and lets the least
// recently used go; SeparatorWrap, which keeps its wrapped headings in one, must give what
// wrapAtSeparators gives for every text, font and width, whatever it kept before.
#include "ui/charts/fitting_ticker.h"
#include "ui/widgets/recent_values.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QTest>

#include <string>

using fourfold::ui::RecentValues;

class TestRecentValues : public QObject {
    Q_OBJECT
private slots:
    void keepsTheMostRecentlyUsed();
    void makesAValueOnlyWhenNoneIsKept();
    void separatorWrapGivesWhatWrappingGives();
};

void TestRecentValues::keepsTheMostRecentlyUsed() {
    RecentValues<int, std::string, 3> kept;
    QVERIFY(kept.find(1) == nullptr);
    kept.add(1, "one");
    kept.add(2, "two");
    kept.add(3, "three");
    QCOMPARE(*kept.find(1), std::string("one"));  // 1 is now the most recent: 2 is the least
    kept.add(4, "four");
    QVERIFY(kept.find(2) == nullptr);
    QCOMPARE(*kept.find(1), std::string("one"));
    QCOMPARE(*kept.find(3), std::string("three"));
    QCOMPARE(*kept.find(4), std::string("four"));
    kept.clear();
    QVERIFY(kept.find(4) == nullptr);
}

void TestRecentValues::makesAValueOnlyWhenNoneIsKept() {
    RecentValues<std::string, int, 2> kept;
    int made = 0;
    const auto length = [&made](const std::string& text) {
        return [&made, text] {
            ++made;
            return static_cast<int>(text.size());
        };
    };
    QCOMPARE(kept.get("tp 2", length("tp 2")), 4);
    QCOMPARE(kept.get("tp 16", length("tp 16")), 5);
    QCOMPARE(kept.get("tp 2", length("tp 2")), 4);
    QCOMPARE(made, 2);
    QCOMPARE(kept.get("tp 128", length("tp 128")), 6);  // "tp 16" goes
    QCOMPARE(made, 3);
    QCOMPARE(kept.get("tp 16", length("tp 16")), 5);
    QCOMPARE(made, 4);
}

// Back and forth over headings, fonts and widths, as a drag and a resize go.
void TestRecentValues::separatorWrapGivesWhatWrappingGives() {
    const QString first =
        QStringLiteral("Peak 61.4 GB on stage 0 · 8 in flight · usable 73.0 GB · capacity 80 GB");
    const QString second =
        QStringLiteral("Peak 43.2 GB on stage 0 · 4 in flight · usable 73.0 GB · capacity 80 GB");
    QFont bold = QApplication::font();
    bold.setBold(true);
    const double full = QFontMetricsF(bold).horizontalAdvance(first);
    fourfold::ui::SeparatorWrap wrap;
    int wrapped = 0;
    for (int round = 0; round < 3; ++round) {
        for (const QString& text : {first, second}) {
            for (const QFont& font : {QApplication::font(), bold}) {
                for (double width : {full + 10, full / 2, full / 3}) {
                    const QString expected = fourfold::ui::wrapAtSeparators(text, font, width);
                    QCOMPARE(wrap(text, font, width), expected);
                    wrapped += expected.contains(QLatin1Char('\n')) ? 1 : 0;
                }
            }
        }
    }
    QVERIFY(wrapped > 0);  // some of them do wrap
}

QTEST_MAIN(TestRecentValues)
#include "tst_recent_values.moc"
