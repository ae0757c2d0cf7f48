// SPDX-License-Identifier: GPL-3.0-or-later
// The diagnostics list shows errors before warnings with their field in the controls' words, says
// "No problems" when there are none, and activating an item (click or Enter) emits its JSON pointer
// once.
#include "event_counter.h"

#include "ui/views/diagnostics_list.h"

#include <QDir>
#include <QListWidget>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

#include <string>
#include <tuple>

using namespace fourfold;

namespace {

void show(ui::DiagnosticsList& list, std::vector<core::Diagnostic> diagnostics) {
    core::Evaluation evaluation;
    evaluation.diagnostics = std::move(diagnostics);
    list.showEvaluation(std::make_shared<const core::Evaluation>(evaluation));
}

}  // namespace

class TestDiagnosticsList : public QObject {
    Q_OBJECT
private slots:
    // New problems are laid out when they are listed, not on the view's own timer after the
    // window has painted: the list paints once, in the first pass of the event loop, with
    // everything else an edit changed.
    void newProblemsPaintOnceInTheFirstPass() {
        ui::DiagnosticsList list;
        list.resize(360, 120);
        list.show();
        QVERIFY(QTest::qWaitForWindowExposed(&list));
        show(list, {{core::Severity::Warning, "/memory", "Does not fit."}});
        for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
        const test::EventCounter paints(list.list()->viewport(), QEvent::Paint);
        show(list, {{core::Severity::Warning, "/memory", "Does not fit: 95.1 GB per GPU."},
                    {core::Severity::Info, "/parallel/sequence_parallel", "No effect."}});
        QCoreApplication::processEvents();
        QCOMPARE(paints.count, 1);
        for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
        QCOMPARE(paints.count, 1);
    }

    // The same when the new rows bring the scroll bar, or take it away: the rows' width changes
    // with it, and the list lays them out again at once, not at its paint (which then asked
    // the window for a second paint of the list alone).
    void scrollBarComesAndGoesInTheFirstPass() {
        ui::DiagnosticsList list;
        list.resize(300, 70);
        list.show();
        QVERIFY(QTest::qWaitForWindowExposed(&list));
        const std::vector<core::Diagnostic> one{{core::Severity::Warning, "/memory", "Fits."}};
        std::vector<core::Diagnostic> many;
        for (int line = 0; line < 8; ++line) {
            many.push_back({core::Severity::Info, "/parallel/tp",
                            "A hint long enough to wrap onto a second row in a narrow list, " +
                                std::to_string(line)});
        }
        QScrollBar* bar = list.list()->verticalScrollBar();
        for (const auto& [from, to, barAfter] :
             {std::tuple{one, many, true}, std::tuple{many, one, false}}) {
            show(list, from);
            for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
            QTest::qWait(150);  // the list's own delayed layout, if one is pending
            QCOMPARE(bar->isVisible(), !barAfter);
            const test::EventCounter paints(list.list()->viewport(), QEvent::Paint);
            show(list, to);
            QCoreApplication::processEvents();
            QCOMPARE(bar->isVisible(), barAfter);
            QCOMPARE(paints.count, 1);
            for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
            QTest::qWait(150);
            QCOMPARE(paints.count, 1);
        }
    }

