// SPDX-License-Identifier: MIT
// Rank ↔ (tp, cp, ep, dp, pp) coordinates for an order string, the communication groups,
// node placement and the link each group rides.
// Source: Megatron-Core parallel_state / RankGenerator (order "tp-cp-ep-dp-pp", first fastest).
#pragma once

#include "core/plan/plan.h"
#include "core/text/diagnostic.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

enum class LinkClass { SameGpu, IntraNode, InterNode };

struct RankCoordinates {
    int tp = 0;
    int cp = 0;
    int ep = 0;
    int dp = 0;
    int pp = 0;
    // Indices in the expert layers' layout (Megatron-Core's expert rank generator).
    int expertTp = 0;
    int expertDp = 0;

    bool operator==(const RankCoordinates&) const = default;
};

// How one kind's groups follow from the rank (Megatron-Core's RankGenerator): per axis, indexed
// tp, cp, ep, dp, pp, its size, its stride in the global rank, and its stride in the group
// index (axes the groups fix) or in the place inside a group (axes the groups vary). Nothing
// is kept per rank or per group, so a 10^6-rank map stays a few hundred bytes and each
// question below is answered by arithmetic.
struct GroupLayout {
    std::array<int, 5> size{1, 1, 1, 1, 1};
    std::array<int, 5> rankStride{};
    std::array<int, 5> groupStride{};  // 0 for an axis the groups vary
    std::array<int, 5> placeStride{};  // 0 for an axis the groups fix

    bool operator==(const GroupLayout&) const = default;
};

struct GroupSet {
    GroupLayout layout;
    int groupCount = 0;       // groups of this kind (0: the kind is not mapped)
    int groupSize = 0;        // ranks per group (all groups of a kind are equal)
    int gpusPerNode = 0;      // the placement the facts below were counted for
    int crossNodeGroups = 0;  // groups whose ranks sit on more than one node
    int maxNodesSpanned = 0;
    LinkClass link = LinkClass::SameGpu;  // the slowest link any group of this kind rides

    bool operator==(const GroupSet&) const = default;
};

// Degrees in force: the dense layers' (tp, cp, dp, pp) and the expert layers' (etp, ep, edp).
struct TopologySizes {
    int tp = 1;
    int cp = 1;
    int ep = 1;
    int dp = 1;
    int pp = 1;
    int expertTp = 1;  // etp (tp when the plan leaves it 0)
    int expertDp = 1;  // world / (etp × ep × pp)

    bool operator==(const TopologySizes&) const = default;
};

struct TopologyReport {
    std::string order;
    int worldSize = 0;
    int gpusPerNode = 0;
    int nodes = 0;  // nodes the job occupies
    GroupSet tp, cp, ep, dp, pp;
    GroupSet modelParallel;        // tp × pp: Megatron-Core's model-parallel ("tp-pp") group
    GroupSet dataContextParallel;  // dp × cp
    GroupSet expertTp;             // the expert layers' tensor-parallel groups (etp)
    GroupSet expertDp;             // the expert layers' data-parallel groups (edp)
    TopologySizes sizes;
    std::vector<Diagnostic> diagnostics;

    bool operator==(const TopologyReport&) const = default;
};

// Every group kind a report lists, for views and tables that walk them all.
enum class GroupKind { Tp, Cp, Ep, Dp, Pp, ModelParallel, DataContextParallel, ExpertTp, ExpertDp };
inline constexpr GroupKind kAllGroupKinds[] = {GroupKind::Tp,
                                               GroupKind::Cp,
                                               GroupKind::Ep,
                                               GroupKind::Dp,
                                               GroupKind::Pp,
                                               GroupKind::ModelParallel,
                                               GroupKind::DataContextParallel,
                                               GroupKind::ExpertTp,
                                               GroupKind::ExpertDp};

// Expects a plan whose /parallel and /cluster sizes pass validation (validate() reports the
// rest); odd input (zero or negative sizes, a bad order string) yields whatever can still be
// mapped. Its diagnostics are what the mapping finds: groups that span nodes.
[[nodiscard]] TopologyReport buildTopology(const Plan& plan);

// Whether Megatron-Core's expert rank layout puts the pipeline stages on the same ranks as the
// dense layout for the plan's rank order; `agrees` when there is nothing to compare (no
// pipeline, a bad order, sizes that do not carve).
struct ExpertPipelineCheck {
    bool agrees = true;
    std::string order;  // normalised
    int expertDp = 0;   // the expert layout's data-parallel size
};
[[nodiscard]] ExpertPipelineCheck checkExpertPipelineLayout(const Plan& plan);

[[nodiscard]] const GroupSet& groupSet(const TopologyReport& report, GroupKind kind);
// The global ranks of group `index`, ascending (empty when there is no such group); groups
// are ordered by first rank, as Megatron-Core's get_ranks returns them.
[[nodiscard]] std::vector<int> groupMembers(const GroupSet& set, int index);
// The same into `members` (cleared first), for loops over many groups without allocating.
void groupMembers(const GroupSet& set, int index, std::vector<int>& members);
// Every group of the set; materialises groupCount × groupSize ranks.
[[nodiscard]] std::vector<std::vector<int>> allGroups(const GroupSet& set);
// The index of the group holding `rank`; -1 for a rank outside the set.
[[nodiscard]] int groupOfRank(const GroupSet& set, int rank);
// True when group `index` has ranks on more than one node (its first and last rank differ in
// node: the ranks are ascending and fill nodes in order).
[[nodiscard]] bool spansNodes(const GroupSet& set, int index);
// Indices, ascending, of the groups that span nodes (crossNodeGroups of them): the ones that
// ride the inter-node network.
[[nodiscard]] std::vector<int> groupsSpanningNodes(const GroupSet& set);
// The coordinates of a rank in the dense and the expert layouts; all zero outside the job.
[[nodiscard]] RankCoordinates coordinatesOfRank(const TopologyReport& report, int rank);
// "tp", "cp", "ep", "dp", "pp", "model_parallel", "data_context_parallel", "expert_tp",
// "expert_dp": the JSON keys.
[[nodiscard]] std::string_view groupKindKey(GroupKind kind);
// "same_gpu", "intra_node", "inter_node".
[[nodiscard]] std::string_view linkClassKey(LinkClass link);

// Placement: ranks fill nodes in order, node = rank / gpus_per_node (how torchrun and
// Slurm hand out ranks by default); -1 for a rank outside the job.
[[nodiscard]] int nodeOfRank(const TopologyReport& report, int rank);
[[nodiscard]] int localGpuOfRank(const TopologyReport& report, int rank);
// The rank on a node's local GPU; -1 when that GPU holds no rank of the job.
[[nodiscard]] int rankOnNodeGpu(const TopologyReport& report, int node, int localGpu);
// The inverse of coordinates: the global rank at (tp, cp, dp, pp) of the dense layout (ep and
// the expert indices follow from it); -1 when an index is out of range.
[[nodiscard]] int rankOfCoordinates(const TopologyReport& report, const RankCoordinates& at);

}  // namespace fourfold::core
