// SPDX-License-Identifier: MIT
// The one table of parallel axes: every row's key is the plan JSON's key for the same value,
// its field reads and writes that value, and its coordinate and size match the topology.
#include "core/plan/plan_json.h"
#include "core/topology/parallel_axis.h"
#include "core/topology/topology.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <set>

using namespace fourfold::core;

class TestParallelAxis : public QObject {
    Q_OBJECT
private slots:
    void keysAreThePlanJsonKeys() {
        Plan plan;
        // Distinct values, so a row reading the wrong field cannot pass by chance.
        int value = 2;
        for (const ParallelAxisInfo& axis : kParallelAxes)
            setParallelValue(plan, axis.axis, value++);
        const auto json = nlohmann::json::parse(planToJson(plan));
        std::set<std::string_view> keys;
        for (const ParallelAxisInfo& axis : kParallelAxes) {
            QVERIFY2(json["parallel"].contains(std::string(axis.key)), axis.key.data());
            QCOMPARE(json["parallel"][std::string(axis.key)].get<int>(),
                     parallelValue(plan, axis.axis));
            QVERIFY(keys.insert(axis.key).second);  // no key twice
        }
        QCOMPARE(plan.parallel.pp, 2);  // the table's first row is the pipeline
        QCOMPARE(plan.parallel.shardingGroup, 2 + kParallelAxisCount - 1);
    }

    // Megatron-Core order tp-cp-ep-dp-pp with tp 2, dp 2, pp 2: rank 5 = 1 + 2·0 + 4·1 has
    // tp 1, dp 0, pp 1.
    void coordinatesAndSizesFollowTheTopology() {
        Plan plan;
        plan.parallel.tp = 2;
        plan.parallel.dp = 2;
        plan.parallel.pp = 2;
        plan.cluster.gpusPerNode = 8;
        plan.cluster.nodes = 1;
        const TopologyReport report = buildTopology(plan);
        const RankCoordinates rank5 = coordinatesOfRank(report, 5);
        QCOMPARE(axisCoordinate(rank5, ParallelAxis::Tensor), 1);
        QCOMPARE(axisCoordinate(rank5, ParallelAxis::Data), 0);
        QCOMPARE(axisCoordinate(rank5, ParallelAxis::Pipeline), 1);
        QCOMPARE(axisCoordinate(rank5, ParallelAxis::Context), 0);
        QCOMPARE(axisSize(report.sizes, ParallelAxis::Pipeline), 2);
        QCOMPARE(axisSize(report.sizes, ParallelAxis::Expert), 1);
        // Axes ranks are not laid out along have neither.
        QCOMPARE(axisCoordinate(rank5, ParallelAxis::VirtualStages), 0);
        QCOMPARE(axisSize(report.sizes, ParallelAxis::ShardingGroup), 1);
        QVERIFY(axisInfo(ParallelAxis::ShardingGroup).coordinate == nullptr);
        QCOMPARE(axisInfo(ParallelAxis::ShardingGroup).neutral, 0);  // 0: all DP ranks
    }
};

QTEST_GUILESS_MAIN(TestParallelAxis)
#include "tst_parallel_axis.moc"
