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

// Positive sizes (etp may be 0: "as tp"); validate() reports the others with their ranges.
bool sizesUsable(const ParallelSpec& parallel) {
    return parallel.tp >= 1 && parallel.cp >= 1 && parallel.dp >= 1 && parallel.pp >= 1 &&
           parallel.ep >= 1 && parallel.etp >= 0;
}

// Megatron-Core's expert generator: tp = etp, ep, dp = world / (etp·ep·pp), pp, cp = 1.
RankGenerator expertGenerator(const ParallelSpec& parallel, const detail::AxisOrder& order,
                              int expertDp) {
    AxisSizes sizes{};
    sizes[at(Axis::Tp)] = expertTensorParallel(parallel);
    sizes[at(Axis::Cp)] = 1;
    sizes[at(Axis::Ep)] = parallel.ep;
    sizes[at(Axis::Dp)] = expertDp;
    sizes[at(Axis::Pp)] = parallel.pp;
    return RankGenerator(sizes, order);
}

// Megatron-Core's decoder generator: tp, cp, dp, pp with ep = 1.
RankGenerator denseGenerator(const ParallelSpec& parallel, const detail::AxisOrder& order) {
    AxisSizes sizes{};
    sizes[at(Axis::Tp)] = parallel.tp;
    sizes[at(Axis::Cp)] = parallel.cp;
    sizes[at(Axis::Ep)] = 1;
    sizes[at(Axis::Dp)] = parallel.dp;
    sizes[at(Axis::Pp)] = parallel.pp;
    return RankGenerator(sizes, order);
}

// The expert ranks' data-parallel size, 0 when etp × ep × pp does not divide the world
// (validate() reports it).
int expertDataParallel(const ParallelSpec& parallel, std::int64_t world) {
    const std::int64_t carved =
        std::int64_t{expertTensorParallel(parallel)} * parallel.ep * parallel.pp;
    if (carved <= 0 || world % carved != 0) return 0;
    return static_cast<int>(world / carved);
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
    const int expertDp = expertDataParallel(parallel, report.worldSize);
    if (expertDp == 0) return;
    report.sizes.expertTp = expertTensorParallel(parallel);
    report.sizes.expertDp = expertDp;
    const RankGenerator expert = expertGenerator(parallel, order, expertDp);
    fillGroups(report.ep, expert, {Axis::Ep});
    fillGroups(report.expertTp, expert, {Axis::Tp});
    fillGroups(report.expertDp, expert, {Axis::Dp});
}

// Groups that span nodes where the sizes alone would not make them: validate()'s TP placement
// rule already reports a TP that exceeds or does not divide a node.
void addPlacementDiagnostics(TopologyReport& report) {
    auto& diagnostics = report.diagnostics;
    const int gpusPerNode = report.gpusPerNode;
    const GroupSet& tp = report.tp;
    if (tp.crossNodeGroups > 0 && report.sizes.tp <= gpusPerNode &&
        gpusPerNode % report.sizes.tp == 0) {
        diagnostics.push_back(makeDiagnostic(Severity::Warning, "/parallel/tp",
                                             "topology.tp_groups_span_nodes",
                                             {{"count", tp.crossNodeGroups},
                                              {"total", tp.groupCount},
                                              {"max_nodes", tp.maxNodesSpanned},
                                              {"gpus_per_node", gpusPerNode}}));
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
    const auto& parallel = plan.parallel;
    if (!sizesUsable(parallel)) return report;
    const std::int64_t world = std::int64_t{parallel.tp} * parallel.cp * parallel.dp * parallel.pp;
    if (world > kMaxTopologyRanks) return report;
    report.worldSize = static_cast<int>(world);
    report.gpusPerNode = plan.cluster.gpusPerNode > 0 ? plan.cluster.gpusPerNode : report.worldSize;
    report.nodes = (report.worldSize + report.gpusPerNode - 1) / report.gpusPerNode;
    report.sizes = {parallel.tp, parallel.cp, parallel.ep, parallel.dp, parallel.pp, 1, 1};

    const RankGenerator decoder = denseGenerator(parallel, order.order);
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
    addPlacementDiagnostics(report);
    return report;
}

ExpertPipelineCheck checkExpertPipelineLayout(const Plan& plan) {
    ExpertPipelineCheck check;
    const auto& parallel = plan.parallel;
    const detail::OrderParse order = detail::parseOrder(parallel.order);
    check.order = order.normalized;
    if (!order.permutation || !sizesUsable(parallel) || parallel.pp <= 1) return check;
    const std::int64_t world = std::int64_t{parallel.tp} * parallel.cp * parallel.dp * parallel.pp;
    if (world > kMaxTopologyRanks) return check;
    check.expertDp = expertDataParallel(parallel, world);
    if (check.expertDp == 0) return check;
    // The group of rank 0 is {0, s, 2s, …} for the pp stride s of each layout, and groups of
    // equal stride and size are the same sets, so the layouts agree exactly when the strides do.
    const GroupLayout dense = denseGenerator(parallel, order.order).groups({Axis::Pp}).layout;
    const GroupLayout expert =
        expertGenerator(parallel, order.order, check.expertDp).groups({Axis::Pp}).layout;
    check.agrees = dense.rankStride[at(Axis::Pp)] == expert.rankStride[at(Axis::Pp)];
    return check;
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