    void emptyMeansNoProblems() {
        ui::DiagnosticsList list;
        list.show();
        QSignalSpy spy(&list, &ui::DiagnosticsList::diagnosticActivated);
        show(list, {});
        QCOMPARE(list.list()->count(), 1);
        QCOMPARE(list.list()->item(0)->text(), QStringLiteral("No problems"));
        const QRect rect = list.list()->visualItemRect(list.list()->item(0));
        QTest::mouseClick(list.list()->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(spy.count(), 0);
    }

    // The list keeps its rows' sizes per text and room: they must stay what Qt's own delegate
    // measures, through messages shown again, a narrower list and a larger font.
    void rowSizesAreThePlainDelegates() {
        ui::DiagnosticsList list;
        list.resize(360, 300);
        list.show();
        QVERIFY(QTest::qWaitForWindowExposed(&list));
        const std::vector<core::Diagnostic> first = {
            {core::Severity::Warning, "/memory",
             "Does not fit: stage 0 needs 306.0 GB per GPU, 228.7 GB more than the 77.3 GB "
             "usable of 85.9 GB."},
            {core::Severity::Info, "/parallel/sequence_parallel",
             "sequence_parallel has no effect with tp 1."}};
        const std::vector<core::Diagnostic> second = {
            {core::Severity::Warning, "/memory", "Does not fit: stage 0 needs 95.1 GB per GPU."}};
        const auto compare = [&list] {
            QListWidget plain;
            plain.setWordWrap(true);
            plain.setUniformItemSizes(false);
            plain.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
            plain.setFont(list.list()->font());
            plain.resize(list.list()->size());
            for (int row = 0; row < list.list()->count(); ++row) {
                const QListWidgetItem* item = list.list()->item(row);
                new QListWidgetItem(item->icon(), item->text(), &plain);
            }
            plain.show();
            QVERIFY(QTest::qWaitForWindowExposed(&plain));
            for (int row = 0; row < list.list()->count(); ++row) {
                QCOMPARE(list.list()->sizeHintForRow(row), plain.sizeHintForRow(row));
            }
        };
        for (const auto* shown : {&first, &second, &first}) {
            show(list, *shown);
            compare();
        }
        list.resize(180, 300);
        QCoreApplication::processEvents();
        compare();
        QFont large = list.list()->font();
        large.setPointSizeF(large.pointSizeF() * 1.5);
        list.list()->setFont(large);
        compare();
    }

    // A row names its field as the controls do, never by its JSON pointer: the pointer stays
    // in the tooltip (and the item's data, for going to the control). A pointer below a field
    // the controls have no name for is named by the part of the plan it is in.
    void rowsNameTheFieldInTheControlsWords() {
        ui::DiagnosticsList list;
        list.resize(360, 200);
        list.show();
        QVERIFY(QTest::qWaitForWindowExposed(&list));
        show(list, {{core::Severity::Warning, "/memory",
                     "Does not fit: needs 147.9 GB per GPU, 70.6 GB more than the 77.3 GB "
                     "usable of 85.9 GB."},
                    {core::Severity::Warning, "/parallel/sequence_parallel", "Turn it on."},
                    {core::Severity::Info, "/memory/zero3_prefetch_layers", "Two layers ahead."},
                    {core::Severity::Info, "/runs/3", "A run that names no field."}});
        QCOMPARE(list.list()->count(), 4);
        QCOMPARE(list.list()->item(0)->text(),
                 QStringLiteral("Does not fit: needs 147.9 GB per GPU, 70.6 GB more than the "
                                "77.3 GB usable of 85.9 GB. (Memory)"));
        QCOMPARE(list.list()->item(1)->text(), QStringLiteral("Turn it on. (Sequence parallel)"));
        QCOMPARE(list.list()->item(2)->text(),
                 QStringLiteral("Two layers ahead. (ZeRO-3 prefetched layers)"));
        QCOMPARE(list.list()->item(3)->text(), QStringLiteral("A run that names no field."));
        for (int row = 0; row < list.list()->count(); ++row) {
            QVERIFY2(!list.list()->item(row)->text().contains(QLatin1Char('/')),
                     qPrintable(list.list()->item(row)->text()));
        }
        QVERIFY(list.list()->item(0)->toolTip().contains(QStringLiteral("/memory")));
        QVERIFY(list.list()->item(1)->toolTip().contains(
            QStringLiteral("/parallel/sequence_parallel")));
    }

    void errorsFirstAndActivation() {
        ui::DiagnosticsList list;
        list.resize(360, 300);
        list.show();
        QVERIFY(QTest::qWaitForWindowExposed(&list));
        QSignalSpy spy(&list, &ui::DiagnosticsList::diagnosticActivated);
        show(list, {{core::Severity::Warning, "/training/global_batch",
                     "The typed global batch 100 is not micro-batch 1 × accumulation 8 × DP 8 "
                     "= 64."},
                    {core::Severity::Error, "/parallel/tp", "TP 3 does not divide 32 heads."},
                    {core::Severity::Info, "", "A note about the whole plan."}});
        QCOMPARE(list.list()->count(), 3);
        QVERIFY(list.list()->item(0)->text().startsWith(QStringLiteral("TP 3")));
        QVERIFY(list.list()->item(0)->text().endsWith(QStringLiteral("(Tensor parallel)")));
        QVERIFY(list.list()->item(0)->toolTip().contains(QStringLiteral("Error")));
        QVERIFY(list.list()->item(1)->text().endsWith(QStringLiteral("(Global batch)")));

        const QRect rect = list.list()->visualItemRect(list.list()->item(1));
        QTest::mouseClick(list.list()->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("/training/global_batch"));

        list.list()->setFocus();
        list.list()->setCurrentRow(0);
        QTest::keyClick(list.list(), Qt::Key_Return);
        QCOMPARE(spy.count(), 2);
        QCOMPARE(spy.at(1).at(0).toString(), QStringLiteral("/parallel/tp"));

        // A diagnostic without a path has nowhere to go.
        list.list()->setCurrentRow(2);
        QTest::keyClick(list.list(), Qt::Key_Return);
        QCOMPARE(spy.count(), 2);

        const QString directory = qEnvironmentVariable("FOURFOLD_GRAB_DIR");
        if (!directory.isEmpty()) {
            QVERIFY(list.grab().save(QDir(directory).filePath(QStringLiteral("diagnostics.png"))));
        }
    }
};

QTEST_MAIN(TestDiagnosticsList)
#include "tst_diagnostics_list.moc"
