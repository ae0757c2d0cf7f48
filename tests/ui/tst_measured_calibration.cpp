// SPDX-License-Identifier: GPL-3.0-or-later
// Measured figures and calibration in the app, driving the real window: a measured throughput
// and a training log dropped on the window shown beside the prediction (summary strip, memory
// and step-time views), "Add to Calibration Set" and "Calibrate…" producing and loading a
// profile with its table, every change one undoable step, and the profile saved with the plan.
#include "core/calibrate/runs_file.h"
#include "core/evaluate/evaluate.h"
#include "core/plan/calibration_profile.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/shell/calibration_actions.h"
#include "ui/shell/calibration_dialog.h"
#include "ui/shell/main_window.h"
#include "ui/views/memory_stack_view.h"
#include "ui/views/step_time_view.h"
#include "ui/views/summary_strip.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace fourfold::ui;
namespace core = fourfold::core;

namespace {

const char* const kLog =
    "[Rank 0] (after 10 iterations) memory (MB) | allocated: 30000.0 | max allocated: 61000.5 | "
    "reserved: 64000.0 | max reserved: 64000.0\n"
    " [2025-06-01 10:00:20] iteration       20/     100 | elapsed time per iteration (ms): "
    "4050.0 | throughput per GPU (TFLOP/s/GPU): 392.0 |\n"
    " [2025-06-01 10:00:40] iteration       30/     100 | elapsed time per iteration (ms): "
    "4010.0 | throughput per GPU (TFLOP/s/GPU): 396.0 |\n"
    " [2025-06-01 10:01:00] iteration       40/     100 | elapsed time per iteration (ms): "
    "4030.0 | throughput per GPU (TFLOP/s/GPU): 394.0 |\n";

struct Script {
    QStringList errors;
    QString saveName;
    QString openName;
};

Prompts scripted(Script* script) {
    Prompts prompts;
    prompts.showError = [script](QWidget*, const QString&, const QString& message) {
        script->errors << message;
    };
    prompts.askUnsaved = [](QWidget*, const QString&) { return UnsavedChoice::Discard; };
    prompts.openFileName = [script](QWidget*, const QString&, const QString&, const QString&) {
        return script->openName;
    };
    prompts.saveFileName = [script](QWidget*, const QString&, const QString&, const QString&) {
        return script->saveName;
    };
    return prompts;
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
}

QByteArray readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Lets the document evaluate the plan it holds and the views draw it.
void settle(PlanDocument& document) {
    for (int turn = 0; turn < 100 && document.evaluation()->plan != document.plan(); ++turn) {
        QCoreApplication::processEvents();
    }
    QCoreApplication::processEvents();
}

QString tileText(MainWindow& window, const char* name) {
    auto* label = window.summaryStrip()->findChild<QLabel*>(QString::fromLatin1(name));
    return label ? label->text() : QString();
}

bool tileShown(MainWindow& window, const char* name) {
    auto* label = window.summaryStrip()->findChild<QLabel*>(QString::fromLatin1(name));
    return label && !label->parentWidget()->isHidden();
}

template <typename View>
View* viewOf(MainWindow& window) {
    for (EvaluationView* view : window.views()) {
        if (auto* found = qobject_cast<View*>(view)) return found;
    }
    return window.findChild<View*>();
}

void drop(MainWindow& window, const QString& path) {
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.ignore();
    QCoreApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent event(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &event);
}

// The default plan, measured a fifth faster than predicted.
core::Plan measuredPlan(double speedup, int nodes = 1) {
    core::Plan plan = core::defaultPlan();
    plan.cluster.nodes = nodes;
    plan.parallel.dp = 8 * nodes;
    plan.measured.stepTimeS = core::evaluate(plan).performance->stepTimeS / speedup;
    return plan;
}

}  // namespace

