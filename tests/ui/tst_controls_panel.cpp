// SPDX-License-Identifier: GPL-3.0-or-later
// The controls panel edits the document through PlanEdits (one gesture per drag, one per key
// step), resyncs quietly from external changes, clamps absurd input, marks broken rules and
// moves focus to a field's control. The plan is the built-in default (Llama-2 7B, DP 8 on one
// node of 8 GPUs), so TP steps through {1, 2, 4, 8} (core/parallel_choices) and DP follows to
// keep the 8 GPUs busy (core/parallel_edit).
#include "controls_harness.h"
#include "event_counter.h"

#include "core/plan/catalog.h"
#include "core/rules/parallel_edit.h"
#include "ui/controls/controls_panel.h"
#include "ui/controls/controls_stops.h"
#include "ui/controls/slider_control.h"
#include "ui/document/plan_document.h"
#include "ui/document/undo_ids.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTest>
#include <QToolButton>
#include <QWheelEvent>
#include <QtTest/qtestspontaneevent.h>

#include <set>

using namespace fourfold;
using test::Edit;
using test::Harness;

namespace {

constexpr int kTensorParallel =
    static_cast<int>(fourfold::ui::editField(fourfold::core::ParallelAxis::Tensor));

void typeInto(QAbstractSpinBox* spin, const QString& text) {
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Return);
}

}  // namespace

class TestControlsPanel : public QObject {
    Q_OBJECT
private slots:
    void initialValuesComeFromThePlan() {
        Harness h;
        QCOMPARE(h.spin("tensorParallel")->value(), 1.0);
        QCOMPARE(h.spin("dataParallel")->value(), 8.0);
        QCOMPARE(h.spin("nodes")->value(), 1.0);
        // TP stops are the valid degrees for 32 heads on an 8-GPU node.
        QCOMPARE(h.slider("tensorParallel")->maximum(), 3);
        QVERIFY(h.edits.empty());
        // B = b × a × dp = 1 × 8 × 8 = 64 (the default plan; Narayanan et al. 2021 §2).
        auto* formula = h.find<QLabel>(QStringLiteral("globalBatchFormula"));
        QVERIFY2(formula->text().startsWith(QStringLiteral("B = b × a × dp = 1 × 8 × 8 = 64")),
                 qPrintable(formula->text()));
    }

    void keyStepsOnTheSliderEditTensorParallel() {
        Harness h;
        QSlider* slider = h.slider("tensorParallel");
        slider->setFocus();
        QTest::keyClick(slider, Qt::Key_Right);
        QCOMPARE(h.document.plan().parallel.tp, 2);
        // DP follows: TP 2 × DP 4 = the node's 8 GPUs.
        QCOMPARE(h.document.plan().parallel.dp, 4);
        QTest::keyClick(slider, Qt::Key_Right);
        QCOMPARE(h.document.plan().parallel.tp, 4);
        QCOMPARE(h.document.plan().parallel.dp, 2);
        QCOMPARE(h.edits.size(), std::size_t{2});
        QCOMPARE(h.edits[0].field, kTensorParallel);
        QCOMPARE(h.edits[0].text, QStringLiteral("Set tensor parallel to 2, data parallel to 4"));
        // Each key step is its own gesture, so each is its own undo step.
        QVERIFY(h.edits[0].gesture != 0);
        QVERIFY(h.edits[0].gesture != h.edits[1].gesture);
        // setValue by position: stop 3 is TP 8.
        slider->setValue(3);
        QCOMPARE(h.document.plan().parallel.tp, 8);
        QCOMPARE(h.spin("tensorParallel")->value(), 8.0);
    }

