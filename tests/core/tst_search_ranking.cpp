// SPDX-License-Identifier: MIT
// The search's ranking by each objective and its Pareto front, against hand calculations and
// against brute force, and the bounded search against the exhaustive one.
#include "search_test_util.h"

#include <QTest>

#include <cmath>

using namespace fourfold::core;
using namespace fourfold::test;

class TestSearchRanking : public QObject {
    Q_OBJECT
private slots:
    void rankingFollowsTheObjective_data() {
        QTest::addColumn<int>("objective");
        QTest::newRow("tokens_per_s") << static_cast<int>(SearchObjective::TokensPerS);
        QTest::newRow("time") << static_cast<int>(SearchObjective::Time);
        QTest::newRow("cost") << static_cast<int>(SearchObjective::Cost);
        QTest::newRow("headroom") << static_cast<int>(SearchObjective::Headroom);
    }
    void rankingFollowsTheObjective() {
        QFETCH(int, objective);
        Plan plan = smallPlan(8);
        plan.performance.tokenBudget = 1e9;
        plan.performance.pricePerGpuHour = 2.0;
        SearchOptions options;
        options.objective = static_cast<SearchObjective>(objective);
        options.top = 0;
        const SearchResult result = search(plan, options);
        QVERIFY(result.candidates.size() > 10);
        for (std::size_t i = 0; i + 1 < result.candidates.size(); ++i) {
            const SearchPoint& a = result.candidates[i].point;
            const SearchPoint& b = result.candidates[i + 1].point;
            QCOMPARE(result.candidates[i].rank, static_cast<int>(i + 1));
            switch (options.objective) {
                case SearchObjective::TokensPerS:
                    QVERIFY(a.tokensPerS >= b.tokensPerS);
                    break;
                case SearchObjective::Time: {
                    // Time to train 1e9 tokens: steps × step time, steps = ⌈1e9 / (8 × 1024)⌉.
                    const double steps = std::ceil(1e9 / (8.0 * 1024));
                    QCOMPARE(a.objective, steps * a.stepTimeS);
                    QVERIFY(a.objective <= b.objective);
                    break;
                }
                case SearchObjective::Cost: {
                    // GPU-hours × 2 per GPU-hour on 8 GPUs.
                    const double steps = std::ceil(1e9 / (8.0 * 1024));
                    QCOMPARE(a.objective, steps * a.stepTimeS / 3600.0 * 8 * 2.0);
                    QVERIFY(a.objective <= b.objective);
                    break;
                }
                case SearchObjective::Headroom:
                    QVERIFY(a.headroomBytes >= b.headroomBytes);
                    QCOMPARE(a.objective, static_cast<double>(a.headroomBytes));
                    break;
            }
            if (a.objective == b.objective && a.tokensPerS == b.tokensPerS) {
                QVERIFY(a.index < b.index);
            }
        }
    }

    // Timing only what can still rank gives exactly the best N and the front that timing every
    // fitting layout gives, for every objective.
    void boundedSearchMatchesExhaustive_data() { rankingFollowsTheObjective_data(); }
    void boundedSearchMatchesExhaustive() {
        QFETCH(int, objective);
        Plan plan = smallPlan(8);
        plan.performance.tokenBudget = 1e9;
        plan.performance.pricePerGpuHour = 2.0;
        SearchOptions all;
        all.objective = static_cast<SearchObjective>(objective);
        all.top = 0;
        SearchOptions best = all;
        best.top = 5;
        const SearchResult exhaustive = search(plan, all);
        const SearchResult bounded = search(plan, best);
        QCOMPARE(bounded.counts.fitting, exhaustive.counts.fitting);
        QVERIFY(bounded.counts.timed < exhaustive.counts.timed);
        QCOMPARE(bounded.candidates.size(), std::size_t{5});
        for (std::size_t i = 0; i < 5; ++i) {
            QCOMPARE(bounded.candidates[i], exhaustive.candidates[i]);
        }
        QCOMPARE(bounded.paretoFront.size(), exhaustive.paretoFront.size());
        for (std::size_t i = 0; i < bounded.paretoFront.size(); ++i) {
            QCOMPARE(bounded.paretoFront[i].point, exhaustive.paretoFront[i].point);
            QCOMPARE(bounded.paretoFront[i].plan, exhaustive.paretoFront[i].plan);
            const int rank = exhaustive.paretoFront[i].rank;
            QCOMPARE(bounded.paretoFront[i].rank, rank <= 5 ? rank : 0);
        }
        for (const SearchCandidate& candidate : bounded.paretoFront)
            checkAgainstEvaluate(candidate);
    }

    // Points (peak, tokens/s): E(5, 50), A(10, 100), B(20, 150), G(20, 150), C(20, 120),
    // D(30, 140), F(40, 200). C and D are beaten by B (no more memory, more tokens/s); B and G
    // tie, so neither dominates; the front by ascending memory is E, A, B, G, F.
    void paretoFrontByHand() {
        const std::vector<SearchPoint> points = {
            point(10, 100, 0), point(20, 150, 1), point(20, 120, 2), point(30, 140, 3),
            point(5, 50, 4),   point(40, 200, 5), point(20, 150, 6)};
        const std::vector<std::size_t> expected = {4, 0, 1, 6, 5};
        QCOMPARE(paretoFront(points), expected);
    }

    // The search's front against the definition, pair by pair, on a whole small space.
    void paretoFrontOfASearch() {
        const Plan plan = smallPlan(8);
        SearchOptions options;
        options.top = 0;
        const SearchResult result = search(plan, options);
        const auto dominated = [&](const SearchPoint& p) {
            return std::any_of(
                result.candidates.begin(), result.candidates.end(),
                [&](const SearchCandidate& other) {
                    const SearchPoint& q = other.point;
                    return q.peakBytes <= p.peakBytes && q.tokensPerS >= p.tokensPerS &&
                           (q.peakBytes < p.peakBytes || q.tokensPerS > p.tokensPerS);
                });
        };
        std::size_t onFront = 0;
        for (const SearchCandidate& candidate : result.candidates) {
            QCOMPARE(candidate.pareto, !dominated(candidate.point));
            onFront += candidate.pareto ? 1 : 0;
        }
        QCOMPARE(result.paretoFront.size(), onFront);
        for (std::size_t i = 0; i + 1 < result.paretoFront.size(); ++i) {
            QVERIFY(result.paretoFront[i].point.peakBytes <=
                    result.paretoFront[i + 1].point.peakBytes);
        }
    }
};

QTEST_GUILESS_MAIN(TestSearchRanking)
#include "tst_search_ranking.moc"
