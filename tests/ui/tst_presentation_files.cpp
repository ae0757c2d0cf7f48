// SPDX-License-Identifier: GPL-3.0-or-later
// A daily tool's window, driven as a person drives it: presentation mode fills the screen the
// window is on, hides docks with nothing to say and scales the type for the room, and gives it
// all back; an export's size dialog promises the pixels it writes; Save As has its shortcut; a
// save onto a read-only file system says so.
#include "tests/ui/window_fixture.h"

#include "core/plan/catalog.h"
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/shell/main_window.h"
#include "ui/views/diagnostics_list.h"
#include "ui/views/evaluation_view.h"
#include "ui/views/rank_map_view.h"
#include "ui/walkthrough/walkthrough_controller.h"
#include "ui/widgets/prompts.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace fourfold;

namespace {

struct Script {
    QStringList errors;
    QString saveName;
    int saveAsked = 0;
    QSize scaleAskedFor;
};

ui::Prompts scripted(Script* script) {
    ui::Prompts prompts;
    prompts.showError = [script](QWidget*, const QString&, const QString& message) {
        script->errors << message;
    };
    prompts.saveFileName = [script](QWidget*, const QString&, const QString&, const QString&) {
        ++script->saveAsked;
        return script->saveName;
    };
    prompts.imageScale = [script](QWidget*, const QSize& size) {
        script->scaleAskedFor = size;
        return 2.0;
    };
    prompts.askUnsaved = [](QWidget*, const QString&) { return ui::UnsavedChoice::Discard; };
    return prompts;
}

bool run(const QString& program, const QStringList& arguments) {
    QProcess process;
    process.start(program, arguments);
    return process.waitForFinished(10000) && process.exitStatus() == QProcess::NormalExit &&
           process.exitCode() == 0;
}

}  // namespace

class TestPresentationFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::useTestPaths(); }
    void init() { test::forgetSettings(); }

    // Ctrl+Shift+P: the screen the window is on, the idle Diagnostics dock gone, the type
    // larger by the screen's scale; again: the window, the dock and the type as they were.
    void presentationFillsTheScreenAndGivesItBack() {
        test::ShownWindow shown(core::defaultPlan(), {1024, 700});
        auto& [document, window] = shown;
        QVERIFY(shown.exposed());
        // A plan without problems: its Diagnostics dock says only "No problems".
        core::Plan fits = document.plan();
        fits.parallel.zeroStage = 1;
        document.replacePlan(fits, QStringLiteral("ZeRO 1"));
        QTRY_VERIFY(document.evaluation()->plan == fits);
        QVERIFY(window.diagnosticsDock()->isVisible());
        // The search and a comparison open: the user's work, which a presentation puts away.
        QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
        QTest::keyClick(&window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(window.compareDock()->isVisible());
        const QRect before = window.geometry();
        const double pointSize = window.centralWidget()->font().pointSizeF();

        QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        ui::WalkthroughController* walkthrough = window.walkthrough();
        QVERIFY(walkthrough->isPresenting());
        QTRY_VERIFY(window.isFullScreen());
        QTRY_COMPARE(window.geometry(), window.screen()->geometry());
        QVERIFY(!window.diagnosticsDock()->isVisible());
        QVERIFY(!window.searchDock()->isVisible());
        QVERIFY(!window.compareDock()->isVisible());
        const double scale = ui::WalkthroughController::presentationScale(window.screen()->size());
        QCOMPARE(window.centralWidget()->font().pointSizeF(), pointSize * scale);

        QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(!walkthrough->isPresenting());
        QTRY_VERIFY(!window.isFullScreen());
        QTRY_COMPARE(window.geometry(), before);
        QVERIFY(window.diagnosticsDock()->isVisible());
        QVERIFY(window.compareDock()->isVisible());
        QCOMPARE(window.centralWidget()->font().pointSizeF(), pointSize);
    }

    // A Diagnostics dock with something to say stays when presenting, at a few lines: it does
    // not take the room the search and the comparison leave.
    void presentationKeepsProblemsShort() {
        test::ShownWindow shown(core::defaultPlan(), {1024, 768});
        auto& [document, window] = shown;
        QVERIFY(shown.exposed());
        QTRY_VERIFY(window.diagnosticsList()->hasProblems());
        QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
        QTest::keyClick(&window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(window.compareDock()->isVisible());
        QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(window.isFullScreen());
        QCoreApplication::processEvents();
        QVERIFY(window.diagnosticsDock()->isVisible());
        const int lines = window.diagnosticsDock()->height() / window.fontMetrics().height();
        QVERIFY2(lines <= 8, qPrintable(QStringLiteral("%1 lines").arg(lines)));
        QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(!window.isFullScreen());
    }

    // The type grows with the room: the layout's own size keeps the smallest step, a
    // 1920 × 1080 screen more, a 4K one the most.
    void presentationScaleFollowsTheScreen() {
        using ui::WalkthroughController;
        const double small = WalkthroughController::presentationScale(QSize(1024, 768));
        const double full = WalkthroughController::presentationScale(QSize(1920, 1080));
        const double huge = WalkthroughController::presentationScale(QSize(3840, 2160));
        QCOMPARE(small, 1.25);
        QVERIFY(full > small);
        QCOMPARE(huge, 2.0);
    }

    // File ▸ Export View Image: the scale dialog is asked about the size that is written.
    void exportDialogPromisesTheSizeWritten() {
        QTemporaryDir dir;
        test::ShownWindow shown(core::defaultPlan(), {1600, 1000});
        auto& [document, window] = shown;
        Script script;
        window.setPrompts(scripted(&script));
        QVERIFY(shown.exposed());
        for (ui::EvaluationView* view : window.views()) {
            script.saveName = dir.filePath(view->objectName() + QStringLiteral(".png"));
            QVERIFY(window.exportViewImage(view));
            const QImage image(script.saveName);
            QVERIFY(!image.isNull());
            QCOMPARE(image.size(), script.scaleAskedFor * 2);
        }
    }

    void saveAsHasItsShortcut() {
        QTemporaryDir dir;
        ui::PlanDocument document(core::defaultPlan());
        ui::MainWindow window(&document);
        Script script;
        script.saveName = dir.filePath(QStringLiteral("copy.json"));
        window.setPrompts(scripted(&script));
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(!window.saveAsAction()->shortcut().isEmpty());
        QTest::keyClick(&window, Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(script.saveAsked, 1);
        QVERIFY(QFile::exists(script.saveName));
        QCOMPARE(document.filePath(), QFileInfo(script.saveName).absoluteFilePath());
    }

    // Saving over a plan on a file system mounted read-only: the message names the read-only
    // file system, not the file's permissions, and the plan stays modified.
    void readOnlyFileSystemIsNamed() {
        if (geteuid() != 0) QSKIP("mounting a file system needs root");
        QTemporaryDir dir;
        const QString mount = dir.filePath(QStringLiteral("ro"));
        QVERIFY(QDir().mkpath(mount));
        if (!run(QStringLiteral("mount"),
                 {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                  QStringLiteral("size=1m"), QStringLiteral("tmpfs"), mount})) {
            QSKIP("this machine does not let the test mount a tmpfs");
        }
        const QString path = QDir(mount).filePath(QStringLiteral("gpt3-1024.json"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("{}");
        }
        QVERIFY(run(QStringLiteral("mount"),
                    {QStringLiteral("-o"), QStringLiteral("remount,ro"), mount}));
        ui::PlanDocument document(core::defaultPlan());
        ui::MainWindow window(&document);
        Script script;
        script.saveName = path;
        window.setPrompts(scripted(&script));
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        document.replacePlan(core::defaultPlan(), QStringLiteral("none"));
        core::Plan changed = document.plan();
        changed.parallel.zeroStage = 1;
        document.replacePlan(changed, QStringLiteral("ZeRO 1"));
        QTest::keyClick(&window, Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
        const bool unmounted = run(QStringLiteral("umount"), {mount});
        QVERIFY(unmounted);
        QCOMPARE(script.errors.size(), 1);
        QVERIFY2(script.errors.first().contains(QStringLiteral("Read-only file system")),
                 qPrintable(script.errors.first()));
        QVERIFY2(!script.errors.first().contains(QStringLiteral("not writable")),
                 qPrintable(script.errors.first()));
        QVERIFY(document.isDirty());
    }
};

QTEST_MAIN(TestPresentationFiles)
#include "tst_presentation_files.moc"
