// SPDX-License-Identifier: GPL-3.0-or-later
// Plans side by side, driven through the window: Ctrl+Shift+A pins the plan as A and shows the
// comparison; opening another file makes it B; the figures, the stages and the fields shown are
// the core's comparison; Swap and Use A put A back on the document as undoable steps; and a
// search row applied becomes B as well.
#include "tests/core/search_plans.h"
#include "tests/ui/window_fixture.h"

#include "core/evaluate/evaluate.h"
#include "core/evaluate/plan_compare.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "ui/compare/compare_pane.h"
#include "ui/compare/plan_pin.h"
#include "ui/document/plan_document.h"
#include "ui/search/search_view.h"
#include "ui/settings/app_settings.h"
#include "ui/shell/main_window.h"
#include "ui/walkthrough/walkthrough_controller.h"
#include "ui/walkthrough/walkthrough_session.h"
#include "ui/widgets/prompts.h"

#include <qcustomplot.h>

#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace fourfold;

namespace {

QString writePlan(const QTemporaryDir& dir, const QString& name, const core::Plan& plan) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return {};
    file.write(QByteArray::fromStdString(core::planToJson(plan)));
    return path;
}

QString cell(const QTableWidget* table, int row, int column) {
    const QTableWidgetItem* item = table->item(row, column);
    return item ? item->text() : QString();
}

// Ctrl+Shift+A pins the plan as A, then Ctrl+F opens the search beside the comparison.
bool pinThenSearch(ui::MainWindow& window) {
    QTest::keyClick(&window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
    if (!QTest::qWaitFor([&] { return window.compareDock()->isVisible(); })) return false;
    QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
    return QTest::qWaitFor([&] { return window.searchDock()->isVisible(); });
}

// The title of the dock tab in front among the docks tabbed with `dock`; "" when not tabbed.
QString frontTab(const QMainWindow& window, const QDockWidget* dock) {
    for (const QTabBar* bar : window.findChildren<QTabBar*>()) {
        for (int index = 0; index < bar->count(); ++index) {
            if (bar->tabText(index) == dock->windowTitle())
                return bar->tabText(bar->currentIndex());
        }
    }
    return {};
}

}  // namespace