    void aDragIsOneGesture() {
        Harness h;
        const core::Plan before = h.document.plan();
        QSlider* slider = h.slider("tensorParallel");
        slider->setSliderDown(true);  // sliderPressed
        slider->setValue(1);
        slider->setValue(2);
        slider->setValue(3);
        slider->setSliderDown(false);  // sliderReleased
        QCOMPARE(h.document.plan().parallel.tp, 8);
        QCOMPARE(h.edits.size(), std::size_t{3});
        for (const Edit& edit : h.edits) {
            QCOMPARE(edit.field, kTensorParallel);
            QCOMPARE(edit.gesture, h.edits.front().gesture);
        }
        QVERIFY(h.edits.front().gesture != 0);
        core::Plan expected = before;
        expected.parallel.tp = 8;
        expected.parallel.dp = 1;               // 8 GPUs / TP 8
        QCOMPARE(h.document.plan(), expected);  // nothing else changed
        // Once the document merges by gesture, the drag is one undo step.
        if (h.document.undoStack()->count() > 0) QCOMPARE(h.document.undoStack()->count(), 1);
        // A second drag gets a new gesture.
        slider->setSliderDown(true);
        slider->setValue(0);
        slider->setSliderDown(false);
        QCOMPARE(h.edits.size(), std::size_t{4});
        QVERIFY(h.edits.back().gesture != h.edits.front().gesture);
        QCOMPARE(h.document.plan().parallel.tp, 1);
        QCOMPARE(h.document.plan().parallel.dp, 8);
    }

    // The spin box's arrows step through the slider's valid stops: TP 1 → 2 → 4, never 3.
    void spinStepsGoThroughValidStops() {
        Harness h;
        QDoubleSpinBox* spin = h.spin("tensorParallel");
        spin->stepBy(1);
        QCOMPARE(h.document.plan().parallel.tp, 2);
        h.settle();
        spin->stepBy(1);
        QCOMPARE(h.document.plan().parallel.tp, 4);
        QCOMPARE(h.document.plan().parallel.dp, 2);
        h.settle();
        spin->stepBy(-1);
        QCOMPARE(h.document.plan().parallel.tp, 2);
        QVERIFY(h.marker("tensorParallel")->isHidden());
        QVERIFY(h.marker("dataParallel")->isHidden());
    }

    // GPT-3 175B on 16,384 GPUs with 64 stages: every PP stop the slider offers is a valid plan
    // (before, a drag landed on PP 95 and the views went blank), and DP follows each one.
    // The sliders keep the stops of the last plans they showed: going back to a plan must show
    // that plan's stops, never those of the plan before it. Tensor parallel 1 → 2 → 4 → 2 → 1
    // on GPT-3 (DP follows), then the model's heads changed, which changes TP's valid values.
    void stopsFollowThePlanThroughKeptOnes() {
        core::Plan plan = core::defaultPlan();
        plan.model = core::findModelPreset("gpt3-175b")->spec;
        plan.cluster.nodes = 16;
        Harness h;
        const auto check = [&h] {
            h.settle();
            const core::Plan& shown = h.document.evaluation()->plan;
            const struct {
                core::ParallelAxis axis;
                const char* name;
            } axes[] = {{core::ParallelAxis::Data, "dataParallel"},
                        {core::ParallelAxis::Tensor, "tensorParallel"},
                        {core::ParallelAxis::Pipeline, "pipelineParallel"}};
            for (const auto& [axis, name] : axes) {
                QCOMPARE(h.find<ui::SliderControl>(QString::fromLatin1(name))->stops(),
                         ui::toStops(core::parallelStops(shown, axis)));
            }
        };
        for (const int tp : {1, 2, 4, 2, 1}) {
            plan.parallel.tp = tp;
            plan.parallel.dp = 128 / tp;
            QVERIFY(h.document.replacePlan(plan, QStringLiteral("TP")));
            check();
        }
        plan.model.heads = 80;  // 80 heads: TP 16 no longer divides them
        plan.model.kvHeads = 80;
        plan.parallel.tp = 2;
        plan.parallel.dp = 64;
        QVERIFY(h.document.replacePlan(plan, QStringLiteral("Heads")));
        check();
        QVERIFY(!h.find<ui::SliderControl>(QStringLiteral("tensorParallel"))->stops().empty());
    }

