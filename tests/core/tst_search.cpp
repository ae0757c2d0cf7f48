// SPDX-License-Identifier: MIT
// The auto-planner (core/search.h): the space counted by hand on small clusters, the search's
// figures against evaluate() layout by layout, the ranking and the Pareto front checked against
// brute force, and cancellation.
#include "shapes_for_tests.h"

#include "core/catalog.h"
#include "core/detail/validate/validate_common.h"
#include "core/evaluate.h"
#include "core/search.h"
#include "core/validate.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <thread>

using namespace fourfold::core;

namespace {

// A small dense model every degree up to 4 divides: 4 layers, 4 heads, sequence 1024.
Plan smallPlan(int gpus) {
    Plan plan = defaultPlan();
    plan.model.layers = 4;
    plan.model.hidden = 1024;
    plan.model.heads = 4;
    plan.model.kvHeads = 4;
    plan.model.ffnHidden = 4096;
    plan.model.vocab = 32000;
    plan.model.sequence = 1024;
    plan.cluster.gpusPerNode = gpus;
    plan.cluster.nodes = 1;
    plan.parallel = {};
    plan.parallel.dp = gpus;
    plan.training.microBatch = 1;
    plan.training.gradAccumulation = 8 / gpus;
    plan.training.globalBatch = 8;
    return plan;
}

// One schedule, no ZeRO, no offload, no recompute, no sequence parallel, the plan's overlaps:
// the space is the factorisations times the micro-batches.
SearchSpace narrowSpace() {
    SearchSpace space;
    space.schedules = {ScheduleKind::OneFOneB};
    space.zeroStages = {0};
    space.offloads = {Offload::None};
    space.recomputes = {Recompute::None};
    space.sequenceParallel = false;
    space.overlaps = false;
    return space;
}

int divisorCount(int n) {
    int count = 0;
    for (int d = 1; d <= n; ++d) count += n % d == 0 ? 1 : 0;
    return count;
}

// The whole narrow space written out with plain loops, each layout through evaluate().
struct BruteForce {
    std::int64_t layouts = 0;
    std::int64_t invalid = 0;
    std::vector<Evaluation> fitting;
};
BruteForce bruteForce(const Plan& base, int gpus, std::int64_t globalBatch) {
    BruteForce result;
    for (int tp = 1; tp <= gpus; ++tp) {
        for (int pp = 1; pp <= gpus; ++pp) {
            for (int cp = 1; cp <= gpus; ++cp) {
                if (gpus % (tp * pp * cp) != 0) continue;
                const int dp = gpus / (tp * pp * cp);
                if (globalBatch % dp != 0) continue;
                for (int micro = 1; micro <= globalBatch / dp; ++micro) {
                    if ((globalBatch / dp) % micro != 0) continue;
                    ++result.layouts;
                    Plan plan = base;
                    plan.parallel.dp = dp;
                    plan.parallel.tp = tp;
                    plan.parallel.pp = pp;
                    plan.parallel.cp = cp;
                    plan.training.microBatch = micro;
                    plan.training.gradAccumulation = static_cast<int>(globalBatch / dp / micro);
                    Evaluation evaluation = evaluate(plan);
                    if (hasErrors(evaluation.diagnostics)) {
                        ++result.invalid;
                    } else if (evaluation.memory->fits) {
                        result.fitting.push_back(std::move(evaluation));
                    }
                }
            }
        }
    }
    return result;
}

// evaluate() gives exactly the search's figures for the candidate's plan.
void checkAgainstEvaluate(const SearchCandidate& candidate) {
    const Evaluation evaluation = evaluate(candidate.plan);
    QVERIFY(!hasErrors(evaluation.diagnostics));
    QVERIFY(evaluation.memory && evaluation.performance);
    const SearchPoint& point = candidate.point;
    QCOMPARE(evaluation.memory->peakBytes, point.peakBytes);
    QCOMPARE(evaluation.memory->fits, point.fits);
    // Bit for bit, not within a tolerance: the same code computes both.
    QVERIFY(evaluation.performance->stepTimeS == point.stepTimeS);
    QVERIFY(evaluation.performance->tokensPerS == point.tokensPerS);
    QVERIFY(evaluation.performance->mfu == point.mfu);
    QVERIFY(evaluation.performance->breakdown.bubble == point.bubbleS);
}

SearchPoint point(std::uint64_t peak, double tokensPerS, std::int64_t index) {
    SearchPoint p;
    p.peakBytes = peak;
    p.tokensPerS = tokensPerS;
    p.index = index;
    return p;
}

}  // namespace

