// SPDX-License-Identifier: MIT
// Rank layout, groups, placement and diagnostics of core/topology/topology.h, against group lists
// derived by hand below (global rank = Σ index × stride, strides growing along the order
// string, first = fastest: the Megatron-Core RankGenerator convention) and the source
// article's 64-GPU example.
#include "core/rules/validate.h"
#include "core/topology/topology.h"
#include "core/topology/topology_json.h"

#include <QTest>

#include <algorithm>
#include <map>
#include <random>

using namespace fourfold::core;

namespace {

struct Sizes {
    int tp = 1, cp = 1, dp = 1, pp = 1, ep = 1, etp = 0;
};

Plan makePlan(const Sizes& sizes, const char* order = "tp-cp-ep-dp-pp", int gpusPerNode = 8) {
    Plan plan;
    plan.parallel.tp = sizes.tp;
    plan.parallel.cp = sizes.cp;
    plan.parallel.dp = sizes.dp;
    plan.parallel.pp = sizes.pp;
    plan.parallel.ep = sizes.ep;
    plan.parallel.etp = sizes.etp;
    plan.parallel.order = order;
    plan.cluster.gpusPerNode = gpusPerNode;
    plan.cluster.nodes = 0;  // 0: do not compare against a cluster size
    return plan;
}

// "0 1|2 3": groups separated by '|', ranks by spaces, for readable expectations.
QString text(const std::vector<std::vector<int>>& groups) {
    QStringList parts;
    for (const auto& group : groups) {
        QStringList ranks;
        for (int rank : group) ranks << QString::number(rank);
        parts << ranks.join(QLatin1Char(' '));
    }
    return parts.join(QLatin1Char('|'));
}

// `groups` runs of `size` consecutive ranks from 0: consecutive(4, 2) = "0 1|2 3|4 5|6 7".
QString consecutive(int groups, int size) {
    std::vector<std::vector<int>> result;
    for (int g = 0; g < groups; ++g) {
        result.emplace_back();
        for (int i = 0; i < size; ++i) result.back().push_back(g * size + i);
    }
    return text(result);
}

bool hasDiagnostic(const TopologyReport& report, Severity severity, const std::string& path,
                   const std::string& fragment) {
    return std::any_of(report.diagnostics.begin(), report.diagnostics.end(), [&](const auto& d) {
        return d.severity == severity && d.path == path &&
               d.message.find(fragment) != std::string::npos;
    });
}

}  // namespace

