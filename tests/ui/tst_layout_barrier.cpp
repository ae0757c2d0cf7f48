// SPDX-License-Identifier: GPL-3.0-or-later
// LayoutBarrier: a label whose text changes inside a barrier is laid out again without the
// window's layout running (Qt would otherwise run it at every change); a new minimum size
// (where the content sets none), and for a strip a new height, still reach the parent.
#include "event_counter.h"

#include "ui/widgets/layout_barrier.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QTest>
#include <QVBoxLayout>

#include <optional>

using fourfold::ui::LayoutBarrier;

namespace {

// A window with a strip of text (a label in a row) above a filler, the strip behind a
// barrier when `passes` is set.
struct Window {
    QWidget top;
    QWidget* strip = new QWidget;
    QLabel* label = new QLabel(QStringLiteral("12 ms"));
    QWidget* filler = new QWidget;

    explicit Window(std::optional<LayoutBarrier::Passes> passes) {
        // Its own minimum width, as the app's panes have: a longer text asks nothing more of
        // the window.
        strip->setMinimumWidth(100);
        auto* row = new QHBoxLayout(strip);
        row->addWidget(label);
        row->addStretch(1);
        auto* column = new QVBoxLayout(&top);
        if (passes) {
            column->addWidget(new LayoutBarrier(strip, *passes));
        } else {
            column->addWidget(strip);
        }
        column->addWidget(filler, 1);
        top.resize(600, 300);
        top.show();
    }
};

// Lets posted layout requests run, including those they post in turn up the parents.
void settle() {
    for (int pass = 0; pass < 6; ++pass) QCoreApplication::processEvents();
}

}  // namespace

class TestLayoutBarrier : public QObject {
    Q_OBJECT
private slots:
    void withoutABarrierEveryTextRelaysTheWindow() {
        // The behaviour the barrier exists for, shown so the test below can fail.
        Window window(std::nullopt);
        QVERIFY(QTest::qWaitForWindowExposed(&window.top));
        settle();
        const fourfold::test::EventCounter requests(&window.top, QEvent::LayoutRequest);
        window.label->setText(QStringLiteral("123.4 ms per step"));
        settle();
        QVERIFY(requests.count >= 1);
    }

    void textChangesStayBehindTheBarrier() {
        Window window(LayoutBarrier::Passes::Minimum);
        QVERIFY(QTest::qWaitForWindowExposed(&window.top));
        settle();
        const fourfold::test::EventCounter requests(&window.top, QEvent::LayoutRequest);
        const QString longer = QStringLiteral("123.4 ms per step, of which 5.6 ms exposed");
        window.label->setText(longer);
        settle();
        QCOMPARE(requests.count, 0);
        // The strip laid itself out again: the label has room for the whole text, and the
        // strip still spans the window.
        QTRY_VERIFY(window.label->width() >= window.label->sizeHint().width());
        const QMargins margins = window.top.layout()->contentsMargins();
        QCOMPARE(window.strip->width(), window.top.width() - margins.left() - margins.right());
    }

    void aNewMinimumReachesTheParent() {
        Window window(LayoutBarrier::Passes::Minimum);
        QVERIFY(QTest::qWaitForWindowExposed(&window.top));
        settle();
        const fourfold::test::EventCounter requests(&window.top, QEvent::LayoutRequest);
        window.label->setMinimumHeight(120);
        settle();
        QVERIFY(requests.count >= 1);
        QTRY_VERIFY(window.strip->height() >= 120);
        QVERIFY(window.top.minimumSizeHint().height() >= 120);
    }

    void aStripKeepsTextChangesToItself() {
        Window window(LayoutBarrier::Passes::Height);
        QVERIFY(QTest::qWaitForWindowExposed(&window.top));
        settle();
        const fourfold::test::EventCounter requests(&window.top, QEvent::LayoutRequest);
        window.label->setText(QStringLiteral("GPT-3 · 1,536 sequences · 3.1 M tokens per step"));
        settle();
        QCOMPARE(requests.count, 0);
        QTRY_VERIFY(window.label->width() >= window.label->sizeHint().width());
    }

    void aBarrierThatPassesHeightsGrowsWithWrappedText() {
        Window window(LayoutBarrier::Passes::Height);
        window.label->setWordWrap(true);
        QVERIFY(QTest::qWaitForWindowExposed(&window.top));
        settle();
        const int before = window.strip->height();
        QStringList words;
        for (int i = 0; i < 120; ++i) words << QStringLiteral("word");
        window.label->setText(words.join(QLatin1Char(' ')));
        QTRY_VERIFY(window.strip->height() > before + window.label->fontMetrics().height());
        QVERIFY(window.label->height() >= window.label->heightForWidth(window.label->width()));
    }
};

QTEST_MAIN(TestLayoutBarrier)
#include "tst_layout_barrier.moc"
