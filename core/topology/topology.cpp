// SPDX-License-Identifier: MIT
#include "core/topology/topology.h"

#include "core/topology/detail/group_layout.h"
#include "core/topology/detail/rank_generator.h"
#include "core/topology/detail/topology_placement.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>

namespace fourfold::core {
namespace {

using detail::Axis;
using detail::AxisSizes;
using detail::RankGenerator;

// Far above any job the app maps (evaluate stops at 2^20); guards the int rank arithmetic.
constexpr std::int64_t kMaxTopologyRanks = std::int64_t{1} << 24;

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

// Positive sizes or a diagnostic per bad one; true when all are usable.
bool checkSizes(const Plan& plan, std::vector<Diagnostic>& diagnostics) {
    const auto& parallel = plan.parallel;
    bool usable = true;
    const auto require = [&](int value, const char* path, const char* key, int minimum) {
        if (value >= minimum) return;
        usable = false;
        diagnostics.push_back(
            makeDiagnostic(Severity::Error, path, "topology.size_below_minimum",
                           {{"key", key}, {"minimum", minimum}, {"value", value}}));
    };
    require(parallel.tp, "/parallel/tp", "tp", 1);
    require(parallel.cp, "/parallel/cp", "cp", 1);
    require(parallel.dp, "/parallel/dp", "dp", 1);
    require(parallel.pp, "/parallel/pp", "pp", 1);
    require(parallel.ep, "/parallel/ep", "ep", 1);
    require(parallel.etp, "/parallel/etp", "etp", 0);
    return usable;
}

void fillGroups(GroupSet& set, const RankGenerator& generator,
                std::initializer_list<Axis> members) {
    set = generator.groups(members);
}

int digitOf(const GroupLayout& layout, int rank, Axis axis) {
    const std::size_t i = at(axis);
    return layout.rankStride[i] > 0 ? rank / layout.rankStride[i] % layout.size[i] : 0;
}

void addExpertLayout(const Plan& plan, const detail::AxisOrder& order, TopologyReport& report) {
    const auto& parallel = plan.parallel;
    const std::int64_t world = report.worldSize;
    const std::int64_t expertTp = expertTensorParallel(parallel);
    const std::int64_t carved = expertTp * parallel.ep * parallel.pp;
    if (carved <= 0 || world % carved != 0) {
        report.diagnostics.push_back(makeDiagnostic(Severity::Error, "/parallel/ep",
                                                    "topology.expert_groups_indivisible",
                                                    {{"etp", expertTp},
                                                     {"ep", parallel.ep},
                                                     {"pp", parallel.pp},
                                                     {"expert_ranks", carved},
                                                     {"ranks", world}}));
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
    // Both layouts must agree on the pipeline: Megatron-Core refuses otherwise. The group of
    // rank 0 is {0, s, 2s, …} for the pp stride s of each layout, and groups of equal stride
    // and size are the same sets, so the lists agree exactly when the strides do (or pp = 1).
    const GroupLayout& densePp = report.pp.layout;
    const GroupLayout expertPp = expert.groups({Axis::Pp}).layout;
    if (parallel.pp > 1 && densePp.rankStride[at(Axis::Pp)] != expertPp.rankStride[at(Axis::Pp)]) {
        report.diagnostics.push_back(makeDiagnostic(Severity::Error, "/parallel/order",
                                                    "topology.expert_pipeline_mismatch",
                                                    {{"order", report.order},
                                                     {"expert_dp", report.sizes.expertDp},
                                                     {"dp", report.sizes.dp}}));
    }
}

void addPlacementDiagnostics(const Plan& plan, TopologyReport& report) {
    auto& diagnostics = report.diagnostics;
    const int gpusPerNode = report.gpusPerNode;
    const GroupSet& tp = report.tp;
    if (tp.crossNodeGroups > 0) {
        diagnostics.push_back(makeDiagnostic(Severity::Warning, "/parallel/tp",
                                             "topology.tp_groups_span_nodes",
                                             {{"count", tp.crossNodeGroups},
                                              {"total", tp.groupCount},
                                              {"max_nodes", tp.maxNodesSpanned},
                                              {"gpus_per_node", gpusPerNode}}));
    }
    if (report.sizes.tp > 1 && gpusPerNode % report.sizes.tp != 0) {
        diagnostics.push_back(
            makeDiagnostic(Severity::Warning, "/parallel/tp", "topology.tp_divides_node",
                           {{"tp", report.sizes.tp}, {"gpus_per_node", gpusPerNode}}));
    }
    if (report.worldSize % gpusPerNode != 0) {
        diagnostics.push_back(
            makeDiagnostic(Severity::Warning, "/cluster/gpus_per_node", "topology.partial_node",
                           {{"ranks", report.worldSize}, {"gpus_per_node", gpusPerNode}}));
    }
    if (plan.cluster.nodes > 0 && report.nodes > plan.cluster.nodes) {
        diagnostics.push_back(
            makeDiagnostic(Severity::Warning, "/cluster/nodes", "topology.nodes_short",
                           {{"needed", report.nodes}, {"nodes", plan.cluster.nodes}}));
    }
    const auto note = [&](const GroupSet& set, const char* path, const char* code) {
        if (set.crossNodeGroups == 0) return;
        diagnostics.push_back(
            makeDiagnostic(Severity::Info, path, code,
                           {{"count", set.crossNodeGroups}, {"total", set.groupCount}}));
    };
    note(report.cp, "/parallel/cp", "topology.cp_groups_span_nodes");
    note(report.ep, "/parallel/ep", "topology.ep_groups_span_nodes");
}

}  // namespace

TopologyReport buildTopology(const Plan& plan) {
    TopologyReport report;
    const detail::OrderParse order = detail::parseOrder(plan.parallel.order);
    report.order = order.normalized;
    if (!order.permutation) {
        report.diagnostics.push_back(makeDiagnostic(Severity::Error, "/parallel/order",
                                                    "topology.order_invalid",
                                                    {{"order", plan.parallel.order},
                                                     {"problem", order.problem},
                                                     {"layout", order.normalized}}));
    }
    if (!checkSizes(plan, report.diagnostics)) return report;

    const auto& parallel = plan.parallel;
    const std::int64_t world = std::int64_t{parallel.tp} * parallel.cp * parallel.dp * parallel.pp;
    if (world > kMaxTopologyRanks) {
        report.diagnostics.push_back(
            makeDiagnostic(Severity::Error, "/parallel", "topology.too_many_ranks",
                           {{"ranks", world}, {"limit", kMaxTopologyRanks}}));
        return report;
    }
    report.worldSize = static_cast<int>(world);
    report.gpusPerNode = plan.cluster.gpusPerNode;
    if (report.gpusPerNode <= 0) {
        report.diagnostics.push_back(makeDiagnostic(Severity::Error, "/cluster/gpus_per_node",
                                                    "topology.gpus_per_node_not_positive",
                                                    {{"gpus_per_node", report.gpusPerNode}}));
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

void groupMembers(const GroupSet& set, int index, std::vector<int>& members) {
    members.clear();
    if (index < 0 || index >= set.groupCount) return;
    detail::memberOffsets(set.layout, set.groupSize, members);
    const int base = detail::groupBase(set.layout, index);
    for (int& rank : members) rank += base;
}

std::vector<int> groupMembers(const GroupSet& set, int index) {
    std::vector<int> members;
    groupMembers(set, index, members);
    return members;
}

std::vector<std::vector<int>> allGroups(const GroupSet& set) {
    std::vector<std::vector<int>> groups;
    if (set.groupCount <= 0) return groups;
    std::vector<int> offsets;
    detail::memberOffsets(set.layout, set.groupSize, offsets);
    groups.reserve(static_cast<std::size_t>(set.groupCount));
    detail::forEachGroupBase(set.layout, set.groupCount, [&](int, int base) {
        auto& group = groups.emplace_back(offsets);
        for (int& rank : group) rank += base;
    });
    return groups;
}

int groupOfRank(const GroupSet& set, int rank) {
    if (rank < 0 || set.groupCount <= 0 ||
        std::int64_t{rank} >= std::int64_t{set.groupCount} * set.groupSize) {
        return -1;
    }
    const GroupLayout& layout = set.layout;
    int group = 0;
    for (std::size_t axis = 0; axis < layout.size.size(); ++axis) {
        if (layout.groupStride[axis] <= 0) continue;
        group += rank / layout.rankStride[axis] % layout.size[axis] * layout.groupStride[axis];
    }
    return group;
}

bool spansNodes(const GroupSet& set, int index) {
    if (index < 0 || index >= set.groupCount || set.gpusPerNode <= 0) return false;
    const int first = detail::groupBase(set.layout, index);
    const int last = first + detail::lastMemberOffset(set.layout);
    return first / set.gpusPerNode != last / set.gpusPerNode;
}

std::vector<int> groupsSpanningNodes(const GroupSet& set) {
    std::vector<int> indices;
    if (set.crossNodeGroups <= 0 || set.gpusPerNode <= 0) return indices;
    indices.reserve(static_cast<std::size_t>(set.crossNodeGroups));
    const int last = detail::lastMemberOffset(set.layout);
    detail::forEachGroupBase(set.layout, set.groupCount, [&](int index, int base) {
        if (base / set.gpusPerNode != (base + last) / set.gpusPerNode) indices.push_back(index);
    });
    return indices;
}

RankCoordinates coordinatesOfRank(const TopologyReport& report, int rank) {
    RankCoordinates at;
    if (rank < 0 || rank >= report.worldSize) return at;
    const GroupLayout& dense = report.tp.layout;
    at.tp = digitOf(dense, rank, Axis::Tp);
    at.cp = digitOf(dense, rank, Axis::Cp);
    at.dp = digitOf(dense, rank, Axis::Dp);
    at.pp = digitOf(dense, rank, Axis::Pp);
    // The expert layout exists only when its sizes divide the world (report.ep is mapped).
    if (report.ep.groupCount > 0) {
        const GroupLayout& expert = report.ep.layout;
        at.ep = digitOf(expert, rank, Axis::Ep);
        at.expertTp = digitOf(expert, rank, Axis::Tp);
        at.expertDp = digitOf(expert, rank, Axis::Dp);
    }
    return at;
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
