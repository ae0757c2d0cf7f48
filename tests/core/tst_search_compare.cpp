// SPDX-License-Identifier: MIT
// "Why not mine?" (core/search/search_compare.h): the differences between a plan and a candidate
// written out by hand, the plan's rank among a real search's candidates against a count done
// here, each reason a plan is not among them, and the running best a search's progress gives
// against the search's own final candidates.
#include "search_test_util.h"

#include "core/evaluate/evaluate.h"
#include "core/search/search_compare.h"

#include <QTest>

#include <mutex>

using namespace fourfold::core;
using namespace fourfold::test;

namespace {

SearchResult narrowSearch(const Plan& plan, int top) {
    SearchOptions options;
    options.space = narrowSpace();
    options.top = top;
    options.threads = 2;
    return search(plan, options);
}

}  // namespace

class TestSearchCompare : public QObject {
    Q_OBJECT
private slots:
    void layoutOfReadsEveryLayoutField() {
        Plan plan = smallPlan(4);
        plan.parallel.dp = 2;
        plan.parallel.tp = 2;
        plan.parallel.zeroStage = 1;
        plan.training.recompute = Recompute::Selective;
        plan.performance.overlapTpComm = true;
        const SearchLayout layout = layoutOf(plan);
        QCOMPARE(layout.dp, 2);
        QCOMPARE(layout.tp, 2);
        QCOMPARE(layout.zeroStage, 1);
        QVERIFY(layout.recompute == Recompute::Selective);
        QVERIFY(layout.overlapTpComm);
        // applyLayout puts back exactly what layoutOf read (the global batch is already set).
        QVERIFY(applyLayout(plan, layout) == plan);
    }

    // The plan: dp 4, tp 1, micro-batch 1, accumulation 2, ZeRO 0, no recompute, 1F1B. The
    // candidate: dp 2, tp 2, micro-batch 2, accumulation 2 (8 / (2 · 2)), ZeRO 1, selective
    // recompute, 1F1B. By hand: dp 4 → 2, tp 1 → 2, ZeRO 0 → 1, recompute none → selective,
    // micro-batch 1 → 2; accumulation and schedule are the same.
    void differencesCheckedByHand() {
        const SearchLayout mine = layoutOf(smallPlan(4));
        SearchLayout best = mine;
        best.dp = 2;
        best.tp = 2;
        best.microBatch = 2;
        best.gradAccumulation = 2;
        best.zeroStage = 1;
        best.recompute = Recompute::Selective;
        const std::vector<LayoutDifference> expected = {
            {LayoutField::Dp, "4", "2"},         {LayoutField::Tp, "1", "2"},
            {LayoutField::ZeroStage, "0", "1"},  {LayoutField::Recompute, "none", "selective"},
            {LayoutField::MicroBatch, "1", "2"},
        };
        QVERIFY(layoutDifferences(mine, best) == expected);
        QVERIFY(layoutDifferences(mine, mine).empty());
    }

