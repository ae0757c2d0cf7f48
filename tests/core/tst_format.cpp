// SPDX-License-Identifier: MIT
#include "core/text/format.h"

#include <QTest>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

using namespace fourfold::core;

class TestFormat : public QObject {
    Q_OBJECT
private slots:
    void bytes_data() {
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<bool>("binary");
        QTest::addColumn<QString>("expected");
        // The source article: 7e9 parameters × 2 bytes = 14 GB of FP16 weights.
        QTest::newRow("article-7B-fp16-weights")
            << quint64(14'000'000'000ULL) << false << QStringLiteral("14.0 GB");
        // An "80 GB" H100 has 80 GiB of HBM: 85 899 345 920 bytes.
        QTest::newRow("h100-capacity-gib")
            << quint64(85'899'345'920ULL) << true << QStringLiteral("80.0 GiB");
        QTest::newRow("h100-capacity-gb")
            << quint64(85'899'345'920ULL) << false << QStringLiteral("85.9 GB");
        QTest::newRow("small") << quint64(512) << false << QStringLiteral("512 B");
        QTest::newRow("megabytes") << quint64(25'000'000) << false << QStringLiteral("25 MB");
    }
    void bytes() {
        QFETCH(quint64, bytes);
        QFETCH(bool, binary);
        QFETCH(QString, expected);
        const auto text = formatBytes(bytes, binary ? ByteUnits::Binary : ByteUnits::Decimal);
        QCOMPARE(QString::fromStdString(text), expected);
    }
    void counts() {
        QCOMPARE(QString::fromStdString(formatCount(6.74e9)), QStringLiteral("6.74B"));
        QCOMPARE(QString::fromStdString(formatCount(175e9)), QStringLiteral("175B"));
        QCOMPARE(QString::fromStdString(formatCount(34.36e9)), QStringLiteral("34.4B"));
        QCOMPARE(QString::fromStdString(formatCount(1.0e12)), QStringLiteral("1.00T"));
        QCOMPARE(QString::fromStdString(formatScientific(6.74e9)), QStringLiteral("6.74e9"));
        QCOMPARE(formatGrouped(1'737'888), std::string("1,737,888"));
        QCOMPARE(formatGrouped(999), std::string("999"));
        QCOMPARE(formatGrouped(1000), std::string("1,000"));
        QCOMPARE(formatGrouped(0), std::string("0"));
        QCOMPARE(formatGrouped(-16384), std::string("-16,384"));
        QCOMPARE(formatGrouped(std::numeric_limits<std::int64_t>::min()),
                 std::string("-9,223,372,036,854,775,808"));
    }
    void fixedRoundsAsPrintfDoes() {
        // Exact binary ties go to the even digit, as C's printf rounds them.
        QCOMPARE(QString::fromStdString(formatFixed(0.125, 2)), QStringLiteral("0.12"));
        QCOMPARE(QString::fromStdString(formatFixed(0.375, 2)), QStringLiteral("0.38"));
        QCOMPARE(QString::fromStdString(formatFixed(2.5, 0)), QStringLiteral("2"));
        QCOMPARE(QString::fromStdString(formatFixed(3.5, 0)), QStringLiteral("4"));
        // 1.005 is stored just below the tie, so it rounds down.
        QCOMPARE(QString::fromStdString(formatFixed(1.005, 2)), QStringLiteral("1.00"));
        QCOMPARE(QString::fromStdString(formatFixed(-0.04, 1)), QStringLiteral("-0.0"));
        QCOMPARE(QString::fromStdString(formatFixed(std::nan(""), 1)), QStringLiteral("n/a"));
        QCOMPARE(QString::fromStdString(formatFixed(HUGE_VAL, 1)), QStringLiteral("∞"));
        // A huge value keeps every digit (a short buffer once cut it to 63 characters).
        const std::string huge = formatFixed(1e300, 1);
        QCOMPARE(huge.size(), std::size_t{303});
        QCOMPARE(huge.substr(0, 4), std::string("1000"));
        // Against printf itself over many magnitudes and decimal places.
        std::mt19937_64 random(7);
        std::uniform_real_distribution<double> exponent(-9, 16);
        for (int sample = 0; sample < 20000; ++sample) {
            const double value = std::pow(10.0, exponent(random)) * (random() % 2 ? -1.0 : 1.0);
            const int decimals = static_cast<int>(random() % 7);
            char expected[512];
            std::snprintf(expected, sizeof expected, "%.*f", decimals, value);
            if (formatFixed(value, decimals) != expected) {
                QFAIL(qPrintable(QStringLiteral("%1 with %2 decimals: %3, printf %4")
                                     .arg(value, 0, 'g', 17)
                                     .arg(decimals)
                                     .arg(QString::fromStdString(formatFixed(value, decimals)),
                                          QString::fromLatin1(expected))));
            }
        }
    }
    void percentAndSeconds() {
        // GPipe p = 4, m = 8: bubble 3/11.
        QCOMPARE(QString::fromStdString(formatPercent(3.0 / 11.0)), QStringLiteral("27.3 %"));
        QCOMPARE(QString::fromStdString(formatSeconds(0.140)), QStringLiteral("140 ms"));
        QCOMPARE(QString::fromStdString(formatSeconds(1.9)), QStringLiteral("1.90 s"));
    }
};

QTEST_GUILESS_MAIN(TestFormat)
#include "tst_format.moc"