    void pipelineDragOnTheLargePlanStaysValid() {
        core::Plan plan = core::defaultPlan();
        plan.model = core::findModelPreset("gpt3-175b")->spec;
        plan.cluster.nodes = 2048;
        plan.parallel.tp = 8;
        plan.parallel.pp = 64;
        plan.parallel.dp = 32;
        Harness h;
        QVERIFY(h.document.replacePlan(plan, QStringLiteral("Open")));
        h.settle();
        QSlider* slider = h.slider("pipelineParallel");
        // 2,048 = 16,384 / TP 8 splits into PP 1, 2, 4, ..., 64 (at most the 96 layers).
        QCOMPARE(h.find<ui::SliderControl>(QStringLiteral("pipelineParallel"))->stops(),
                 (std::vector<double>{1, 2, 4, 8, 16, 32, 64}));
        slider->setSliderDown(true);
        for (int position = slider->maximum(); position >= 0; --position) {
            slider->setValue(position);
            const auto& parallel = h.document.plan().parallel;
            QCOMPARE(std::int64_t{parallel.dp} * parallel.tp * parallel.pp, std::int64_t{16384});
        }
        slider->setSliderDown(false);
        h.settle();
        const auto evaluation = h.document.evaluation();
        QCOMPARE(evaluation->plan.parallel.pp, 1);
        QCOMPARE(evaluation->plan.parallel.dp, 2048);
        for (const core::Diagnostic& diagnostic : evaluation->diagnostics) {
            QVERIFY2(diagnostic.severity != core::Severity::Error, diagnostic.message.c_str());
        }
        QVERIFY(evaluation->memory.has_value());  // the views have something to draw
    }

    void spinBoxTakesExactValues() {
        Harness h;
        h.window.show();
        typeInto(h.spin("tensorParallel"), QStringLiteral("4"));
        QCOMPARE(h.document.plan().parallel.tp, 4);
        QCOMPARE(h.slider("tensorParallel")->value(), 2);  // stop of TP 4
        // An exact value outside the slider's stops is taken and marked: DP 3 on 8 GPUs.
        typeInto(h.spin("gradAccumulation"), QStringLiteral("37"));
        QCOMPARE(h.document.plan().training.gradAccumulation, 37);
        typeInto(h.spin("dataParallel"), QStringLiteral("3"));
        QCOMPARE(h.document.plan().parallel.dp, 3);
        QVERIFY(!h.marker("dataParallel")->isHidden());
        QVERIFY(h.marker("dataParallel")->toolTip().contains(QStringLiteral("= 12 ranks")));
        QVERIFY(h.marker("tensorParallel")->isHidden());
        typeInto(h.spin("dataParallel"), QStringLiteral("2"));
        QVERIFY(h.marker("dataParallel")->isHidden());
    }

    // Typing a value that breaks a rule keeps it and shows the error: DP 16 on 8 GPUs.
    void typedOvercommittedDataParallelIsMarked() {
        Harness h;
        h.window.show();
        typeInto(h.spin("dataParallel"), QStringLiteral("16"));
        QCOMPARE(h.document.plan().parallel.dp, 16);
        h.settle();
        QVERIFY(!h.marker("dataParallel")->isHidden());
        QVERIFY2(h.marker("dataParallel")
                     ->toolTip()
                     .contains(QStringLiteral("but the cluster has 1 × 8 GPUs")),
                 qPrintable(h.marker("dataParallel")->toolTip()));
        auto* label = h.find<QLabel>(QStringLiteral("dataParallelLabel"));
        QVERIFY(label->toolTip().contains(QStringLiteral("= 16 ranks")));
        QVERIFY(h.marker("tensorParallel")->isHidden());
        // The DP slider offers only the valid {1, 2, 4, 8}; the spin box shows the typed 16.
        QCOMPARE(h.slider("dataParallel")->maximum(), 3);
        QCOMPARE(h.spin("dataParallel")->value(), 16.0);
        // The next step leaves the broken value for a valid one.
        h.slider("dataParallel")->setValue(2);
        QCOMPARE(h.document.plan().parallel.dp, 4);
    }

