// SPDX-License-Identifier: MIT
#include "core/topology.h"

#include "core/detail/topology/rank_generator.h"
#include "core/detail/topology/topology_placement.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>

namespace fourfold::core {
namespace {

using detail::Axis;
using detail::AxisIndices;
using detail::AxisSizes;
using detail::RankGenerator;

// Far above any job the app maps (evaluate stops at 2^20); guards the int rank arithmetic.
constexpr std::int64_t kMaxRanks = std::int64_t{1} << 24;

std::size_t at(Axis axis) { return static_cast<std::size_t>(axis); }

// Every group kind once: its JSON key and where the report keeps its groups.
struct GroupKindInfo {
    GroupKind kind;
    std::string_view key;
    GroupSet TopologyReport::*set;
};
constexpr GroupKindInfo kGroupKinds[] = {
    {GroupKind::Tp, "tp", &TopologyReport::tp},
    {GroupKind::Cp, "cp", &TopologyReport::cp},
    {GroupKind::Ep, "ep", &TopologyReport::ep},
    {GroupKind::Dp, "dp", &TopologyReport::dp},
    {GroupKind::Pp, "pp", &TopologyReport::pp},
    {GroupKind::ModelParallel, "model_parallel", &TopologyReport::modelParallel},
    {GroupKind::DataContextParallel, "data_context_parallel", &TopologyReport::dataContextParallel},
    {GroupKind::ExpertTp, "expert_tp", &TopologyReport::expertTp},
    {GroupKind::ExpertDp, "expert_dp", &TopologyReport::expertDp},
};
static_assert(std::size(kGroupKinds) == std::size(kAllGroupKinds));

constexpr const GroupKindInfo& groupKindInfo(GroupKind kind) {
    return kGroupKinds[static_cast<std::size_t>(kind)];
}

std::string groupsPhrase(int count, int total, const std::string& noun) {
    return std::to_string(count) + " of " + std::to_string(total) + " " + noun +
           (total == 1 ? "" : "s");
}

// Positive sizes or a diagnostic per bad one; true when all are usable.
bool checkSizes(const Plan& plan, std::vector<Diagnostic>& diagnostics) {
    const auto& parallel = plan.parallel;
    bool usable = true;
    const auto require = [&](int value, const char* path, const char* what, int minimum) {
        if (value >= minimum) return;
        usable = false;
        diagnostics.push_back({Severity::Error, path,
                               std::string(what) + " must be at least " + std::to_string(minimum) +
                                   ", got " + std::to_string(value) + "; ranks cannot be mapped."});
    };
    require(parallel.tp, "/parallel/tp", "The tensor-parallel size", 1);
    require(parallel.cp, "/parallel/cp", "The context-parallel size", 1);
    require(parallel.dp, "/parallel/dp", "The data-parallel size", 1);
    require(parallel.pp, "/parallel/pp", "The pipeline-parallel size", 1);
    require(parallel.ep, "/parallel/ep", "The expert-parallel size", 1);
    require(parallel.etp, "/parallel/etp", "The expert tensor-parallel size", 0);
    return usable;
}

void fillGroups(GroupSet& set, const RankGenerator& generator,
                std::initializer_list<Axis> members) {
    set.groups = generator.groups(members, &set.groupOfRank);
}

void addExpertLayout(const Plan& plan, const detail::AxisOrder& order, TopologyReport& report) {
    const auto& parallel = plan.parallel;
    const std::int64_t world = report.worldSize;
    const std::int64_t expertTp = expertTensorParallel(parallel);
    const std::int64_t carved = expertTp * parallel.ep * parallel.pp;
    if (carved <= 0 || world % carved != 0) {
        report.diagnostics.push_back(
            {Severity::Error, "/parallel/ep",
             "Expert layers need etp × ep × pp = " + std::to_string(expertTp) + " × " +
                 std::to_string(parallel.ep) + " × " + std::to_string(parallel.pp) + " = " +
                 std::to_string(carved) + " to divide the " + std::to_string(world) +
                 " ranks; expert-parallel groups cannot be formed."});
        return;
    }
    report.sizes.expertTp = static_cast<int>(expertTp);
    report.sizes.expertDp = static_cast<int>(world / carved);
    // Megatron-Core's expert generator: tp = etp, ep, dp = world / (etp·ep·pp), pp, cp = 1.
    AxisSizes sizes{};
    sizes[at(Axis::Tp)] = report.sizes.expertTp;
    sizes[at(Axis::Cp)] = 1;
    sizes[at(Axis::Ep)] = parallel.ep;
    sizes[at(Axis::Dp)] = report.sizes.expertDp;
    sizes[at(Axis::Pp)] = parallel.pp;
    const RankGenerator expert(sizes, order);
    fillGroups(report.ep, expert, {Axis::Ep});
    fillGroups(report.expertTp, expert, {Axis::Tp});
    fillGroups(report.expertDp, expert, {Axis::Dp});
    for (int rank = 0; rank < expert.worldSize(); ++rank) {
        const AxisIndices indices = expert.indicesOf(rank);
        auto& coordinates = report.coordinates[static_cast<std::size_t>(rank)];
        coordinates.ep = indices[at(Axis::Ep)];
        coordinates.expertTp = indices[at(Axis::Tp)];
        coordinates.expertDp = indices[at(Axis::Dp)];
    }
    // Both layouts must agree on the pipeline: Megatron-Core refuses otherwise.
    if (expert.groups({Axis::Pp}, nullptr) != report.pp.groups) {
        report.diagnostics.push_back(
            {Severity::Error, "/parallel/order",
             "With the order \"" + report.order +
                 "\" the expert layers would place pipeline stages on other ranks than the "
                 "dense layers (their data-parallel sizes differ: " +
                 std::to_string(report.sizes.expertDp) + " vs " + std::to_string(report.sizes.dp) +
                 "); put pp last in the order."});
    }
}

void addPlacementDiagnostics(const Plan& plan, TopologyReport& report) {
    auto& diagnostics = report.diagnostics;
    const int gpusPerNode = report.gpusPerNode;
    const GroupSet& tp = report.tp;
    if (tp.crossNodeGroups > 0) {
        diagnostics.push_back(
            {Severity::Warning, "/parallel/tp",
             groupsPhrase(tp.crossNodeGroups, static_cast<int>(tp.groups.size()),
                          "tensor-parallel group") +
                 " span more than one node (up to " + std::to_string(tp.maxNodesSpanned) +
                 "). TP talks in every layer, so those collectives ride the slow inter-node "
                 "network: keep tp within a node's " +
                 std::to_string(gpusPerNode) + " GPUs and first in the order."});
    }
    if (report.sizes.tp > 1 && gpusPerNode % report.sizes.tp != 0) {
        diagnostics.push_back({Severity::Warning, "/parallel/tp",
                               "tp = " + std::to_string(report.sizes.tp) + " does not divide the " +
                                   std::to_string(gpusPerNode) +
                                   " GPUs of a node, so tensor-parallel groups cannot all stay "
                                   "inside one node."});
    }
    if (report.worldSize % gpusPerNode != 0) {
        diagnostics.push_back({Severity::Warning, "/cluster/gpus_per_node",
                               std::to_string(report.worldSize) +
                                   (report.worldSize == 1 ? " rank does" : " ranks do") +
                                   " not fill a whole number of " + std::to_string(gpusPerNode) +
                                   "-GPU nodes: the last node is only partly used."});
    }
    if (plan.cluster.nodes > 0 && report.nodes > plan.cluster.nodes) {
        diagnostics.push_back({Severity::Warning, "/cluster/nodes",
                               "The job needs " + std::to_string(report.nodes) +
                                   " nodes but the cluster has " +
                                   std::to_string(plan.cluster.nodes) + "."});
    }
    const auto note = [&](const GroupSet& set, const char* path, const char* noun,
                          const char* traffic) {
        if (set.crossNodeGroups == 0) return;
        diagnostics.push_back(
            {Severity::Info, path,
             groupsPhrase(set.crossNodeGroups, static_cast<int>(set.groups.size()), noun) +
                 " span nodes: " + traffic});
    };
    note(report.cp, "/parallel/cp", "context-parallel group",
         "their per-layer exchange of keys and values rides the inter-node network.");
    note(report.ep, "/parallel/ep", "expert-parallel group",
         "their token all-to-all in every MoE layer rides the inter-node network.");
}

}  // namespace

TopologyReport buildTopology(const Plan& plan) {
    TopologyReport report;
    const detail::OrderParse order = detail::parseOrder(plan.parallel.order);
    report.order = order.normalized;
    if (!order.permutation) {
        report.diagnostics.push_back(
            {Severity::Error, "/parallel/order",
             "The order \"" + plan.parallel.order +
                 "\" must name tp, cp, ep, dp and pp once each, joined by dashes (" +
                 order.problem + "); ranks are laid out as " + order.normalized + "."});
    }
    if (!checkSizes(plan, report.diagnostics)) return report;

    const auto& parallel = plan.parallel;
    const std::int64_t world = std::int64_t{parallel.tp} * parallel.cp * parallel.dp * parallel.pp;
    if (world > kMaxRanks) {
        report.diagnostics.push_back({Severity::Error, "/parallel",
                                      "The job has " + std::to_string(world) +
                                          " ranks, more than the " + std::to_string(kMaxRanks) +
                                          " a rank map can hold."});
        return report;
    }
    report.worldSize = static_cast<int>(world);
    report.gpusPerNode = plan.cluster.gpusPerNode;
    if (report.gpusPerNode <= 0) {
        report.diagnostics.push_back({Severity::Error, "/cluster/gpus_per_node",
                                      "GPUs per node must be positive, got " +
                                          std::to_string(report.gpusPerNode) +
                                          "; all ranks are drawn on one node."});
        report.gpusPerNode = report.worldSize;
    }
    report.nodes = (report.worldSize + report.gpusPerNode - 1) / report.gpusPerNode;
    report.sizes = {parallel.tp, parallel.cp, parallel.ep, parallel.dp, parallel.pp, 1, 1};

    // Megatron-Core's decoder generator: tp, cp, dp, pp with ep = 1.
    AxisSizes sizes{};
    sizes[at(Axis::Tp)] = parallel.tp;
    sizes[at(Axis::Cp)] = parallel.cp;
    sizes[at(Axis::Ep)] = 1;
    sizes[at(Axis::Dp)] = parallel.dp;
    sizes[at(Axis::Pp)] = parallel.pp;
    const RankGenerator decoder(sizes, order.order);
    fillGroups(report.tp, decoder, {Axis::Tp});
    fillGroups(report.cp, decoder, {Axis::Cp});
    fillGroups(report.dp, decoder, {Axis::Dp});
    fillGroups(report.pp, decoder, {Axis::Pp});
    fillGroups(report.modelParallel, decoder, {Axis::Tp, Axis::Pp});
    fillGroups(report.dataContextParallel, decoder, {Axis::Dp, Axis::Cp});
    report.coordinates.resize(static_cast<std::size_t>(report.worldSize));
    for (int rank = 0; rank < report.worldSize; ++rank) {
        const AxisIndices indices = decoder.indicesOf(rank);
        auto& coordinates = report.coordinates[static_cast<std::size_t>(rank)];
        coordinates.tp = indices[at(Axis::Tp)];
        coordinates.cp = indices[at(Axis::Cp)];
        coordinates.dp = indices[at(Axis::Dp)];
        coordinates.pp = indices[at(Axis::Pp)];
    }
    addExpertLayout(plan, order.order, report);

    for (const GroupKindInfo& kind : kGroupKinds) {
        detail::placeGroups(report.*kind.set, report.gpusPerNode);
    }
    addPlacementDiagnostics(plan, report);
    return report;
}

const GroupSet& groupSet(const TopologyReport& report, GroupKind kind) {
    return report.*groupKindInfo(kind).set;
}

bool spansNodes(const GroupSet& set, int index) {
    return std::binary_search(set.groupsSpanningNodes.begin(), set.groupsSpanningNodes.end(),
                              index);
}

std::string_view groupKindKey(GroupKind kind) { return groupKindInfo(kind).key; }

std::string_view linkClassKey(LinkClass link) {
    switch (link) {
        case LinkClass::SameGpu:
            return "same_gpu";
        case LinkClass::IntraNode:
            return "intra_node";
        case LinkClass::InterNode:
            return "inter_node";
    }
    return "";
}

int nodeOfRank(const TopologyReport& report, int rank) {
    if (rank < 0 || rank >= report.worldSize || report.gpusPerNode <= 0) return -1;
    return rank / report.gpusPerNode;
}

int localGpuOfRank(const TopologyReport& report, int rank) {
    if (rank < 0 || rank >= report.worldSize || report.gpusPerNode <= 0) return -1;
    return rank % report.gpusPerNode;
}

int rankOnNodeGpu(const TopologyReport& report, int node, int localGpu) {
    if (node < 0 || localGpu < 0 || localGpu >= report.gpusPerNode) return -1;
    const std::int64_t rank = std::int64_t{node} * report.gpusPerNode + localGpu;
    return rank < report.worldSize ? static_cast<int>(rank) : -1;
}

int rankOfCoordinates(const TopologyReport& report, const RankCoordinates& at) {
    const auto& sizes = report.sizes;
    const auto inside = [](int index, int size) { return index >= 0 && index < size; };
    if (report.worldSize <= 0 || !inside(at.tp, sizes.tp) || !inside(at.cp, sizes.cp) ||
        !inside(at.dp, sizes.dp) || !inside(at.pp, sizes.pp)) {
        return -1;
    }
    AxisSizes axisSizes{sizes.tp, sizes.cp, 1, sizes.dp, sizes.pp};
    const RankGenerator decoder(axisSizes, detail::parseOrder(report.order).order);
    return decoder.rankOf({at.tp, at.cp, 0, at.dp, at.pp});
}

}  // namespace fourfold::core
