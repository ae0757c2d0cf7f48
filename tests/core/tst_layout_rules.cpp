// SPDX-License-Identifier: MIT
// One rule per fact: what a parallel slider offers is exactly what validate() accepts, both ways,
// over every slider stop of a few clusters and every layout the search returns for them. The
// facts a slider refuses are listed here on their own (the policy, written out): a stop is
// offered exactly when validate() reports none of them for the plan the slider's edit gives.
#include "core/plan/catalog.h"
#include "core/rules/layout_rules.h"
#include "core/rules/parallel_choices.h"
#include "core/rules/parallel_edit.h"
#include "core/rules/validate.h"
#include "core/search/search.h"

#include <QTest>

#include <algorithm>
#include <set>
#include <string>

using namespace fourfold::core;

Q_DECLARE_METATYPE(fourfold::core::Plan)

namespace {

// The facts a slider never steps onto (each is one of validate()'s codes).
const std::set<std::string>& refusedFacts() {
    static const std::set<std::string> facts = {
        "range.out_of_range",
        "range.above_minimum",
        "parallel.world_size_too_large",
        "parallel.world_above_gpus",
        "parallel.world_untiled",
        "parallel.tp_divides_heads",
        "parallel.tp_divides_kv_heads",
        "parallel.tp_divides_ffn_hidden",
        "parallel.tp_crosses_nodes",
        "topology.tp_divides_node",
        "pipeline.pp_above_layers",
        "parallel.cp_divides_sequence",
        "parallel.cp_load_balance",
        "pipeline.virtual_stages_need_interleaving",
        "pipeline.virtual_stages_need_pipeline",
        "pipeline.chunks_divide_layers",
        "pipeline.interleaved_micro_batches",
        "parallel.ep_needs_moe",
        "parallel.ep_divides_experts",
        "parallel.expert_ranks_divide_dense_ranks",
        "parallel.sharding_group_divides_dp",
    };
    return facts;
}

std::vector<std::string> refusals(const Plan& plan) {
    std::vector<std::string> codes;
    for (const Diagnostic& diagnostic : validate(plan)) {
        if (refusedFacts().count(diagnostic.code) != 0) codes.push_back(diagnostic.code);
    }
    return codes;
}

bool reports(const Plan& plan, std::string_view code) {
    const std::vector<Diagnostic> all = validate(plan);
    return std::any_of(all.begin(), all.end(), [&](const Diagnostic& d) { return d.code == code; });
}

std::int64_t worldOf(const Plan& plan) {
    const ParallelSpec& p = plan.parallel;
    return std::int64_t{p.dp} * p.tp * p.pp * p.cp;
}

Plan preset(const char* model, int gpusPerNode, int nodes, int dp, int tp, int pp) {
    Plan plan = defaultPlan();
    plan.model = findModelPreset(model)->spec;
    plan.cluster.gpusPerNode = gpusPerNode;
    plan.cluster.nodes = nodes;
    plan.parallel.dp = dp;
    plan.parallel.tp = tp;
    plan.parallel.pp = pp;
    plan.training.microBatch = 1;
    plan.training.gradAccumulation = 8;
    plan.training.globalBatch.reset();
    return plan;
}

constexpr ParallelAxis kAxes[] = {ParallelAxis::Data,         ParallelAxis::Tensor,
                                  ParallelAxis::Pipeline,     ParallelAxis::Context,
                                  ParallelAxis::Expert,       ParallelAxis::VirtualStages,
                                  ParallelAxis::ShardingGroup};

// Every value a slider could be asked about: 0 to 64, the cluster's divisors and a few beyond.
std::vector<int> probes(const Plan& plan) {
    std::set<int> values;
    for (int value = 0; value <= 64; ++value) values.insert(value);
    for (int value : divisorsOf(clusterGpuCount(plan))) values.insert(value);
    for (int value : {96, 128, 256, 1024}) values.insert(value);
    return {values.begin(), values.end()};
}

void addPlans() {
    QTest::addColumn<Plan>("plan");
    QTest::newRow("llama2-7b-8xh100") << preset("llama2-7b", 8, 1, 8, 1, 1);
    QTest::newRow("llama2-13b-64gpu-tp2-pp2") << preset("llama2-13b", 8, 8, 16, 2, 2);
    Plan interleaved = preset("gpt3-13b", 8, 4, 4, 4, 2);
    interleaved.parallel.schedule = ScheduleKind::Interleaved1F1B;
    interleaved.parallel.virtualStages = 2;
    QTest::newRow("gpt3-13b-32gpu-interleaved") << interleaved;
    Plan moe = preset("mixtral-8x7b", 8, 4, 16, 2, 1);
    moe.parallel.ep = 8;
    QTest::newRow("mixtral-32gpu-ep8") << moe;
    QTest::newRow("llama2-7b-6gpu-nodes") << preset("llama2-7b", 6, 3, 9, 2, 1);
}

}  // namespace

