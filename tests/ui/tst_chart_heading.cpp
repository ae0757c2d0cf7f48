// SPDX-License-Identifier: GPL-3.0-or-later
// A chart heading (ui/charts/chart_heading.h) lays its text out once and measures and draws it
// from that layout: it must take the room QCustomPlot's own text element takes and draw the
// same pixels (at 1.5 device pixels per pixel: the same ink, within a pixel), for one line and
// several, lines of different widths, Chinese text, and after its text changes.
#include "image_checks.h"

#include "ui/charts/chart_heading.h"

#include <qcustomplot.h>

#include <QTest>

#include <algorithm>
#include <cstdlib>

namespace {

// A plot with a heading above its axis rect: ours or QCustomPlot's.
struct HeadedPlot {
    QCustomPlot plot;
    QCPTextElement* heading = nullptr;

    HeadedPlot(bool ours, const QFont& font) {
        heading = ours ? fourfold::ui::makeChartHeading(&plot, font)
                       : new QCPTextElement(&plot, QString(), font);
        heading->setAntialiased(false);
        plot.setBackground(Qt::NoBrush);
        plot.plotLayout()->insertRow(0);
        plot.plotLayout()->addElement(0, 0, heading);
    }
    QImage draw(const QString& text, double ratio) {
        heading->setText(text);
        // On transparency: text blended onto an opaque colour is gamma-corrected, onto
        // transparency it is not, and the heading keeps its text as an image drawn on
        // transparency. Here both draw the same way, so they must agree exactly.
        QImage image = fourfold::test::screenCanvas(QSize(420, 220), ratio);
        QCPPainter painter(&image);
        plot.toPainter(&painter, 420, 220);
        painter.end();
        return image;
    }
};

QRect devicePixels(const QRect& logical, double ratio) {
    return QRectF(QPointF(logical.topLeft()) * ratio, QSizeF(logical.size()) * ratio)
        .toAlignedRect();
}

// The smallest rectangle holding every drawn pixel of `area`.
QRect inkBounds(const QImage& image, const QRect& area) {
    QRect inked;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        for (int x = area.left(); x <= area.right(); ++x) {
            if (qAlpha(image.pixel(x, y)) > 0) inked |= QRect(x, y, 1, 1);
        }
    }
    return inked;
}

}  // namespace

class TestChartHeading : public QObject {
    Q_OBJECT
private slots:
    void measuresAndDrawsAsQCustomPlotDoes() {
        const QFont font(QStringLiteral("DejaVu Sans"), 10, QFont::Bold);
        const QStringList texts{
            QStringLiteral("Peak 39.7 GB per GPU · usable 77.3 GB of 85.9 GB · fits"),
            QStringLiteral("Peak 306.0 GB per GPU · usable 77.3 GB of 85.9 GB · does not fit\n"
                           "Model state 18.0 bytes/parameter on stage 0 (207.3 GB)"),
            QStringLiteral("Bubble 11.5 %\nstep 58.5 s for 192 micro-batches on 16 ranks\n"
                           "Activation peak 82.5 GB"),
            QString::fromUtf8("峰值 39.7 GB / GPU · 可用 77.3 GB\n模型状态 18.0 字节/参数"),
            QString()};
        for (const double ratio : {1.0, 1.5}) {
            HeadedPlot ours(true, font);
            HeadedPlot theirs(false, font);
            for (const QString& text : texts) {
                const QImage mine = ours.draw(text, ratio);
                const QImage reference = theirs.draw(text, ratio);
                // Asked as the layout asks (QCPTextElement hides the hints).
                const QCPLayoutElement& mineAsked = *ours.heading;
                const QCPLayoutElement& theirsAsked = *theirs.heading;
                QCOMPARE(mineAsked.minimumOuterSizeHint(), theirsAsked.minimumOuterSizeHint());
                QCOMPARE(mineAsked.maximumOuterSizeHint(), theirsAsked.maximumOuterSizeHint());
                QCOMPARE(ours.heading->outerRect(), theirs.heading->outerRect());
                if (ratio == 1.0) {
                    QCOMPARE(fourfold::test::largestDifference(mine, reference), 0);
                } else {
                    // Kept as an image, the text lands on whole device pixels where
                    // QCustomPlot's may start half-way into one: the same ink, within a pixel.
                    const QRect heading = devicePixels(ours.heading->outerRect(), ratio);
                    const QRect inked = inkBounds(mine, heading);
                    const QRect expected = inkBounds(reference, heading);
                    QVERIFY(std::abs(inked.left() - expected.left()) <= 1);
                    QVERIFY(std::abs(inked.top() - expected.top()) <= 1);
                    QVERIFY(std::abs(inked.right() - expected.right()) <= 1);
                    QVERIFY(std::abs(inked.bottom() - expected.bottom()) <= 1);
                }
                if (!text.isEmpty()) {
                    // The text is there (a heading drawn nowhere would match nothing above).
                    QVERIFY(mine != ours.draw(QString(), ratio));
                }
            }
        }
    }
};

QTEST_MAIN(TestChartHeading)
#include "tst_chart_heading.moc"
