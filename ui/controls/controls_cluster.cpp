// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/controls/controls_cluster.h"

#include "core/plan/catalog.h"
#include "core/rules/parallel_choices.h"
#include "core/text/format.h"
#include "ui/controls/control_ranges.h"
#include "ui/controls/controls_stops.h"
#include "ui/controls/slider_control.h"
#include "ui/document/plan_document.h"
#include "ui/widgets/preset_names.h"

#include <QComboBox>
#include <QLabel>

namespace fourfold::ui {
namespace {

QList<QPair<QString, QString>> linkItems() {
    QList<QPair<QString, QString>> items;
    for (const auto& link : core::builtinCatalog().links) {
        items.append(
            {PresetNames::shown(link.displayName), QString::fromStdString(link.spec.name)});
    }
    return items;
}

}  // namespace

ClusterControls::ClusterControls(PlanDocument* document, QWidget* parent)
    : ControlsGroup(QStringLiteral("clusterGroup"), tr("Cluster"), document, parent) {
    gpu_ = addCombo(QStringLiteral("gpu"), tr("GP&U"),
                    tr("The accelerator: its memory, peak FLOP/s and HBM bandwidth."),
                    QStringLiteral("/cluster/gpu"));
    alsoCovers(QStringLiteral("/cluster"));
    connect(gpu_, &QComboBox::activated, this, [this](int index) {
        const auto preset = core::findGpuPreset(gpu_->itemData(index).toString().toStdString());
        if (!preset) return;  // the plan's own custom GPU stays as it is
        const core::GpuSpec spec = preset->spec;
        edit(EditField::Gpu, freshGesture(),
             tr("Choose GPU %1").arg(QString::fromStdString(preset->displayName)),
             [spec](core::Plan& plan) { plan.cluster.gpu = spec; });
    });
    gpuNote_ = addNote(QStringLiteral("gpuNote"), tr("What the chosen GPU offers."), true);

    gpusPerNode_ = addSlider(QStringLiteral("gpusPerNode"), tr("GPUs per &node"),
                             tr("GPUs that share one machine and its fast intra-node links."),
                             QStringLiteral("/cluster/gpus_per_node"));
    gpusPerNode_->setStops({1, 2, 4, 6, 8, 16, 32, 64, 72});
    const core::KeyRange& perNode = documentedRange("/cluster/gpus_per_node");
    gpusPerNode_->setSpinRange(perNode.minimum, perNode.maximum, 0, 1);
    connect(gpusPerNode_, &SliderControl::valueEdited, this, [this](double value, int gesture) {
        const int gpus = static_cast<int>(value);
        edit(EditField::GpusPerNode, gesture, tr("Set GPUs per node to %1").arg(gpus),
             [gpus](core::Plan& plan) { plan.cluster.gpusPerNode = gpus; });
    });

    nodes_ = addSlider(QStringLiteral("nodes"), tr("Node&s"),
                       tr("Machines in the cluster, joined by the inter-node network."),
                       QStringLiteral("/cluster/nodes"));
    nodes_->setStops(countStops(1, 16384));
    const core::KeyRange& nodes = documentedRange("/cluster/nodes");
    nodes_->setSpinRange(nodes.minimum, nodes.maximum, 0, 1);
    connect(nodes_, &SliderControl::valueEdited, this, [this](double value, int gesture) {
        const int nodes = static_cast<int>(value);
        edit(EditField::Nodes, gesture, tr("Set nodes to %1").arg(nodes),
             [nodes](core::Plan& plan) { plan.cluster.nodes = nodes; });
    });

    intraNode_ = addCombo(QStringLiteral("intraNode"), tr("Intra-node lin&k"),
                          tr("The link between GPUs of one node (NVLink, PCIe)."),
                          QStringLiteral("/cluster/intra_node"));
    connect(intraNode_, &QComboBox::activated, this,
            [this](int index) { chooseLink(intraNode_, index, true); });
    interNode_ = addCombo(QStringLiteral("interNode"), tr("Inter-node link"),
                          tr("The network between nodes (InfiniBand, RoCE), per GPU."),
                          QStringLiteral("/cluster/inter_node"));
    connect(interNode_, &QComboBox::activated, this,
            [this](int index) { chooseLink(interNode_, index, false); });
}

void ClusterControls::chooseLink(QComboBox* combo, int index, bool intraNode) {
    const auto preset = core::findLinkPreset(combo->itemData(index).toString().toStdString());
    if (!preset) return;
    const core::LinkSpec spec = preset->spec;
    const QString name = PresetNames::shown(preset->displayName);
    edit(intraNode ? EditField::IntraNodeLink : EditField::InterNodeLink, freshGesture(),
         intraNode ? tr("Set intra-node link to %1").arg(name)
                   : tr("Set inter-node link to %1").arg(name),
         [spec, intraNode](core::Plan& plan) {
             (intraNode ? plan.cluster.intraNode : plan.cluster.interNode) = spec;
         });
}

void ClusterControls::sync(const core::Evaluation& evaluation) {
    const core::ClusterSpec& cluster = evaluation.plan.cluster;
    QList<QPair<QString, QString>> gpus;
    for (const auto& preset : core::builtinCatalog().gpus) {
        gpus.append(
            {QString::fromStdString(preset.displayName), QString::fromStdString(preset.spec.name)});
    }
    const QString gpuName = QString::fromStdString(cluster.gpu.name);
    syncPresetCombo(gpu_, gpus, gpuName, gpuName.isEmpty() ? tr("Custom GPU") : gpuName);
    gpuNote_->setText(
        tr("%1 memory · %2 TFLOP/s BF16 · %3 GB/s HBM")
            .arg(QString::fromStdString(
                     core::formatBytes(cluster.gpu.memoryBytes, core::ByteUnits::Binary)),
                 QString::fromStdString(core::formatFixed(cluster.gpu.peakTflops.bf16, 0)),
                 QString::fromStdString(core::formatFixed(cluster.gpu.hbmGbps, 0))));

    gpusPerNode_->setValueQuietly(cluster.gpusPerNode);
    nodes_->setValueQuietly(cluster.nodes);
    const auto clusterGpus = core::clusterGpuCount(evaluation.plan);
    nodes_->setDetail(clusterGpus == 1 ? tr("1 GPU in the cluster")
                                       : tr("%1 GPUs in the cluster").arg(clusterGpus));

    const auto links = linkItems();
    const QString intra = QString::fromStdString(cluster.intraNode.name);
    const QString inter = QString::fromStdString(cluster.interNode.name);
    syncPresetCombo(intraNode_, links, intra, intra.isEmpty() ? tr("Custom link") : intra);
    syncPresetCombo(interNode_, links, inter, inter.isEmpty() ? tr("Custom link") : inter);
}

}  // namespace fourfold::ui