class TestComparePlans : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::useTestPaths(); }
    void init() { test::forgetSettings(); }

    void pinOpenCompareSwapAndUse() {
        const core::Plan planA = core::defaultPlan();
        core::Plan planB = planA;
        planB.name = "TP 2";
        planB.parallel.tp = 2;
        planB.parallel.dp = 4;
        planB.training.gradAccumulation = 16;
        QTemporaryDir dir;
        const QString pathB = writePlan(dir, QStringLiteral("b.json"), planB);

        test::ShownWindow shown(planA, {1600, 1000});
        auto& [document, window] = shown;
        ui::Prompts prompts;
        prompts.openFileName = [&](QWidget*, const QString&, const QString&, const QString&) {
            return pathB;
        };
        window.setPrompts(prompts);
        QVERIFY(shown.active());
        QVERIFY(window.compareDock()->isHidden());
        QTest::keyClick(&window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(window.compareDock()->isVisible());
        QVERIFY(window.planPin()->isPinned());
        ui::ComparePane& pane = *window.comparePane();
        QVERIFY(pane.fieldsList()->item(0)->text().contains(QStringLiteral("No field differs")));

        // File ▸ Open: the other file is B.
        QTest::keyClick(&window, Qt::Key_O, Qt::ControlModifier);
        QTRY_COMPARE(document.plan(), planB);
        QTRY_VERIFY(document.evaluation()->plan == planB);
        QTRY_VERIFY(pane.titleB()->text().contains(QStringLiteral("TP 2")));
        QVERIFY(pane.titleA()->text().contains(QString::fromStdString(planA.name)));
        const core::PlansCompared expected =
            core::comparePlans(core::evaluate(planA), core::evaluate(planB));
        QTableWidget* figures = pane.figuresTable();
        QVERIFY(figures->rowCount() >= static_cast<int>(expected.figures.size()));
        for (std::size_t i = 0; i < expected.figures.size(); ++i) {
            const core::ComparedFigure& f = expected.figures[i];
            const int row = static_cast<int>(i);
            if (f.unit == core::FigureUnit::Bytes) continue;  // in the chosen byte units
            QCOMPARE(cell(figures, row, 1),
                     QString::fromStdString(core::comparedValueText(f, *f.a)));
            QCOMPARE(cell(figures, row, 2),
                     QString::fromStdString(core::comparedValueText(f, *f.b)));
            QCOMPARE(cell(figures, row, 3),
                     QString::fromStdString(core::comparedDifferenceText(f)));
        }
        // The fields that differ, in words.
        QStringList fields;
        for (int i = 0; i < pane.fieldsList()->count(); ++i)
            fields << pane.fieldsList()->item(i)->text();
        QVERIFY2(fields.contains(QStringLiteral("Tensor parallel: 1 \u2192 2")),
                 qPrintable(fields.join(QLatin1Char('|'))));
        QVERIFY(fields.contains(QStringLiteral("Data parallel: 8 \u2192 4")));
        for (const QString& field : fields)
            QVERIFY2(!field.contains(QLatin1Char('/')), qPrintable(field));
        // Two stacked bars per stage: A left of the stage, B right of it.
        QCustomPlot* stages = pane.stagesPlot();
        QVERIFY(stages->plottableCount() >= 4);
        auto* weights = qobject_cast<QCPBars*>(stages->plottable(0));
        QVERIFY(weights);
        QCOMPARE(weights->data()->size(), 2);
        QVERIFY(weights->data()->at(0)->key < 0 && weights->data()->at(1)->key > 0);
        QCOMPARE(weights->data()->at(0)->value, double(expected.stages[0].a->categories[0]) / 1e9);
        QCOMPARE(weights->data()->at(1)->value, double(expected.stages[0].b->categories[0]) / 1e9);

        // Swap: A on the document, B pinned; one undo step.
        const int steps = document.undoStack()->count();
        QTest::mouseClick(pane.swapButton(), Qt::LeftButton);
        QCOMPARE(document.plan(), planA);
        QCOMPARE(window.planPin()->pinned()->plan, planB);
        QCOMPARE(document.undoStack()->count(), steps + 1);
        QTRY_VERIFY(pane.titleA()->text().contains(QStringLiteral("TP 2")));
        // Use A: the pinned plan (now B's) on the document, the pin released.
        QTest::mouseClick(pane.useAButton(), Qt::LeftButton);
        QCOMPARE(document.plan(), planB);
        QVERIFY(!window.planPin()->isPinned());
        QTRY_VERIFY(!pane.swapButton()->isEnabled());
        document.undoStack()->undo();
        QCOMPARE(document.plan(), planA);
    }

    // Keep B releases the pin and leaves the plan as it is.
    void keepBReleasesThePin() {
        ui::PlanDocument document(core::defaultPlan());
        ui::MainWindow window(&document);
        window.show();
        window.pinAction()->trigger();
        core::Plan changed = document.plan();
        changed.training.microBatch = 2;
        changed.training.gradAccumulation = 4;
        document.replacePlan(changed, QStringLiteral("micro-batch 2"));
        QTRY_VERIFY(window.comparePane()->fieldsList()->count() == 2);
        QTest::mouseClick(window.comparePane()->unpinButton(), Qt::LeftButton);
        QVERIFY(!window.planPin()->isPinned());
        QCOMPARE(document.plan(), changed);
    }

    // Pinned with the search open, the comparison is a tab beside the search, so the views keep
    // their room; its chart names each category once, however many stages A and B have.
    void besideAnOpenSearch() {
        core::Plan plan = core::defaultPlan();
        plan.parallel.pp = 4;
        plan.parallel.dp = 2;
        test::ShownWindow shown(plan, {1024, 768});
        auto& [document, window] = shown;
        QVERIFY(shown.active());
        QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(window.searchDock()->isVisible());
        const int viewsHeight = window.centralWidget()->height();
        QTest::keyClick(&window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(window.compareDock()->isVisible());
        QVERIFY(window.tabifiedDockWidgets(window.compareDock()).contains(window.searchDock()));
        QCoreApplication::processEvents();
        // The docks' tab bar aside (a third of the window's height without the tabs).
        QVERIFY2(
            window.centralWidget()->height() >= viewsHeight - 3 * window.fontMetrics().height(),
            qPrintable(QStringLiteral("views %1 px, %2 before")
                           .arg(window.centralWidget()->height())
                           .arg(viewsHeight)));
        QCPLegend* legend = window.comparePane()->stagesPlot()->legend;
        int entries = 0;
        for (int index = 0; index < legend->itemCount(); ++index)
            entries += legend->item(index) ? 1 : 0;
        QVERIFY2(entries >= 4 && entries <= core::kMemoryCategoryCount,
                 qPrintable(QString::number(entries)));
    }

    // The other order: the search opened while a comparison shows joins it as a tab.
    void searchBesideAComparison() {
        test::ShownWindow shown(core::defaultPlan(), {1024, 768});
        auto& [document, window] = shown;
        QVERIFY(shown.active());
        QVERIFY(pinThenSearch(window));
        QVERIFY(window.tabifiedDockWidgets(window.searchDock()).contains(window.compareDock()));
    }

    // A search row applied while a plan is pinned is the new B: the comparison's tab comes in
    // front of the search's, which the search had raised.
    void aSearchRowAsBRaisesTheComparison() {
        test::ShownWindow shown(test::smallSearchPlan(), {1024, 768});
        auto& [document, window] = shown;
        QVERIFY(shown.active());
        QVERIFY(pinThenSearch(window));
        QCOMPARE(frontTab(window, window.compareDock()), window.searchDock()->windowTitle());
        ui::SearchView& view = *window.searchView();
        QSignalSpy finished(&view, &ui::SearchView::searchFinished);
        QTest::mouseClick(view.searchButton(), Qt::LeftButton);
        QVERIFY(finished.wait(60000) || finished.count() > 0);
        QTableView* table = view.table();
        QVERIFY(table->model()->rowCount() >= 2);
        const QRect row = table->visualRect(table->model()->index(1, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, row.center());
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, row.center());
        QVERIFY(document.plan() != window.planPin()->pinned()->plan);
        QTRY_COMPARE(frontTab(window, window.compareDock()), window.compareDock()->windowTitle());
        QTRY_VERIFY(window.planPin()->comparison()->fields.size() > 0);
    }

    // A lesson works on a plan of its own: the comparison and the search are put away while it
    // runs (their room goes to the lesson's views), the comparison keeps comparing the user's
    // plans (the lesson's steps are never B), Swap, Use A and Pin wait, and all is as before
    // once the lesson ends.
    void aLessonLeavesTheComparisonOnTheUsersPlans() {
        test::ShownWindow shown(core::defaultPlan(), {1600, 1000});
        auto& [document, window] = shown;
        QVERIFY(shown.active());
        const core::Plan planA = document.plan();
        QTest::keyClick(&window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(window.compareDock()->isVisible());
        core::Plan planB = planA;
        planB.training.microBatch = 2;
        planB.training.gradAccumulation = 4;
        document.replacePlan(planB, QStringLiteral("micro-batch 2"));
        QTRY_VERIFY(document.evaluation()->plan == document.plan());
        const core::PlansCompared users = *window.planPin()->comparison();
        QCOMPARE(users.fields,
                 core::comparePlans(core::evaluate(planA), core::evaluate(document.plan())).fields);
        ui::ComparePane& pane = *window.comparePane();
        QVERIFY(pane.swapButton()->isEnabled());

        QVERIFY(window.walkthrough()->startBuiltin(QStringLiteral("en")));
        QVERIFY(document.isLessonActive());
        QTRY_VERIFY(window.compareDock()->isHidden());
        // Their room goes to the lesson's views, not to the Diagnostics dock's one line.
        QTRY_VERIFY2(window.diagnosticsDock()->height() < window.height() / 5,
                     qPrintable(QString::number(window.diagnosticsDock()->height())));
        for (int step = 0; step < 3 && window.walkthrough()->session()->next(); ++step) {
            QTRY_VERIFY(document.evaluation()->plan == document.plan());
        }
        QVERIFY(document.plan() != document.userPlan());
        QCOMPARE(window.planPin()->comparison()->fields, users.fields);
        QCOMPARE(pane.fieldsList()->count(), static_cast<int>(users.fields.size()));
        QCOMPARE(window.planPin()->pinned()->plan, planA);
        QVERIFY(!pane.swapButton()->isEnabled());
        QVERIFY(!pane.useAButton()->isEnabled());
        QVERIFY(!window.pinAction()->isEnabled());
        QTest::mouseClick(pane.swapButton(), Qt::LeftButton);
        QVERIFY(document.isLessonActive());

        window.walkthrough()->finish();
        QVERIFY(!document.isLessonActive());
        QTRY_VERIFY(window.compareDock()->isVisible());
        QTRY_VERIFY(document.evaluation()->plan == document.plan());
        QCOMPARE(document.plan().training.microBatch, 2);
        QCOMPARE(window.planPin()->comparison()->fields, users.fields);
        QVERIFY(pane.swapButton()->isEnabled());
        QVERIFY(window.pinAction()->isEnabled());
    }
};

QTEST_MAIN(TestComparePlans)
#include "tst_compare_plans.moc"