class TestLayoutRules : public QObject {
    Q_OBJECT
private slots:
    void basePlansAreClean_data() { addPlans(); }
    void basePlansAreClean() {
        QFETCH(Plan, plan);
        QVERIFY(!hasErrors(validate(plan)));
        QCOMPARE(refusals(plan), std::vector<std::string>{});
    }

    // A stop is offered exactly when validate() finds none of the refused facts in the plan the
    // slider's edit gives; a refused value is refused for a fact validate() reports for that plan,
    // in the same words. The one preference beyond the facts: TP, PP and CP offer the values that
    // keep every GPU busy when some do, so a value left out for that alone leaves GPUs idle.
    void slidersOfferWhatValidateAccepts_data() { addPlans(); }
    void slidersOfferWhatValidateAccepts() {
        QFETCH(Plan, plan);
        int offered = 0;
        int refused = 0;
        for (const ParallelAxis axis : kAxes) {
            const std::vector<int> stops = parallelStops(plan, axis);
            bool someStopTiles = false;
            for (const int stop : stops) {
                someStopTiles = someStopTiles || worldOf(withParallelDegree(plan, axis, stop)) ==
                                                     clusterGpuCount(plan);
            }
            for (const int value : probes(plan)) {
                const Plan edited = withParallelDegree(plan, axis, value);
                const std::vector<std::string> found = refusals(edited);
                const bool isStop = std::find(stops.begin(), stops.end(), value) != stops.end();
                const QByteArray where = QByteArray(axisInfo(axis).key.data()) + " " +
                                         QByteArray::number(value) + ": " +
                                         QByteArray(found.empty() ? "" : found.front().c_str());
                if (isStop) {
                    ++offered;
                    QVERIFY2(found.empty(), where.constData());
                    QVERIFY2(!hasErrors(validate(edited)), where.constData());
                    continue;
                }
                ++refused;
                if (found.empty()) {
                    // Only the preference for a busy cluster may leave a clean value out.
                    QVERIFY2(axis == ParallelAxis::Tensor || axis == ParallelAxis::Pipeline ||
                                 axis == ParallelAxis::Context,
                             where.constData());
                    QVERIFY2(someStopTiles && reports(edited, "parallel.world_below_gpus"),
                             where.constData());
                    continue;
                }
                const Diagnostic reason = choiceProblem(plan, axis, value);
                if (!reason.code.empty() && refusedFacts().count(reason.code) != 0 &&
                    std::find(found.begin(), found.end(), reason.code) == found.end()) {
                    // The slider may name the fact as the plan stood (DP still at its old value,
                    // a dependent degree not yet repaired): then that fact holds for the plan with
                    // only this value changed.
                    Plan alone = plan;
                    setParallelValue(alone, axis, value);
                    if (axis == ParallelAxis::Tensor || axis == ParallelAxis::Pipeline ||
                        axis == ParallelAxis::Context) {
                        alone.parallel.dp = 1;
                    }
                    QVERIFY2(reports(alone, reason.code), where.constData());
                }
            }
        }
        QVERIFY(offered > 10);
        QVERIFY(refused > 10);
    }

    // Every layout the search returns is a position every slider accepts, and validate() finds
    // none of the refused facts in it.
    void searchCandidatesAreSliderPositions_data() { addPlans(); }
    void searchCandidatesAreSliderPositions() {
        QFETCH(Plan, plan);
        plan.training.globalBatch = std::int64_t{plan.training.microBatch} *
                                    plan.training.gradAccumulation * plan.parallel.dp;
        SearchOptions options;
        options.top = 200;
        options.threads = 1;
        const SearchResult result = search(plan, options);
        QVERIFY(!result.candidates.empty());
        for (const SearchCandidate& candidate : result.candidates) {
            QCOMPARE(refusals(candidate.plan), std::vector<std::string>{});
            QVERIFY(!hasErrors(validate(candidate.plan)));
            for (const ParallelAxis axis : kAxes) {
                const int value = parallelValue(candidate.plan, axis);
                QVERIFY2(isValidChoice(candidate.plan, axis, value),
                         choiceProblem(candidate.plan, axis, value).message.c_str());
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestLayoutRules)
#include "tst_layout_rules.moc"
