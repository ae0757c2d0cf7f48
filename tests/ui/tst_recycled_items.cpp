// SPDX-License-Identifier: GPL-3.0-or-later
// RecycledItems hands a chart part its items of the previous drawing in the order it takes
// them, makes new ones when there are too few or of another kind, puts each on top of its
// layer as a new item would be, and lets the ones not taken again leave the plot.
#include "ui/charts/recycled_items.h"

#include <qcustomplot.h>

#include <QTest>

using fourfold::ui::RecycledItems;

class TestRecycledItems : public QObject {
    Q_OBJECT
private slots:
    void takesTheSameItemsAgain();
    void anotherKindIsMadeAnew();
    void keepsTheOrderOfDrawing();
};

void TestRecycledItems::takesTheSameItemsAgain() {
    QCustomPlot plot;
    RecycledItems kept;
    int made = 0;
    const auto text = [&] {
        ++made;
        return new QCPItemText(&plot);
    };
    kept.begin();
    QCPItemText* first = kept.next<QCPItemText>(text);
    QCPItemText* second = kept.next<QCPItemText>(text);
    kept.end(&plot);
    QCOMPARE(plot.itemCount(), 2);
    QVERIFY(kept.holds(first) && kept.holds(second));
    // One this time: the first again; the second leaves the plot.
    kept.begin();
    QCOMPARE(kept.next<QCPItemText>(text), first);
    kept.end(&plot);
    QCOMPARE(made, 2);
    QCOMPARE(plot.itemCount(), 1);
    QCOMPARE(plot.item(0), first);
    QVERIFY(!kept.holds(second));
    // Three: the first again and two new ones.
    kept.begin();
    QCOMPARE(kept.next<QCPItemText>(text), first);
    (void)kept.next<QCPItemText>(text);
    (void)kept.next<QCPItemText>(text);
    kept.end(&plot);
    QCOMPARE(made, 4);
    QCOMPARE(plot.itemCount(), 3);
    // None: all go.
    kept.begin();
    kept.end(&plot);
    QCOMPARE(plot.itemCount(), 0);
}

void TestRecycledItems::anotherKindIsMadeAnew() {
    QCustomPlot plot;
    RecycledItems kept;
    kept.begin();
    QCPItemText* text = kept.next<QCPItemText>([&] { return new QCPItemText(&plot); });
    kept.end(&plot);
    kept.begin();
    QCPItemLine* line = kept.next<QCPItemLine>([&] { return new QCPItemLine(&plot); });
    kept.end(&plot);
    QVERIFY(line);
    QCOMPARE(plot.itemCount(), 1);
    QCOMPARE(plot.item(0), line);
    QVERIFY(!kept.holds(text));
}

// Taken again, an item goes on top of its layer: what is drawn after it stays over it, as when
// every item was made anew in the order drawn.
void TestRecycledItems::keepsTheOrderOfDrawing() {
    QCustomPlot plot;
    RecycledItems boxes;
    RecycledItems labels;
    const auto draw = [&](int count) {
        boxes.begin();
        labels.begin();
        std::vector<QCPAbstractItem*> drawn;
        for (int index = 0; index < count; ++index) {
            drawn.push_back(boxes.next<QCPItemRect>([&] { return new QCPItemRect(&plot); }));
        }
        for (int index = 0; index < count; ++index) {
            drawn.push_back(labels.next<QCPItemText>([&] { return new QCPItemText(&plot); }));
        }
        boxes.end(&plot);
        labels.end(&plot);
        return drawn;
    };
    (void)draw(2);
    const std::vector<QCPAbstractItem*> drawn = draw(3);  // a third box after the two labels
    std::vector<QCPAbstractItem*> layered;                // the items on the layer, bottom up
    for (QCPLayerable* child : plot.layer(QStringLiteral("main"))->children()) {
        if (auto* item = qobject_cast<QCPAbstractItem*>(child)) layered.push_back(item);
    }
    QCOMPARE(layered, drawn);
}

QTEST_MAIN(TestRecycledItems)
#include "tst_recycled_items.moc"
