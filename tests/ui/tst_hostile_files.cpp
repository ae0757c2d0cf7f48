// SPDX-License-Identifier: GPL-3.0-or-later
// Opening a hostile plan file in the desktop app: numbers past their documented ranges, sums
// and products that would wrap, files too large or of the wrong kind. Each is refused with a
// message naming the problem, and the plan being edited stays exactly as it was (its undo
// history and file name too). Offscreen, through the window's File ▸ Open path.
#include "core/plan/catalog.h"
#include "core/topology/parallel_axis.h"
#include "ui/document/plan_document.h"
#include "ui/document/undo_ids.h"
#include "ui/shell/main_window.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using fourfold::core::Plan;
using namespace fourfold::ui;

namespace {

struct Script {
    QStringList errors;
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
    prompts.saveFileName = [](QWidget*, const QString&, const QString&, const QString&) {
        return QString();
    };
    return prompts;
}

QByteArray plan(const char* body) {
    return QByteArray(R"({"schema": "fourfold.plan/1", )") + body + "}";
}

}  // namespace

class TestHostileFiles : public QObject {
    Q_OBJECT
private slots:
    void refusedAndThePlanStays_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("named");  // a word the message must hold
        // The wrapping sums and products of the report that found them.
        QTest::newRow("byte sum wraps")
            << plan(R"("memory": {"fragmentation": 0, "framework_bytes": 446743935351073280,
                        "ddp_bucket_bytes": 10000000000000000000})")
            << "framework_bytes";
        QTest::newRow("global batch wraps")
            << plan(R"("training": {"micro_batch": 2147483647, "grad_accumulation": 2147483647})")
            << "micro_batch";
        QTest::newRow("signed overflow in a what-if")
            << plan(R"("memory": {"framework_bytes": 9223371900475873555})") << "framework_bytes";
        QTest::newRow("world past the limit")
            << plan(R"("parallel": {"dp": 1000000, "tp": 1000000})") << "tp";
        QTest::newRow("GPU memory past a petabyte")
            << plan(R"("cluster": {"gpu": {"name": "", "memory_bytes": 1e18,
                        "peak_tflops": {"bf16": 1}, "hbm_gbps": 1}})")
            << "memory_bytes";
        QTest::newRow("negative link bandwidth")
            << plan(R"("cluster": {"inter_node": {"name": "", "gbps": -5, "latency_us": 1}})")
            << "gbps";
        QTest::newRow("fraction past 0.9")
            << plan(R"("memory": {"safety_margin": 7})") << "safety_margin";
        QTest::newRow("not JSON") << QByteArray(
                                         "\x7f"
                                         "ELF\x02\x01\x01",
                                         7)
                                  << "";
        QTest::newRow("too large") << QByteArray(R"({"schema": "fourfold.plan/1", "x": ")") +
                                          QByteArray(2 * 1024 * 1024, 'a') + QByteArray(R"("})")
                                   << "1048576";
    }
    void refusedAndThePlanStays() {
        QFETCH(QByteArray, text);
        QFETCH(QString, named);
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QString path = folder.filePath(QStringLiteral("hostile.json"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QCOMPARE(file.write(text), text.size());
        }
        PlanDocument document(fourfold::core::defaultPlan());
        MainWindow window(&document);
        Script script;
        window.setPrompts(scripted(&script));
        const int dp = 4;
        QVERIFY(document.apply({editField(fourfold::core::ParallelAxis::Data), 0,
                                QStringLiteral("Set data parallel to 4"),
                                [dp](Plan& p) { p.parallel.dp = dp; }}));
        const Plan before = document.plan();

        script.openName = path;
        QVERIFY(!window.open());
        QCOMPARE(script.errors.size(), 1);
        QVERIFY2(script.errors.first().contains(path), qPrintable(script.errors.first()));
        QVERIFY2(script.errors.first().contains(named), qPrintable(script.errors.first()));
        QCOMPARE(document.plan(), before);
        QCOMPARE(document.undoStack()->count(), 1);
        QVERIFY(document.filePath().isEmpty());
        QVERIFY(!document.undoStack()->isClean());
    }

    // A plan that breaks a rule between valid numbers still opens, its errors listed: only
    // numbers no plan may hold are refused.
    void aRuleBrokenWithinTheRangesStillOpens() {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QString path = folder.filePath(QStringLiteral("rule.json"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QVERIFY(file.write(plan(R"("parallel": {"dp": 16})")) > 0);
        }
        PlanDocument document(fourfold::core::defaultPlan());
        MainWindow window(&document);
        Script script;
        window.setPrompts(scripted(&script));
        QVERIFY(window.openFile(path));
        QVERIFY(script.errors.isEmpty());
        QCOMPARE(document.plan().parallel.dp, 16);
    }
};

QTEST_MAIN(TestHostileFiles)
#include "tst_hostile_files.moc"