    void externalChangesResyncWithoutEdits() {
        Harness h;
        core::Plan plan = h.document.plan();
        plan.parallel.tp = 4;
        plan.parallel.dp = 2;
        plan.parallel.zeroStage = 2;
        plan.cluster.nodes = 3;
        plan.training.precision = core::Precision::Fp16;
        plan.training.microBatch = 2;
        plan.training.globalBatch = 32;
        plan.training.flashAttention = false;
        plan.memory.fragmentation = 0.12;
        plan.measured.peakBytesPerStage = {71'000'000'000ULL, 68'500'000'000ULL};
        QVERIFY(h.document.replacePlan(plan, QStringLiteral("Open")));
        QVERIFY(h.edits.empty());
        QCOMPARE(h.document.plan(), plan);
        QCOMPARE(h.spin("tensorParallel")->value(), 4.0);
        QCOMPARE(h.slider("tensorParallel")->value(), 2);
        QCOMPARE(h.spin("dataParallel")->value(), 2.0);
        QCOMPARE(h.spin("nodes")->value(), 3.0);
        QCOMPARE(h.spin("microBatch")->value(), 2.0);
        QCOMPARE(h.spin("fragmentation")->value(), 12.0);  // shown in percent
        QCOMPARE(h.find<QComboBox>(QStringLiteral("precisionCombo"))->currentData().toInt(),
                 static_cast<int>(core::Precision::Fp16));
        QCOMPARE(h.find<QComboBox>(QStringLiteral("zeroStageCombo"))->currentData().toInt(), 2);
        QCOMPARE(h.find<QDoubleSpinBox>(QStringLiteral("globalBatchTargetSpin"))->value(), 32.0);
        QVERIFY(!h.find<QCheckBox>(QStringLiteral("flashAttentionCheck"))->isChecked());
        QCOMPARE(h.find<QLineEdit>(QStringLiteral("measuredPeaksEdit"))->text(),
                 QStringLiteral("71, 68.5"));
        // 2 × 8 × 2 = 32 after the change.
        QVERIFY(h.find<QLabel>(QStringLiteral("globalBatchFormula"))
                    ->text()
                    .startsWith(QStringLiteral("B = b × a × dp = 2 × 8 × 2 = 32")));
    }

    void aHeldSliderIsLeftAloneUntilReleased() {
        Harness h;
        QSlider* slider = h.slider("tensorParallel");
        slider->setSliderDown(true);
        h.document.apply({fourfold::ui::editField(fourfold::core::ParallelAxis::Tensor), 0,
                          QStringLiteral("external"),
                          [](core::Plan& plan) { plan.parallel.tp = 8; }});
        h.settle();
        QCOMPARE(slider->value(), 0);  // not yanked from under the pointer
        slider->setSliderDown(false);
        QCOMPARE(slider->value(), 3);
        QCOMPARE(h.spin("tensorParallel")->value(), 8.0);
        QVERIFY(h.edits.empty());
    }

    void absurdValuesAreClamped() {
        Harness h;
        h.window.show();
        QDoubleSpinBox* nodes = h.spin("nodes");
        nodes->setValue(0);
        QCOMPARE(nodes->value(), 1.0);
        QCOMPARE(h.document.plan().cluster.nodes, 1);
        typeInto(nodes, QStringLiteral("0"));
        QCOMPARE(h.document.plan().cluster.nodes, 1);
        typeInto(h.spin("gpusPerNode"), QStringLiteral("0"));
        QVERIFY(h.document.plan().cluster.gpusPerNode >= 1);
        nodes->setValue(1e15);
        QCOMPARE(h.document.plan().cluster.nodes, 1'000'000);
        h.spin("tensorParallel")->setValue(-5);
        QCOMPARE(h.document.plan().parallel.tp, 1);
        // Shown in billions: clamps to the documented maximum, 10^14 parameters.
        h.spin("modelSize")->setValue(1e15);
        QCOMPARE(h.document.plan().model.parameters, 1e14);
        h.spin("fragmentation")->setValue(500);  // percent: clamps to 90 %
        QCOMPARE(h.document.plan().memory.fragmentation, 0.9);
        for (const Edit& edit : h.edits) QVERIFY(edit.gesture != 0);

        // A plan from elsewhere with 0 nodes: the control shows its minimum and edits nothing.
        h.edits.clear();
        core::Plan broken = h.document.plan();
        broken.cluster.nodes = 0;
        QVERIFY(h.document.replacePlan(broken, QStringLiteral("Open")));
        h.settle();
        QCOMPARE(nodes->value(), 1.0);
        QCOMPARE(h.document.plan().cluster.nodes, 0);
        QVERIFY(h.edits.empty());
    }

