// SPDX-License-Identifier: GPL-3.0-or-later
// A live chart (ui/charts/plot_refresh.h) replots into an opaque buffer while its background is
// opaque and copies it to the window: it must look as QCustomPlot's own chart looks (within
// the rounding of blending onto the background at once or later: one level in 255),
// on a light and a dark background, after the background changes, and on a translucent
// background (where it draws as QCustomPlot does).
#include "image_checks.h"

#include "ui/charts/plot_refresh.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace {

// Antialiased edges and text blended onto the background as they are drawn, or drawn onto
// transparency and blended later, round differently.
constexpr int kRounding = 2;

// Something of everything a chart draws: axes and their labels, an antialiased curve, bars, a
// legend and a text item.
void fill(QCustomPlot& plot, const QColor& background, const QColor& ink) {
    plot.setBackground(background);
    plot.xAxis->setLabel(QStringLiteral("Time (ms)"));
    plot.yAxis->setLabel(QStringLiteral("Memory per GPU (GB)"));
    for (QCPAxis* axis : {plot.xAxis, plot.yAxis}) {
        axis->setTickLabelColor(ink);
        axis->setLabelColor(ink);
        axis->setBasePen(QPen(ink));
    }
    QCPGraph* curve = plot.addGraph();
    curve->setName(QStringLiteral("Held activations"));
    curve->setPen(QPen(QColor(0x00, 0x72, 0xB2), 2));
    curve->setAntialiased(true);
    for (int x = 0; x <= 40; ++x) curve->addData(x, 30 + 20 * std::sin(x / 6.0));
    auto* bars = new QCPBars(plot.xAxis, plot.yAxis);
    bars->setName(QStringLiteral("Weights"));
    bars->setBrush(QColor(0xE6, 0x9F, 0x00, 160));
    bars->setData({5, 15, 25, 35}, {12, 24, 18, 40});
    auto* note = new QCPItemText(&plot);
    note->position->setCoords(20, 55);
    note->setText(QStringLiteral("+14.9 GB over"));
    note->setColor(ink);
    plot.legend->setVisible(true);
    plot.legend->setTextColor(ink);
    plot.legend->setBrush(QColor(255, 255, 255, 120));
    plot.xAxis->setRange(0, 40);
    plot.yAxis->setRange(0, 60);
}

// A live chart and QCustomPlot's own side by side in a window of a colour of its own (which a
// translucent background lets through).
struct SideBySide {
    QWidget window;
    QCustomPlot* live = fourfold::ui::newLiveChart();
    QCustomPlot* plain = new QCustomPlot;

    SideBySide() {
        QPalette palette = window.palette();
        palette.setColor(QPalette::Window, QColor(0xC8, 0xD8, 0xA0));
        window.setPalette(palette);
        window.setAutoFillBackground(true);
        auto* layout = new QHBoxLayout(&window);
        layout->addWidget(live);
        layout->addWidget(plain);
        window.resize(900, 360);
    }
    void look(const QColor& background, const QColor& ink) {
        for (QCustomPlot* plot : {live, plain}) {
            plot->clearPlottables();
            plot->clearItems();
            fill(*plot, background, ink);
            plot->replot(QCustomPlot::rpQueuedReplot);
        }
    }
    // Both charts as the window shows them.
    [[nodiscard]] std::pair<QImage, QImage> shown() {
        for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
        const QImage all = window.grab().toImage();
        return {all.copy(live->geometry()), all.copy(plain->geometry())};
    }
};

}  // namespace

class TestLiveChart : public QObject {
    Q_OBJECT
private slots:
    void looksAsQCustomPlotDraws() {
        SideBySide charts;
        charts.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&charts.window));
        QCOMPARE(charts.live->size(), charts.plain->size());
        struct Look {
            QColor background;
            QColor ink;
            bool opaque;
        };
        // Light, dark, light again (a theme switched back), then translucent.
        for (const Look& look : {Look{Qt::white, Qt::black, true},
                                 Look{QColor(0x23, 0x26, 0x2B), QColor(0xE8, 0xE8, 0xE8), true},
                                 Look{QColor(0xFA, 0xFA, 0xF5), Qt::black, true},
                                 Look{QColor(40, 40, 160, 90), Qt::white, false}}) {
            charts.look(look.background, look.ink);
            auto [live, plain] = charts.shown();
            // Once it has painted, an opaque chart paints nothing under itself.
            (void)charts.shown();
            QCOMPARE(charts.live->testAttribute(Qt::WA_OpaquePaintEvent), look.opaque);
            // Its background is the chart's, not the window's.
            const QRgb corner = live.pixel(2, 2);
            if (look.opaque) {
                QCOMPARE(QColor(corner), look.background);
                QVERIFY(fourfold::test::largestDifference(live, plain) <= kRounding);
                continue;
            }
            // Translucent: blended onto the window's colour (200, 216, 160), as a hand
            // calculation does: 40·90/255 + 200·165/255 = 143.5, and so on. (QCustomPlot's own
            // chart leaves what it drew before under a translucent background when grabbed.)
            const auto blend = [](int over, int under) {
                return (over * 90 + under * 165) / 255.0;
            };
            QVERIFY(std::abs(qRed(corner) - blend(40, 200)) <= kRounding);
            QVERIFY(std::abs(qGreen(corner) - blend(40, 216)) <= kRounding);
            QVERIFY(std::abs(qBlue(corner) - blend(160, 160)) <= kRounding);
        }
    }

    // A resize shows the chart at its new size in the same paint, never the old buffer's
    // leftovers.
    void resizedChartShowsNoLeftovers() {
        SideBySide charts;
        charts.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&charts.window));
        charts.look(Qt::white, Qt::black);
        (void)charts.shown();
        charts.window.resize(1100, 420);
        auto [live, plain] = charts.shown();
        QCOMPARE(live.size(), plain.size());
        QVERIFY(fourfold::test::largestDifference(live, plain) <= kRounding);
        // Smaller, then back within the memory it had, then larger than ever (its image only
        // grows): each time the chart at its new size, as QCustomPlot draws it.
        for (const QSize& size : {QSize(700, 300), QSize(1000, 400), QSize(1300, 520)}) {
            charts.window.resize(size);
            auto [resizedLive, resizedPlain] = charts.shown();
            QCOMPARE(resizedLive.size(), resizedPlain.size());
            QVERIFY2(fourfold::test::largestDifference(resizedLive, resizedPlain) <= kRounding,
                     qPrintable(QStringLiteral("at %1 × %2").arg(size.width()).arg(size.height())));
        }
    }
};

QTEST_MAIN(TestLiveChart)
#include "tst_live_chart.moc"
