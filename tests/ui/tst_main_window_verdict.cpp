// SPDX-License-Identifier: GPL-3.0-or-later
// The main window never misleads and uses its room well: a plan with errors never reads "Fits",
// not fitting is a diagnostic, the opened file's warnings reach the Diagnostics dock, which is
// one line high for one line; the title names the file and the plan; Open Recent tells two
// plan.json apart; a pane can be hidden; the unsaved-changes question defaults to Cancel.
#include "core/plan/catalog.h"
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/settings/recent_files.h"
#include "ui/shell/main_window.h"
#include "ui/views/diagnostics_list.h"
#include "ui/views/summary_strip.h"
#include "ui/widgets/prompts.h"
#include "ui/widgets/view_grid.h"

#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace fourfold;
using namespace fourfold::ui;

namespace {

QStringList lines(const DiagnosticsList* diagnostics) {
    QStringList texts;
    for (int row = 0; row < diagnostics->list()->count(); ++row) {
        texts << diagnostics->list()->item(row)->text();
    }
    return texts;
}

void settle(PlanDocument& document) { QTRY_VERIFY(!document.isEvaluationPending()); }

}  // namespace

class TestMainWindowVerdict : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() {
        QSettings(QStringLiteral("Fourfold"), QStringLiteral("Fourfold")).clear();
        AppSettings::instance().reload();
    }

    // TP 2 with DP left at 8 needs 16 GPUs on an 8-GPU node: memory still computes (77 GB a
    // GPU fits), but the strip leads with the error, in red, and never says "Fits".
    void aPlanWithErrorsNeverReadsFits() {
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        window.show();
        QVERIFY(document.apply({editField(core::ParallelAxis::Tensor), 0, QStringLiteral("TP 2"),
                                [](core::Plan& plan) { plan.parallel.tp = 2; }}));
        settle(document);
        auto* value = window.summaryStrip()->findChild<QLabel*>(QStringLiteral("fitValue"));
        auto* caption = window.summaryStrip()->findChild<QLabel*>(QStringLiteral("fitCaption"));
        QVERIFY(!value->text().contains(QStringLiteral("Fits")));
        QVERIFY2(value->text().contains(QStringLiteral("16")), qPrintable(value->text()));
        QCOMPARE(caption->text(), QStringLiteral("1 error: fix it first"));
        const QColor ink = value->palette().color(QPalette::WindowText);
        QVERIFY2(ink.red() > 2 * ink.green(), qPrintable(ink.name()));  // the verdict's red
        QVERIFY(lines(window.diagnosticsList()).first().contains(QStringLiteral("16")));

        // Without errors the memory verdict is back: the default plan keeps 16 bytes a
        // parameter on every DP rank (no ZeRO), so it does not fit; with ZeRO-3 it does.
        document.undoStack()->undo();
        settle(document);
        QVERIFY2(value->text().startsWith(QStringLiteral("Does not fit")),
                 qPrintable(value->text()));
        QVERIFY(document.apply({EditField::ZeroStage, 0, QStringLiteral("ZeRO-3"),
                                [](core::Plan& plan) { plan.parallel.zeroStage = 3; }}));
        settle(document);
        QVERIFY2(value->text().startsWith(QStringLiteral("Fits")), qPrintable(value->text()));
    }

    // Llama-2 7B with Adam on one GPU needs ~16 bytes a parameter: it does not fit, and the
    // dock says so (not "No problems") with the peak and the usable bytes.
    void notFittingIsADiagnostic() {
        core::Plan plan = core::defaultPlan();
        plan.parallel.dp = 1;
        plan.cluster.gpusPerNode = 1;
        PlanDocument document(plan);
        MainWindow window(&document);
        window.show();
        const QStringList shown = lines(window.diagnosticsList());
        QVERIFY(!shown.contains(QStringLiteral("No problems")));
        const QStringList verdict = shown.filter(QStringLiteral("Does not fit"));
        QVERIFY2(verdict.size() == 1, qPrintable(shown.join(QLatin1Char('\n'))));
        QVERIFY(verdict.first().startsWith(QStringLiteral("Does not fit")));
        QVERIFY(verdict.first().contains(QStringLiteral("77.3 GB")));
        auto* value = window.summaryStrip()->findChild<QLabel*>(QStringLiteral("fitValue"));
        QVERIFY(value->text().startsWith(QStringLiteral("Does not fit")));
    }

    // Unknown keys warn in the dock as `fourfold-cli validate` warns about them, until New.
    void unknownKeysReachTheDock() {
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        Prompts prompts;
        QStringList errors;
        prompts.showError = [&errors](QWidget*, const QString&, const QString& message) {
            errors << message;
        };
        prompts.askUnsaved = [](QWidget*, const QString&) { return UnsavedChoice::Discard; };
        window.setPrompts(prompts);
        QVERIFY(window.openFile(QStringLiteral(FOURFOLD_TEST_DATA_DIR "/plans/unknown-keys.json")));
        QVERIFY(errors.isEmpty());
        settle(document);
        const QString shown = lines(window.diagnosticsList()).join(QLatin1Char('\n'));
        QVERIFY2(shown.contains(QStringLiteral("tensor_parallel")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("colour")), qPrintable(shown));
        QVERIFY(shown.contains(QStringLiteral("unknown-keys.json")));
        QVERIFY(window.newPlan());
        settle(document);
        QVERIFY(!lines(window.diagnosticsList())
                     .join(QLatin1Char('\n'))
                     .contains(QStringLiteral("tensor_parallel")));
    }

    // One line to show: the dock is about one line high; more lines: more room, up to a few,
    // once they have stayed for a moment. A drag that adds problem lines resizes no chart
    // while it goes on: the list scrolls meanwhile.
    void diagnosticsDockTakesOneLineForOneLine() {
        // ZeRO-3 makes the default plan fit, so there is nothing to report.
        core::Plan plan = core::defaultPlan();
        plan.parallel.zeroStage = 3;
        PlanDocument document(plan);
        MainWindow window(&document);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QListWidget* list = window.diagnosticsList()->list();
        QVERIFY2(list->count() == 1,
                 qPrintable(lines(window.diagnosticsList()).join(QLatin1Char('\n'))));
        QCOMPARE(list->item(0)->text(), QStringLiteral("No problems"));
        const int row = list->sizeHintForRow(0);
        QTRY_VERIFY2(list->height() < 2 * row + 8,
                     qPrintable(QStringLiteral("%1 vs row %2").arg(list->height()).arg(row)));
        auto* memory = window.findChild<QWidget*>(QStringLiteral("memoryStackPlot"));
        QVERIFY(memory);
        const QSize chart = memory->size();
        // TP 3, 5, 3 in one drag: each divides no head count, and DP and the nodes no longer
        // match: three problems.
        const int gesture = document.nextGesture();
        for (const int tp : {3, 5, 3}) {
            QVERIFY(document.apply({editField(core::ParallelAxis::Tensor), gesture,
                                    QStringLiteral("TP"),
                                    [tp](core::Plan& next) { next.parallel.tp = tp; }}));
            settle(document);
            QCoreApplication::processEvents();
            QVERIFY(list->count() >= 2);
            QCOMPARE(memory->size(), chart);
            QVERIFY(list->height() < 2 * row + 8);
        }
        QTRY_VERIFY(list->height() >= 2 * row);
    }

    void titleNamesTheFileAndThePlan() {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        QVERIFY(document.save(folder.filePath(QStringLiteral("plan.json")), nullptr));
        QTRY_COMPARE(
            window.windowTitle(),
            QStringLiteral("plan.json[*] \u2014 %1 \u2014 Fourfold").arg(document.displayName()));
    }

    void recentFilesTellTwoPlanJsonApart() {
        const QStringList labels = recentFileLabels(
            {QStringLiteral("/work/runs/a/plan.json"), QStringLiteral("/work/runs/b/plan.json"),
             QStringLiteral("/x/tp/run/plan.json"), QStringLiteral("/x/pp/run/plan.json"),
             QStringLiteral("/srv/other.json")});
        QCOMPARE(labels, QStringList({QStringLiteral("plan.json \u2014 a"),
                                      QStringLiteral("plan.json \u2014 b"),
                                      QStringLiteral("plan.json \u2014 tp/run"),
                                      QStringLiteral("plan.json \u2014 pp/run"),
                                      QStringLiteral("other.json \u2014 /srv")}));
        QCOMPARE(recentFileLabels({QDir::homePath() + QStringLiteral("/plan.json"),
                                   QStringLiteral("/plan.json")}),
                 QStringList(
                     {QStringLiteral("plan.json \u2014 ~"), QStringLiteral("plan.json \u2014 /")}));
    }

    void aPaneCanBeHiddenFromTheViewMenu() {
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QList<ViewPane*> panes = window.viewGrid()->panes();
        QCOMPARE(window.paneActions().size(), panes.size());
        // The step-time pane shows by default; its action hides it and shows it again.
        QAction* stepTime = window.paneActions().at(3);
        QVERIFY(stepTime->isChecked());
        QVERIFY(panes.at(3)->isVisible());
        stepTime->trigger();
        QVERIFY(!panes.at(3)->isVisible());
        stepTime->trigger();
        QVERIFY(panes.at(3)->isVisible());
        QAction* memory = window.paneActions().at(0);
        memory->trigger();
        QVERIFY(!panes.at(0)->isVisible());
        QVERIFY(panes.at(1)->isVisible());
        // The pane beside it takes the row.
        QTRY_VERIFY(panes.at(1)->width() > window.viewGrid()->width() * 9 / 10);
    }

    // Enter or Escape on "Save changes?" neither discards nor overwrites anything.
    void unsavedQuestionDefaultsToCancel() {
        const auto box = makeUnsavedChangesBox(nullptr, QStringLiteral("plan"));
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel));
        QCOMPARE(box->escapeButton(),
                 static_cast<QAbstractButton*>(box->button(QMessageBox::Cancel)));
        QVERIFY(box->button(QMessageBox::Discard));
        QVERIFY(box->button(QMessageBox::Save));
    }
};

QTEST_MAIN(TestMainWindowVerdict)
#include "tst_main_window_verdict.moc"
