// SPDX-License-Identifier: MIT
#include "core/search/detail/search_refine.h"

#include "core/search/detail/search_rank.h"
#include "core/search/detail/search_timer.h"

#include <queue>

#include <algorithm>
#include <atomic>
#include <map>
#include <thread>

namespace fourfold::core::detail {
namespace {

constexpr std::size_t kChunk = 32;  // layouts a thread takes at a time

// The front of the timed layouts so far: peak bytes → tokens/s, tokens/s rising with the peak.
class Staircase {
public:
    // True when a timed layout beats (peak, tokens/s at most `bestCase`) for certain.
    [[nodiscard]] bool dominates(std::uint64_t peak, double bestCase) const {
        const auto noMore = steps_.upper_bound(peak);  // first with a larger peak
        if (noMore != steps_.begin() && std::prev(noMore)->second > bestCase) return true;
        const auto less = steps_.lower_bound(peak);
        return less != steps_.begin() && std::prev(less)->second >= bestCase;
    }
    void add(std::uint64_t peak, double tokensPerS) {
        const auto noMore = steps_.upper_bound(peak);
        if (noMore != steps_.begin() && std::prev(noMore)->second >= tokensPerS) return;
        auto at = steps_.lower_bound(peak);
        while (at != steps_.end() && at->second <= tokensPerS) at = steps_.erase(at);
        steps_[peak] = tokensPerS;
    }

private:
    std::map<std::uint64_t, double> steps_;
};

}  // namespace

bool refine(RefineJob& job, const RefineShared& shared) {
    const SearchOptions& options = *job.options;
    const SearchObjective objective = options.objective;
    const auto top = static_cast<std::size_t>(std::max(1, options.top));
    // Best case of every layout, then the most promising first.
    std::vector<BoundedPoint*> all;  // block by block, in enumeration order
    for (std::vector<BoundedPoint>& block : job.bounded) {
        for (BoundedPoint& bounded : block) all.push_back(&bounded);
    }
    std::vector<std::pair<double, std::size_t>> order;  // (best-case objective, index in all)
    order.reserve(all.size());
    {
        LayoutTimer timer(*job.plan, job.globalBatch);
        for (std::size_t i = 0; i < all.size(); ++i) {
            BoundedPoint& bounded = *all[i];
            timer.setLayout(bounded.point.layout);
            figuresForStepTime(timer.plan(), bounded.stepTimeBound, bounded.point);
            order.emplace_back(objectiveValue(bounded.point, objective), i);
        }
    }
    std::sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
        if (a.first != b.first) return better(objective, a.first, b.first);
        return a.second < b.second;
    });

    // The N best objective values timed so far (worst on top) and the front so far.
    const auto worseFirst = [&](double a, double b) { return better(objective, a, b); };
    std::priority_queue<double, std::vector<double>, decltype(worseFirst)> best(worseFirst);
    Staircase front;
    for (const SearchPoint& point : *shared.points) {
        best.push(objectiveValue(point, objective));
        if (best.size() > top) best.pop();
        front.add(point.peakBytes, point.tokensPerS);
    }
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stopped{false};
    const auto worker = [&] {
        LayoutTimer timer(*job.plan, job.globalBatch);
        std::vector<SearchPoint> timed;
        while (!stopped) {
            const std::size_t first = next.fetch_add(kChunk);
            if (first >= order.size()) return;
            const std::size_t last = std::min(order.size(), first + kChunk);
            timed.clear();
            for (std::size_t k = first; k < last; ++k) {
                // The time limit bounds the refinement too; a cancel does not (above).
                if (job.stop->pastDeadline()) {
                    stopped = true;
                    break;
                }
                const BoundedPoint& bounded = *all[order[k].second];
                {
                    const std::lock_guard lock(*shared.mutex);
                    const bool outranked =
                        best.size() >= top && better(objective, best.top(), order[k].first);
                    if (outranked &&
                        front.dominates(bounded.point.peakBytes, bounded.point.tokensPerS)) {
                        continue;
                    }
                }
                SearchPoint point = bounded.point;
                timer.setLayout(point.layout);
                timer.time(job.topologies[bounded.block].get(), point);
                timed.push_back(point);
                const std::lock_guard lock(*shared.mutex);
                best.push(objectiveValue(point, objective));
                if (best.size() > top) best.pop();
                front.add(point.peakBytes, point.tokensPerS);
            }
            const std::lock_guard lock(*shared.mutex);
            shared.counts->timed += static_cast<std::int64_t>(timed.size());
            shared.points->insert(shared.points->end(), timed.begin(), timed.end());
            if (options.progress) options.progress({*shared.counts, timed});
        }
    };
    {
        std::vector<std::jthread> threads;
        for (std::size_t i = 1; i < job.threads; ++i) threads.emplace_back(worker);
        worker();
    }
    return !stopped;
}

}  // namespace fourfold::core::detail
