// SPDX-License-Identifier: GPL-3.0-or-later
// What an edit makes the controls panel redraw and lay out again: only what changed. A value
// shown rounded is not set again when it comes back unchanged, and a note whose text changes
// lays out alone until it needs another line.
#include "controls_harness.h"
#include "event_counter.h"

#include <QLineEdit>

using namespace fourfold;
using test::Harness;

class TestControlsRedraw : public QObject {
    Q_OBJECT
private slots:
    // A value the spin box shows rounded (GPT-3's 174.6 billion parameters as "174.60 B") is
    // left alone when an edit elsewhere brings it back unchanged: set again, the spin box
    // would repaint at every step of a drag.
    void unchangedRoundedValuesAreNotSetAgain() {
        Harness h;
        core::Plan plan = h.document.plan();
        plan.model = core::findModelPreset("gpt3-175b")->spec;
        plan.parallel.tp = 8;
        plan.parallel.pp = 16;
        plan.parallel.dp = 8;
        plan.cluster.nodes = 128;
        QVERIFY(h.document.replacePlan(plan, QStringLiteral("Open")));
        h.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&h.window));
        QDoubleSpinBox* size = h.spin("modelSize");
        const QString shown = size->text();
        QVERIFY(h.document.evaluation()->model->parameters % 10'000'000 != 0);  // not as shown
        for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
        const test::EventCounter paints(size->findChild<QLineEdit*>(), QEvent::Paint);
        plan.parallel.tp = 4;
        plan.parallel.dp = 16;
        QVERIFY(h.document.replacePlan(plan, QStringLiteral("TP 4")));
        h.settle();
        for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
        QCOMPARE(h.spin("tensorParallel")->value(), 4.0);
        QCOMPARE(size->text(), shown);
        QCOMPARE(paints.count, 0);
    }

    // A note whose text changes (the batch formula, at every step of a drag) lays out alone:
    // the panel is not laid out again for it, until the note needs another line.
    void notesLayOutAloneUntilTheyNeedMoreLines() {
        Harness h;
        h.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&h.window));
        auto* note = h.find<QLabel>(QStringLiteral("globalBatchFormula"));
        auto* group = h.find<QWidget>(QStringLiteral("trainingGroup"));
        for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
        const test::EventCounter relayouts(group, QEvent::LayoutRequest);
        const int height = note->height();
        core::Plan plan = h.document.plan();
        plan.training.gradAccumulation = 16;  // a new formula, as many lines
        QVERIFY(h.document.replacePlan(plan, QStringLiteral("Accumulate 16")));
        h.settle();
        for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
        QVERIFY(note->text().contains(QStringLiteral("16")));
        QCOMPARE(note->height(), height);
        QCOMPARE(relayouts.count, 0);
        // Three more lines: the note grows and shows them all, and the group makes room.
        // The growth reaches the note through the panel's nested layouts, a turn of the event
        // loop for each: wait for it rather than count the turns.
        note->setText(note->text() + QStringLiteral("\none\ntwo\nthree"));
        QTRY_VERIFY(relayouts.count > 0);
        QTRY_VERIFY(note->height() >= note->heightForWidth(note->width()));
        QVERIFY(note->height() >= height + 3 * note->fontMetrics().lineSpacing() - 2);
    }
};

QTEST_MAIN(TestControlsRedraw)
#include "tst_controls_redraw.moc"
