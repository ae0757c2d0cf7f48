// SPDX-License-Identifier: MIT
// search(): blocks of the space (one factorisation each) handed to std::threads through an
// atomic counter; each thread evaluates its blocks with a BlockEvaluator; the results are
// merged, ranked and reduced to the Pareto front in enumeration order, so the answer does not
// depend on how the blocks fell to the threads.
#include "core/search/search.h"

#include "core/search/detail/search_block.h"
#include "core/search/detail/search_rank.h"
#include "core/search/detail/search_refine.h"
#include "core/search/detail/search_space.h"
#include "core/search/detail/search_stop.h"
#include "core/text/format.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>
#include <mutex>
#include <thread>

namespace fourfold::core {
namespace {

using detail::BlockAxes;
using detail::BlockResult;
using detail::Factorisation;

double secondsSince(std::chrono::steady_clock::time_point started) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

bool finiteFigures(const SearchPoint& p) {
    return std::isfinite(p.stepTimeS) && std::isfinite(p.tokensPerS) && std::isfinite(p.mfu) &&
           std::isfinite(p.bubbleS) && std::isfinite(p.trainingSeconds) &&
           std::isfinite(p.trainingCost) && std::isfinite(p.objective);
}

void add(SearchCounts& into, const SearchCounts& from) {
    into.done += from.done;
    into.pruned += from.pruned;
    into.evaluated += from.evaluated;
    into.timed += from.timed;
    into.fitting += from.fitting;
}

}  // namespace

std::string_view toString(SearchObjective objective) {
    switch (objective) {
        case SearchObjective::TokensPerS:
            return "tokens_per_s";
        case SearchObjective::Time:
            return "time";
        case SearchObjective::Cost:
            return "cost";
        case SearchObjective::Headroom:
            return "headroom";
    }
    return "tokens_per_s";
}

std::optional<SearchObjective> parseSearchObjective(std::string_view text) {
    for (const SearchObjective objective : {SearchObjective::TokensPerS, SearchObjective::Time,
                                            SearchObjective::Cost, SearchObjective::Headroom}) {
        if (text == toString(objective)) return objective;
    }
    return std::nullopt;
}

Plan applyLayout(const Plan& base, const SearchLayout& layout) {
    Plan plan = base;
    detail::setLayout(plan, layout, detail::searchGlobalBatch(base));
    plan.measured = {};
    return plan;
}

bool ranksBefore(const SearchPoint& a, const SearchPoint& b, SearchObjective objective) {
    if (a.objective != b.objective) return detail::better(objective, a.objective, b.objective);
    if (a.tokensPerS != b.tokensPerS) return a.tokensPerS > b.tokensPerS;
    return a.index < b.index;
}

std::vector<std::size_t> paretoFront(const std::vector<SearchPoint>& points) {
    std::vector<std::size_t> order(points.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    // Ascending memory, and for equal memory the fastest first: a point is on the front when it
    // is faster than every point that needs no more memory.
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const SearchPoint& x = points[a];
        const SearchPoint& y = points[b];
        if (x.peakBytes != y.peakBytes) return x.peakBytes < y.peakBytes;
        if (x.tokensPerS != y.tokensPerS) return x.tokensPerS > y.tokensPerS;
        return x.index < y.index;
    });
    std::vector<std::size_t> front;
    for (const std::size_t i : order) {
        const SearchPoint& point = points[i];
        if (front.empty() || point.tokensPerS > points[front.back()].tokensPerS) {
            front.push_back(i);
        } else if (point.tokensPerS == points[front.back()].tokensPerS &&
                   point.peakBytes == points[front.back()].peakBytes) {
            front.push_back(i);  // the same two figures: neither dominates the other
        }
    }
    return front;
}

