// SPDX-License-Identifier: GPL-3.0-or-later
// The whole loop a user drives: a key press on the TP slider in the main window's controls
// changes the document's plan and the memory bars; undo brings both back.
#include "tests/ui/memory_view_lookup.h"

#include "core/plan/catalog.h"
#include "ui/controls/controls_panel.h"
#include "ui/document/plan_document.h"
#include "ui/shell/main_window.h"
#include "ui/views/memory_stack_view.h"

#include <qcustomplot.h>

#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>

using namespace fourfold;

namespace {

double weightsBar(const ui::MemoryStackView& view) {
    return test::categoryBar(view, core::MemoryCategory::Weights);
}

}  // namespace

class TestLiveEdit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void tpSliderChangesPlanAndBarsAndUndoRestoresThem() {
        core::Plan plan = core::defaultPlan();  // Llama-2 7B, DP 8, TP 1 on 8 GPUs
        ui::PlanDocument document(plan);
        ui::MainWindow window(&document);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::MemoryStackView* memory = test::memoryView(window);
        QVERIFY(memory);
        // 6.74e9 parameters × 2 bytes of bf16 weights on one TP rank = 13.5 GB.
        QTRY_VERIFY(qAbs(weightsBar(*memory) - 13.48) < 0.01);

        auto* slider =
            window.controlsPanel()->findChild<QSlider*>(QStringLiteral("tensorParallelSlider"));
        QVERIFY(slider);
        slider->setFocus();
        QSignalSpy evaluated(&document, &ui::PlanDocument::evaluationChanged);
        QTest::keyClick(slider, Qt::Key_Right);  // TP 1 → 2
        QTRY_COMPARE(document.plan().parallel.tp, 2);
        QTRY_VERIFY(evaluated.count() >= 1);
        // TP 2 splits the matrices over two ranks: roughly half the weights per GPU.
        QTRY_VERIFY(weightsBar(*memory) < 7.0);
        QVERIFY(weightsBar(*memory) > 6.5);

        document.undoStack()->undo();
        QTRY_COMPARE(document.plan(), plan);
        QTRY_VERIFY(qAbs(weightsBar(*memory) - 13.48) < 0.01);
        QCOMPARE(slider->value(), 0);  // the slider follows the undone plan
    }
};

QTEST_MAIN(TestLiveEdit)
#include "tst_live_edit.moc"