class TestSearch : public QObject {
    Q_OBJECT
private slots:
    // 4 GPUs: (dp, tp, pp, cp) with product 4 is 10 ordered factorisations: dp 4 (1 way),
    // dp 2 (3 ways: tp, pp or cp is 2), dp 1 (6 ways: 4 = 4·1·1 three ways, 2·2·1 three ways).
    // A global batch of 8 leaves 8/dp per replica, whose divisors are the micro-batches:
    // dp 4 → {1, 2}, dp 2 → {1, 2, 4}, dp 1 → {1, 2, 4, 8}. Space: 1·2 + 3·3 + 6·4 = 35.
    void spaceOfFourGpusCountedByHand() {
        const Plan plan = smallPlan(4);
        SearchOptions options;
        options.space = narrowSpace();
        options.top = 0;
        const SearchResult result = search(plan, options);
        QCOMPARE(result.counts.space, std::int64_t{1 * 2 + 3 * 3 + 6 * 4});
        QCOMPARE(result.counts.space,
                 std::int64_t{1 * divisorCount(2) + 3 * divisorCount(4) + 6 * divisorCount(8)});
        QCOMPARE(result.counts.done, result.counts.space);
        QCOMPARE(result.counts.pruned + result.counts.evaluated, result.counts.space);
        QVERIFY(!result.cancelled);
        // Nothing breaks a rule here: 4 layers take pp 4, 4 heads tp 4, 1024 tokens cp 4.
        QCOMPARE(result.counts.pruned, std::int64_t{0});

        const BruteForce brute = bruteForce(plan, 4, 8);
        QCOMPARE(brute.layouts, result.counts.space);
        QCOMPARE(result.counts.fitting, static_cast<std::int64_t>(brute.fitting.size()));
        QCOMPARE(result.candidates.size(), brute.fitting.size());
    }

    // Two layers: pp 4 is above the layer count, an error, so validate() prunes the four
    // layouts of (dp 1, tp 1, pp 4, cp 1) (micro-batches 1, 2, 4, 8) and nothing else.
    void validationPrunesByHand() {
        Plan plan = smallPlan(4);
        plan.model.layers = 2;
        SearchOptions options;
        options.space = narrowSpace();
        const SearchResult result = search(plan, options);
        QCOMPARE(result.counts.space, std::int64_t{35});
        QCOMPARE(result.counts.pruned, std::int64_t{4});
        QCOMPARE(result.counts.evaluated, std::int64_t{31});
        const BruteForce brute = bruteForce(plan, 4, 8);
        QCOMPARE(brute.invalid, result.counts.pruned);
    }

    // Eight GPUs, the whole space of every axis: the search's fitting layouts are exactly those
    // evaluate() finds fitting one by one, with the same figures, and the best is the fastest.
    void everyCandidateReevaluatesEqual() {
        const Plan plan = smallPlan(8);
        SearchOptions options;
        options.top = 0;
        const SearchResult result = search(plan, options);
        QVERIFY(result.counts.space > 1000);
        QVERIFY(result.counts.pruned > 0);  // e.g. CPU offload without ZeRO
        QCOMPARE(static_cast<std::int64_t>(result.candidates.size()), result.counts.fitting);
        for (const SearchCandidate& candidate : result.candidates) {
            QVERIFY(candidate.plan == applyLayout(plan, candidate.point.layout));
            checkAgainstEvaluate(candidate);
            if (QTest::currentTestFailed()) return;
        }
        for (const SearchCandidate& candidate : result.paretoFront) checkAgainstEvaluate(candidate);
    }

    void narrowSpaceMatchesBruteForce() {
        const Plan plan = smallPlan(4);
        SearchOptions options;
        options.space = narrowSpace();
        options.top = 0;
        const SearchResult result = search(plan, options);
        const BruteForce brute = bruteForce(plan, 4, 8);
        double fastest = 0;
        for (const Evaluation& evaluation : brute.fitting) {
            fastest = std::max(fastest, evaluation.performance->tokensPerS);
            const auto found =
                std::find_if(result.candidates.begin(), result.candidates.end(),
                             [&](const SearchCandidate& c) { return c.plan == evaluation.plan; });
            QVERIFY(found != result.candidates.end());
            QVERIFY(found->point.stepTimeS == evaluation.performance->stepTimeS);
            QCOMPARE(found->point.peakBytes, evaluation.memory->peakBytes);
        }
        QVERIFY(!result.candidates.empty());
        QVERIFY(result.candidates.front().point.tokensPerS == fastest);
        QCOMPARE(result.candidates.front().rank, 1);
    }