SearchResult search(const Plan& plan, const SearchOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    const detail::SearchStop stop(options.cancel, options.timeLimitSeconds);
    SearchResult result;
    result.objective = options.objective;
    result.globalBatch = detail::searchGlobalBatch(plan);

    const std::vector<Factorisation> factors = detail::factorisations(plan, options.space);
    std::vector<BlockAxes> axes;
    std::vector<std::int64_t> firstIndex;
    axes.reserve(factors.size());
    bool tooLarge = false;
    for (const Factorisation& f : factors) {
        axes.push_back(detail::blockAxes(plan, options.space, f, result.globalBatch));
        firstIndex.push_back(result.counts.space);
        result.counts.space += axes.back().layouts();
        // Counted before any layout is looked at, and no further than the limit.
        if (result.counts.space > kMaxSearchLayouts) {
            tooLarge = true;
            break;
        }
    }
    if (tooLarge) {
        result.notes.push_back(
            CodedText{"search.space_too_large",
                      {{"space", result.counts.space}, {"limit", kMaxSearchLayouts}}});
        result.counts.space = 0;
        result.seconds = secondsSince(started);
        return result;
    }
    if (result.counts.space == 0) {
        result.notes.push_back(
            CodedText{result.globalBatch < 1 ? "search.no_global_batch" : "search.no_layout"});
    }

    std::vector<SearchPoint> points;
    std::string pruneCode;
    // With a limit on the candidates, fitting layouts are bounded first and timed only while
    // they can still rank (search_refine.h); without one, every fitting layout is timed.
    const bool timeNow = options.top <= 0 || options.timeEveryLayout;
    detail::RefineJob refineJob;
    refineJob.plan = &plan;
    refineJob.globalBatch = result.globalBatch;
    refineJob.options = &options;
    refineJob.stop = &stop;
    refineJob.topologies.resize(factors.size());
    refineJob.bounded.resize(factors.size());
    std::mutex mutex;  // guards points, result.counts, pruneCode, refineJob and progress calls
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cancelled{false};
    const auto worker = [&] {
        detail::BlockEvaluator evaluator(plan, result.globalBatch, timeNow, options, stop);
        while (true) {
            if (stop.requested()) {
                cancelled = true;
                return;
            }
            const std::size_t block = next.fetch_add(1);
            if (block >= factors.size()) return;
            if (axes[block].layouts() == 0) continue;
            BlockResult out;
            const bool complete =
                evaluator.run(factors[block], axes[block], block, firstIndex[block], out);
            const std::lock_guard lock(mutex);
            add(result.counts, out.counts);
            if (pruneCode.empty()) pruneCode = out.firstPruneCode;
            if (options.progress) options.progress({result.counts, out.points});
            points.insert(points.end(), out.points.begin(), out.points.end());
            // Reserved for the whole block: give back what the fitting layouts left unused.
            if (out.bounded.capacity() > 2 * out.bounded.size()) out.bounded.shrink_to_fit();
            refineJob.bounded[block] = std::move(out.bounded);
            refineJob.topologies[block] = out.topology;
            if (!complete) {
                cancelled = true;
                return;
            }
        }
    };
    const unsigned hardware = std::max(1U, std::thread::hardware_concurrency());
    const std::size_t threadCount =
        options.threads > 0 ? static_cast<std::size_t>(options.threads) : hardware;
    {
        std::vector<std::jthread> threads;
        const std::size_t blockThreads =
            std::min(threadCount, std::max<std::size_t>(1, factors.size()));
        for (std::size_t i = 1; i < blockThreads; ++i) threads.emplace_back(worker);
        worker();
    }
    const bool anyBounded =
        std::any_of(refineJob.bounded.begin(), refineJob.bounded.end(),
                    [](const std::vector<detail::BoundedPoint>& block) { return !block.empty(); });
    // Also after a cancel: the fitting layouts looked at so far are ranked exactly, so a
    // cancelled search keeps the best of what it searched (the refinement times only the few
    // that can still rank, and only the time limit ends it early).
    if (anyBounded) {
        refineJob.threads = threadCount;
        if (!detail::refine(refineJob, {&mutex, &result.counts, &points})) cancelled = true;
    }
    result.cancelled = cancelled;
    result.timeLimited = cancelled && stop.timedOut();
    if (result.timeLimited) {
        result.notes.push_back(
            CodedText{"search.time_limit", {{"limit", formatSeconds(options.timeLimitSeconds)}}});
    }
    if (result.counts.space > 0 && result.counts.pruned == result.counts.space &&
        !pruneCode.empty()) {
        result.notes.push_back(CodedText{"search.every_layout_pruned", {{"rule", pruneCode}}});
    }
    // Rank in enumeration order first, so the answer is the same however the blocks were run.
    std::sort(points.begin(), points.end(),
              [](const SearchPoint& a, const SearchPoint& b) { return a.index < b.index; });
    for (SearchPoint& point : points) {
        point.objective = detail::objectiveValue(point, options.objective);
    }
    // The plan's ranges keep every figure finite; a layout whose figures are not is left out
    // rather than ranked or written (JSON has no NaN).
    std::erase_if(points, [](const SearchPoint& point) { return !finiteFigures(point); });
    const std::vector<std::size_t> front = paretoFront(points);
    std::vector<char> onFront(points.size(), 0);
    for (const std::size_t i : front) onFront[i] = 1;

    std::vector<std::size_t> order(points.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    const std::size_t wanted =
        options.top > 0 ? static_cast<std::size_t>(options.top) : order.size();
    const std::size_t keep = std::min(
        wanted, options.onCandidate ? order.size() : std::min(order.size(), kMaxSearchCandidates));
    if (keep < std::min(wanted, order.size())) {
        result.notes.push_back(
            CodedText{"search.candidates_capped", {{"fitting", order.size()}, {"limit", keep}}});
    }
    const auto better = [&](std::size_t a, std::size_t b) {
        return ranksBefore(points[a], points[b], options.objective);
    };
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(),
                      better);
    std::vector<int> rankOf(points.size(), 0);
    if (!front.empty()) {
        // The front's members need their rank too; sort all when some fall outside the top.
        std::sort(order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(), better);
    }
    // Untimed layouts rank below the best `keep`, so beyond them a rank among the timed ones
    // would not be the layout's rank: 0 there.
    const std::size_t ranked = timeNow ? order.size() : keep;
    for (std::size_t r = 0; r < ranked; ++r) rankOf[order[r]] = static_cast<int>(r + 1);

    const auto candidate = [&](std::size_t i) {
        SearchCandidate c;
        c.plan = applyLayout(plan, points[i].layout);
        c.point = points[i];
        c.rank = rankOf[i];
        c.pareto = onFront[i] != 0;
        return c;
    };
    for (const std::size_t i : front) result.paretoFront.push_back(candidate(i));
    result.seconds = secondsSince(started);
    if (options.onCandidate) {
        for (std::size_t r = 0; r < keep; ++r) options.onCandidate(result, candidate(order[r]));
    } else {
        result.candidates.reserve(keep);
        for (std::size_t r = 0; r < keep; ++r) result.candidates.push_back(candidate(order[r]));
    }
    return result;
}

}  // namespace fourfold::core
