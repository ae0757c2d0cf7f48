// SPDX-License-Identifier: GPL-3.0-or-later
// The fine-tuning controls driven as a user would, offscreen in the main window: choosing QLoRA
// in the mode combo, moving the LoRA rank slider and picking the base precision change the plan
// and the memory bars (the weights shrink to the 4-bit base, the gradients to the adapters');
// the memory savers' check boxes reach the plan; undo brings the plan back.
#include "tests/ui/memory_view_lookup.h"

#include "core/plan/catalog.h"
#include "ui/controls/controls_panel.h"
#include "ui/document/plan_document.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>

using namespace fourfold;
using fourfold::test::categoryBar;
using fourfold::test::memoryView;

namespace {

// Picks the combo's entry whose data is `value`, as a click on it does (activated).
void choose(QComboBox* combo, int value) {
    const int index = combo->findData(value);
    QVERIFY(index >= 0);
    combo->setCurrentIndex(index);
    emit combo->activated(index);
}

}  // namespace

class TestFineTuneControls : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void modeRankAndBasePrecisionDriveThePlanAndTheBars() {
        core::Plan plan = core::defaultPlan();  // Llama-2 7B, bf16, DP 8
        ui::PlanDocument document(plan);
        ui::MainWindow window(&document);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::MemoryStackView* memory = memoryView(window);
        QVERIFY(memory);
        // 6.74e9 parameters × 2 B of bf16 weights = 13.5 GB; fp32 gradients 27.0 GB.
        QTRY_VERIFY(qAbs(categoryBar(*memory, core::MemoryCategory::Weights) - 13.48) < 0.01);
        ui::ControlsPanel* panel = window.controlsPanel();

        auto* mode = panel->findChild<QComboBox*>(QStringLiteral("finetuneCombo"));
        QVERIFY(mode);
        choose(mode, static_cast<int>(core::FineTune::Qlora));
        QTRY_COMPARE(document.plan().training.finetune, core::FineTune::Qlora);
        // NF4 linears (6.48e9 × 4.127 bits = 3.3 GB) + bf16 embeddings and head (0.26e9 × 2 B)
        // + rank-16 adapters on every linear (4.0e7 × 2 B): 3.95 GB.
        QTRY_VERIFY(qAbs(categoryBar(*memory, core::MemoryCategory::Weights) - 3.95) < 0.02);
        // Gradients of the adapters alone: 4.0e7 × 4 B = 0.16 GB.
        QTRY_VERIFY(categoryBar(*memory, core::MemoryCategory::Gradients) < 0.2);

        auto* rank = panel->findChild<QSlider*>(QStringLiteral("loraRankSlider"));
        QVERIFY(rank);
        rank->setFocus();
        const int before = document.plan().training.loraRank;
        QTest::keyClick(rank, Qt::Key_Right);  // the next power of two: 16 → 32
        QTRY_COMPARE(document.plan().training.loraRank, 2 * before);
        // Twice the adapters: 32 × 32 layers × (4 × 8192 + 3 × 15104) × 4 B = 0.32 GB.
        QTRY_VERIFY(qAbs(categoryBar(*memory, core::MemoryCategory::Gradients) - 0.32) < 0.01);

        auto* base = panel->findChild<QComboBox*>(QStringLiteral("basePrecisionCombo"));
        QVERIFY(base);
        choose(base, static_cast<int>(core::Precision::Fp32));
        QTRY_COMPARE(document.plan().training.basePrecision, core::Precision::Fp32);
        // The embeddings and head now 4 B each: 0.26e9 × 2 B more.
        QTRY_VERIFY(categoryBar(*memory, core::MemoryCategory::Weights) > 4.4);

        auto* offload = panel->findChild<QCheckBox*>(QStringLiteral("activationOffloadCheck"));
        auto* paged = panel->findChild<QCheckBox*>(QStringLiteral("pagedOptimizerCheck"));
        QVERIFY(offload && paged);
        const double activations = categoryBar(*memory, core::MemoryCategory::Activations);
        offload->click();  // as a click or the space bar does: toggled, then clicked
        QTRY_VERIFY(document.plan().training.activationOffload);
        QTRY_VERIFY(categoryBar(*memory, core::MemoryCategory::Activations) < 0.2 * activations);
        paged->click();
        QTRY_VERIFY(document.plan().training.pagedOptimizer);

        while (document.undoStack()->canUndo()) document.undoStack()->undo();
        QTRY_COMPARE(document.plan(), plan);
        QTRY_VERIFY(qAbs(categoryBar(*memory, core::MemoryCategory::Weights) - 13.48) < 0.01);
        QCOMPARE(mode->currentData().toInt(), static_cast<int>(core::FineTune::Full));
    }
};

QTEST_MAIN(TestFineTuneControls)
#include "tst_finetune_controls.moc"