    // Two GPUs, four layouts (dp 2, tp 2, pp 2, cp 2 with micro-batch 1). A card exactly as
    // large as the smallest peak (no safety margin) fits that layout alone.
    void exactlyOneLayoutFits() {
        Plan plan = smallPlan(2);
        plan.memory.safetyMargin = 0;
        SearchOptions options;
        options.space = narrowSpace();
        options.space.maxMicroBatch = 1;
        std::vector<Plan> layouts;
        for (const auto& [dp, tp, pp, cp] : {std::array{2, 1, 1, 1}, std::array{1, 2, 1, 1},
                                             std::array{1, 1, 2, 1}, std::array{1, 1, 1, 2}}) {
            Plan layout = plan;
            layout.parallel.dp = dp;
            layout.parallel.tp = tp;
            layout.parallel.pp = pp;
            layout.parallel.cp = cp;
            layout.training.microBatch = 1;
            layout.training.gradAccumulation = 8 / dp;  // global batch 8
            layouts.push_back(layout);
        }
        std::vector<std::uint64_t> peaks;
        for (const Plan& layout : layouts) peaks.push_back(evaluate(layout).memory->peakBytes);
        const auto smallest = std::min_element(peaks.begin(), peaks.end());
        QCOMPARE(std::count(peaks.begin(), peaks.end(), *smallest), std::ptrdiff_t{1});
        plan.cluster.gpu.memoryBytes = *smallest;
        for (Plan& layout : layouts) layout.cluster.gpu.memoryBytes = *smallest;

        const SearchResult result = search(plan, options);
        QCOMPARE(result.counts.space, std::int64_t{4});
        QCOMPARE(result.counts.fitting, std::int64_t{1});
        QCOMPARE(result.candidates.size(), std::size_t{1});
        const Plan& expected = layouts[static_cast<std::size_t>(smallest - peaks.begin())];
        QCOMPARE(result.candidates.front().plan, expected);
        QVERIFY(result.candidates.front().pareto);
    }

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

    // The search validates once for all recompute and overlap settings and estimates memory once
    // for all overlap settings: true only while validate() and the memory estimate read neither.
    void validationAndMemoryIgnoreTheInnerAxes() {
        Plan plan = smallPlan(8);
        plan.parallel.tp = 2;
        plan.parallel.dp = 4;
        plan.parallel.zeroStage = 3;
        plan.training.gradAccumulation = 2;
        const std::vector<Diagnostic> reference = validate(plan);
        const Evaluation evaluated = evaluate(plan);
        for (const Recompute recompute : {Recompute::None, Recompute::Selective, Recompute::Full}) {
            for (int flags = 0; flags < 16; ++flags) {
                Plan changed = plan;
                changed.training.recompute = recompute;
                changed.performance.overlapGradReduce = (flags & 1) != 0;
                changed.performance.overlapParamGather = (flags & 2) != 0;
                changed.performance.overlapTpComm = (flags & 4) != 0;
                changed.performance.overlapP2p = (flags & 8) != 0;
                QCOMPARE(validate(changed), reference);
                if (recompute == Recompute::None) {
                    QCOMPARE(evaluate(changed).memory->peakBytes, evaluated.memory->peakBytes);
                }
            }
        }
    }

    // The search prunes with validate()'s own rules through a sink that keeps only errors: the
    // same errors, path and code, as validate() reports.
    void pruningUsesValidatesErrors() {
        int compared = 0;
        for (const int tp : {1, 2, 3, 4, 16}) {
            for (const int zero : {0, 1, 3}) {
                for (const Offload offload :
                     {Offload::None, Offload::OptimizerCpu, Offload::Nvme}) {
                    Plan plan = smallPlan(8);
                    plan.parallel.tp = tp;
                    plan.parallel.dp = 8 / std::min(tp, 8);
                    plan.parallel.zeroStage = zero;
                    plan.parallel.offload = offload;
                    plan.parallel.virtualStages = zero == 1 ? 2 : 1;
                    fourfold::core::detail::DiagnosticSink sink(true);
                    fourfold::core::detail::validateAll(plan, sink);
                    const std::vector<Diagnostic> errors = sink.take();
                    std::vector<Diagnostic> expected = validate(plan);
                    std::erase_if(expected, [](const Diagnostic& d) {
                        return d.severity != Severity::Error;
                    });
                    QCOMPARE(errors.size(), expected.size());
                    for (std::size_t i = 0; i < errors.size(); ++i) {
                        QCOMPARE(errors[i].code, expected[i].code);
                        QCOMPARE(errors[i].path, expected[i].path);
                        ++compared;
                    }
                }
            }
        }
        QVERIFY(compared > 20);
    }