    void modelSizeAppliesTheImpliedShape() {
        Harness h;
        QSlider* slider = h.slider("modelSize");
        const std::vector<double> stops = ui::logStops(1e8, 2e12, 401);
        QCOMPARE(slider->maximum(), static_cast<int>(stops.size()) - 1);
        const int sequence = h.document.plan().model.sequence;
        slider->setSliderDown(true);
        slider->setValue(100);
        slider->setValue(120);
        slider->setSliderDown(false);
        core::ModelSpec expected = core::shapeForParameterCount(stops[120]);
        expected.sequence = sequence;
        QCOMPARE(h.document.plan().model, expected);
        QCOMPARE(h.edits.size(), std::size_t{2});
        QCOMPARE(h.edits[0].field, static_cast<int>(ui::EditField::ModelSize));
        QCOMPARE(h.edits[0].gesture, h.edits[1].gesture);
        // The shape it implies is shown under the slider.
        auto* detail = h.find<QLabel>(QStringLiteral("modelSizeDetail"));
        const QString shown = detail->text().replace(QChar(0x00A0), QLatin1Char(' '));
        QVERIFY2(shown.contains(QStringLiteral("%1 layers").arg(expected.layers)),
                 qPrintable(shown));
        QVERIFY2(shown.contains(
                     QStringLiteral("%1 heads (%2 KV)").arg(expected.heads).arg(expected.kvHeads)),
                 qPrintable(shown));
    }

    void presetComboHandlesTheCatalog() {
        Harness h;
        auto* combo = h.find<QComboBox>(QStringLiteral("modelPresetCombo"));
        const auto& models = core::builtinCatalog().models;
        const bool known = core::findModelPreset(h.document.plan().model.preset).has_value();
        std::set<std::string> families;
        for (const auto& preset : models) families.insert(preset.family);
        // "Custom shape", then each family's heading and its presets.
        QCOMPARE(combo->count(),
                 1 + static_cast<int>(families.size() + models.size()) + (known ? 0 : 1));
        const auto* items = qobject_cast<const QStandardItemModel*>(combo->model());
        QVERIFY(items != nullptr);
        QString family;
        for (int index = 1; index < combo->count(); ++index) {
            const QString data = combo->itemData(index).toString();
            if (data.startsWith(QStringLiteral("#family:"))) {
                QVERIFY(!items->item(index)->isEnabled());  // a heading, not a choice
                family = data.mid(8);
                continue;
            }
            const auto preset = core::findModelPreset(data.toStdString());
            if (preset) QCOMPARE(QString::fromStdString(preset->family), family);
        }
        QVERIFY(families.count("Qwen") == 1 && families.count("DeepSeek") == 1);
        QCOMPARE(combo->currentData().toString(),
                 QString::fromStdString(h.document.plan().model.preset));
        const core::ModelSpec shape = h.document.plan().model;
        emit combo->activated(0);  // "Custom shape": keeps the shape, drops the name
        QCOMPARE(h.document.plan().model.preset, std::string());
        QCOMPARE(h.document.plan().model.layers, shape.layers);
        QCOMPARE(h.edits.size(), std::size_t{1});
        QCOMPARE(h.edits[0].field, static_cast<int>(ui::EditField::ModelPreset));
        if (!models.empty()) {
            const int last = combo->count() - 1;
            combo->setCurrentIndex(last);
            emit combo->activated(last);
            QCOMPARE(QString::fromStdString(h.document.plan().model.preset),
                     combo->itemData(last).toString());
            QCOMPARE(h.edits.size(), std::size_t{2});  // the whole shape in one edit
        }
    }

