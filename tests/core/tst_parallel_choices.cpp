// SPDX-License-Identifier: MIT
// The values each parallel slider steps through, derived by hand from the rules in
// core/rules/parallel_choices.cpp (Megatron-LM's divisibility rules and the one-node TP policy).
#include "core/rules/parallel_choices.h"
#include "core/rules/validate.h"

#include <QTest>

#include <climits>

using namespace fourfold::core;

Q_DECLARE_METATYPE(std::vector<int>)
Q_DECLARE_METATYPE(fourfold::core::Plan)

namespace {

// Llama-2 7B (Touvron et al. 2023, Table 1 shapes): 32 layers, 32 heads, FFN 11008,
// sequence 4096, on one node of 8 GPUs with DP 8 (the source article's setting).
Plan llama2_7b() {
    Plan plan;
    plan.model.layers = 32;
    plan.model.hidden = 4096;
    plan.model.heads = 32;
    plan.model.kvHeads = 32;
    plan.model.ffnHidden = 11008;
    plan.model.sequence = 4096;
    plan.parallel.dp = 8;
    plan.cluster.gpusPerNode = 8;
    plan.cluster.nodes = 1;
    return plan;
}

Plan cluster(Plan plan, int gpusPerNode, int nodes) {
    plan.cluster.gpusPerNode = gpusPerNode;
    plan.cluster.nodes = nodes;
    return plan;
}

Plan parallel(Plan plan, int dp, int tp, int pp, int cp) {
    plan.parallel.dp = dp;
    plan.parallel.tp = tp;
    plan.parallel.pp = pp;
    plan.parallel.cp = cp;
    return plan;
}

std::vector<int> range(int first, int last) {
    std::vector<int> values;
    for (int value = first; value <= last; ++value) values.push_back(value);
    return values;
}

const ParallelAxis kAxes[] = {ParallelAxis::Data,         ParallelAxis::Tensor,
                              ParallelAxis::Pipeline,     ParallelAxis::Context,
                              ParallelAxis::Expert,       ParallelAxis::VirtualStages,
                              ParallelAxis::ShardingGroup};

}  // namespace

