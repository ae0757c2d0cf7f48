// SPDX-License-Identifier: GPL-3.0-or-later
// The fit advice in Simplified Chinese: with the interface in Chinese, every what-if under the
// memory chart is the core's Chinese rendering of its code (core/text/coded_text.h) with the same
// numbers, no English change text is left on a button, and the tooltips of the step-time
// formula and the does-not-fit diagnostic read in Chinese too.
#include "core/memory/memory.h"
#include "core/plan/catalog.h"
#include "core/text/coded_text.h"
#include "ui/document/plan_document.h"
#include "ui/settings/language.h"
#include "ui/shell/main_window.h"

#include <QCoreApplication>
#include <QPushButton>
#include <QStandardPaths>
#include <QTest>

using namespace fourfold;

class TestFitAdviceZh : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(
            ui::applyLanguage(*QCoreApplication::instance(), core::Language::SimplifiedChinese));
    }
    void cleanupTestCase() {
        QVERIFY(ui::applyLanguage(*QCoreApplication::instance(), core::Language::English));
    }

    void whatIfsAreWrittenInChinese() {
        const core::Plan plan = core::defaultPlan();  // 7B on 8 GPUs, no ZeRO: does not fit
        ui::PlanDocument document(plan);
        ui::MainWindow window(&document);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const core::MemoryReport memory = *document.evaluation()->memory;
        QVERIFY(!memory.fits);
        QVERIFY(memory.whatIfs.size() >= 3);

        QStringList texts;
        QTRY_VERIFY(!window.findChildren<QPushButton*>(QStringLiteral("fitChoice")).isEmpty());
        for (QPushButton* button : window.findChildren<QPushButton*>(QStringLiteral("fitChoice"))) {
            // The tooltip quotes the JSON patch, whose keys stay as a plan writes them.
            if (button->isVisible()) texts << button->text();
        }
        const QString all = texts.join(QLatin1Char('\n'));
        for (const core::WhatIf& hint : memory.whatIfs) {
            const QString zh = QString::fromStdString(
                core::renderCodedText(hint.changeText, core::Language::SimplifiedChinese));
            QVERIFY2(all.contains(zh), qPrintable(zh + QStringLiteral(" not in:\n") + all));
            QVERIFY2(!all.contains(QString::fromStdString(hint.change)),
                     qPrintable(QString::fromStdString(hint.change)));
        }
        QVERIFY2(all.contains(QStringLiteral("ZeRO 阶段 0 → 1")), qPrintable(all));
        for (const char* english : {"stage", "recompute", "offload", "micro-batch", "parallel",
                                    "accumulation", "Apply"}) {
            QVERIFY2(!all.contains(QLatin1String(english)), qPrintable(english + (":\n" + all)));
        }
    }
};

QTEST_MAIN(TestFitAdviceZh)
#include "tst_fit_advice_zh.moc"