    void resultDoesNotDependOnThreads() {
        const Plan plan = smallPlan(8);
        SearchOptions one;
        one.threads = 1;
        SearchOptions two;
        two.threads = 2;
        SearchResult a = search(plan, one);
        SearchResult b = search(plan, two);
        // Which layouts needed timing depends on the order threads finished them; the answer
        // does not.
        QCOMPARE(a.candidates, b.candidates);
        QCOMPARE(a.paretoFront, b.paretoFront);
        a.counts.timed = b.counts.timed = 0;
        QCOMPARE(a.counts, b.counts);
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

    void progressReportsEveryTimedLayout() {
        const Plan plan = smallPlan(8);
        std::mutex mutex;
        std::int64_t reported = 0;
        SearchCounts last;
        bool ordered = true;
        SearchOptions options;
        options.top = 0;
        options.progress = [&](const SearchProgress& progress) {
            const std::lock_guard lock(mutex);
            reported += static_cast<std::int64_t>(progress.newPoints.size());
            ordered =
                ordered && progress.counts.done >= last.done && progress.counts.timed >= last.timed;
            last = progress.counts;
        };
        const SearchResult result = search(plan, options);
        QCOMPARE(reported, result.counts.fitting);
        QCOMPARE(last, result.counts);
        QVERIFY(ordered);
        // With a limit, the timed layouts that fit are reported as they are timed.
        reported = 0;
        last = {};
        options.top = 3;
        const SearchResult limited = search(plan, options);
        QCOMPARE(reported, limited.counts.timed);
        QCOMPARE(last, limited.counts);
        QVERIFY(ordered);
    }

    // GPT-3 175B on 1,024 GPUs takes seconds to search: cancelled after 50 ms, the search
    // returns having looked at part of the space and says so.
    void cancelStopsTheSearch() {
        Plan plan = defaultPlan();
        plan.model = fourfold::test::gpt3_175b();
        plan.cluster.gpusPerNode = 8;
        plan.cluster.nodes = 128;
        plan.training.globalBatch = 1536;
        std::atomic<bool> cancel{false};
        SearchOptions options;
        options.cancel = &cancel;
        options.timeEveryLayout = true;  // the slowest search there is
        SearchResult result;
        std::chrono::steady_clock::time_point returned;
        std::thread runner([&] {
            result = search(plan, options);
            returned = std::chrono::steady_clock::now();
        });
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        const auto asked = std::chrono::steady_clock::now();
        cancel = true;
        runner.join();
        QVERIFY(result.cancelled);
        QVERIFY(result.counts.done < result.counts.space);
        qInfo("cancelled after %lld of %lld layouts; returned %.1f ms after the request",
              static_cast<long long>(result.counts.done),
              static_cast<long long>(result.counts.space),
              std::chrono::duration<double, std::milli>(returned - asked).count());
    }

    void cancelledBeforeStartingDoesNothing() {
        std::atomic<bool> cancel{true};
        SearchOptions options;
        options.cancel = &cancel;
        const SearchResult result = search(smallPlan(8), options);
        QVERIFY(result.cancelled);
        QCOMPARE(result.counts.done, std::int64_t{0});
        QVERIFY(result.candidates.empty());
    }

    void objectiveNamesRoundTrip() {
        for (const SearchObjective objective : {SearchObjective::TokensPerS, SearchObjective::Time,
                                                SearchObjective::Cost, SearchObjective::Headroom}) {
            QVERIFY(parseSearchObjective(toString(objective)) == objective);
        }
        QVERIFY(!parseSearchObjective("speed"));
    }

    void noGlobalBatchIsExplained() {
        Plan plan = smallPlan(8);
        plan.training.globalBatch = 7;  // no dp of 8 GPUs but 1 divides 7: dp 1 only
        SearchOptions options;
        options.space = narrowSpace();
        const SearchResult result = search(plan, options);
        // dp 1: tp·pp·cp = 8, 10 ordered ways; micro-batches 1 and 7.
        QCOMPARE(result.counts.space, std::int64_t{10 * 2});
    }
};

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