class TestMeasuredCalibration : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() {
        QSettings(QStringLiteral("Fourfold"), QStringLiteral("Fourfold")).clear();
        AppSettings::instance().reload();
    }

    void aMeasuredThroughputIsShownBesideThePrediction() {
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        window.show();
        settle(document);
        QVERIFY(!tileShown(window, "measuredValue"));
        const double predicted = document.evaluation()->performance->tokensPerSPerGpu;
        auto* spin = window.findChild<QDoubleSpinBox*>(QStringLiteral("measuredTokensPerGpuSpin"));
        QVERIFY(spin != nullptr);
        spin->setValue(std::round(predicted * 1.25));  // the run went a quarter faster
        settle(document);
        QVERIFY(document.plan().measured.tokensPerSPerGpu.has_value());
        QVERIFY(tileShown(window, "measuredValue"));
        QVERIFY2(tileText(window, "measuredValue").startsWith(QStringLiteral("step +25")),
                 qPrintable(tileText(window, "measuredValue")));
        auto* steps = viewOf<StepTimeView>(window);
        QVERIFY(steps != nullptr);
        QVERIFY(steps->measuredStepShown().has_value());
        QVERIFY(std::fabs(*steps->measuredStepShown() -
                          document.evaluation()->performance->stepTimeS / 1.25) < 1e-3);
        QVERIFY(steps->figure(QStringLiteral("measuredStepValue"))
                    ->text()
                    .contains(QStringLiteral("+25")));
        document.undoStack()->undo();
        settle(document);
        QVERIFY(!document.plan().measured.tokensPerSPerGpu);
        QVERIFY(!tileShown(window, "measuredValue"));
        QVERIFY(!steps->measuredStepShown());
    }

    void aLogDroppedOnTheWindowGivesTheMeasuredFigures() {
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("train.log"));
        writeFile(path, QByteArray(kLog));
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        Script script;
        window.setPrompts(scripted(&script));
        window.show();
        settle(document);
        const core::Plan before = document.plan();
        drop(window, path);
        settle(document);
        QVERIFY(script.errors.isEmpty());
        QCOMPARE(*document.plan().measured.stepTimeS, 4.03);
        QCOMPARE(*document.plan().measured.peakBytes, std::uint64_t{64000} << 20);
        QCOMPARE(document.undoStack()->count(), 1);
        QCOMPARE(document.undoStack()->undoText(),
                 QStringLiteral("Read measured figures from train.log"));
        // Beside the prediction: the strip's error, the step view's line, the memory marker.
        QVERIFY(tileText(window, "measuredValue").contains(QStringLiteral("peak")));
        QVERIFY(tileText(window, "measuredValue").contains(QStringLiteral("step")));
        QCOMPARE(*viewOf<StepTimeView>(window)->measuredStepShown(), 4.03);
        auto* memory = viewOf<MemoryStackView>(window);
        QVERIFY(memory != nullptr);
        QCOMPARE(memory->measuredFullestStage(), 0);
        QCOMPARE(memory->measuredLabels().size(), 1);
        QVERIFY(memory->measuredLabels().front().endsWith(QStringLiteral("%")));
        document.undoStack()->undo();
        settle(document);
        QCOMPARE(document.plan(), before);
        QCOMPARE(memory->measuredFullestStage(), -1);
    }

    void aFileThatIsNoLogSaysSoAndChangesNothing() {
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("notes.txt"));
        writeFile(path, QByteArrayLiteral("remember to buy milk\n"));
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        Script script;
        window.setPrompts(scripted(&script));
        drop(window, path);
        QCOMPARE(script.errors.size(), 1);
        QVERIFY(script.errors.front().contains(QStringLiteral("no measured figures")));
        QCOMPARE(document.undoStack()->count(), 0);
    }

    void addToCalibrationSetAppendsTheRun() {
        QTemporaryDir folder;
        const QString runs = folder.filePath(QStringLiteral("runs.json"));
        PlanDocument document(measuredPlan(1.2));
        MainWindow window(&document);
        Script script;
        window.setPrompts(scripted(&script));
        CalibrationActions* actions = window.calibrationActions();
        QVERIFY(actions != nullptr);
        script.saveName = runs;  // asked once, then kept
        QVERIFY(actions->addToCalibrationSet());
        QCOMPARE(actions->calibrationSet(), runs);
        script.saveName.clear();
        core::Plan second = measuredPlan(1.2, 2);
        document.replacePlan(second, QStringLiteral("second run"));
        QVERIFY(actions->addToCalibrationSet());
        const core::RunsParse parse = core::parseRuns(readFile(runs).toStdString(), nullptr);
        QVERIFY(parse.diagnostics.empty());
        QCOMPARE(parse.runs.size(), std::size_t{2});
        QCOMPARE(parse.runs[1].plan.cluster.nodes, 2);
        QCOMPARE(*parse.runs[1].measured.stepTimeS, *second.measured.stepTimeS);
        // Nothing measured: nothing appended, and the person is told what to do.
        core::Plan unmeasured = core::defaultPlan();
        document.replacePlan(unmeasured, QStringLiteral("unmeasured"));
        QVERIFY(!actions->addToCalibrationSet());
        QCOMPARE(script.errors.size(), 1);
        QCOMPARE(core::parseRuns(readFile(runs).toStdString(), nullptr).runs.size(),
                 std::size_t{2});
    }

    void calibrateProducesAndLoadsAProfile() {
        QTemporaryDir folder;
        const QString runs = folder.filePath(QStringLiteral("runs.json"));
        const QString profile = folder.filePath(QStringLiteral("lab-profile.json"));
        std::string text;
        for (int nodes : {1, 2, 1, 2}) {
            text = *core::runsWithRun(text, measuredPlan(nodes == 1 ? 1.2 : 1.25, nodes), "lab");
        }
        writeFile(runs, QByteArray::fromStdString(text));
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        Script script;
        window.setPrompts(scripted(&script));
        window.show();
        settle(document);
        const double before = document.evaluation()->performance->stepTimeS;
        CalibrationActions* actions = window.calibrationActions();
        actions->setCalibrationSet(runs);
        int reviews = 0;
        actions->setReview([&reviews](QWidget* parent, const core::Calibration& calibration) {
            ++reviews;
            // The table the person sees: every parameter, every run, the held-out error.
            CalibrationDialog dialog(calibration, parent);
            return dialog.runTable()->rowCount() == 4 &&
                   dialog.parameterTable()->rowCount() ==
                       static_cast<int>(core::kCalibrationParameters) &&
                   dialog.summary()->text().contains(QStringLiteral("Held out"));
        });
        script.saveName = profile;
        QVERIFY(actions->calibrate());
        QCOMPARE(reviews, 1);
        QVERIFY(script.errors.isEmpty());
        settle(document);
        const core::ProfileReference& used = document.plan().cluster.profile;
        QCOMPARE(QString::fromStdString(used.path), QFileInfo(profile).absoluteFilePath());
        QVERIFY(used.profile.has_value());
        QCOMPARE(*core::parseProfile(readFile(profile).toStdString()).profile, *used.profile);
        // The figures follow the profile (measured 20–25 % faster), and the strip names it.
        QVERIFY(document.evaluation()->performance->stepTimeS < before * 0.9);
        QVERIFY(tileShown(window, "profileValue"));
        QVERIFY(tileText(window, "profileValue").contains(QStringLiteral("held out")));
        QCOMPARE(document.undoStack()->undoText(),
                 QStringLiteral("Use calibration profile lab-profile.json"));
        // Undoable.
        document.undoStack()->undo();
        settle(document);
        QVERIFY(document.plan().cluster.profile.empty());
        QCOMPARE(document.evaluation()->performance->stepTimeS, before);
        QVERIFY(!tileShown(window, "profileValue"));
        document.undoStack()->redo();
        settle(document);
        QVERIFY(document.plan().cluster.profile.profile.has_value());
    }

    void aDeclinedCalibrationChangesNothing() {
        QTemporaryDir folder;
        const QString runs = folder.filePath(QStringLiteral("runs.json"));
        writeFile(runs,
                  QByteArray::fromStdString(*core::runsWithRun("", measuredPlan(1.2), "lab")));
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        Script script;
        window.setPrompts(scripted(&script));
        window.calibrationActions()->setCalibrationSet(runs);
        window.calibrationActions()->setReview(
            [](QWidget*, const core::Calibration&) { return false; });
        QVERIFY(!window.calibrationActions()->calibrate());
        QCOMPARE(document.undoStack()->count(), 0);
    }

    void theProfileIsSavedWithThePlanAndReadOnOpen() {
        QTemporaryDir folder;
        const QString profilePath = folder.filePath(QStringLiteral("profile.json"));
        core::CalibrationProfile profile;
        profile.name = "lab";
        profile.gpu = "h100-sxm-80gb";
        profile.efficiency.gemm = 0.7;
        profile.heldOutMeanError = 0.03;
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        Script script;
        window.setPrompts(scripted(&script));
        QString error;
        QVERIFY(window.calibrationActions()->useProfile(profile, profilePath, &error));
        const QString planPath = folder.filePath(QStringLiteral("plan.json"));
        QVERIFY(document.save(planPath, &error));
        QVERIFY(readFile(planPath).contains("\"profile\": \""));
        QVERIFY(!readFile(planPath).contains("\"gemm\": 0.7"));  // the path, not the contents
        PlanDocument reopened(core::defaultPlan());
        QVERIFY(reopened.open(planPath, &error));
        QVERIFY(reopened.plan().cluster.profile.profile.has_value());
        QCOMPARE(*reopened.plan().cluster.profile.profile, profile);
        QVERIFY(reopened.fileDiagnostics().empty());
        // Stop using it: one undoable step.
        QVERIFY(window.calibrationActions()->stopUsingProfile());
        QVERIFY(document.plan().cluster.profile.empty());
        QVERIFY(!window.calibrationActions()->stopUsingProfile());  // nothing left to stop
    }

    void aMissingProfileFileIsNotedOnOpen() {
        QTemporaryDir folder;
        core::Plan plan = core::defaultPlan();
        plan.cluster.profile.path = "gone.json";
        const QString planPath = folder.filePath(QStringLiteral("plan.json"));
        writeFile(planPath, QByteArray::fromStdString(core::planToJson(plan)));
        PlanDocument document(core::defaultPlan());
        QString error;
        QVERIFY(document.open(planPath, &error));
        QVERIFY(!document.plan().cluster.profile.profile);
        QCOMPARE(document.fileDiagnostics().size(), std::size_t{1});
        QCOMPARE(document.fileDiagnostics().front().code,
                 std::string("cluster.profile_unreadable"));
        MainWindow window(&document);
        window.show();
        settle(document);
        QVERIFY(tileShown(window, "profileValue"));
        QVERIFY2(tileText(window, "profileValue").contains(QStringLiteral("gone.json")),
                 qPrintable(tileText(window, "profileValue")));
    }

    void theCalibrationMenuHasItsActions() {
        PlanDocument document(core::defaultPlan());
        MainWindow window(&document);
        for (const char* name : {"readLogAction", "addToCalibrationSetAction", "calibrateAction",
                                 "useProfileAction", "stopUsingProfileAction"}) {
            QVERIFY2(window.findChild<QAction*>(QString::fromLatin1(name)) != nullptr, name);
        }
        QVERIFY(window.findChild<QMenu*>(QStringLiteral("calibrationMenu")) != nullptr);
    }
};

QTEST_MAIN(TestMeasuredCalibration)
#include "tst_measured_calibration.moc"
