// SPDX-License-Identifier: GPL-3.0-or-later
// TextLabel keeps its text's layout between paints and size queries; what it shows and the
// room it asks for must be QLabel's, which is the reference here: the same text, font, width
// and alignment in a plain QLabel beside it.
#include "ui/widgets/text_label.h"

#include <QImage>
#include <QLabel>
#include <QTest>

#include <vector>

using fourfold::ui::TextLabel;

namespace {

// The rows and columns of `image` that hold ink (any pixel unlike the top-left one).
struct Ink {
    int rows = 0;
    int bands = 0;  // runs of consecutive inked rows: one per line of text
    QRect box;
};

Ink inkOf(const QImage& image) {
    Ink ink;
    const QRgb paper = image.pixel(0, 0);
    bool previous = false;
    for (int y = 0; y < image.height(); ++y) {
        bool inked = false;
        for (int x = 0; x < image.width(); ++x) {
            if (image.pixel(x, y) != paper) {
                inked = true;
                ink.box |= QRect(x, y, 1, 1);
            }
        }
        ink.rows += inked ? 1 : 0;
        ink.bands += inked && !previous ? 1 : 0;
        previous = inked;
    }
    return ink;
}

QImage shown(QLabel& label, const QSize& size) {
    label.resize(size);
    label.setAutoFillBackground(true);
    return label.grab().toImage().convertToFormat(QImage::Format_RGB32);
}

}  // namespace

class TestTextLabel : public QObject {
    Q_OBJECT
private slots:
    void heightsAreQLabelsForEveryWidthAndText();
    void oneLineHintsAreQLabels_data();
    void oneLineHintsAreQLabels();
    void drawsWhatQLabelDraws_data();
    void drawsWhatQLabelDraws();
    void leavesRichTextToQLabel();
    void drawsEachTextAgainWithItsOwnLayout();
};

void TestTextLabel::oneLineHintsAreQLabels_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("pointSize");
    QTest::addColumn<bool>("bold");
    QTest::addColumn<int>("margin");
    QTest::addColumn<int>("alignment");
    const int centred = static_cast<int>(Qt::AlignCenter);
    const int right = static_cast<int>(Qt::AlignRight | Qt::AlignVCenter);
    QTest::newRow("figure") << QStringLiteral("175.3 GB") << 10 << false << 0 << centred;
    QTest::newRow("large bold") << QStringLiteral("1,536 sequences") << 18 << true << 0 << right;
    QTest::newRow("margin") << QStringLiteral("MFU 41.2 %") << 9 << false << 3 << centred;
    QTest::newRow("two lines") << QStringLiteral("12.4 s\nper step") << 11 << false << 0 << right;
    QTest::newRow("tab") << QStringLiteral("tp\t8") << 10 << false << 1 << centred;
    QTest::newRow("wide glyphs") << QStringLiteral("每步 3.15M 词元") << 12 << false << 0
                                 << centred;
    QTest::newRow("empty") << QString() << 10 << false << 2 << centred;
}

void TestTextLabel::oneLineHintsAreQLabels() {
    QFETCH(QString, text);
    QFETCH(int, pointSize);
    QFETCH(bool, bold);
    QFETCH(int, margin);
    QFETCH(int, alignment);
    // A minimum height bounds the hints from below (set first: QLabel keeps its hints when the
    // minimum changes later).
    for (const int minimumHeight : {0, 60}) {
        TextLabel kept;
        QLabel reference;
        for (QLabel* label : {static_cast<QLabel*>(&kept), &reference}) {
            label->setMinimumHeight(minimumHeight);
            QFont font = label->font();
            font.setPointSize(pointSize);
            font.setBold(bold);
            label->setFont(font);
            label->setMargin(margin);
            label->setContentsMargins(2, 1, 4, 3);
            label->setAlignment(Qt::Alignment(alignment));
            label->setText(QStringLiteral("an earlier, longer text to be replaced"));
            (void)label->sizeHint();
            label->setText(text);
        }
        QCOMPARE(kept.sizeHint(), reference.sizeHint());
        QCOMPARE(kept.minimumSizeHint(), reference.minimumSizeHint());
    }
}