class TestParallelChoices : public QObject {
    Q_OBJECT
private slots:
    void divisors_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<std::vector<int>>("expected");
        QTest::newRow("zero-has-none") << qint64(0) << std::vector<int>{};
        QTest::newRow("negative-has-none") << qint64(-12) << std::vector<int>{};
        QTest::newRow("one") << qint64(1) << std::vector<int>{1};
        QTest::newRow("twelve") << qint64(12) << std::vector<int>{1, 2, 3, 4, 6, 12};
        QTest::newRow("square-36") << qint64(36) << std::vector<int>{1, 2, 3, 4, 6, 9, 12, 18, 36};
        QTest::newRow("prime-int-max") << qint64(INT_MAX) << std::vector<int>{1, INT_MAX};
        // 2^40 has divisors 2^0 .. 2^40; only those up to 2^30 fit an int.
        std::vector<int> powers;
        for (int shift = 0; shift <= 30; ++shift) powers.push_back(1 << shift);
        QTest::newRow("2^40-int-range-only") << (qint64(1) << 40) << powers;
    }
    void divisors() {
        QFETCH(qint64, n);
        QFETCH(std::vector<int>, expected);
        QCOMPARE(divisorsOf(n), expected);
    }

    // TP divides heads, key/value heads and FFN width, and the GPUs of a node.
    void tensor_data() {
        QTest::addColumn<Plan>("plan");
        QTest::addColumn<std::vector<int>>("expected");
        // 32 heads allow {1,2,4,8,16,32}; an 8-GPU node caps it at 8.
        QTest::newRow("megatron-heads-llama2-7b-8gpu-node")
            << llama2_7b() << std::vector<int>{1, 2, 4, 8};
        // A 16-GPU node lets 16 through: 32 % 16 = 0 and 11008 / 16 = 688.
        QTest::newRow("llama2-7b-16gpu-node")
            << cluster(llama2_7b(), 16, 1) << std::vector<int>{1, 2, 4, 8, 16};
        // Llama-2 70B: 64 heads but 8 key/value groups (GQA); FFN 28672.
        Plan llama70 = cluster(llama2_7b(), 16, 1);
        llama70.model.heads = 64;
        llama70.model.kvHeads = 8;
        llama70.model.ffnHidden = 28672;
        QTest::newRow("megatron-query-groups-llama2-70b")
            << llama70 << std::vector<int>{1, 2, 4, 8};
        // GPT-3 175B (Brown et al. 2020): 96 heads, FFN 49152 on a 6-GPU node (divisors 1,2,3,6;
        // 96 / 3 = 32 and 49152 / 3 = 16384).
        Plan gpt3 = cluster(llama2_7b(), 6, 4);
        gpt3.model.heads = 96;
        gpt3.model.kvHeads = 96;
        gpt3.model.ffnHidden = 49152;
        QTest::newRow("gpt3-175b-6gpu-node") << gpt3 << std::vector<int>{1, 2, 3, 6};
        // GPT-2 XL: 25 heads, FFN 6400; 5 and 25 do not divide an 8-GPU node.
        Plan gpt2 = llama2_7b();
        gpt2.model.heads = 25;
        gpt2.model.kvHeads = 25;
        gpt2.model.ffnHidden = 6400;
        QTest::newRow("gpt2-xl-25-heads") << gpt2 << std::vector<int>{1};
        QTest::newRow("one-gpu-per-node") << cluster(llama2_7b(), 1, 8) << std::vector<int>{1};
    }
    void tensor() {
        QFETCH(Plan, plan);
        QFETCH(std::vector<int>, expected);
        QCOMPARE(tensorParallelChoices(plan), expected);
    }

    // PP: 1 .. layers, and PP × TP × CP within the cluster.
    void pipeline_data() {
        QTest::addColumn<Plan>("plan");
        QTest::addColumn<std::vector<int>>("expected");
        QTest::newRow("llama2-7b-8gpu") << llama2_7b() << range(1, 8);
        QTest::newRow("llama2-7b-tp2-8gpu") << parallel(llama2_7b(), 4, 2, 1, 1) << range(1, 4);
        QTest::newRow("llama2-7b-64gpu-layer-cap") << cluster(llama2_7b(), 8, 8) << range(1, 32);
        Plan shallow = cluster(llama2_7b(), 8, 4);
        shallow.model.layers = 4;
        QTest::newRow("four-layers-32gpu") << shallow << range(1, 4);
    }
    void pipeline() {
        QFETCH(Plan, plan);
        QFETCH(std::vector<int>, expected);
        QCOMPARE(pipelineParallelChoices(plan), expected);
    }

    // CP: 1 or a value with sequence % (2 × CP) == 0, and CP × TP × PP within the cluster.
    void context_data() {
        QTest::addColumn<Plan>("plan");
        QTest::addColumn<std::vector<int>>("expected");
        QTest::newRow("seq4096-8gpu") << llama2_7b() << std::vector<int>{1, 2, 4, 8};
        // 3000 / 2c whole for c = 1..6 (c = 4: 3000 / 8 = 375); 3000 % 14 = 4, 3000 % 16 = 8.
        Plan seq3000 = llama2_7b();
        seq3000.model.sequence = 3000;
        QTest::newRow("seq3000-8gpu") << seq3000 << std::vector<int>{1, 2, 3, 4, 5, 6};
        QTest::newRow("seq4096-tp4-8gpu")
            << parallel(llama2_7b(), 2, 4, 1, 1) << std::vector<int>{1, 2};
        Plan odd = llama2_7b();
        odd.model.sequence = 4095;
        QTest::newRow("odd-sequence") << odd << std::vector<int>{1};
    }
    void context() {
        QFETCH(Plan, plan);
        QFETCH(std::vector<int>, expected);
        QCOMPARE(contextParallelChoices(plan), expected);
    }

    // DP: world = dp × tp × pp × cp divides the cluster (or fits, when tp × pp × cp does not).
    void data_data() {
        QTest::addColumn<Plan>("plan");
        QTest::addColumn<std::vector<int>>("expected");
        QTest::newRow("article-dp-8gpu") << llama2_7b() << std::vector<int>{1, 2, 4, 8};
        QTest::newRow("tp2-pp2-16gpu")
            << cluster(parallel(llama2_7b(), 4, 2, 2, 1), 8, 2) << std::vector<int>{1, 2, 4};
        // 3 does not divide 8: every dp with 3 × dp <= 8 fits.
        QTest::newRow("pp3-8gpu-fits")
            << parallel(llama2_7b(), 2, 1, 3, 1) << std::vector<int>{1, 2};
        QTest::newRow("tp8-3nodes")
            << cluster(parallel(llama2_7b(), 3, 8, 1, 1), 8, 3) << std::vector<int>{1, 3};
        // TP 8 × PP 2 = 16 ranks on 8 GPUs: nothing fits; the neutral 1 is offered.
        QTest::newRow("no-room") << parallel(llama2_7b(), 1, 8, 2, 1) << std::vector<int>{1};
    }
    void data() {
        QFETCH(Plan, plan);
        QFETCH(std::vector<int>, expected);
        QCOMPARE(dataParallelChoices(plan), expected);
    }

    // EP divides the experts and world / (ETP × PP) (Megatron-Core expert rank generator).
    void expert_data() {
        QTest::addColumn<Plan>("plan");
        QTest::addColumn<std::vector<int>>("expected");
        QTest::newRow("dense") << llama2_7b() << std::vector<int>{1};
        Plan mixtral = llama2_7b();  // Mixtral 8x7B: 8 experts, top-2
        mixtral.model.moe = {8, 2, 14336};
        QTest::newRow("mixtral-dp8") << mixtral << std::vector<int>{1, 2, 4, 8};
        // ETP defaults to TP = 2: 8 ranks / (2 × 1) = 4.
        QTest::newRow("mixtral-dp4-tp2")
            << parallel(mixtral, 4, 2, 1, 1) << std::vector<int>{1, 2, 4};
        Plan etp1 = parallel(mixtral, 4, 2, 1, 1);
        etp1.parallel.etp = 1;
        QTest::newRow("mixtral-dp4-tp2-etp1") << etp1 << std::vector<int>{1, 2, 4, 8};
        Plan six = parallel(mixtral, 4, 1, 1, 1);
        six.model.moe.experts = 6;
        QTest::newRow("six-experts-dp4") << six << std::vector<int>{1, 2};
    }
    void expert() {
        QFETCH(Plan, plan);
        QFETCH(std::vector<int>, expected);
        QCOMPARE(expertParallelChoices(plan), expected);
    }

    // Virtual stages: interleaved schedule, PP > 1, layers / (PP × v) whole.
    void virtualStages_data() {
        QTest::addColumn<Plan>("plan");
        QTest::addColumn<std::vector<int>>("expected");
        Plan pp4 = parallel(llama2_7b(), 2, 1, 4, 1);
        QTest::newRow("1f1b-has-no-chunks") << pp4 << std::vector<int>{1};
        pp4.parallel.schedule = ScheduleKind::Interleaved1F1B;
        QTest::newRow("narayanan21-interleaved-pp4-32layers")
            << pp4 << std::vector<int>{1, 2, 4, 8};
        Plan pp3 = parallel(llama2_7b(), 2, 1, 3, 1);
        pp3.parallel.schedule = ScheduleKind::Interleaved1F1B;
        QTest::newRow("interleaved-pp3-32layers") << pp3 << std::vector<int>{1};
        Plan pp1 = llama2_7b();
        pp1.parallel.schedule = ScheduleKind::Interleaved1F1B;
        QTest::newRow("interleaved-pp1") << pp1 << std::vector<int>{1};
    }
    void virtualStages() {
        QFETCH(Plan, plan);
        QFETCH(std::vector<int>, expected);
        QCOMPARE(virtualStageChoices(plan), expected);
    }

    void shardingGroup() {
        QCOMPARE(shardingGroupChoices(llama2_7b()), (std::vector<int>{0, 1, 2, 4, 8}));
        QCOMPARE(shardingGroupChoices(parallel(llama2_7b(), 6, 1, 1, 1)),
                 (std::vector<int>{0, 1, 2, 3, 6}));
        QVERIFY(!isValidChoice(llama2_7b(), ParallelAxis::ShardingGroup, 3));
        QVERIFY(!isValidChoice(llama2_7b(), ParallelAxis::ShardingGroup, -1));
    }

    // A refusal is validate()'s diagnostic for the same fact: its code and the numbers.
    void problems() {
        const Plan plan = llama2_7b();
        QVERIFY(isValidChoice(plan, ParallelAxis::Tensor, 4));
        QVERIFY(choiceProblem(plan, ParallelAxis::Tensor, 4).code.empty());
        const Diagnostic three = choiceProblem(plan, ParallelAxis::Tensor, 3);
        QCOMPARE(three.code, std::string("parallel.tp_divides_heads"));
        QVERIFY2(three.message.find("heads 32") != std::string::npos, three.message.c_str());
        // On one 8-GPU node TP 16 needs more GPUs than there are; on two it crosses nodes.
        QCOMPARE(choiceProblem(plan, ParallelAxis::Tensor, 16).code,
                 std::string("parallel.world_above_gpus"));
        const Diagnostic sixteen = choiceProblem(cluster(plan, 8, 2), ParallelAxis::Tensor, 16);
        QCOMPARE(sixteen.code, std::string("parallel.tp_crosses_nodes"));
        QVERIFY2(sixteen.message.find("gpus_per_node 8") != std::string::npos,
                 sixteen.message.c_str());
        // The classic overcommit: TP 2 added while DP stays 8 on 8 GPUs.
        const Plan overcommitted = parallel(plan, 8, 2, 1, 1);
        QVERIFY(isValidChoice(overcommitted, ParallelAxis::Tensor, 2));
        const Diagnostic dp = choiceProblem(overcommitted, ParallelAxis::Data, 8);
        QCOMPARE(dp.code, std::string("parallel.world_above_gpus"));
        QVERIFY2(dp.message.find("= 16 ranks") != std::string::npos, dp.message.c_str());
        const Diagnostic tiling = choiceProblem(plan, ParallelAxis::Data, 3);
        QCOMPARE(tiling.code, std::string("parallel.world_untiled"));
        QCOMPARE(tiling.severity, Severity::Warning);
        QCOMPARE(choiceProblem(plan, ParallelAxis::Expert, 2).code,
                 std::string("parallel.ep_needs_moe"));
        QCOMPARE(choiceProblem(plan, ParallelAxis::VirtualStages, 2).code,
                 std::string("pipeline.virtual_stages_need_interleaving"));
        QCOMPARE(parallelValue(overcommitted, ParallelAxis::Tensor), 2);
        QCOMPARE(parallelValue(overcommitted, ParallelAxis::Data), 8);
        // Each refusal is one validate() reports for the plan with that value.
        for (const auto& [axis, value] :
             {std::pair{ParallelAxis::Tensor, 3}, std::pair{ParallelAxis::Tensor, 16},
              std::pair{ParallelAxis::Data, 3}, std::pair{ParallelAxis::VirtualStages, 2}}) {
            Plan edited = plan;
            setParallelValue(edited, axis, value);
            if (axis == ParallelAxis::Tensor) edited.parallel.dp = 1;
            const Diagnostic refusal = choiceProblem(plan, axis, value);
            const std::vector<Diagnostic> reported = validate(edited);
            QVERIFY2(std::find(reported.begin(), reported.end(), refusal) != reported.end(),
                     refusal.code.c_str());
        }
    }

    // Zero, negative and huge inputs: no crash, never an empty list, the neutral value offered.
    void absurd_data() {
        QTest::addColumn<Plan>("plan");
        Plan zeroModel = llama2_7b();
        zeroModel.model.layers = 0;
        zeroModel.model.heads = 0;
        zeroModel.model.kvHeads = 0;
        zeroModel.model.ffnHidden = 0;
        zeroModel.model.sequence = 0;
        QTest::newRow("zero-shape") << zeroModel;
        QTest::newRow("zero-nodes") << cluster(llama2_7b(), 8, 0);
        QTest::newRow("zero-gpus-per-node") << cluster(llama2_7b(), 0, 1);
        QTest::newRow("negative-cluster") << cluster(llama2_7b(), -8, -2);
        QTest::newRow("huge-cluster") << cluster(llama2_7b(), INT_MAX, INT_MAX);
        QTest::newRow("negative-degrees") << parallel(llama2_7b(), -1, -4, 0, -2);
        Plan huge = cluster(parallel(llama2_7b(), INT_MAX, INT_MAX, INT_MAX, INT_MAX), 8, 1);
        huge.model.layers = INT_MAX;
        huge.model.sequence = INT_MAX - 1;
        huge.model.moe.experts = INT_MAX;
        huge.parallel.schedule = ScheduleKind::Interleaved1F1B;
        QTest::newRow("huge-degrees") << huge;
    }
    void absurd() {
        QFETCH(Plan, plan);
        for (ParallelAxis axis : kAxes) {
            const std::vector<int> values = parallelChoices(plan, axis);
            QVERIFY(!values.empty());
            QVERIFY(std::is_sorted(values.begin(), values.end()));
            QVERIFY(values.size() <= std::size_t{1} << 16);
            QVERIFY(!isValidChoice(plan, axis, -1));
            QVERIFY(!choiceProblem(plan, axis, INT_MIN).code.empty());
        }
        QVERIFY(!isValidChoice(plan, ParallelAxis::Tensor, 0));
        QVERIFY(!isValidChoice(plan, ParallelAxis::Data, 0));
    }

    // Every listed value is valid, and every valid value up to 64 is listed (the list is the
    // whole set, not a sample), across a grid of plans.
    void listsMatchRules() {
        int checkedPlans = 0;
        for (int perNode : {1, 4, 6, 8}) {
            for (int nodes : {1, 2, 3}) {
                for (int tp : {1, 2, 4}) {
                    for (int pp : {1, 2, 3}) {
                        Plan plan = cluster(parallel(llama2_7b(), 2, tp, pp, 1), perNode, nodes);
                        plan.model.moe = {8, 2, 0};
                        plan.parallel.schedule = ScheduleKind::Interleaved1F1B;
                        for (ParallelAxis axis : kAxes) {
                            const std::vector<int> values = parallelChoices(plan, axis);
                            const bool onlyNeutral =
                                values.size() == 1 && !isValidChoice(plan, axis, values.front());
                            if (onlyNeutral) continue;
                            for (int value : values) QVERIFY(isValidChoice(plan, axis, value));
                            for (int value = 0; value <= 64; ++value) {
                                const bool listed =
                                    std::find(values.begin(), values.end(), value) != values.end();
                                QCOMPARE(listed, isValidChoice(plan, axis, value));
                            }
                        }
                        ++checkedPlans;
                    }
                }
            }
        }
        QCOMPARE(checkedPlans, 108);
    }

    void benchmarkAllAxes() {
        const Plan plan = cluster(llama2_7b(), 8, 1024);
        std::size_t total = 0;
        QBENCHMARK {
            for (ParallelAxis axis : kAxes) total += parallelChoices(plan, axis).size();
        }
        QVERIFY(total > 0);
    }
};

QTEST_GUILESS_MAIN(TestParallelChoices)
#include "tst_parallel_choices.moc"