    void combosAndChecksEdit() {
        Harness h;
        auto* schedule = h.find<QComboBox>(QStringLiteral("scheduleCombo"));
        const int gpipe = schedule->findData(static_cast<int>(core::ScheduleKind::Gpipe));
        schedule->setCurrentIndex(gpipe);
        emit schedule->activated(gpipe);
        QCOMPARE(h.document.plan().parallel.schedule, core::ScheduleKind::Gpipe);
        h.find<QCheckBox>(QStringLiteral("masterWeightsCheck"))->click();
        QVERIFY(!h.document.plan().training.masterWeights);
        QCOMPARE(h.edits.back().text, QStringLiteral("Drop master weights"));
        auto* target = h.find<QDoubleSpinBox>(QStringLiteral("globalBatchTargetSpin"));
        target->setValue(96);
        QCOMPARE(h.document.plan().training.globalBatch, std::optional<std::int64_t>(96));
        target->setValue(0);
        QVERIFY(!h.document.plan().training.globalBatch.has_value());
        auto* peaks = h.find<QLineEdit>(QStringLiteral("measuredPeaksEdit"));
        peaks->setText(QStringLiteral("71, 68.5"));
        emit peaks->editingFinished();
        QCOMPARE(h.document.plan().measured.peakBytesPerStage,
                 (std::vector<std::uint64_t>{71'000'000'000ULL, 68'500'000'000ULL}));
        const std::size_t before = h.edits.size();
        peaks->setText(QStringLiteral("71, lots"));
        emit peaks->editingFinished();
        QCOMPARE(h.edits.size(), before);  // not a number: no edit, a marked field
        auto* caption = h.find<QLabel>(QStringLiteral("measuredPeaksEditLabel"));
        QVERIFY(caption->toolTip().contains(QStringLiteral("comma")));
    }