void TestTextLabel::heightsAreQLabelsForEveryWidthAndText() {
    TextLabel kept;
    QLabel reference;
    for (QLabel* label : {static_cast<QLabel*>(&kept), &reference}) label->setWordWrap(true);
    const QStringList texts = {
        QStringLiteral("1024 ranks of the cluster's 1024 GPUs"),
        QStringLiteral("B = b × a × dp = 1 × 192 × 8 = 1536\n3.15M tokens per step"),
        QStringLiteral("Does not fit: peak 95.1 GB of 77.3 GB usable. Try one change:")};
    // Through the texts and back, as a slider dragged back and forth shows them: the kept
    // sizes must follow the text shown.
    for (const int index : {0, 1, 2, 1, 0, 2}) {
        const QString& text = texts.at(index);
        kept.setText(text);
        reference.setText(text);
        QCOMPARE(kept.sizeHint(), reference.sizeHint());
        QCOMPARE(kept.minimumSizeHint(), reference.minimumSizeHint());
        // Asked twice per width, in changing order.
        for (int pass = 0; pass < 2; ++pass) {
            for (const int width : {40, 120, 300, 120, 900, 40}) {
                QCOMPARE(kept.heightForWidth(width), reference.heightForWidth(width));
            }
        }
    }
    // A margin changes the sizes of a text already measured.
    kept.setMargin(5);
    reference.setMargin(5);
    QCOMPARE(kept.sizeHint(), reference.sizeHint());
    QCOMPARE(kept.heightForWidth(120), reference.heightForWidth(120));
    // So does a new font.
    QFont large = kept.font();
    large.setPointSizeF(large.pointSizeF() * 2);
    kept.setFont(large);
    reference.setFont(large);
    QCOMPARE(kept.heightForWidth(120), reference.heightForWidth(120));
}

void TestTextLabel::drawsWhatQLabelDraws_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("wrap");
    QTest::addColumn<int>("alignment");
    QTest::addColumn<int>("lines");
    QTest::newRow("one line") << QStringLiteral("Fits · 39.7 GB / 77.3 GB / 85.9 GB") << false
                              << int(Qt::AlignLeft | Qt::AlignVCenter) << 1;
    QTest::newRow("right aligned")
        << QStringLiteral("1536") << false << int(Qt::AlignRight | Qt::AlignVCenter) << 1;
    // A line break in the text stays one (QStaticText alone would join the lines).
    QTest::newRow("two lines") << QStringLiteral("B = 1 × 192 × 8 = 1536\n3.15M tokens") << false
                               << int(Qt::AlignLeft | Qt::AlignTop) << 2;
    QTest::newRow("wrapped") << QStringLiteral("Stage 0 is the longest and sets the step.") << true
                             << int(Qt::AlignLeft | Qt::AlignVCenter) << 2;
}

