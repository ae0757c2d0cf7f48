// SPDX-License-Identifier: GPL-3.0-or-later
// Every number input of the controls panel takes its limits from the core's documented ranges
// (core/rules/validate_ranges.h): its bounds equal the range's (in the units it shows), and driving
// it to either end leaves a plan validate() finds no number out of range in.
#include "core/plan/catalog.h"
#include "core/rules/validate.h"
#include "core/rules/validate_ranges.h"
#include "ui/controls/controls_panel.h"
#include "ui/document/plan_document.h"

#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMainWindow>
#include <QSpinBox>
#include <QTest>

#include <string>

using namespace fourfold;

namespace {

struct NumberControl {
    const char* spin;     // the spin box's object name
    const char* pointer;  // the plan key it edits
    double unitsPerShown;
    // Below the range: a "none" value (0 = the key left out) or a floor of the control's own.
    bool ownMinimum;
};

// Every spin box of the panel. The parallel degrees and the sharding group share the
// parallel sliders; fractions are shown in percent, bytes and parameters in G.
constexpr NumberControl kControls[] = {
    {"gpusPerNodeSpin", "/cluster/gpus_per_node", 1, false},
    {"nodesSpin", "/cluster/nodes", 1, false},
    {"fragmentationSpin", "/memory/fragmentation", 0.01, false},
    {"safetyMarginSpin", "/memory/safety_margin", 0.01, false},
    {"frameworkBytesSpin", "/memory/framework_bytes", 1e9, false},
    {"modelSizeSpin", "/model/parameters", 1e9, true},
    {"dataParallelSpin", "/parallel/dp", 1, false},
    {"tensorParallelSpin", "/parallel/tp", 1, false},
    {"pipelineParallelSpin", "/parallel/pp", 1, false},
    {"contextParallelSpin", "/parallel/cp", 1, false},
    {"expertParallelSpin", "/parallel/ep", 1, false},
    {"virtualStagesSpin", "/parallel/virtual_stages", 1, false},
    {"shardingGroupSpin", "/parallel/sharding_group", 1, false},
    {"microBatchSpin", "/training/micro_batch", 1, false},
    {"gradAccumulationSpin", "/training/grad_accumulation", 1, false},
    {"globalBatchTargetSpin", "/training/global_batch", 1, true},
    {"sequenceSpin", "/model/sequence", 1, false},
    {"loraRankSpin", "/training/lora_rank", 1, false},
    {"lossChunksSpin", "/training/loss_chunks", 1, false},
    {"measuredStepTimeSpin", "/measured/step_time_s", 1, true},
    {"measuredTokensPerGpuSpin", "/measured/tokens_per_s_per_gpu", 1, true},
};

struct Harness {
    ui::PlanDocument document{core::defaultPlan()};
    QMainWindow window;
    ui::ControlsPanel* panel = nullptr;

    Harness() {
        panel = new ui::ControlsPanel(&document);
        window.setCentralWidget(panel);
        window.resize(360, 700);
    }
    void settle() {
        for (int turn = 0; turn < 50 && document.evaluation()->plan != document.plan(); ++turn) {
            QCoreApplication::processEvents();
        }
    }
};

// The range errors validate() reports for the document's plan, one per line.
QString rangeErrors(const core::Plan& plan) {
    QStringList lines;
    for (const core::Diagnostic& d : core::validate(plan)) {
        if (d.code.starts_with("range."))
            lines << QString::fromStdString(d.path + ": " + d.message);
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace

class TestControlRanges : public QObject {
    Q_OBJECT
private slots:
    void everyNumberControlIsListed() {
        Harness h;
        QStringList listed;
        for (const NumberControl& control : kControls) listed << QString::fromLatin1(control.spin);
        for (auto* spin : h.panel->findChildren<QDoubleSpinBox*>()) {
            QVERIFY2(listed.contains(spin->objectName()), qPrintable(spin->objectName()));
        }
        // No integer spin box either: each would be a number input outside the list.
        QVERIFY(h.panel->findChildren<QSpinBox*>().isEmpty());
    }

    void boundsAreTheDocumentedRanges_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < static_cast<int>(std::size(kControls)); ++i) {
            QTest::newRow(kControls[i].spin) << i;
        }
    }
    void boundsAreTheDocumentedRanges() {
        QFETCH(int, index);
        const NumberControl& control = kControls[index];
        Harness h;
        auto* spin = h.panel->findChild<QDoubleSpinBox*>(QString::fromLatin1(control.spin));
        QVERIFY(spin != nullptr);
        const core::KeyRange* range = core::findKeyRange(control.pointer);
        QVERIFY(range != nullptr);
        // Shown units: fractions × 100, bytes and parameters ÷ 10^9.
        const auto shown = [&](double value) {
            return control.unitsPerShown >= 1 ? value / control.unitsPerShown
                                              : value * (1 / control.unitsPerShown);
        };
        QCOMPARE(spin->maximum(), shown(range->maximum));
        if (control.ownMinimum) {
            QVERIFY(spin->minimum() >= shown(range->minimum) || spin->minimum() == 0);
        } else {
            QCOMPARE(spin->minimum(), shown(range->minimum));
        }

        // Both ends, typed as a person would: the plan keeps every number in range.
        for (const double end : {spin->maximum(), spin->minimum(), spin->maximum()}) {
            spin->setValue(end);
            h.settle();
            const QString errors = rangeErrors(h.document.plan());
            QVERIFY2(errors.isEmpty(), qPrintable(QStringLiteral("%1 at %2:\n%3")
                                                      .arg(QString::fromLatin1(control.spin))
                                                      .arg(end, 0, 'g', 17)
                                                      .arg(errors)));
        }
    }

    // The measured peaks are typed as text: the largest value in range is taken, one beyond
    // it is refused with a marked field and no edit.
    void measuredPeaksStayInRange() {
        Harness h;
        auto* peaks = h.panel->findChild<QLineEdit*>(QStringLiteral("measuredPeaksEdit"));
        QVERIFY(peaks != nullptr);
        const double largestGb =
            core::findKeyRange("/measured/peak_bytes_per_stage")->maximum / 1e9;
        peaks->setText(QString::number(largestGb, 'f', 0));
        emit peaks->editingFinished();
        h.settle();
        QCOMPARE(h.document.plan().measured.peakBytesPerStage,
                 std::vector<std::uint64_t>{1'000'000'000'000'000ULL});
        QVERIFY(rangeErrors(h.document.plan()).isEmpty());
        peaks->setText(QString::number(largestGb * 1.001, 'f', 0));
        emit peaks->editingFinished();
        h.settle();
        QCOMPARE(h.document.plan().measured.peakBytesPerStage,
                 std::vector<std::uint64_t>{1'000'000'000'000'000ULL});
    }
};

QTEST_MAIN(TestControlRanges)
#include "tst_control_ranges.moc"
