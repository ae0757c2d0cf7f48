// SPDX-License-Identifier: MIT
// The auto-planner (core/search/search.h): the space counted by hand on small clusters, the
// search's figures against evaluate() layout by layout, the ranking and the Pareto front checked
// against brute force, and cancellation.
#include "search_test_util.h"
#include "shapes_for_tests.h"

#include "core/evaluate/evaluate.h"
#include "core/memory/memory_estimate.h"
#include "core/model/model.h"
#include "core/plan/catalog.h"
#include "core/rules/validate.h"
#include "core/rules/validate_parts.h"
#include "core/search/search.h"

#include <QTest>

#include <array>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

using namespace fourfold::core;
using namespace fourfold::test;

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
        // No error here (4 layers take pp 4, 4 heads tp 4, 1024 tokens cp 4), but a pipeline
        // with fewer micro-batches than stages never fills, a warning the search prunes by:
        // pp 2 with dp 2 and micro-batch 4 (m = 1), pp 2 with dp 1 and micro-batch 8 (twice:
        // tp or cp 2 beside it), pp 4 with micro-batch 4 or 8 (m = 2, 1).
        QCOMPARE(result.counts.pruned, std::int64_t{1 + 2 + 2});

        const BruteForce brute = bruteForce(plan, 4, 8);
        QCOMPARE(brute.layouts, result.counts.space);
        QCOMPARE(result.counts.fitting, static_cast<std::int64_t>(brute.fitting.size()));
        QCOMPARE(result.candidates.size(), brute.fitting.size());
    }

    // Two layers: pp 4 is above the layer count, an error, so validate() prunes the four
    // layouts of (dp 1, tp 1, pp 4, cp 1) (micro-batches 1, 2, 4, 8) and the four of the same
    // with the embedding and loss counted in the split (2 + 2 slots over 4 stages), and its
    // warning that a pipeline never fills the three pp 2 layouts of a single micro-batch.
    void validationPrunesByHand() {
        Plan plan = smallPlan(4);
        plan.model.layers = 2;
        SearchOptions options;
        options.space = narrowSpace();
        const SearchResult result = search(plan, options);
        QCOMPARE(result.counts.space, std::int64_t{35 + 4});
        QCOMPARE(result.counts.pruned, std::int64_t{4 + 4 + 3});
        QCOMPARE(result.counts.evaluated, std::int64_t{39 - 11});
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

    // The search's lean memory figure costs one stage of each kind; it equals the full estimate
    // (what evaluate() reports) to the byte on every layout of a 32-GPU space with uneven
    // stages, every schedule, ZeRO stage and offload, recompute and micro-batch.
    void leanPeakEqualsTheFullEstimate() {
        Plan base = defaultPlan();
        base.model.layers = 30;  // uneven over 4 and 8 stages
        base.cluster.gpusPerNode = 8;
        base.cluster.nodes = 4;
        SearchOptions options;
        options.top = 0;
        options.timeEveryLayout = true;
        base.training.globalBatch = 64;
        const SearchResult result = search(base, options);
        QVERIFY(result.candidates.size() > 100);
        int checked = 0;
        for (const SearchCandidate& candidate : result.candidates) {
            for (const MemoryConvention convention :
                 {MemoryConvention::Fourfold, MemoryConvention::Megatron}) {
                Plan plan = candidate.plan;
                plan.memory.convention = convention;
                const ModelReport model = analyzeModel(plan);
                const MemoryReport full = detail::estimateStages(plan, model, false);
                const detail::MemoryPeak lean = detail::estimatePeak(plan, model);
                QCOMPARE(lean.peakBytes, full.peakBytes);
                QCOMPARE(lean.usableBytes, full.usableBytes);
                QCOMPARE(lean.fits, full.fits);
                QCOMPARE(lean.overflow, !full.overflow.empty());
                ++checked;
            }
        }
        // A sample of the candidates re-evaluates to the search's figures with evaluate().
        for (std::size_t i = 0; i < result.candidates.size(); i += 97) {
            checkAgainstEvaluate(result.candidates[i]);
        }
        QVERIFY(checked > 200);
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

    // The search ranks no layout that validate() warns about (ZeRO 2 or 3 with a pipeline, a
    // pipeline that never fills), while a warning that holds for any layout (the precision's)
    // drops nothing, and TP across nodes stays when the space asks for it.
    void noCandidateTripsALayoutWarning() {
        Plan plan = smallPlan(8);
        plan.model.heads = 8;  // so TP 8 divides the heads
        plan.model.kvHeads = 8;
        plan.cluster.gpusPerNode = 4;
        plan.cluster.nodes = 2;
        plan.training.precision = Precision::Fp16;
        plan.training.masterWeights = false;  // a warning about the precision, every layout
        SearchOptions options;
        options.top = 0;
        const SearchResult result = search(plan, options);
        QVERIFY(result.candidates.size() > 50);
        bool zeroTwoSeen = false;
        for (const SearchCandidate& candidate : result.candidates) {
            for (const Diagnostic& diagnostic : validate(candidate.plan)) {
                QVERIFY2(!rejectsLayout(diagnostic), diagnostic.code.c_str());
            }
            QVERIFY(!(candidate.point.layout.zeroStage >= 2 && candidate.point.layout.pp > 1));
            zeroTwoSeen = zeroTwoSeen || candidate.point.layout.zeroStage == 2;
            QVERIFY(candidate.point.layout.tp <= 4);
        }
        QVERIFY(zeroTwoSeen);  // without a pipeline, ZeRO 2 is fine
        options.space.tensorParallelWithinNode = false;
        const SearchResult across = search(plan, options);
        QVERIFY(std::any_of(across.candidates.begin(), across.candidates.end(),
                            [](const SearchCandidate& c) { return c.point.layout.tp == 8; }));
    }

    void rejectsLayoutReadsTheField() {
        Plan plan = smallPlan(8);
        plan.parallel.dp = 2;
        plan.parallel.pp = 4;
        plan.parallel.zeroStage = 2;
        plan.training.gradAccumulation = 2;  // fewer micro-batches than stages
        plan.training.precision = Precision::Fp16;
        plan.training.masterWeights = false;
        std::vector<std::string> rejecting;
        std::vector<std::string> kept;
        for (const Diagnostic& diagnostic : validate(plan)) {
            (rejectsLayout(diagnostic) ? rejecting : kept).push_back(diagnostic.code);
        }
        QVERIFY(std::find(rejecting.begin(), rejecting.end(), "parallel.zero_with_pipeline") !=
                rejecting.end());
        QVERIFY(std::find(rejecting.begin(), rejecting.end(), "pipeline.never_fills") !=
                rejecting.end());
        QVERIFY(std::find(kept.begin(), kept.end(), "training.fp16_without_master_weights") !=
                kept.end());
    }

    // A cancelled search ranks what it looked at exactly: cancelled after its first block on one
    // thread, the best 5 are those of a search that times every fitting layout of that block.
    void cancelKeepsTheBestOfWhatWasSearched() {
        const Plan plan = smallPlan(8);
        const auto cancelledAfterFirstBlock = [&](int top) {
            std::atomic<bool> cancel{false};
            SearchOptions options;
            options.threads = 1;
            options.top = top;
            options.cancel = &cancel;
            options.progress = [&](const SearchProgress& progress) {
                if (progress.counts.fitting > 0) cancel = true;
            };
            return search(plan, options);
        };
        const SearchResult limited = cancelledAfterFirstBlock(5);
        const SearchResult every = cancelledAfterFirstBlock(0);
        QVERIFY(limited.cancelled);
        QVERIFY(limited.counts.done < limited.counts.space);
        QCOMPARE(limited.counts.done, every.counts.done);
        QVERIFY(!limited.candidates.empty());
        QCOMPARE(limited.candidates.size(), std::min<std::size_t>(5, every.candidates.size()));
        for (std::size_t i = 0; i < limited.candidates.size(); ++i) {
            QCOMPARE(limited.candidates[i].point, every.candidates[i].point);
            QCOMPARE(limited.candidates[i].rank, every.candidates[i].rank);
        }
    }

    // With a limit, each block reports its most promising fitting layout as it finishes, so a
    // running search has layouts to show long before it ends.
    void aLimitedSearchReportsLayoutsAsItGoes() {
        Plan plan = defaultPlan();
        plan.cluster.nodes = 4;
        plan.training.globalBatch = 256;
        std::mutex mutex;
        std::int64_t pointsBeforeTheEnd = 0;
        std::int64_t space = 0;
        SearchOptions options;
        options.top = 10;
        options.threads = 1;
        options.progress = [&](const SearchProgress& progress) {
            const std::lock_guard lock(mutex);
            if (progress.counts.done < progress.counts.space) {
                pointsBeforeTheEnd += static_cast<std::int64_t>(progress.newPoints.size());
            }
            space = progress.counts.space;
        };
        const SearchResult result = search(plan, options);
        QVERIFY(space > 0);
        QVERIFY(pointsBeforeTheEnd > 1);
        QVERIFY(!result.candidates.empty());
    }

    // The wall-clock budget stops a search as a cancel does, and the result says it was the
    // budget: a plan whose every layout simulates a pipeline of up to 2 million ops (a global
    // batch of 8 million samples of one token) took minutes with every layout timed.
    void timeLimitStopsTheSearch() {
        Plan plan = defaultPlan();
        plan.model.sequence = 1;
        plan.training.microBatch = 1'000'000;
        plan.training.gradAccumulation = 1;
        SearchOptions options;
        options.top = 0;
        options.space.overlaps = true;
        options.timeLimitSeconds = 0.5;
        const auto started = std::chrono::steady_clock::now();
        const SearchResult result = search(plan, options);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        QVERIFY(result.cancelled);
        QVERIFY(result.timeLimited);
        QVERIFY(result.counts.done < result.counts.space);
        QVERIFY(std::any_of(result.notes.begin(), result.notes.end(), [](const CodedText& note) {
            return note.code == "search.time_limit";
        }));
        // Ranking and building what was found come after the budget: well within a second.
        QVERIFY2(seconds < 2.0, std::to_string(seconds).c_str());
        qInfo("stopped after %.2f s (limit 0.5 s), %lld of %lld layouts", seconds,
              static_cast<long long>(result.counts.done),
              static_cast<long long>(result.counts.space));
        // Without a limit a small space is not cut short.
        SearchOptions unlimited;
        unlimited.timeLimitSeconds = 0;
        QVERIFY(!search(smallPlan(8), unlimited).timeLimited);
    }

    // onCandidate receives what candidates would hold, in the same order, once everything else
    // in the result is final; the result then holds no candidates itself.
    void candidatesCanBeHandedOverOneByOne() {
        SearchOptions options;
        options.top = 0;
        options.threads = 1;
        const SearchResult held = search(smallPlan(8), options);
        QVERIFY(held.candidates.size() > 10);
        std::vector<SearchCandidate> handed;
        bool final = true;
        options.onCandidate = [&](const SearchResult& result, const SearchCandidate& candidate) {
            final = final && result.counts == held.counts && result.paretoFront == held.paretoFront;
            handed.push_back(candidate);
        };
        const SearchResult streamed = search(smallPlan(8), options);
        QVERIFY(streamed.candidates.empty());
        QVERIFY(final);
        QCOMPARE(handed.size(), held.candidates.size());
        QVERIFY(handed == held.candidates);
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

    // Six layers over four stages split 2, 2, 1, 1 evenly; with the embedding and the loss
    // counted as layers, 6 + 2 = 8 slots give 1, 2, 2, 1 beside them: the space holds both.
    void unevenSplitsAreSearched() {
        Plan plan = smallPlan(8);
        plan.model.layers = 6;
        SearchOptions options;
        options.space = narrowSpace();
        options.top = 0;
        const SearchResult result = search(plan, options);
        const auto balanced = std::find_if(
            result.candidates.begin(), result.candidates.end(), [](const SearchCandidate& c) {
                return c.plan.parallel.pp == 4 && c.plan.parallel.embeddingInSplit &&
                       c.plan.parallel.lossInSplit;
            });
        QVERIFY(balanced != result.candidates.end());
        checkAgainstEvaluate(*balanced);
        const ModelReport model = analyzeModel(balanced->plan);
        QCOMPARE(model.stages.front().layerCount, 1);
        QCOMPARE(model.stages[1].layerCount, 2);
        QCOMPARE(model.stages.back().layerCount, 1);
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
