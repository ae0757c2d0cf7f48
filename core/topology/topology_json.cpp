// SPDX-License-Identifier: MIT
#include "core/topology/topology_json.h"

namespace fourfold::core {
namespace {

constexpr GroupKind kContractKinds[] = {GroupKind::Tp, GroupKind::Cp, GroupKind::Ep, GroupKind::Dp,
                                        GroupKind::Pp};
constexpr GroupKind kExtraKinds[] = {GroupKind::ModelParallel, GroupKind::DataContextParallel,
                                     GroupKind::ExpertTp, GroupKind::ExpertDp};

std::string key(GroupKind kind) { return std::string(groupKindKey(kind)); }

}  // namespace

nlohmann::ordered_json toJson(const TopologyReport& report, ListMode groups) {
    using Json = nlohmann::ordered_json;
    Json json = Json::object();
    // PLAN_FORMAT.md's keys first, in its order; the rest are additions.
    json["order"] = report.order;
    if (groups != ListMode::Omit) {
        Json lists = Json::object();
        const auto list = [&](GroupKind kind) {
            return groups == ListMode::Full ? Json(allGroups(groupSet(report, kind))) : Json();
        };
        for (GroupKind kind : kContractKinds) lists[key(kind)] = list(kind);
        for (GroupKind kind : kExtraKinds) lists[key(kind)] = list(kind);
        json["groups"] = std::move(lists);
    }

    Json spanning = Json::object();
    Json crossNode = Json::object();
    Json nodesSpanned = Json::object();
    Json links = Json::object();
    for (GroupKind kind : kAllGroupKinds) {
        const GroupSet& set = groupSet(report, kind);
        crossNode[key(kind)] = set.crossNodeGroups;
        // Indices into the group lists, as long as they are: they follow the lists' mode.
        if (groups == ListMode::Full) spanning[key(kind)] = groupsSpanningNodes(set);
        if (groups == ListMode::Placeholder) spanning[key(kind)] = Json();
        nodesSpanned[key(kind)] = set.maxNodesSpanned;
        links[key(kind)] = std::string(linkClassKey(set.link));
    }
    json["cross_node_groups"] = std::move(crossNode);
    json["max_nodes_spanned"] = std::move(nodesSpanned);
    json["link"] = std::move(links);

    json["world_size"] = report.worldSize;
    json["gpus_per_node"] = report.gpusPerNode;
    json["nodes"] = report.nodes;
    if (groups != ListMode::Omit) json["groups_spanning_nodes"] = std::move(spanning);
    json["sizes"] = {{"tp", report.sizes.tp},       {"cp", report.sizes.cp},
                     {"ep", report.sizes.ep},       {"dp", report.sizes.dp},
                     {"pp", report.sizes.pp},       {"etp", report.sizes.expertTp},
                     {"edp", report.sizes.expertDp}};
    return json;
}

}  // namespace fourfold::core