class TestTopology : public QObject {
    Q_OBJECT
private slots:
    void groups_data() {
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("cp");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<QString>("order");
        QTest::addColumn<QString>("tpGroups");
        QTest::addColumn<QString>("cpGroups");
        QTest::addColumn<QString>("dpGroups");
        QTest::addColumn<QString>("ppGroups");
        QTest::addColumn<QString>("modelParallel");
        QTest::addColumn<QString>("dataContext");

        // 8 ranks, tp 2 dp 2 pp 2, default order: rank = tp + 2·dp + 4·pp.
        //   tp varies by 1, dp by 2, pp by 4; model parallel (tp-pp) fixes dp.
        QTest::newRow("hand-8-tp2-dp2-pp2-default") << 2 << 1 << 2 << 2 << "tp-cp-ep-dp-pp"
                                                    << "0 1|2 3|4 5|6 7"
                                                    << "0|1|2|3|4|5|6|7"
                                                    << "0 2|1 3|4 6|5 7"
                                                    << "0 4|1 5|2 6|3 7"
                                                    << "0 1 4 5|2 3 6 7"
                                                    << "0 2|1 3|4 6|5 7";
        // Same sizes, order tp-…-pp-dp: rank = tp + 2·pp + 4·dp. Megatron-Core's docstring of
        // generate_masked_orthogonal_rank_groups gives dp = [[0,4],[1,5],[2,6],[3,7]] here.
        QTest::newRow("hand-8-tp2-pp2-dp2-megatron-docstring")
            << 2 << 1 << 2 << 2 << "tp-cp-ep-pp-dp"
            << "0 1|2 3|4 5|6 7"
            << "0|1|2|3|4|5|6|7"
            << "0 4|1 5|2 6|3 7"
            << "0 2|1 3|4 6|5 7"
            << "0 1 2 3|4 5 6 7"
            << "0 4|1 5|2 6|3 7";
        // 16 ranks, tp 2 pp 4 dp 2, default order: rank = tp + 2·dp + 4·pp. These are the
        // lists in Megatron-Core's initialize_model_parallel docstring (g0…g15).
        QTest::newRow("hand-16-tp2-pp4-megatron-docstring")
            << 2 << 1 << 2 << 4 << "tp-cp-ep-dp-pp" << consecutive(8, 2)
            << "0|1|2|3|4|5|6|7|8|9|10|11|12|13|14|15"
            << "0 2|1 3|4 6|5 7|8 10|9 11|12 14|13 15"
            << "0 4 8 12|1 5 9 13|2 6 10 14|3 7 11 15"
            << "0 1 4 5 8 9 12 13|2 3 6 7 10 11 14 15"
            << "0 2|1 3|4 6|5 7|8 10|9 11|12 14|13 15";
        // 16 ranks, same sizes, order pp-dp-tp-cp-ep: rank = pp + 4·dp + 8·tp.
        //   tp varies by 8: {r, r+8}; dp by 4 within a block of 8; pp by 1: four runs of 4.
        QTest::newRow("hand-16-pp-first")
            << 2 << 1 << 2 << 4 << "pp-dp-tp-cp-ep"
            << "0 8|1 9|2 10|3 11|4 12|5 13|6 14|7 15"
            << "0|1|2|3|4|5|6|7|8|9|10|11|12|13|14|15"
            << "0 4|1 5|2 6|3 7|8 12|9 13|10 14|11 15" << consecutive(4, 4)
            << "0 1 2 3 8 9 10 11|4 5 6 7 12 13 14 15"
            << "0 4|1 5|2 6|3 7|8 12|9 13|10 14|11 15";
        // 16 ranks with context parallelism, tp 2 cp 2 dp 2 pp 2: rank = tp + 2·cp + 4·dp + 8·pp.
        //   cp varies by 2, dp by 4; dp-cp fixes tp and pp: {0,2,4,6}, {1,3,5,7}, ...
        QTest::newRow("hand-16-cp2") << 2 << 2 << 2 << 2 << "tp-cp-ep-dp-pp" << consecutive(8, 2)
                                     << "0 2|1 3|4 6|5 7|8 10|9 11|12 14|13 15"
                                     << "0 4|1 5|2 6|3 7|8 12|9 13|10 14|11 15"
                                     << "0 8|1 9|2 10|3 11|4 12|5 13|6 14|7 15"
                                     << "0 1 8 9|2 3 10 11|4 5 12 13|6 7 14 15"
                                     << "0 2 4 6|1 3 5 7|8 10 12 14|9 11 13 15";
        // Megatron-Core's context_parallel_size docstring: 8 GPUs, tp 4, cp 2 give the CP
        // groups [0,4], [1,5], [2,6], [3,7] (rank = tp + 4·cp).
        QTest::newRow("megatron-docstring-tp4-cp2") << 4 << 2 << 1 << 1 << "tp-cp-ep-dp-pp"
                                                    << "0 1 2 3|4 5 6 7"
                                                    << "0 4|1 5|2 6|3 7"
                                                    << "0|1|2|3|4|5|6|7"
                                                    << "0|1|2|3|4|5|6|7"
                                                    << "0 1 2 3|4 5 6 7"
                                                    << "0 4|1 5|2 6|3 7";
    }
    void groups() {
        QFETCH(int, tp);
        QFETCH(int, cp);
        QFETCH(int, dp);
        QFETCH(int, pp);
        QFETCH(QString, order);
        const auto report =
            buildTopology(makePlan({tp, cp, dp, pp, 1, 0}, order.toLatin1().constData()));
        QCOMPARE(report.worldSize, tp * cp * dp * pp);
        QFETCH(QString, tpGroups);
        QFETCH(QString, cpGroups);
        QFETCH(QString, dpGroups);
        QFETCH(QString, ppGroups);
        QFETCH(QString, modelParallel);
        QFETCH(QString, dataContext);
        QCOMPARE(text(allGroups(report.tp)), tpGroups);
        QCOMPARE(text(allGroups(report.cp)), cpGroups);
        QCOMPARE(text(allGroups(report.dp)), dpGroups);
        QCOMPARE(text(allGroups(report.pp)), ppGroups);
        QCOMPARE(text(allGroups(report.modelParallel)), modelParallel);
        QCOMPARE(text(allGroups(report.dataContextParallel)), dataContext);
        QVERIFY(!hasDiagnostic(report, Severity::Error, "/parallel/order", ""));
    }

