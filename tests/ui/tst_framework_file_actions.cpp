// SPDX-License-Identifier: GPL-3.0-or-later
// File → Export As and File → Import in the main window: files written through the core's
// exporters, configs applied as one undoable step, by menu, by Open and by drag-and-drop.
#include "tests/core/hf_configs_for_tests.h"

#include "core/frameworks/frameworks.h"
#include "core/plan/catalog.h"
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/shell/framework_file_actions.h"
#include "ui/shell/main_window.h"

#include <QAction>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using fourfold::core::Plan;
using namespace fourfold::ui;

namespace {

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

QAction* findAction(QWidget* window, const QString& name) {
    return window->findChild<QAction*>(name);
}

}  // namespace

class TestFrameworkFileActions : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() {
        QSettings(QStringLiteral("Fourfold"), QStringLiteral("Fourfold")).clear();
        AppSettings::instance().reload();
    }

    void fileMenuOffersExportAndImport() {
        PlanDocument document(fourfold::core::defaultPlan());
        MainWindow window(&document);
        for (const char* name :
             {"exportAs-megatron", "exportAs-deepspeed", "exportAs-torchtitan", "importAction"}) {
            QVERIFY2(findAction(&window, QString::fromLatin1(name)) != nullptr, name);
        }
        // One entry per format the core writes, named as the core names it; none for a format
        // only read.
        for (const fourfold::core::FrameworkFormat& format : fourfold::core::frameworkFormats()) {
            const QString key = QString::fromUtf8(format.key.data(), format.key.size());
            QAction* action = findAction(&window, QStringLiteral("exportAs-") + key);
            QCOMPARE(action != nullptr, format.write != nullptr);
            if (action == nullptr) continue;
            const QString name = QString::fromStdString(
                fourfold::core::frameworkName(format, fourfold::core::Language::English));
            QCOMPARE(action->text(), QStringLiteral("&") + name + QChar(0x2026));
        }
    }

    void exportWritesTheFrameworkFile() {
        QTemporaryDir folder;
        PlanDocument document(fourfold::core::defaultPlan());
        MainWindow window(&document);
        Script script;
        window.setPrompts(scripted(&script));
        script.saveName = folder.filePath(QStringLiteral("ds_config.json"));
        findAction(&window, QStringLiteral("exportAs-deepspeed"))->trigger();
        QVERIFY(script.errors.isEmpty());
        QFile file(script.saveName);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QCOMPARE(bytes.toStdString(),
                 fourfold::core::exportPlan(document.plan(),
                                            *fourfold::core::findFrameworkFormat("deepspeed"))
                     .text);
        QVERIFY(bytes.contains("\"train_batch_size\": 64"));
        QCOMPARE(document.undoStack()->count(), 0);  // exporting changes nothing
    }

    void droppedModelConfigIsOneUndoableStep() {
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("config.json"));
        writeFile(path, QByteArray(fourfold::test::kQwen2_7bConfig));
        PlanDocument document(fourfold::core::defaultPlan());
        MainWindow window(&document);
        Script script;
        window.setPrompts(scripted(&script));
        const Plan before = document.plan();

        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton,
                              Qt::NoModifier);
        enter.ignore();
        QCoreApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &drop);

        QVERIFY(script.errors.isEmpty());
        QCOMPARE(document.plan().model.hidden, 3584);
        QCOMPARE(document.plan().model.kvHeads, 4);
        QCOMPARE(document.plan().parallel, before.parallel);  // a model config keeps the layout
        QCOMPARE(document.undoStack()->count(), 1);
        QCOMPARE(document.filePath(), QString());  // an import is an edit, not an open
        document.undoStack()->undo();
        QCOMPARE(document.plan(), before);
    }

    void importMenuReadsFrameworkConfigs() {
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("train.sh"));
        writeFile(path, QByteArrayLiteral(
                            "torchrun --nnodes 2 --nproc-per-node 8 pretrain_gpt.py \\\n"
                            "  --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 \\\n"
                            "  --micro-batch-size 1 --global-batch-size 64 --bf16\n"));
        PlanDocument document(fourfold::core::defaultPlan());
        MainWindow window(&document);
        Script script;
        window.setPrompts(scripted(&script));
        script.openName = path;
        findAction(&window, QStringLiteral("importAction"))->trigger();
        QVERIFY(script.errors.isEmpty());
        QCOMPARE(document.plan().parallel.tp, 4);
        QCOMPARE(document.plan().parallel.pp, 2);
        QCOMPARE(document.plan().parallel.dp, 2);                 // 16 / (4 x 2)
        QCOMPARE(document.plan().training.gradAccumulation, 32);  // 64 / (1 x 2)
        QCOMPARE(document.undoStack()->count(), 1);
    }

    // An import reads no further than core::kMaxImportBytes: 8 MB of a valid config and the
    // endless /dev/zero are refused alike, and nothing changes.
    void filesOverTheLimitAreRefused() {
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("huge.toml"));
        QByteArray text("[parallelism]\ntensor_parallel_degree = 2\n");
        while (text.size() < 8'000'000) text += "# padding padding padding padding padding\n";
        writeFile(path, text);
        PlanDocument document(fourfold::core::defaultPlan());
        MainWindow window(&document);
        Script script;
        window.setPrompts(scripted(&script));
        const Plan before = document.plan();
        QStringList files{path};
        if (QFileInfo::exists(QStringLiteral("/dev/zero"))) files << QStringLiteral("/dev/zero");
        for (const QString& file : files) {
            script.errors.clear();
            QVERIFY(!FrameworkFileActions::isImportable(file));
            script.openName = file;
            findAction(&window, QStringLiteral("importAction"))->trigger();
            QCOMPARE(script.errors.size(), 1);
            QVERIFY2(script.errors.front().contains(QStringLiteral("too large")),
                     qPrintable(script.errors.front()));
        }
        QCOMPARE(document.plan(), before);
        QCOMPARE(document.undoStack()->count(), 0);
    }

    void badConfigChangesNothing() {
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("config.json"));
        writeFile(path, QByteArrayLiteral(R"({"architectures": ["FalconForCausalLM"],
                                              "model_type": "falcon"})"));
        PlanDocument document(fourfold::core::defaultPlan());
        MainWindow window(&document);
        Script script;
        window.setPrompts(scripted(&script));
        const Plan before = document.plan();
        QVERIFY(!window.openFile(path));
        QCOMPARE(script.errors.size(), 1);
        QVERIFY(script.errors.front().contains(QStringLiteral("FalconForCausalLM")));
        QCOMPARE(document.plan(), before);
        QCOMPARE(document.undoStack()->count(), 0);
    }
};

QTEST_MAIN(TestFrameworkFileActions)
#include "tst_framework_file_actions.moc"
