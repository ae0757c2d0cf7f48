// SPDX-License-Identifier: GPL-3.0-or-later
// The walkthrough in the main window, offscreen with real widgets: the built-in lesson walked
// with the Next button in English and Chinese, each step's plan checked against the core's own
// patch application, its text against the figures the core renders, its view and highlight
// against the window; Back, Close and Undo; keys; questions; a malformed lesson file;
// presentation mode.
#include "core/lesson/lesson.h"
#include "core/lesson/lesson_render.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/plan/plan_patch.h"
#include "core/plan/plan_title.h"
#include "core/text/diagnostic.h"
#include "core/topology/parallel_axis.h"
#include "ui/controls/controls_panel.h"
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/shell/main_window.h"
#include "ui/views/rank_map_view.h"
#include "ui/walkthrough/highlight_overlay.h"
#include "ui/walkthrough/highlight_targets.h"
#include "ui/walkthrough/lesson_source.h"
#include "ui/walkthrough/walkthrough_controller.h"
#include "ui/walkthrough/walkthrough_panel.h"
#include "ui/walkthrough/walkthrough_session.h"
#include "ui/widgets/view_grid.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QKeySequence>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <optional>

using namespace fourfold;
using namespace fourfold::ui;

namespace {

// The user's own plan: not the default one, so putting it back is visible.
core::Plan userPlan() {
    core::PlanParse parsed =
        core::applyPlanPatch(core::defaultPlan(), R"({"training": {"micro_batch": 2}})");
    Q_ASSERT(parsed.plan);
    return *parsed.plan;
}

QString normalized(QString text) {
    text.replace(QChar(0x00A0), QLatin1Char(' ')).replace(QChar(0x202F), QLatin1Char(' '));
    return text.simplified();
}

struct Shown {
    PlanDocument document{userPlan()};
    MainWindow window{&document};
    QStringList errors;
    Shown() {
        Prompts prompts;
        prompts.showError = [this](QWidget*, const QString&, const QString& message) {
            errors << message;
        };
        window.setPrompts(prompts);
        window.resize(1600, 1000);
        window.show();
    }
    WalkthroughController* walkthrough() const { return window.walkthrough(); }
    WalkthroughPanel* panel() const { return window.walkthrough()->panel(); }
    bool settled() const {
        return !document.isEvaluationPending() && document.evaluation()->plan == document.plan();
    }
};

}  // namespace

class TestWalkthroughPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() {
        QSettings(QStringLiteral("Fourfold"), QStringLiteral("Fourfold")).clear();
        AppSettings::instance().reload();
    }

    void walksTheBuiltinLessonWithNext_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    // Every step: the plan is the core's patches applied in order, the plan has no errors, the
    // text has every figure the core renders and nothing unresolved, the step's view is in
    // front and the highlight frames its target.
    void walksTheBuiltinLessonWithNext() {
        QFETCH(QString, language);
        Shown shown;
        const LessonLoad load = loadLessonFile(builtinLessonPath(language));
        QVERIFY2(load.lesson, qPrintable(load.error));
        const core::Lesson& lesson = *load.lesson;
        QCOMPARE(lesson.steps.size(), std::size_t{18});
        QCOMPARE(QString::fromStdString(lesson.language), language);

        QVERIFY(shown.walkthrough()->startBuiltin(language));
        QVERIFY(shown.walkthrough()->dock()->isVisible());
        WalkthroughPanel* panel = shown.panel();
        const int count = static_cast<int>(lesson.steps.size());
        core::Plan expected = core::defaultPlan();
        for (int index = 0; index < count; ++index) {
            const core::LessonStep& step = lesson.steps[static_cast<std::size_t>(index)];
            const QByteArray where = QStringLiteral("step %1 (%2)")
                                         .arg(index + 1)
                                         .arg(QString::fromStdString(step.id))
                                         .toUtf8();
            if (index > 0) QTest::mouseClick(panel->nextButton(), Qt::LeftButton);
            QTRY_VERIFY2(shown.settled(), where.constData());

            const core::PlanParse patched = core::applyPlanPatch(expected, step.patch);
            QVERIFY2(patched.plan, where.constData());
            expected = *patched.plan;
            // Named for its content, as every lesson plan is.
            QVERIFY2(
                shown.document.plan() == core::withFollowingName(core::defaultPlan(), expected),
                where.constData());
            const core::Evaluation& evaluation = *shown.document.evaluation();
            QVERIFY2(!core::hasErrors(evaluation.diagnostics), where.constData());

            QCOMPARE(panel->counterText(),
                     QStringLiteral("Step %1 of %2").arg(index + 1).arg(count));
            QVERIFY2(panel->unresolved().isEmpty(),
                     qPrintable(where + ": " + panel->unresolved().join(u',')));
            const QString text = normalized(panel->shownText());
            QVERIFY2(!text.isEmpty() && !text.contains(QLatin1Char('{')), where.constData());
            const core::RenderedLessonText rendered =
                core::renderLessonText(step.text, evaluation, AppSettings::instance().byteUnits());
            QVERIFY(rendered.unresolved.empty());
            for (const core::LessonBlock& block : rendered.text.blocks) {
                for (const core::LessonRun& run : block.runs) {
                    if (run.figure.empty()) continue;
                    const QString figure = normalized(QString::fromStdString(run.text));
                    QVERIFY2(!figure.isEmpty() && figure != QLatin1String("?"), where.constData());
                    QVERIFY2(text.contains(figure), qPrintable(where + ": " + figure));
                }
            }

            // The step's view fills the area, or is the tab on show where the views are tabs.
            ViewGrid* grid = shown.window.viewGrid();
            ViewPane* stepPane = shown.walkthrough()->paneFor(step.view);
            if (grid->isTabbed()) {
                if (stepPane) QTRY_VERIFY2(stepPane->isVisible(), where.constData());
            } else {
                QCOMPARE(grid->maximizedPane(), stepPane);
            }

            HighlightOverlay* overlay = shown.walkthrough()->overlay();
            if (step.highlight.empty()) {
                QTRY_VERIFY2(!overlay->isVisible(), where.constData());
                continue;
            }
            QWidget* target = overlay->target();
            QVERIFY2(target, where.constData());
            QTRY_VERIFY2(target->isVisible() && overlay->isVisible(), where.constData());
            const QRect targetRect(target->mapTo(&shown.window, QPoint(0, 0)), target->size());
            QTRY_VERIFY2(!overlay->highlightedRect().isEmpty() &&
                             targetRect.contains(overlay->highlightedRect()),
                         where.constData());
            QVERIFY2(overlay->geometry().contains(overlay->highlightedRect()), where.constData());
            // Nothing of the highlight is hidden under another part of the window.
            const QPoint centre = overlay->highlightedRect().center();
            QWidget* under = shown.window.childAt(centre);
            QVERIFY2(under == target || target->isAncestorOf(under) || under == overlay,
                     where.constData());
        }
        QVERIFY(!panel->nextButton()->isEnabled());

        // Back: the previous step's plan again.
        QTest::mouseClick(panel->backButton(), Qt::LeftButton);
        QTRY_VERIFY(shown.settled());
        const core::Plan previous = *shown.walkthrough()->session()->planAt(count - 2);
        QVERIFY(shown.document.plan() == previous);
        QCOMPARE(panel->counterText(), QStringLiteral("Step %1 of %2").arg(count - 1).arg(count));

        // Close: the user's plan is back with its own history, which the lesson never touched.
        QTest::mouseClick(panel->closeButton(), Qt::LeftButton);
        QVERIFY(shown.document.plan() == userPlan());
        QCOMPARE(shown.document.undoStack()->count(), 0);
        QVERIFY(!shown.walkthrough()->dock()->isVisible());
        QVERIFY(!shown.walkthrough()->overlay()->isVisible());
        QCOMPARE(shown.window.viewGrid()->maximizedPane(), nullptr);
    }

    // The lesson has a history of its own, starting at its first plan: each step that changes
    // the plan is one undo step there, a step without a patch none, and Undo never reaches past
    // the lesson's start into the user's plan.
    void everyStepIsOneUndoStep() {
        Shown shown;
        shown.document.replacePlan(core::defaultPlan(), QStringLiteral("the user's edit"));
        QUndoStack* user = shown.document.undoStack();
        QCOMPARE(user->count(), 1);
        QVERIFY(shown.walkthrough()->startBuiltin(QStringLiteral("en")));
        QUndoStack* undo = shown.document.undoStack();
        QVERIFY(undo != user);
        const core::Lesson& lesson = shown.walkthrough()->session()->lesson();
        QCOMPARE(QString::fromStdString(lesson.steps[1].patch), QStringLiteral("{}"));
        QVERIFY(lesson.steps[2].patch != "{}");
        QCOMPARE(undo->count(), 0);
        QTest::mouseClick(shown.panel()->nextButton(), Qt::LeftButton);
        QCOMPARE(undo->count(), 0);
        QTest::mouseClick(shown.panel()->nextButton(), Qt::LeftButton);
        QCOMPARE(undo->count(), 1);
        // Edit ▸ Undo undoes the lesson's step, not the user's, and stops at the lesson's start.
        QAction* undoAction = nullptr;
        for (QAction* action : shown.window.findChildren<QAction*>()) {
            if (action->shortcut() == QKeySequence::Undo) undoAction = action;
        }
        QVERIFY(undoAction && undoAction->isEnabled());
        undoAction->trigger();
        QVERIFY(shown.document.plan() == *shown.walkthrough()->session()->planAt(1));
        QVERIFY(!undoAction->isEnabled());
        QCOMPARE(user->count(), 1);
        shown.walkthrough()->finish();
        QCOMPARE(shown.document.undoStack(), user);
        QCOMPARE(user->count(), 1);
        QCOMPARE(user->index(), 1);
        QVERIFY(shown.document.plan() == core::defaultPlan());
    }

    // The user's plan comes back as it was: the file's name and modified state in the title,
    // its history, the window's docks and their sizes, the step-time tab and the rank map's
    // colouring, whatever the lesson's steps changed.
    void closeBringsTheUsersDocumentAndWindowBack() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("gpt3-1024.json"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray::fromStdString(core::planToJson(userPlan())));
        }
        Shown shown;
        QString error;
        QVERIFY2(shown.document.open(path, &error), qPrintable(error));
        core::Plan edited = shown.document.plan();
        edited.training.gradAccumulation = 16;
        shown.document.replacePlan(edited, QStringLiteral("accumulation 16"));
        QTRY_VERIFY(shown.settled());
        QVERIFY(shown.document.isDirty());
        auto* colourBy = shown.window.views().at(2)->findChild<QComboBox*>();
        QVERIFY(colourBy);
        colourBy->setCurrentIndex(colourBy->count() - 1);
        auto* stepTabs = shown.window.views().at(3)->findChild<QTabWidget*>();
        QVERIFY(stepTabs);
        stepTabs->setCurrentIndex(1);
        QTest::qWait(50);
        const QString title = shown.window.windowTitle();
        QVERIFY2(title.startsWith(QStringLiteral("gpt3-1024.json")), qPrintable(title));
        const int colour = colourBy->currentIndex();
        const QSize diagnostics = shown.window.diagnosticsDock()->size();
        const QSize controls = shown.window.controlsDock()->size();
        const bool diagnosticsShown = shown.window.diagnosticsDock()->isVisible();

        QVERIFY(shown.walkthrough()->startBuiltin(QStringLiteral("en")));
        QTRY_VERIFY(shown.settled());
        // The lesson is a plan of its own: no file, not modified, named for what it is.
        QVERIFY2(!shown.window.windowTitle().contains(QStringLiteral("gpt3-1024.json")),
                 qPrintable(shown.window.windowTitle()));
        QVERIFY(!shown.window.isWindowModified());
        const int count = shown.walkthrough()->session()->stepCount();
        for (int step = 1; step < count; ++step) {
            QTest::mouseClick(shown.panel()->nextButton(), Qt::LeftButton);
            QTRY_VERIFY(shown.settled());
        }
        QTest::mouseClick(shown.panel()->closeButton(), Qt::LeftButton);
        QTRY_VERIFY(shown.settled());
        QCOMPARE(shown.document.plan(), edited);
        QCOMPARE(shown.document.filePath(), QFileInfo(path).absoluteFilePath());
        QVERIFY(shown.document.isDirty());
        QVERIFY(shown.window.isWindowModified());
        QCOMPARE(shown.window.windowTitle(), title);
        QCOMPARE(shown.document.undoStack()->count(), 1);
        QCOMPARE(colourBy->currentIndex(), colour);
        QCOMPARE(stepTabs->currentIndex(), 1);
        QCOMPARE(shown.window.diagnosticsDock()->isVisible(), diagnosticsShown);
        QTRY_COMPARE(shown.window.diagnosticsDock()->size(), diagnostics);
        QTRY_COMPARE(shown.window.controlsDock()->size(), controls);
    }

    void keysMoveAndEscapeCloses() {
        Shown shown;
        QVERIFY(QTest::qWaitForWindowActive(&shown.window));
        QVERIFY(shown.walkthrough()->startBuiltin(QStringLiteral("en")));
        WalkthroughSession* session = shown.walkthrough()->session();
        QWidget* focus = shown.panel()->nextButton();
        QTRY_COMPARE(QApplication::focusWidget(), focus);
        QTest::keyClick(focus, Qt::Key_Right, Qt::AltModifier);
        QCOMPARE(session->stepIndex(), 1);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_PageDown);
        QCOMPARE(session->stepIndex(), 2);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(session->stepIndex(), 1);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_PageUp);
        QCOMPARE(session->stepIndex(), 0);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        QVERIFY(!session->isActive());
        QVERIFY(shown.document.plan() == userPlan());
    }

    // The global-batch step asks b × a × n with b = 4, a = 8, n = 8: 256 is right.
    void checksNumericAndChoiceAnswers() {
        Shown shown;
        QVERIFY(shown.walkthrough()->startBuiltin(QStringLiteral("en")));
        WalkthroughSession* session = shown.walkthrough()->session();
        WalkthroughPanel* panel = shown.panel();
        int numeric = -1;
        int choice = -1;
        for (int index = 0; index < session->stepCount(); ++index) {
            const auto& question =
                session->lesson().steps[static_cast<std::size_t>(index)].question;
            if (!question) continue;
            if (question->kind == core::LessonQuestion::Kind::Choice && choice < 0) choice = index;
            if (session->lesson().steps[static_cast<std::size_t>(index)].id == "global-batch") {
                numeric = index;
            }
        }
        QVERIFY(numeric >= 0 && choice >= 0);

        QVERIFY(session->goTo(numeric));
        QVERIFY(panel->answerEdit()->isVisibleTo(panel));
        QVERIFY(!panel->choiceBox()->isVisibleTo(panel));
        QTest::keyClicks(panel->answerEdit(), QStringLiteral("255"));
        QTest::mouseClick(panel->checkButton(), Qt::LeftButton);
        QVERIFY2(panel->verdictText().contains(QLatin1String("Not quite")),
                 qPrintable(panel->verdictText()));
        panel->answerEdit()->clear();
        QTest::keyClicks(panel->answerEdit(), QStringLiteral("256"));
        QTest::mouseClick(panel->checkButton(), Qt::LeftButton);
        QVERIFY2(panel->verdictText().contains(QLatin1String("Right")),
                 qPrintable(panel->verdictText()));

        QVERIFY(session->goTo(choice));
        QTRY_VERIFY(shown.settled());
        QVERIFY(panel->choiceBox()->isVisibleTo(panel));
        const int right = session->step().question->correctChoice;
        QCOMPARE(panel->choiceBox()->count(),
                 static_cast<int>(session->step().question->choices.size()));
        QVERIFY(!panel->choiceBox()->itemText(0).contains(QLatin1Char('{')));
        QCOMPARE(panel->choiceBox()->currentIndex(), -1);  // no answer shown before one is picked
        QTest::mouseClick(panel->checkButton(), Qt::LeftButton);
        QVERIFY(!panel->verdictText().contains(QLatin1String("Right")));
        panel->choiceBox()->setCurrentIndex(right == 0 ? 1 : 0);
        QTest::mouseClick(panel->checkButton(), Qt::LeftButton);
        QVERIFY(panel->verdictText().contains(QLatin1String("Not quite")));
        panel->choiceBox()->setCurrentIndex(right);
        QTest::mouseClick(panel->checkButton(), Qt::LeftButton);
        QVERIFY(panel->verdictText().contains(QLatin1String("Right")));
    }

    // A lesson file with a syntax error on line 3 is refused with its line and column; the
    // plan, the undo stack and the window stay as they were.
    void malformedLessonFileIsRefused() {
        Shown shown;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\n  \"schema\": \"fourfold.lesson/1\",\n  \"title\": oops\n}\n");
        file.close();
        Prompts prompts;
        prompts.showError = [&shown](QWidget*, const QString&, const QString& message) {
            shown.errors << message;
        };
        prompts.openFileName = [&path](QWidget*, const QString&, const QString&, const QString&) {
            return path;
        };
        shown.window.setPrompts(prompts);
        const int undoCount = shown.document.undoStack()->count();

        shown.walkthrough()->openLessonAction()->trigger();
        QCOMPARE(shown.errors.size(), 1);
        QVERIFY2(shown.errors.first().contains(QLatin1String("broken.json:3:")),
                 qPrintable(shown.errors.first()));
        QVERIFY(shown.document.plan() == userPlan());
        QCOMPARE(shown.document.undoStack()->count(), undoCount);
        QVERIFY(!shown.walkthrough()->session()->isActive());
        QVERIFY(!shown.walkthrough()->dock()->isVisible());

        // A well-formed lesson with an unknown placeholder: its line and column too.
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(
            "{\"schema\": \"fourfold.lesson/1\", \"title\": \"T\",\n"
            " \"steps\": [{\"id\": \"a\", \"title\": \"A\", \"text\": \"{nope}\"}]}\n");
        file.close();
        QVERIFY(!shown.walkthrough()->startFile(path));
        QCOMPARE(shown.errors.size(), 2);
        QVERIFY2(shown.errors.last().contains(QLatin1String("broken.json:2:")),
                 qPrintable(shown.errors.last()));
        QVERIFY(shown.document.plan() == userPlan());
    }

    // Help ▸ Walkthrough lists the built-in lesson by its title and "Open Lesson File…".
    void helpMenuOffersTheLessons() {
        Shown shown;
        QMenu* walkthrough =
            shown.window.menuBar()->findChild<QMenu*>(QStringLiteral("walkthroughMenu"));
        QVERIFY(walkthrough);
        QVERIFY(walkthrough->actions().contains(shown.walkthrough()->builtinAction()));
        QVERIFY(walkthrough->actions().contains(shown.walkthrough()->openLessonAction()));
        const LessonLoad builtin = loadLessonFile(builtinLessonPath(lessonLanguage()));
        QVERIFY(builtin.lesson);
        QCOMPARE(shown.walkthrough()->builtinAction()->text(),
                 QString::fromStdString(builtin.lesson->title));
        shown.walkthrough()->builtinAction()->trigger();
        QVERIFY(shown.walkthrough()->session()->isActive());
    }

    // Every highlight id a lesson may use names a widget of this window.
    void everyHighlightIdResolves() {
        Shown shown;
        for (const std::string_view id : core::lessonHighlightIds()) {
            const HighlightTarget target = findHighlightTarget(shown.window, id);
            QVERIFY2(target.widget, std::string(id).c_str());
            QVERIFY2(target.widget->window() == &shown.window, std::string(id).c_str());
        }
    }

    // A step about TP groups colours the rank map by TP, so the groups it names show.
    void rankMapHighlightColoursByItsAxis() {
        Shown shown;
        auto* colourBy = shown.window.views().at(2)->findChild<QComboBox*>();
        QVERIFY(colourBy);
        (void)findHighlightTarget(shown.window, "rank_map.tp_groups");
        QCOMPARE(colourBy->currentData().toInt(), static_cast<int>(core::ParallelAxis::Tensor));
        (void)findHighlightTarget(shown.window, "rank_map.dp_groups");
        QCOMPARE(colourBy->currentData().toInt(), static_cast<int>(core::ParallelAxis::Data));
    }

    void languageFollowsTheLocale() {
        const QLocale saved;
        QLocale::setDefault(QLocale(QStringLiteral("zh_CN")));
        QCOMPARE(lessonLanguage(), QStringLiteral("zh_CN"));
        QLocale::setDefault(QLocale(QStringLiteral("de_DE")));
        QCOMPARE(lessonLanguage(), QStringLiteral("en"));
        QLocale::setDefault(saved);
        QVERIFY(loadLessonFile(builtinLessonPath(QStringLiteral("zh_CN"))).lesson);
    }

    // A lesson file is read no further than 1 MiB: /dev/zero, which reports no size, is refused
    // at once rather than read until memory runs out.
    void lessonFilesAreReadNoFurtherThanTheLimit() {
        if (!QFileInfo::exists(QStringLiteral("/dev/zero"))) QSKIP("no /dev/zero");
        const LessonLoad zero = loadLessonFile(QStringLiteral("/dev/zero"));
        QVERIFY(!zero.lesson);
        QVERIFY2(zero.error.contains(QStringLiteral("larger than")), qPrintable(zero.error));
    }

    // Closing the window mid-walkthrough asks about the user's own plan, not the lesson's; a
    // lesson never makes the user's plan "modified", so without an edit of the user's own the
    // window closes without asking.
    void closingTheWindowEndsTheWalkthroughFirst() {
        Shown shown;
        core::Plan edited = userPlan();
        edited.training.gradAccumulation = 16;
        shown.document.replacePlan(edited, QStringLiteral("the user's edit"));
        QVERIFY(shown.walkthrough()->startBuiltin(QStringLiteral("en")));
        QVERIFY(shown.document.plan() != edited);
        QVERIFY(!shown.document.isDirty());
        std::optional<core::Plan> asked;
        Prompts prompts;
        prompts.askUnsaved = [&](QWidget*, const QString&) {
            asked = shown.document.plan();
            return UnsavedChoice::Cancel;
        };
        shown.window.setPrompts(prompts);
        QVERIFY(!shown.window.close());
        QVERIFY(asked && *asked == edited);
        QVERIFY(!shown.walkthrough()->session()->isActive());
        QVERIFY(shown.document.isDirty());

        Shown clean;
        QVERIFY(clean.walkthrough()->startBuiltin(QStringLiteral("en")));
        bool askedClean = false;
        prompts.askUnsaved = [&](QWidget*, const QString&) {
            askedClean = true;
            return UnsavedChoice::Cancel;
        };
        clean.window.setPrompts(prompts);
        QVERIFY(clean.window.close());
        QVERIFY(!askedClean);
    }

    // Presentation mode: larger type in the panel and the views, the dock wide beside them;
    // off again, everything as it was.
    void presentationModeEnlargesAndRestores() {
        Shown shown;
        QVERIFY(shown.walkthrough()->startBuiltin(QStringLiteral("en")));
        QDockWidget* dock = shown.walkthrough()->dock();
        QTRY_VERIFY(dock->width() > 0);
        const int dockWidth = dock->width();
        const double panelSize = shown.panel()->font().pointSizeF();
        QWidget* central = shown.window.centralWidget();
        const double viewSize = central->font().pointSizeF();

        shown.walkthrough()->presentationAction()->trigger();
        QVERIFY(shown.walkthrough()->presentationAction()->isChecked());
        QVERIFY(shown.panel()->font().pointSizeF() >= panelSize * 1.4);
        QVERIFY(central->font().pointSizeF() >= viewSize * 1.2);
        // The whole screen, the walkthrough a third of it or more.
        QTRY_VERIFY(shown.window.isFullScreen());
        QTRY_VERIFY(dock->width() >= shown.window.width() * 0.33);
        QVERIFY(dockWidth > 0);
        QCOMPARE(shown.window.dockWidgetArea(dock), Qt::RightDockWidgetArea);

        shown.walkthrough()->presentationAction()->trigger();
        QCOMPARE(shown.panel()->font().pointSizeF(), panelSize);
        QCOMPARE(central->font().pointSizeF(), viewSize);
        QVERIFY(shown.window.controlsDock()->isVisible());
        QTRY_VERIFY(!shown.window.isFullScreen());
        QTRY_COMPARE(shown.window.size(), QSize(1600, 1000));
    }
};

QTEST_MAIN(TestWalkthroughPanel)
#include "tst_walkthrough_panel.moc"