    // TP 4 on nodes of 6 GPUs (12 ranks, 2 nodes): groups {0–3}, {4–7}, {8–11}; only the
    // middle one has ranks 4, 5 on node 0 and 6, 7 on node 1. DP 3 groups {r, r+4, r+8} all
    // reach both nodes.
    void groupsSpanningNodesByIndex() {
        const auto report = buildTopology(makePlan({4, 1, 3, 1, 1, 0}, "tp-cp-ep-dp-pp", 6));
        QCOMPARE(groupsSpanningNodes(report.tp), std::vector<int>{1});
        QVERIFY(!spansNodes(report.tp, 0));
        QVERIFY(spansNodes(report.tp, 1));
        QVERIFY(!spansNodes(report.tp, 2));
        QCOMPARE(groupsSpanningNodes(report.dp), (std::vector<int>{0, 1, 2, 3}));
        const auto json = toJson(report);
        QCOMPARE(json["groups_spanning_nodes"]["tp"].get<std::vector<int>>(), std::vector<int>{1});
        QCOMPARE(json["groups_spanning_nodes"]["pp"].get<std::vector<int>>(), std::vector<int>{});
    }

    // The source article's 3D example: 64 GPUs, DP 8, TP 4, PP 2, on 8 nodes of 8 GPUs.
    // Default order: rank = tp + 4·dp + 32·pp.
    void articleSixtyFourGpus() {
        const auto report = buildTopology(makePlan({4, 1, 8, 2, 1, 0}));
        QCOMPARE(report.worldSize, 64);
        QCOMPARE(report.nodes, 8);
        // TP: 16 runs of 4 consecutive ranks, two per node, never crossing a node.
        QCOMPARE(text(allGroups(report.tp)), consecutive(16, 4));
        QCOMPARE(report.tp.crossNodeGroups, 0);
        QCOMPARE(report.tp.maxNodesSpanned, 1);
        QCOMPARE(report.tp.link, LinkClass::IntraNode);
        // PP: {r, r+32} for r = 0…31: stage 0 on nodes 0–3, stage 1 on nodes 4–7.
        QCOMPARE(report.pp.groupCount, 32);
        QCOMPARE(groupMembers(report.pp, 0), (std::vector<int>{0, 32}));
        QCOMPARE(groupMembers(report.pp, report.pp.groupCount - 1), (std::vector<int>{31, 63}));
        QCOMPARE(report.pp.crossNodeGroups, 32);
        QCOMPARE(report.pp.maxNodesSpanned, 2);
        QCOMPARE(report.pp.link, LinkClass::InterNode);
        // DP: fix tp and pp, step 4: {0,4,…,28} spans nodes 0–3.
        QCOMPARE(report.dp.groupCount, 8);
        QCOMPARE(groupMembers(report.dp, 0), (std::vector<int>{0, 4, 8, 12, 16, 20, 24, 28}));
        QCOMPARE(groupMembers(report.dp, report.dp.groupCount - 1),
                 (std::vector<int>{35, 39, 43, 47, 51, 55, 59, 63}));
        QCOMPARE(report.dp.crossNodeGroups, 8);
        QCOMPARE(report.dp.maxNodesSpanned, 4);
        // Which groups ride the inter-node network, by index: every DP and PP group, no TP one.
        QCOMPARE(groupsSpanningNodes(report.tp), std::vector<int>{});
        QCOMPARE(groupsSpanningNodes(report.dp), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
        QCOMPARE(groupsSpanningNodes(report.pp).size(), std::size_t{32});
        // No CP or EP: groups of one, which never communicate.
        QCOMPARE(report.cp.link, LinkClass::SameGpu);
        QCOMPARE(report.ep.link, LinkClass::SameGpu);
        // Rank 45 = 1 + 4·3 + 32·1: tp 1, dp 3, pp 1, on node 5 as its GPU 5. The expert
        // layout (etp 4, ep 1, edp 64 / 8 = 8) is the same here: expert tp 1, expert dp 3.
        QCOMPARE(coordinatesOfRank(report, 45), (RankCoordinates{1, 0, 0, 3, 1, 1, 3}));
        QCOMPARE(nodeOfRank(report, 45), 5);
        QCOMPARE(localGpuOfRank(report, 45), 5);
        QCOMPARE(groupOfRank(report.tp, 45), 11);
        QCOMPARE(groupMembers(report.tp, 11), (std::vector<int>{44, 45, 46, 47}));
        // A clean layout: no warnings.
        QVERIFY(std::none_of(report.diagnostics.begin(), report.diagnostics.end(),
                             [](const auto& d) { return d.severity != Severity::Info; }));
    }

    // MoE: expert groups come from Megatron-Core's expert generator
    // (tp = etp, ep, dp = world / (etp·ep·pp), pp, cp = 1) with the same order.
    void expertParallel_data() {
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("cp");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("ep");
        QTest::addColumn<int>("etp");
        QTest::addColumn<QString>("epGroups");
        QTest::addColumn<QString>("expertDpGroups");
        QTest::addColumn<int>("rank");
        QTest::addColumn<int>("epIndex");
        // tp 2, dp 8, ep 4, etp = tp = 2: edp = 16 / (2·4) = 2; rank = etp + 2·ep + 8·edp.
        QTest::newRow("hand-16-tp2-ep4")
            << 2 << 1 << 8 << 4 << 0 << "0 2 4 6|1 3 5 7|8 10 12 14|9 11 13 15"
            << "0 8|1 9|2 10|3 11|4 12|5 13|6 14|7 15" << 5 << 2;
        // Same with etp 1: edp = 16 / (1·4) = 4; rank = ep + 4·edp: runs of four.
        QTest::newRow("hand-16-tp2-ep4-etp1") << 2 << 1 << 8 << 4 << 1 << consecutive(4, 4)
                                              << "0 4 8 12|1 5 9 13|2 6 10 14|3 7 11 15" << 6 << 2;
        // CP and EP together: tp 1, cp 2, dp 4, ep 4. Dense: rank = cp + 2·dp; expert: edp =
        // 8 / 4 = 2, rank = ep + 4·edp, so each EP group takes four of the dp·cp ranks.
        QTest::newRow("hand-8-cp2-ep4") << 1 << 2 << 4 << 4 << 0 << "0 1 2 3|4 5 6 7"
                                        << "0 4|1 5|2 6|3 7" << 7 << 3;
    }
    void expertParallel() {
        QFETCH(int, tp);
        QFETCH(int, cp);
        QFETCH(int, dp);
        QFETCH(int, ep);
        QFETCH(int, etp);
        QFETCH(QString, epGroups);
        QFETCH(QString, expertDpGroups);
        QFETCH(int, rank);
        QFETCH(int, epIndex);
        const auto report = buildTopology(makePlan({tp, cp, dp, 1, ep, etp}));
        QCOMPARE(text(allGroups(report.ep)), epGroups);
        QCOMPARE(text(allGroups(report.expertDp)), expertDpGroups);
        QCOMPARE(coordinatesOfRank(report, rank).ep, epIndex);
        QCOMPARE(report.sizes.expertDp, dp * cp * tp / (ep * (etp > 0 ? etp : tp)));
        QVERIFY(!hasErrorsUnder(report.diagnostics, {"/parallel"}));
    }

    // Random valid layouts (seeded): coordinates match rank = Σ index × stride for the order,
    // rank → coordinates → rank is the identity, and every group is exactly the set of ranks
    // sharing all other coordinates (found by brute force).
    void roundTripRandom() {
        std::mt19937 random(20240601u);
        const std::vector<int> degrees{1, 2, 3, 4, 8};
        for (int trial = 0; trial < 60; ++trial) {
            std::vector<std::string> axes{"tp", "cp", "ep", "dp", "pp"};
            std::shuffle(axes.begin(), axes.end(), random);
            std::string order;
            for (const auto& axis : axes) order += (order.empty() ? "" : "-") + axis;
            const auto pick = [&] { return degrees[random() % degrees.size()]; };
            const Sizes sizes{pick(), pick(), pick(), pick(), 1, 0};
            const auto report = buildTopology(makePlan(sizes, order.c_str(), 8));
            const int world = sizes.tp * sizes.cp * sizes.dp * sizes.pp;
            QCOMPARE(report.worldSize, world);
            std::map<std::string, int> sizeOf{
                {"tp", sizes.tp}, {"cp", sizes.cp}, {"ep", 1}, {"dp", sizes.dp}, {"pp", sizes.pp}};
            std::map<std::string, int> strideOf;
            int stride = 1;
            for (const auto& axis : axes) {
                strideOf[axis] = stride;
                stride *= sizeOf[axis];
            }
            for (int rank = 0; rank < world; ++rank) {
                const RankCoordinates c = coordinatesOfRank(report, rank);
                const int rebuilt = c.tp * strideOf["tp"] + c.cp * strideOf["cp"] +
                                    c.dp * strideOf["dp"] + c.pp * strideOf["pp"];
                QCOMPARE(rebuilt, rank);
                QCOMPARE(rankOfCoordinates(report, c), rank);
            }
            // Brute force TP and DP groups: ranks sharing every other coordinate.
            std::map<std::tuple<int, int, int>, std::vector<int>> byTp, byDp;
            for (int rank = 0; rank < world; ++rank) {
                const RankCoordinates c = coordinatesOfRank(report, rank);
                byTp[{c.cp, c.dp, c.pp}].push_back(rank);
                byDp[{c.tp, c.cp, c.pp}].push_back(rank);
            }
            const auto sorted = [](const auto& map) {
                std::vector<std::vector<int>> groups;
                for (const auto& entry : map) groups.push_back(entry.second);
                std::sort(groups.begin(), groups.end());
                return groups;
            };
            QCOMPARE(allGroups(report.tp), sorted(byTp));
            QCOMPARE(allGroups(report.dp), sorted(byDp));
            for (const auto& group : allGroups(report.pp)) {
                QVERIFY(std::is_sorted(group.begin(), group.end()));
            }
        }
    }

    // The placement facts come from group layouts, never stored lists: check every kind of
    // random layouts (with experts, nodes of 1 to 8 GPUs) against the same facts counted
    // by hand from the materialised lists.
    void placementFactsMatchTheLists() {
        std::mt19937 random(20261201u);
        const std::vector<int> degrees{1, 2, 3, 4};
        const std::vector<int> nodeSizes{1, 3, 4, 6, 8};
        const char* orders[] = {"tp-cp-ep-dp-pp", "tp-pp-dp-cp-ep", "pp-dp-tp-cp-ep",
                                "dp-tp-ep-pp-cp"};
        int checkedExperts = 0;
        for (int trial = 0; trial < 80; ++trial) {
            const auto pick = [&](const std::vector<int>& from) {
                return from[random() % from.size()];
            };
            Sizes sizes{pick(degrees), pick(degrees), pick(degrees), pick(degrees), 1, 0};
            sizes.ep = pick(degrees);
            sizes.etp = pick({0, 1, 2});
            const int gpusPerNode = pick(nodeSizes);
            const auto report =
                buildTopology(makePlan(sizes, orders[random() % std::size(orders)], gpusPerNode));
            if (report.ep.groupCount > 0) ++checkedExperts;
            for (GroupKind kind : kAllGroupKinds) {
                const GroupSet& set = groupSet(report, kind);
                const auto lists = allGroups(set);
                QCOMPARE(static_cast<int>(lists.size()), set.groupCount);
                int cross = 0;
                int maxNodes = lists.empty() ? 0 : 1;
                std::vector<int> spanning;
                for (std::size_t index = 0; index < lists.size(); ++index) {
                    const auto& group = lists[index];
                    QCOMPARE(static_cast<int>(group.size()), set.groupSize);
                    QCOMPARE(groupMembers(set, static_cast<int>(index)), group);
                    std::vector<int> nodes;
                    for (int rank : group) {
                        QCOMPARE(groupOfRank(set, rank), static_cast<int>(index));
                        nodes.push_back(rank / gpusPerNode);
                    }
                    std::sort(nodes.begin(), nodes.end());
                    const auto distinct =
                        static_cast<int>(std::unique(nodes.begin(), nodes.end()) - nodes.begin());
                    maxNodes = std::max(maxNodes, distinct);
                    if (distinct > 1) {
                        ++cross;
                        spanning.push_back(static_cast<int>(index));
                    }
                    QCOMPARE(spansNodes(set, static_cast<int>(index)), distinct > 1);
                }
                QCOMPARE(set.crossNodeGroups, cross);
                QCOMPARE(set.maxNodesSpanned, maxNodes);
                QCOMPARE(groupsSpanningNodes(set), spanning);
                QCOMPARE(groupOfRank(set, -1), -1);
                QCOMPARE(groupOfRank(set, set.groupCount * set.groupSize), -1);
                QVERIFY(groupMembers(set, set.groupCount).empty());
            }
        }
        QVERIFY(checkedExperts > 10);
    }

    void diagnostics_data() {
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("ep");
        QTest::addColumn<QString>("order");
        QTest::addColumn<int>("gpusPerNode");
        QTest::addColumn<int>("severity");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("fragment");
        const auto warning = static_cast<int>(Severity::Warning);
        const auto error = static_cast<int>(Severity::Error);
        const QString def = QStringLiteral("tp-cp-ep-dp-pp");
        // tp 16 on 8-GPU nodes: every TP group covers two nodes (validate's placement rule).
        QTest::newRow("tp16-spans-8gpu-nodes")
            << 16 << 1 << 1 << 1 << def << 8 << warning << "/parallel/tp"
            << "more than gpus_per_node 8";
        // tp 2 but placed last: {r, r+8} with 16 ranks on 8-GPU nodes: all 8 groups cross.
        QTest::newRow("tp-slowest-crosses")
            << 2 << 8 << 1 << 1 << "cp-ep-dp-pp-tp" << 8 << warning << "/parallel/tp"
            << "8 of 8 tensor-parallel groups";
        QTest::newRow("tp3-does-not-divide-8")
            << 3 << 8 << 1 << 1 << def << 8 << warning << "/parallel/tp"
            << "does not divide the 8 GPUs of a node";
        QTest::newRow("world-12-on-8gpu-nodes")
            << 1 << 12 << 1 << 1 << def << 8 << warning << "/cluster/gpus_per_node"
            << "whole number";
        QTest::newRow("order-leaves-out-axes")
            << 2 << 2 << 2 << 1 << "tp-dp-pp" << 8 << error << "/parallel/order"
            << "must name tp, cp, ep, dp and pp once each";
        QTest::newRow("order-repeats")
            << 2 << 2 << 2 << 1 << "tp-tp-dp-pp-cp" << 8 << error << "/parallel/order"
            << "must name tp, cp, ep, dp and pp once each";
        QTest::newRow("order-unknown-axis")
            << 2 << 2 << 2 << 1 << "tp-cp-ep-dp-xx" << 8 << error << "/parallel/order"
            << "must name tp, cp, ep, dp and pp once each";
        // 6 ranks cannot be carved into expert groups of 4.
        QTest::newRow("ep-does-not-divide")
            << 1 << 6 << 1 << 4 << def << 8 << error << "/parallel/ep"
            << "does not divide tp 1 × cp 1 × dp 6";
        // dp 4 pp 2 ep 2, order with dp last: expert dp = 8/(1·2·2) = 2 ≠ 4, and the pipeline
        // groups differ ({0,1} dense vs {0,2} expert): Megatron-Core refuses this layout.
        QTest::newRow("moe-pp-not-last")
            << 1 << 4 << 2 << 2 << "tp-cp-ep-pp-dp" << 8 << error << "/parallel/order"
            << "pp last";
        QTest::newRow("tp-zero") << 0 << 8 << 1 << 1 << def << 8 << error << "/parallel/tp"
                                 << "tp is 0, outside its range";
        QTest::newRow("dp-negative") << 1 << -3 << 1 << 1 << def << 8 << error << "/parallel/dp"
                                     << "dp is -3, outside its range";
        QTest::newRow("world-absurd")
            << 1000 << 1000000 << 1000 << 1 << def << 8 << error << "/parallel"
            << "ranks";
        QTest::newRow("gpus-per-node-zero")
            << 2 << 2 << 1 << 1 << def << 0 << error << "/cluster/gpus_per_node"
            << "gpus_per_node is 0, outside its range";
    }
    void diagnostics() {
        QFETCH(int, tp);
        QFETCH(int, dp);
        QFETCH(int, pp);
        QFETCH(int, ep);
        QFETCH(QString, order);
        QFETCH(int, gpusPerNode);
        QFETCH(int, severity);
        QFETCH(QString, path);
        QFETCH(QString, fragment);
        // What evaluate() reports: validate()'s rules and what the mapping finds.
        Plan plan = makePlan({tp, 1, dp, pp, ep, 0}, order.toLatin1().constData(), gpusPerNode);
        if (ep > 1) plan.model.moe.experts = 8;
        TopologyReport report = buildTopology(plan);
        const std::vector<Diagnostic> rules = validate(plan);
        report.diagnostics.insert(report.diagnostics.end(), rules.begin(), rules.end());
        if (!hasDiagnostic(report, static_cast<Severity>(severity), path.toStdString(),
                           fragment.toStdString())) {
            for (const auto& d : report.diagnostics) qWarning("%s", describe(d).c_str());
            QFAIL("expected diagnostic missing");
        }
    }

    void jsonProjection() {
        const auto json = toJson(buildTopology(makePlan({4, 1, 8, 2, 1, 0})));
        QCOMPARE(QString::fromStdString(json["order"].get<std::string>()),
                 QStringLiteral("tp-cp-ep-dp-pp"));
        for (const char* key : {"tp", "cp", "ep", "dp", "pp"}) {
            QVERIFY(json["groups"].contains(key));
            QVERIFY(json["cross_node_groups"].contains(key));
        }
        QCOMPARE(json["groups"]["tp"][0].get<std::vector<int>>(), (std::vector<int>{0, 1, 2, 3}));
        QCOMPARE(json["groups"]["pp"][0].get<std::vector<int>>(), (std::vector<int>{0, 32}));
        QCOMPARE(json["cross_node_groups"]["pp"].get<int>(), 32);
        QCOMPARE(json["cross_node_groups"]["tp"].get<int>(), 0);
        QCOMPARE(json["link"]["tp"].get<std::string>(), std::string("intra_node"));
        QCOMPARE(json["nodes"].get<int>(), 8);
        // The contract's keys come first, in PLAN_FORMAT.md's order.
        QCOMPARE(json.begin().key(), std::string("order"));
    }
};

QTEST_GUILESS_MAIN(TestTopology)
#include "tst_topology.moc"
