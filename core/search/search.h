// SPDX-License-Identifier: MIT
// The auto-planner: every parallel layout of a plan's model on its cluster at its sequence
// length and global batch — dp·tp·pp·cp (·ep, etp) factorisations of the world size, schedule
// and virtual stages, ZeRO stage, offload, sequence parallel, recompute, micro-batch (the
// accumulation follows from the global batch) and the overlap options — pruned by validate(),
// each survivor costed with the same memory and performance code evaluate() uses (without op
// or group lists), those that fit ranked by an objective, and the Pareto front of peak memory
// against throughput. Runs on std::threads, can be cancelled, and reports as it goes.
// docs/search.md describes the space, the pruning, the objectives and the speed.
#pragma once

#include "core/plan/plan.h"
#include "core/text/coded_text.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

// What keeps a search of any plan bounded (docs/search.md, "Limits"). A space of more layouts
// is refused before any is evaluated (GPT-3 175B on 1,024 GPUs with every option tried is
// 35 million); a result holds at most this many candidates (SearchOptions::onCandidate hands
// over any number, one at a time); and SearchOptions::timeLimitSeconds bounds the time.
inline constexpr std::int64_t kMaxSearchLayouts = 1'000'000'000;
inline constexpr std::size_t kMaxSearchCandidates = 1'000'000;

enum class SearchObjective {
    TokensPerS,  // highest throughput first (the default)
    Time,        // shortest time to train the plan's token budget (per step without a budget)
    Cost,        // cheapest: GPU-hours × price for the token budget (GPU-seconds per step
                 // without a budget, GPU-hours without a price)
    Headroom,    // most memory left free under the usable capacity
};
[[nodiscard]] std::string_view toString(SearchObjective objective);  // "tokens_per_s", ...
[[nodiscard]] std::optional<SearchObjective> parseSearchObjective(std::string_view text);

// Which values each axis takes. Empty lists mean every value. An option is varied only where it
// can change something: sequence parallel and TP overlap with tp > 1, pipeline-send overlap with
// pp > 1, gradient-reduction overlap with dp × cp > 1, parameter-gather overlap with ZeRO ≥ 1.
struct SearchSpace {
    bool everyWorldSize = false;  // every world size up to the cluster, not only all of it
    // TP inside a node, where NVLink carries its per-layer collectives (DESIGN.md: keep TP
    // groups inside a node; validation warns otherwise). False: every divisor.
    bool tensorParallelWithinNode = true;
    std::vector<ScheduleKind> schedules;
    std::vector<int> zeroStages;
    std::vector<Offload> offloads;
    std::vector<Recompute> recomputes;
    bool sequenceParallel = true;  // try it on and off
    // Try each overlap option on and off. Off by default: in the model, overlap never slows a
    // step and never costs memory, so the plan's own settings (what its framework does) are
    // kept and the space holds no layouts that are never better.
    bool overlaps = false;
    int maxMicroBatch = 0;  // 0: every divisor of the per-replica batch

    bool operator==(const SearchSpace&) const = default;
};

// The fields one layout sets on the plan; everything else is the plan's own.
struct SearchLayout {
    int dp = 1, tp = 1, pp = 1, cp = 1, ep = 1, etp = 0, virtualStages = 1;
    ScheduleKind schedule = ScheduleKind::OneFOneB;
    // Embedding and loss each counted as a layer in the pipeline split (Megatron-LM's
    // --account-for-embedding/loss-in-pipeline-split): a lighter first and last stage.
    bool embeddingInSplit = false;
    bool lossInSplit = false;
    int zeroStage = 0;
    Offload offload = Offload::None;
    bool sequenceParallel = false;
    Recompute recompute = Recompute::None;
    int microBatch = 1;
    int gradAccumulation = 1;
    bool overlapGradReduce = true;
    bool overlapParamGather = true;
    bool overlapTpComm = false;
    bool overlapP2p = true;

    bool operator==(const SearchLayout&) const = default;
};

// `base` with the layout's fields set (global batch kept).
[[nodiscard]] Plan applyLayout(const Plan& base, const SearchLayout& layout);

