// SPDX-License-Identifier: GPL-3.0-or-later
// How long one slider step costs in the controls panel: the document applies the edit, the
// engine evaluates and the panel resyncs every control (stops, values, markers). Prints the
// figures; asserts nothing about time.
#include "core/plan/catalog.h"
#include "core/rules/parallel_choices.h"
#include "ui/controls/controls_panel.h"
#include "ui/document/plan_document.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSlider>

#include <cstdio>

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication application(argc, argv);
    using namespace fourfold;
    core::Plan plan = core::defaultPlan();
    plan.cluster.nodes = 1024;  // 8192 GPUs: long DP lists
    ui::PlanDocument document(plan);
    ui::ControlsPanel panel(&document);
    panel.resize(360, 900);
    panel.show();
    auto* slider = panel.findChild<QSlider*>(QStringLiteral("tensorParallelSlider"));
    if (!slider) return 1;

    constexpr int kSteps = 2000;
    QElapsedTimer timer;
    timer.start();
    for (int step = 0; step < kSteps; ++step) slider->setValue(step % (slider->maximum() + 1));
    const double perStep = static_cast<double>(timer.nsecsElapsed()) / 1e6 / kSteps;

    timer.restart();
    std::size_t listed = 0;
    for (int step = 0; step < kSteps; ++step) {
        for (auto axis :
             {core::ParallelAxis::Data, core::ParallelAxis::Tensor, core::ParallelAxis::Pipeline,
              core::ParallelAxis::Context, core::ParallelAxis::Expert,
              core::ParallelAxis::VirtualStages, core::ParallelAxis::ShardingGroup}) {
            listed += core::parallelChoices(document.plan(), axis).size();
        }
    }
    const double choices = static_cast<double>(timer.nsecsElapsed()) / 1e6 / kSteps;
    std::printf(
        "slider step (apply + evaluate + resync), DP 8 x TP 1-8 on a cluster of 8192 GPUs: %.3f "
        "ms\n",
        perStep);
    std::printf("all parallel choice lists, 8192 GPUs: %.4f ms (%zu values listed)\n", choices,
                listed / kSteps);
    return 0;
}
