// SPDX-License-Identifier: GPL-3.0-or-later
// The spaced ticker (fitting_ticker.h) labels a value axis with round steps far enough apart
// that two labels keep half a label's height between them, on an axis of any height, and with
// two labels wherever two fit.
#include "ui/charts/fitting_ticker.h"

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QTest>

#include <cmath>
#include <limits>

using fourfold::ui::makeSpacedTicker;
using fourfold::ui::niceValueStep;

class TestSpacedTicker : public QObject {
    Q_OBJECT
private slots:
    void niceSteps_data() {
        QTest::addColumn<double>("minimum");
        QTest::addColumn<bool>("finer");
        QTest::addColumn<double>("step");
        QTest::newRow("1") << 1.0 << false << 1.0;
        QTest::newRow("1.1") << 1.1 << false << 2.0;
        QTest::newRow("2.1") << 2.1 << false << 2.5;
        QTest::newRow("2.6") << 2.6 << false << 5.0;
        QTest::newRow("6") << 6.0 << false << 10.0;
        QTest::newRow("0.03") << 0.03 << false << 0.05;
        QTest::newRow("56.5") << 56.5 << false << 100.0;
        QTest::newRow("56.5 finer") << 56.5 << true << 60.0;
        QTest::newRow("63.8 finer") << 63.8 << true << 80.0;
        QTest::newRow("1.2 finer") << 1.2 << true << 1.5;
        QTest::newRow("zero") << 0.0 << false << 1.0;
        QTest::newRow("negative") << -3.0 << false << 1.0;
        QTest::newRow("nan") << std::numeric_limits<double>::quiet_NaN() << false << 1.0;
        QTest::newRow("infinite") << std::numeric_limits<double>::infinity() << true << 1.0;
    }
    void niceSteps() {
        QFETCH(double, minimum);
        QFETCH(bool, finer);
        QFETCH(double, step);
        QCOMPARE(niceValueStep(minimum, finer), step);
    }

    // Axes 0–72.46 GB (GPT-3's activation strip) from 25 to 400 px tall: at least two labels,
    // at most six, each pair half a label's height apart or more.
    void labelsKeepApart_data() {
        QTest::addColumn<int>("height");
        for (const int height : {25, 30, 40, 58, 80, 120, 200, 400}) {
            QTest::addRow("%d px", height) << height;
        }
    }
    void labelsKeepApart() {
        QFETCH(int, height);
        QCustomPlot plot;
        plot.resize(300, height + 40);  // the axis rect takes what the margins leave
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        QCPAxis* axis = plot.yAxis;
        axis->setTicker(makeSpacedTicker(axis));
        axis->setRange(0, 72.46);
        plot.axisRect()->setAutoMargins(QCP::msNone);
        plot.axisRect()->setMargins(QMargins(40, 20, 10, 20));
        plot.replot();
        plot.replot();  // the step chosen for the settled height
        QCOMPARE(plot.axisRect()->height(), height);
        const QVector<double> ticks = axis->tickVector();
        const double lineHeight = QFontMetricsF(axis->tickLabelFont()).height();
        QVERIFY2(ticks.size() >= 2, qPrintable(QString::number(ticks.size())));
        QVERIFY(ticks.size() <= 6);
        for (qsizetype index = 1; index < ticks.size(); ++index) {
            const double apart =
                std::abs(axis->coordToPixel(ticks[index]) - axis->coordToPixel(ticks[index - 1]));
            QVERIFY2(apart >= 1.5 * lineHeight - 1e-9,
                     qPrintable(QStringLiteral("%1 px between %2 and %3 (line %4 px)")
                                    .arg(apart)
                                    .arg(ticks[index - 1])
                                    .arg(ticks[index])
                                    .arg(lineHeight)));
        }
        // Round values: whole multiples of the step from 0.
        const double step = ticks[1] - ticks[0];
        for (const double tick : ticks) {
            QVERIFY(std::abs(tick / step - std::round(tick / step)) < 1e-9);
        }
    }
};

QTEST_MAIN(TestSpacedTicker)
#include "tst_spaced_ticker.moc"