// One evaluated layout: the figures evaluate(applyLayout(plan, layout)) gives.
struct SearchPoint {
    SearchLayout layout;
    std::uint64_t peakBytes = 0;     // memory.peak_bytes
    std::int64_t headroomBytes = 0;  // usable − peak (negative when it does not fit)
    bool fits = false;
    bool timed = false;    // step time computed (every layout that fits is)
    double stepTimeS = 0;  // performance.step_time_s
    double tokensPerS = 0;
    double mfu = 0;
    double bubbleS = 0;          // the critical stage's bubble
    double trainingSeconds = 0;  // for the token budget (0 without one)
    double trainingCost = 0;     // GPU-hours × price (0 without budget or price)
    double objective = 0;        // the objective's figure (larger or smaller is better)
    std::int64_t index = 0;      // position in the enumeration (breaks ties)

    bool operator==(const SearchPoint&) const = default;
};

struct SearchCandidate {
    Plan plan;  // complete: evaluate(plan) gives the figures of `point`
    SearchPoint point;
    int rank = 0;         // 1 = best by the objective among those that fit
    bool pareto = false;  // on the front of peak memory vs tokens/s among those that fit

    bool operator==(const SearchCandidate&) const = default;
};

struct SearchCounts {
    std::int64_t space = 0;      // layouts enumerated (the whole space, known before the search)
    std::int64_t done = 0;       // layouts looked at so far
    std::int64_t pruned = 0;     // rejected by validate() (an error)
    std::int64_t evaluated = 0;  // memory estimated
    std::int64_t timed = 0;      // step time computed too
    std::int64_t fitting = 0;

    bool operator==(const SearchCounts&) const = default;
};

// Reported after each block of the space (one factorisation) and each batch of layouts timed:
// the counts so far and the fitting layouts timed since the last report. Called from the
// worker threads, one call at a time.
struct SearchProgress {
    SearchCounts counts;
    std::vector<SearchPoint> newPoints;
};

struct SearchResult;

struct SearchOptions {
    SearchSpace space;
    SearchObjective objective = SearchObjective::TokensPerS;
    int top = 20;                  // candidates returned, best first; 0: every layout that fits
    int threads = 0;               // 0: std::thread::hardware_concurrency()
    bool timeEveryLayout = false;  // time every layout, those that do not fit too
    const std::atomic<bool>* cancel = nullptr;  // set it to stop; checked every few layouts
    // Wall-clock seconds the search may take, 0 for no limit: past it the search stops as when
    // cancelled, and the result says so (timeLimited). fourfold-cli search gives 10 s.
    double timeLimitSeconds = 0;
    std::function<void(const SearchProgress&)> progress;
    // When set, the candidates are handed over here one at a time, best first, instead of being
    // kept in SearchResult::candidates (which stays empty): `result` then holds everything else,
    // final (counts, seconds, the Pareto front, notes). A front end writing `--top 0` of a large
    // space thus holds one candidate's plan at a time. Called on the calling thread.
    std::function<void(const SearchResult& result, const SearchCandidate& candidate)> onCandidate;
};

struct SearchResult {
    SearchCounts counts;
    double seconds = 0;
    bool cancelled = false;    // stopped early: counts and candidates cover what was searched
    bool timeLimited = false;  // stopped by SearchOptions::timeLimitSeconds (cancelled is set too)
    SearchObjective objective = SearchObjective::TokensPerS;
    std::int64_t globalBatch = 0;  // the target every layout keeps
    // The best `top` (at most kMaxSearchCandidates), best first; empty when onCandidate took them.
    std::vector<SearchCandidate> candidates;
    std::vector<SearchCandidate> paretoFront;  // ascending peak memory
    std::vector<CodedText> notes;  // why the space is empty or the search stopped short, if so

    bool operator==(const SearchResult&) const = default;
};

// Searches the layouts of `plan`'s model on its cluster for its global batch (training.
// global_batch, else micro-batch × accumulation × dp). Never throws.
[[nodiscard]] SearchResult search(const Plan& plan, const SearchOptions& options = {});

// The Pareto front of (peak bytes ↓, tokens/s ↑) among `points`: indices, ascending peak.
[[nodiscard]] std::vector<std::size_t> paretoFront(const std::vector<SearchPoint>& points);

// True when `a` ranks before `b` under `objective` (ties: more tokens/s, then enumeration order).
[[nodiscard]] bool ranksBefore(const SearchPoint& a, const SearchPoint& b,
                               SearchObjective objective);

}  // namespace fourfold::core