void TestTextLabel::drawsWhatQLabelDraws() {
    QFETCH(QString, text);
    QFETCH(bool, wrap);
    QFETCH(int, alignment);
    QFETCH(int, lines);
    TextLabel kept(text);
    QLabel reference(text);
    for (QLabel* label : {static_cast<QLabel*>(&kept), &reference}) {
        label->setWordWrap(wrap);
        label->setAlignment(Qt::Alignment(alignment));
    }
    // Wrapped: narrow enough for two lines of this sentence.
    const QSize size(wrap ? reference.fontMetrics().horizontalAdvance(text) * 3 / 4 : 360, 80);
    const Ink expected = inkOf(shown(reference, size));
    const Ink drawn = inkOf(shown(kept, size));
    QCOMPARE(expected.bands, lines);
    QCOMPARE(drawn.bands, expected.bands);
    // The same glyphs in the same place, give or take a pixel of rounding.
    QVERIFY2(std::abs(drawn.rows - expected.rows) <= 2,
             qPrintable(QStringLiteral("%1 rows against %2").arg(drawn.rows).arg(expected.rows)));
    for (const auto& [a, b] : {std::pair{drawn.box.left(), expected.box.left()},
                               std::pair{drawn.box.right(), expected.box.right()},
                               std::pair{drawn.box.top(), expected.box.top()},
                               std::pair{drawn.box.bottom(), expected.box.bottom()}}) {
        QVERIFY2(std::abs(a - b) <= 1,
                 qPrintable(QStringLiteral("ink %1,%2 %3×%4 against %5,%6 %7×%8")
                                .arg(drawn.box.x())
                                .arg(drawn.box.y())
                                .arg(drawn.box.width())
                                .arg(drawn.box.height())
                                .arg(expected.box.x())
                                .arg(expected.box.y())
                                .arg(expected.box.width())
                                .arg(expected.box.height())));
    }
}

void TestTextLabel::leavesRichTextToQLabel() {
    const QString text = QStringLiteral("<b>Does not fit</b> at <i>tp 1</i>");
    TextLabel kept(text);
    QLabel reference(text);
    QCOMPARE(shown(kept, QSize(300, 40)), shown(reference, QSize(300, 40)));
    // A mnemonic with a buddy is QLabel's too.
    QLabel buddy;
    TextLabel mnemonic(QStringLiteral("&Tensor parallel"));
    QLabel mnemonicReference(QStringLiteral("&Tensor parallel"));
    mnemonic.setBuddy(&buddy);
    mnemonicReference.setBuddy(&buddy);
    QCOMPARE(shown(mnemonic, QSize(300, 40)), shown(mnemonicReference, QSize(300, 40)));
}

// A label keeps the layouts of the last texts it drew: going back to a text (a slider dragged
// back) must draw that text, in the font and width it has now, never a layout kept for another.
void TestTextLabel::drawsEachTextAgainWithItsOwnLayout() {
    const QString first = QStringLiteral("TP 2 · 43.1 GB");
    const QString second = QStringLiteral("TP 4 · 28.6 GB, with headroom");
    TextLabel kept;
    QLabel reference;
    const QSize size(320, 40);
    const auto both = [&](const QString& text, const QFont& font, bool wrap) {
        for (QLabel* label : {static_cast<QLabel*>(&kept), &reference}) {
            label->setText(text);
            label->setFont(font);
            label->setWordWrap(wrap);
        }
    };
    const QFont plain = reference.font();
    QFont bold = plain;
    bold.setBold(true);
    struct Shown {
        QString text;
        QFont font;
        bool wrap;
        int width;
    };
    const std::vector<Shown> sequence{
        {first, plain, false, 320}, {second, plain, false, 320}, {first, plain, false, 320},
        {first, bold, false, 320},  {second, plain, false, 320}, {second, plain, true, 120},
        {second, plain, true, 320}, {first, bold, false, 320},
    };
    int step = 0;
    for (const Shown& shown : sequence) {
        both(shown.text, shown.font, shown.wrap);
        const QSize area(shown.width, size.height());
        const Ink expected = inkOf(::shown(reference, area));
        const Ink drawn = inkOf(::shown(kept, area));
        QVERIFY2(drawn.bands == expected.bands && std::abs(drawn.rows - expected.rows) <= 2 &&
                     std::abs(drawn.box.left() - expected.box.left()) <= 1 &&
                     std::abs(drawn.box.right() - expected.box.right()) <= 1,
                 qPrintable(QStringLiteral("step %1 (%2): ink %3 wide in %4 lines, against %5 "
                                           "in %6")
                                .arg(step)
                                .arg(shown.text)
                                .arg(drawn.box.width())
                                .arg(drawn.bands)
                                .arg(expected.box.width())
                                .arg(expected.bands)));
        ++step;
    }
}

QTEST_MAIN(TestTextLabel)
#include "tst_text_label.moc"