    // A plan that is one of the candidates ranks where it is listed; a count done here of the
    // candidates faster than it (tokens/s, the default objective) gives the same number.
    void listedPlanRanksWhereListed() {
        Plan plan = smallPlan(4);
        plan.parallel.dp = 2;
        plan.parallel.pp = 2;
        plan.training.gradAccumulation = 4;
        const SearchResult result = narrowSearch(plan, 0);
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.memory->fits);
        const PlanComparison comparison = compareWithSearch(evaluation, plan, result);
        QCOMPARE(comparison.standing, PlanStanding::Ranked);
        QVERIFY(comparison.listed);
        int faster = 0;
        bool seen = false;
        for (const SearchCandidate& candidate : result.candidates) {
            if (candidate.point.layout == layoutOf(plan)) seen = true;
            if (candidate.point.tokensPerS > evaluation.performance->tokensPerS) ++faster;
        }
        QVERIFY(seen);
        QCOMPARE(comparison.rank, faster + 1);
        QCOMPARE(comparison.shown, result.candidates.size());
        QVERIFY(comparison.mine.tokensPerS == evaluation.performance->tokensPerS);
        QCOMPARE(comparison.mine.peakBytes, evaluation.memory->peakBytes);
        if (comparison.rank == 1) {
            QVERIFY(comparison.differences.empty());
        } else {
            QVERIFY(!comparison.differences.empty());
        }
    }

    // With only the best shown, a plan that is not the best ranks below it.
    void belowTheShownWhenOnlyTheBestIsShown() {
        const Plan plan = smallPlan(4);
        const SearchResult all = narrowSearch(plan, 0);
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(all.candidates.front().point.layout != layoutOf(plan));
        const SearchResult top = narrowSearch(plan, 1);
        QCOMPARE(top.candidates.size(), std::size_t{1});
        const PlanComparison comparison = compareWithSearch(evaluation, plan, top);
        QCOMPARE(comparison.standing, PlanStanding::BelowShown);
        QVERIFY(!comparison.listed);
        QVERIFY(comparison.differences ==
                layoutDifferences(layoutOf(plan), top.candidates.front().point.layout));
    }

    void reasonsTheCurrentPlanIsNotAmongThem() {
        const Plan plan = smallPlan(4);
        const SearchResult result = narrowSearch(plan, 5);
        // Another model: the search is of another plan.
        Plan wider = plan;
        wider.model.hidden = 2048;
        QCOMPARE(compareWithSearch(evaluate(wider), plan, result).standing,
                 PlanStanding::OtherPlan);
        // A layout change only: still the searched plan.
        Plan relaid = plan;
        relaid.parallel.dp = 2;
        relaid.parallel.tp = 2;
        relaid.training.gradAccumulation = 4;
        QVERIFY(compareWithSearch(evaluate(relaid), plan, result).standing !=
                PlanStanding::OtherPlan);
        // tp 3 does not divide the 4 heads: an error, no figures to rank.
        Plan invalid = plan;
        invalid.parallel.dp = 1;
        invalid.parallel.tp = 3;
        const PlanComparison broken = compareWithSearch(evaluate(invalid), plan, result);
        QCOMPARE(broken.standing, PlanStanding::Invalid);
        QVERIFY(broken.firstError.has_value());
        QVERIFY(broken.firstError->severity == Severity::Error);
        // A search on a card this small finds nothing; the plan does not fit either.
        Plan tiny = plan;
        tiny.cluster.gpu.memoryBytes = 1 << 20;
        const SearchResult none = narrowSearch(tiny, 5);
        QVERIFY(none.candidates.empty());
        const PlanComparison full = compareWithSearch(evaluate(tiny), tiny, none);
        QCOMPARE(full.standing, PlanStanding::DoesNotFit);
        QVERIFY(full.mine.peakBytes > full.usableBytes);
        QVERIFY(full.differences.empty());
    }

    // The points reported while the search runs, merged as they come, give the search's own
    // final candidates in the same order, for every objective.
    void runningBestEqualsTheFinalCandidates_data() {
        QTest::addColumn<int>("objective");
        QTest::newRow("tokens_per_s") << static_cast<int>(SearchObjective::TokensPerS);
        QTest::newRow("time") << static_cast<int>(SearchObjective::Time);
        QTest::newRow("cost") << static_cast<int>(SearchObjective::Cost);
        QTest::newRow("headroom") << static_cast<int>(SearchObjective::Headroom);
    }
    void runningBestEqualsTheFinalCandidates() {
        QFETCH(int, objective);
        const Plan plan = smallPlan(8);
        std::vector<SearchPoint> best;
        std::mutex mutex;
        SearchOptions options;
        options.objective = static_cast<SearchObjective>(objective);
        options.top = 7;
        options.progress = [&](const SearchProgress& progress) {
            const std::lock_guard lock(mutex);
            mergeBest(best, progress.newPoints, options.objective, 7);
        };
        const SearchResult result = search(plan, options);
        QCOMPARE(best.size(), result.candidates.size());
        for (std::size_t i = 0; i < best.size(); ++i) {
            QVERIFY(best[i] == result.candidates[i].point);
        }
    }

    void fieldsAsTextAndOrder() {
        SearchLayout layout;
        layout.schedule = ScheduleKind::Interleaved1F1B;
        layout.virtualStages = 2;
        layout.offload = Offload::OptimizerCpu;
        QCOMPARE(layoutFieldText(layout, LayoutField::Schedule), std::string("interleaved_1f1b"));
        QCOMPARE(layoutFieldText(layout, LayoutField::Offload), std::string("optimizer_cpu"));
        QCOMPARE(layoutFieldText(layout, LayoutField::Etp), std::string("= tp"));
        QCOMPARE(layoutFieldText(layout, LayoutField::OverlapP2p), std::string("on"));
        QCOMPARE(layoutFieldText(layout, LayoutField::VirtualStages), std::string("2"));
        QCOMPARE(layoutFieldKey(LayoutField::GradAccumulation),
                 std::string_view("grad_accumulation"));
        QCOMPARE(layoutFields().size(), std::size_t{18});

        SearchPoint a;
        SearchPoint b;
        b.layout.tp = 2;
        b.layout.schedule = ScheduleKind::Gpipe;
        SearchPoint c = a;
        c.layout.microBatch = 4;
        QVERIFY(varyingFields({a}).empty());
        QVERIFY(varyingFields({a, b, c}) ==
                (std::vector{LayoutField::Tp, LayoutField::Schedule, LayoutField::MicroBatch}));
    }
};

QTEST_GUILESS_MAIN(TestSearchCompare)
#include "tst_search_compare.moc"
