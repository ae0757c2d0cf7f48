// SPDX-License-Identifier: GPL-3.0-or-later
// A plan's name follows its content unless a person gave it one: the window's title after a
// preset chosen in the Controls and after File ▸ Import, and the exported files' headers.
#include "tests/core/hf_configs_for_tests.h"
#include "tests/ui/window_fixture.h"

#include "core/calibrate/calibrate.h"
#include "core/frameworks/frameworks.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_title.h"
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/shell/calibration_dialog.h"
#include "ui/shell/main_window.h"
#include "ui/views/summary_strip.h"
#include "ui/widgets/prompts.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace fourfold;

namespace {

core::Plan gpt3On1024() {
    core::Plan plan = core::defaultPlan();
    plan.model = core::findModelPreset("gpt3-175b")->spec;
    plan.cluster.gpu = core::findGpuPreset("a100-sxm-80gb")->spec;
    plan.cluster.nodes = 128;
    plan.parallel.tp = 8;
    plan.parallel.pp = 16;
    plan.parallel.dp = 8;
    plan.training.gradAccumulation = 32;
    plan.name = "GPT-3 175B on 1024 x A100";
    return plan;
}

QAction* findAction(QWidget* window, const QString& name) {
    return window->findChild<QAction*>(name);
}

}  // namespace

class TestPlanNames : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() {
        QSettings(QStringLiteral("Fourfold"), QStringLiteral("Fourfold")).clear();
        ui::AppSettings::instance().reload();
    }

    void derivedNames() {
        QCOMPARE(core::derivedPlanName(core::defaultPlan()), std::string("Llama-2 7B on 8 x H100"));
        QVERIFY(core::nameFollowsContent(core::defaultPlan()));
        QCOMPARE(core::derivedPlanName(gpt3On1024()), std::string("GPT-3 175B on 1024 x A100"));
        core::Plan typed = core::defaultPlan();
        typed.name = "My run";
        QVERIFY(!core::nameFollowsContent(typed));
    }

    // Choosing Llama-3 70B in the Controls renames a plan whose name followed its content.
    void aPresetRenamesTheWindow() {
        ui::PlanDocument document(core::defaultPlan());
        ui::MainWindow window(&document);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("Llama-2 7B on 8 x H100")));
        auto* preset = window.findChild<QComboBox*>(QStringLiteral("modelPresetCombo"));
        QVERIFY(preset);
        const int index = preset->findData(QStringLiteral("llama3-70b"));
        QVERIFY(index > 0);
        preset->setCurrentIndex(index);
        emit preset->activated(index);
        QTRY_VERIFY2(window.windowTitle().startsWith(QStringLiteral("Llama-3 70B on 8 x H100")),
                     qPrintable(window.windowTitle()));
        QCOMPARE(document.plan().name, std::string("Llama-3 70B on 8 x H100"));
        document.undoStack()->undo();
        QTRY_VERIFY(window.windowTitle().startsWith(QStringLiteral("Llama-2 7B on 8 x H100")));
    }

    // File ▸ Import of a model config renames it too, and the Megatron export says the new name.
    void anImportRenamesTheWindowAndTheExports() {
        QTemporaryDir folder;
        const QString config = folder.filePath(QStringLiteral("config.json"));
        {
            QFile file(config);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(test::kLlama2_7bConfig);
        }
        ui::PlanDocument document(gpt3On1024());
        ui::MainWindow window(&document);
        ui::Prompts prompts;
        QString saveName = folder.filePath(QStringLiteral("run.sh"));
        prompts.openFileName = [&](QWidget*, const QString&, const QString&, const QString&) {
            return config;
        };
        prompts.saveFileName = [&](QWidget*, const QString&, const QString&, const QString&) {
            return saveName;
        };
        prompts.showError = [](QWidget*, const QString&, const QString& message) {
            QFAIL(qPrintable(message));
        };
        window.setPrompts(prompts);
        window.show();
        QVERIFY(window.windowTitle().contains(QStringLiteral("GPT-3 175B")));
        findAction(&window, QStringLiteral("importAction"))->trigger();
        QTRY_VERIFY2(!window.windowTitle().contains(QStringLiteral("GPT-3")),
                     qPrintable(window.windowTitle()));
        const QString expected = QString::fromStdString(core::derivedPlanName(document.plan()));
        QVERIFY(window.windowTitle().startsWith(expected));
        findAction(&window, QStringLiteral("exportAs-megatron"))->trigger();
        QFile exported(saveName);
        QVERIFY(exported.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(exported.readAll());
        QVERIFY2(text.contains(expected), qPrintable(text.left(300)));
        QVERIFY(!text.contains(QStringLiteral("GPT-3")));
    }

    // A name a person typed stays through the same edits.
    void aTypedNameStays() {
        core::Plan plan = core::defaultPlan();
        plan.name = "Ablation 3";
        ui::PlanDocument document(plan);
        ui::MainWindow window(&document);
        window.show();
        auto* preset = window.findChild<QComboBox*>(QStringLiteral("modelPresetCombo"));
        const int index = preset->findData(QStringLiteral("llama3-70b"));
        preset->setCurrentIndex(index);
        emit preset->activated(index);
        QTRY_COMPARE(document.plan().model.layers, 80);
        QCOMPARE(document.plan().name, std::string("Ablation 3"));
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("Ablation 3")));
    }

    // One GPU, one run, one micro-batch are singular in English: "1 GPU per node", never
    // "1 GPUs" or "run(s)".
    void oneReadsSingular() {
        const core::Plan plan = test::onOneRtx4090();
        QCOMPARE(plan.name, std::string("Llama-2 7B on 1 x RTX 4090"));
        ui::PlanDocument document(plan);
        ui::MainWindow window(&document);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(!document.isEvaluationPending());
        QVERIFY2(window.statusText().endsWith(QStringLiteral("1 node \u00d7 1 GPU per node")),
                 qPrintable(window.statusText()));
        auto* world = window.summaryStrip()->findChild<QLabel*>(QStringLiteral("worldValue"));
        QVERIFY(world);
        QCOMPARE(world->text(), QStringLiteral("1 GPU on 1 node"));

        core::Calibration calibration;
        calibration.profile.gpu = "H100";
        calibration.rows.resize(1);
        QVERIFY2(ui::CalibrationDialog(calibration)
                     .summary()
                     ->text()
                     .startsWith(QStringLiteral("Fitted on one run of H100.")),
                 "one run");
        calibration.rows.resize(4);
        QVERIFY(ui::CalibrationDialog(calibration)
                    .summary()
                    ->text()
                    .startsWith(QStringLiteral("Fitted on 4 runs of H100.")));
    }
};

QTEST_MAIN(TestPlanNames)
#include "tst_plan_names.moc"