    void focusFieldFindsTheControl() {
        Harness h;
        h.window.show();
        h.window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&h.window));
        auto* header = h.find<QToolButton>(QStringLiteral("parallelGroupHeader"));
        header->click();  // collapse Parallelism
        QVERIFY(h.slider("tensorParallel")->isHidden() ||
                !h.slider("tensorParallel")->isVisibleTo(&h.window));
        QVERIFY(h.panel->focusField(QStringLiteral("/parallel/tp")));
        QCOMPARE(QApplication::focusWidget(), h.spin("tensorParallel"));
        QVERIFY(h.spin("tensorParallel")->isVisibleTo(&h.window));
        QVERIFY(h.panel->focusField(QStringLiteral("/training/global_batch")));
        QCOMPARE(QApplication::focusWidget(),
                 h.find<QDoubleSpinBox>(QStringLiteral("globalBatchTargetSpin")));
        // Deeper pointers find the nearest control; a section finds its stand-in.
        QVERIFY(h.panel->focusField(QStringLiteral("/measured/peak_bytes_per_stage/1")));
        QCOMPARE(QApplication::focusWidget(),
                 h.find<QLineEdit>(QStringLiteral("measuredPeaksEdit")));
        QVERIFY(h.panel->focusField(QStringLiteral("/model/heads")));
        QCOMPARE(QApplication::focusWidget(), h.spin("modelSize"));
        QVERIFY(h.panel->focusField(QStringLiteral("/cluster/nodes")));
        QCOMPARE(QApplication::focusWidget(), h.spin("nodes"));
        QVERIFY(!h.panel->focusField(QStringLiteral("/nonsense")));
        QVERIFY(!h.panel->focusField(QStringLiteral("/parallelism")));
        QVERIFY(!h.panel->focusField(QString()));
        QVERIFY(h.edits.empty());
    }

    // Every input explains itself and every labelled row has a buddy for its mnemonic.
    void everyControlHasHelpAndKeyboardAccess() {
        Harness h;
        int inputs = 0;
        for (QWidget* widget : h.panel->findChildren<QWidget*>()) {
            const bool input = qobject_cast<QAbstractSlider*>(widget) ||
                               qobject_cast<QAbstractSpinBox*>(widget) ||
                               qobject_cast<QComboBox*>(widget) ||
                               qobject_cast<QCheckBox*>(widget) || qobject_cast<QLineEdit*>(widget);
            if (!input || qobject_cast<QScrollBar*>(widget)) continue;
            if (widget->parent() && qobject_cast<QAbstractSpinBox*>(widget->parent())) continue;
            if (widget->parent() && qobject_cast<QComboBox*>(widget->parent())) continue;
            ++inputs;
            QVERIFY2(!widget->toolTip().isEmpty(), qPrintable(widget->objectName()));
            QVERIFY2(widget->focusPolicy() & Qt::TabFocus, qPrintable(widget->objectName()));
        }
        QVERIFY2(inputs >= 35, qPrintable(QString::number(inputs)));
        for (QLabel* label : h.panel->findChildren<QLabel*>()) {
            if (!label->text().contains(QLatin1Char('&'))) continue;
            QVERIFY2(label->buddy() != nullptr, qPrintable(label->text()));
        }
    }

    // Wheeling down the panel scrolls it and never edits a control under the pointer; only a
    // focused control takes the wheel. (Before, the wheel turned GPUs per node 8 into 1.)
    void wheelOverAnUnfocusedControlScrollsThePanel() {
        Harness h;
        h.window.resize(360, 400);
        h.window.show();
        h.window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&h.window));
        auto* scroll = h.find<QScrollArea>(QStringLiteral("controlsScroll"));
        QScrollBar* bar = scroll->verticalScrollBar();
        QVERIFY(bar->maximum() > 0);
        const core::Plan before = h.document.plan();
        const auto wheel = [](QWidget* target, int delta) {
            const QPointF centre = QRectF(target->rect()).center();
            QWheelEvent event(centre, target->mapToGlobal(centre), QPoint(), QPoint(0, delta),
                              Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
            QSpontaneKeyEvent::setSpontaneous(&event);  // propagates to parents as a real one
            QApplication::sendEvent(target, &event);
        };
        QWidget* targets[] = {h.spin("gpusPerNode")->findChild<QLineEdit*>(),
                              h.slider("gpusPerNode"),
                              h.find<QComboBox>(QStringLiteral("precisionCombo")),
                              h.spin("tensorParallel")->findChild<QLineEdit*>()};
        for (QWidget* target : targets) {
            QVERIFY(target);
            const int scrolled = bar->value();
            wheel(target, -120);  // one notch down
            h.settle();
            QCOMPARE(h.document.plan(), before);
            QVERIFY2(bar->value() > scrolled || bar->value() == bar->maximum(),
                     qPrintable(QStringLiteral("%1 in %2: %3 -> %4")
                                    .arg(target->objectName(), target->parent()->objectName())
                                    .arg(scrolled)
                                    .arg(bar->value())));
            bar->setValue(0);
        }
        QVERIFY(h.edits.empty());
        // A focused control takes the wheel: one notch up on GPUs per node steps it.
        QDoubleSpinBox* perNode = h.spin("gpusPerNode");
        perNode->setFocus();
        QVERIFY(perNode->hasFocus());
        wheel(perNode, 120);  // over its arrows
        QVERIFY(h.document.plan().cluster.gpusPerNode != before.cluster.gpusPerNode);
    }

    void grabForReview() {
        Harness h;
        h.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&h.window));
        h.spin("dataParallel")->setValue(16);  // DP 16 on 8 GPUs overcommits: a marked row
        auto* scroll = h.find<QScrollArea>(QStringLiteral("controlsScroll"));
        QWidget* content = scroll->widget();
        content->resize(360 - scroll->verticalScrollBar()->sizeHint().width(),
                        content->sizeHint().height());
        const QPixmap whole = content->grab();
        QVERIFY(!whole.isNull());
        QVERIFY(whole.width() <= 360);
        const QString directory = qEnvironmentVariable("FOURFOLD_GRAB_DIR");
        if (!directory.isEmpty()) {
            QVERIFY(whole.save(QDir(directory).filePath(QStringLiteral("controls_panel.png"))));
            QVERIFY(h.window.grab().save(
                QDir(directory).filePath(QStringLiteral("controls_panel_dock.png"))));
        }
        // Nothing needs more width than a 360 px dock offers.
        QVERIFY2(content->minimumSizeHint().width() <= 360,
                 qPrintable(QString::number(content->minimumSizeHint().width())));
    }
};

QTEST_MAIN(TestControlsPanel)
#include "tst_controls_panel.moc"
