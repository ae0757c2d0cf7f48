// SPDX-License-Identifier: GPL-3.0-or-later
// KeptRowDelegate draws a list's rows from images it keeps per text, size and state. What the
// list shows must be exactly what QStyledItemDelegate draws, the reference here: a plain list
// beside it with the same rows, size, selection, focus and palette.
#include "image_checks.h"

#include "ui/widgets/kept_row_delegate.h"

#include <QApplication>
#include <QIcon>
#include <QImage>
#include <QListWidget>
#include <QStyle>
#include <QTest>

#include <array>

using fourfold::test::largestDifference;
using fourfold::ui::KeptRowDelegate;

namespace {

const QStringList kMessages{
    QStringLiteral("tp must divide the attention heads (96 heads, tp 7) (/parallel/tp)"),
    QStringLiteral("The plan does not fit: stage 0 needs 96.2 GB, 23.1 GB more than the "
                   "73.0 GB usable on each GPU. Recomputing activations makes it fit at "
                   "61.4 GB. (/memory)"),
    QStringLiteral("Note: 1,024 ranks are mapped onto 128 nodes of 8 GPUs."),
};

struct Lists {
    QListWidget kept;
    QListWidget reference;
    QWidget elsewhere;  // the active window, so both lists are drawn inactive alike
    KeptRowDelegate* delegate = nullptr;

    Lists() {
        delegate = new KeptRowDelegate(&kept);
        kept.setItemDelegate(delegate);
        for (QListWidget* list : {&kept, &reference}) {
            list->setWordWrap(true);
            list->setResizeMode(QListView::Adjust);
            list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
            list->resize(420, 220);
            list->show();
            QVERIFY(QTest::qWaitForWindowExposed(list));
        }
        lookElsewhere();
    }
    void lookElsewhere() {
        elsewhere.show();
        elsewhere.activateWindow();
        QTRY_VERIFY(elsewhere.isActiveWindow());
    }
    void show(const QStringList& messages) {
        // One icon per kind, as the Diagnostics list keeps them: a new icon is a new image.
        static const std::array<QIcon, 3> icons{
            QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical),
            QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning),
            QApplication::style()->standardIcon(QStyle::SP_MessageBoxInformation)};
        for (QListWidget* list : {&kept, &reference}) {
            list->clear();
            std::size_t row = 0;
            for (const QString& message : messages) {
                new QListWidgetItem(icons.at(row++ % icons.size()), message, list);
            }
        }
        settle();
    }
    // Runs the lists' delayed layouts.
    static void settle() {
        for (int pass = 0; pass < 3; ++pass) QCoreApplication::processEvents();
    }
    template <typename Change>
    void both(Change change) {
        change(kept);
        change(reference);
        settle();
    }
};

QImage grabbed(QListWidget& list) {
    return list.viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
}

// The same pixels, give or take one level of 255: the rasterizer may round an antialiased
// corner (the focus frame's) one level apart at another offset.
#define COMPARE_ROWS(kept, reference)                                                   \
    do {                                                                                \
        const int difference = largestDifference(kept, reference);                      \
        QVERIFY2(difference <= 1,                                                       \
                 qPrintable(QStringLiteral("pixels %1 levels apart").arg(difference))); \
    } while (false)

}  // namespace

class TestKeptRowDelegate : public QObject {
    Q_OBJECT
private slots:
    void drawsWhatTheStyleDraws();
    void drawsAKeptRowOnlyForTheSameRow();
    void sizesAreTheStyles();
};

// Rows with icons and wrapped text, then a selection, a focused row, another palette and
// another width: each time the two lists show the same pixels.
void TestKeptRowDelegate::drawsWhatTheStyleDraws() {
    Lists lists;
    lists.show(kMessages);
    const QImage shown = grabbed(lists.kept);
    // Ink in every row, so the comparisons below compare rows, not empty lists.
    for (int row = 0; row < lists.kept.count(); ++row) {
        const QRect area = lists.kept.visualItemRect(lists.kept.item(row));
        QVERIFY(area.height() > 10);
        const QImage ink = shown.copy(area);
        bool inked = false;
        for (int y = 0; y < ink.height() && !inked; ++y) {
            for (int x = 0; x < ink.width() && !inked; ++x)
                inked = ink.pixel(x, y) != ink.pixel(0, 0);
        }
        QVERIFY(inked);
    }
    QCOMPARE(lists.kept.count(), 3);
    COMPARE_ROWS(shown, grabbed(lists.reference));
    lists.both([](QListWidget& list) { list.setCurrentRow(1); });
    COMPARE_ROWS(grabbed(lists.kept), grabbed(lists.reference));
    // Focus (and the active window) belongs to one list at a time: each is drawn while it has
    // it.
    const auto focused = [](QListWidget& list, QImage& image) {
        list.activateWindow();
        list.setFocus();
        QTRY_VERIFY(list.hasFocus());
        image = grabbed(list);
    };
    QImage keptFocused;
    QImage referenceFocused;
    focused(lists.kept, keptFocused);
    focused(lists.reference, referenceFocused);
    COMPARE_ROWS(keptFocused, referenceFocused);
    lists.lookElsewhere();
    QPalette dark = lists.reference.palette();
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    dark.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
    dark.setColor(QPalette::Highlight, QColor(0x2f, 0x5f, 0x9f));
    lists.both([&dark](QListWidget& list) { list.setPalette(dark); });
    COMPARE_ROWS(grabbed(lists.kept), grabbed(lists.reference));
    lists.both([](QListWidget& list) { list.resize(300, 260); });
    COMPARE_ROWS(grabbed(lists.kept), grabbed(lists.reference));
}

// Showing the same rows again draws none anew; a new text, selection or width does.
void TestKeptRowDelegate::drawsAKeptRowOnlyForTheSameRow() {
    Lists lists;
    lists.show(kMessages);
    (void)grabbed(lists.kept);
    const int first = lists.delegate->rowsDrawn();
    QCOMPARE(first, static_cast<int>(kMessages.size()));
    lists.show({kMessages.at(0)});
    COMPARE_ROWS(grabbed(lists.kept), grabbed(lists.reference));
    lists.show(kMessages);  // back: every row as it was
    COMPARE_ROWS(grabbed(lists.kept), grabbed(lists.reference));
    QCOMPARE(lists.delegate->rowsDrawn(), first);
    QStringList changed = kMessages;
    changed[1] = QStringLiteral("The plan does not fit: stage 0 needs 97.0 GB.");
    lists.show(changed);
    COMPARE_ROWS(grabbed(lists.kept), grabbed(lists.reference));
    QCOMPARE(lists.delegate->rowsDrawn(), first + 1);
    lists.both([](QListWidget& list) { list.setCurrentRow(2); });
    COMPARE_ROWS(grabbed(lists.kept), grabbed(lists.reference));
    QVERIFY(lists.delegate->rowsDrawn() > first + 1);
}

void TestKeptRowDelegate::sizesAreTheStyles() {
    Lists lists;
    lists.show(kMessages);
    for (int width : {420, 260, 600}) {
        lists.both([width](QListWidget& list) { list.resize(width, 220); });
        for (int row = 0; row < lists.kept.count(); ++row) {
            QCOMPARE(lists.kept.sizeHintForRow(row), lists.reference.sizeHintForRow(row));
            QCOMPARE(lists.kept.visualItemRect(lists.kept.item(row)),
                     lists.reference.visualItemRect(lists.reference.item(row)));
        }
    }
}

QTEST_MAIN(TestKeptRowDelegate)
#include "tst_kept_row_delegate.moc"
