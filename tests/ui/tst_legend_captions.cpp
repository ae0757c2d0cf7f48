// SPDX-License-Identifier: GPL-3.0-or-later
// A legend entry of ours (ui/charts/legend_swatch.h) keeps its caption on screen as an
// image of the text, laid out once: it must look as QCustomPlot's own entry draws the same
// caption, on a legend with a background and on one without, light and dark.
#include "image_checks.h"

#include "ui/charts/legend_swatch.h"

#include <qcustomplot.h>

#include <QTest>

#include <algorithm>

namespace {

struct Look {
    QColor text;
    QBrush legend;
    QColor background;
};

// The plot with one graph named `caption` in its legend, drawn by our entry or QCustomPlot's.
QImage drawLegend(const Look& look, const QString& caption, bool ours, double ratio) {
    QCustomPlot plot;
    plot.setBackground(look.background);
    QCPGraph* graph = plot.addGraph();
    graph->setName(caption);
    graph->setPen(QPen(QColor(0x00, 0x72, 0xB2), 2));
    plot.legend->setVisible(true);
    plot.legend->setBrush(look.legend);
    plot.legend->setTextColor(look.text);
    if (ours) {
        plot.legend->clearItems();
        fourfold::ui::addPlottableLegendEntry(plot.legend, graph);
    }
    plot.xAxis->setVisible(false);
    plot.yAxis->setVisible(false);
    QImage image = fourfold::test::screenCanvas(QSize(360, 160), ratio);
    QCPPainter painter(&image);
    plot.toPainter(&painter, 360, 160);
    painter.end();
    return image;
}

}  // namespace

class TestLegendCaptions : public QObject {
    Q_OBJECT
private slots:
    void captionsLookAsQCustomPlotDrawsThem_data() {
        QTest::addColumn<QColor>("text");
        QTest::addColumn<QBrush>("legend");
        QTest::addColumn<QColor>("background");
        QTest::addColumn<double>("ratio");
        QTest::newRow("light, no legend background")
            << QColor(Qt::black) << QBrush(Qt::NoBrush) << QColor(Qt::white) << 1.0;
        QTest::newRow("light, white legend")
            << QColor(Qt::black) << QBrush(Qt::white) << QColor(239, 239, 239) << 1.0;
        QTest::newRow("dark, dark legend")
            << QColor(230, 230, 230) << QBrush(QColor(30, 30, 30)) << QColor(45, 45, 45) << 1.0;
        QTest::newRow("light, scale 1.5")
            << QColor(Qt::black) << QBrush(Qt::white) << QColor(Qt::white) << 1.5;
    }
    void captionsLookAsQCustomPlotDrawsThem() {
        QFETCH(QColor, text);
        QFETCH(QBrush, legend);
        QFETCH(QColor, background);
        QFETCH(double, ratio);
        const Look look{text, legend, background};
        const QString caption = QStringLiteral("Optimizer states (Adam m, v) · gypsy");
        const QImage ours = drawLegend(look, caption, true, ratio);
        const QImage theirs = drawLegend(look, caption, false, ratio);
        QCOMPARE(ours.size(), theirs.size());
        // The caption is there: many pixels in the text colour's direction.
        int inked = 0;
        for (int y = 0; y < ours.height(); ++y) {
            for (int x = 0; x < ours.width(); ++x) {
                if (std::abs(qGray(ours.pixel(x, y)) - qGray(background.rgb())) > 100) ++inked;
            }
        }
        QVERIFY2(inked > 100, qPrintable(QString::number(inked)));
        // Blended as an image of the text, not glyph by glyph: at most a step of rounding off.
        const int difference = fourfold::test::largestDifference(ours, theirs);
        QVERIFY2(difference <= 2, qPrintable(QString::number(difference)));
    }
};

QTEST_MAIN(TestLegendCaptions)
#include "tst_legend_captions.moc"
