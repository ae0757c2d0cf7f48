// SPDX-License-Identifier: MIT
// What-if hints for a plan that does not fit: the obvious single changes (next ZeRO stage,
// selective or full recompute, half the micro-batch, double TP or PP, optimizer offload, the
// largest micro-batch that fits), each re-estimated and timed, with the global batch it gives;
// and, when no single change fits, the best pairs of changes (bounded: every pair is estimated,
// at most kMostPairsTimed of those that fit are timed, the kPairsOffered fastest offered; when
// no pair fits either, the kPairsOffered that come closest).
// Doubling TP or PP where dp halves doubles the accumulation, so the global batch stays.
// Units: bytes. Every figure comes from the estimate (estimatePeak: the peak and whether it
// fits, to the byte, from one stage of each kind) and the performance model, never a guess.
#pragma once

#include "core/memory/memory.h"
#include "core/performance/performance.h"
#include "core/schedule/schedule_memo.h"
#include "core/text/coded_text.h"

#include <atomic>
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fourfold::core::detail {

inline constexpr std::size_t kMostPairsTimed = 8;
inline constexpr std::size_t kPairsOffered = 3;

// `schedules`, when given, keeps the compiled schedule shapes for later calls.
// `largestFittingMicroBatch` (MemoryReport's) adds the change to it, accumulation kept.
[[nodiscard]] std::vector<WhatIf> whatIfs(const Plan& plan, const ModelReport& model,
                                          std::uint64_t peakBytes,
                                          ScheduleMemo* schedules = nullptr,
                                          int largestFittingMicroBatch = 0);

// One obvious single change to a plan.
struct WhatIfCandidate {
    CodedText change;
    Plan plan;
    bool newShape = false;  // the stage split changes: the model report is recomputed
};

// whatIfs shared out among threads (evaluate() works them out on two): each thread that helps
// takes the next candidate until none is left, and the hints come out in the candidates' order
// whichever thread worked each out. `plan`, `model` and `schedules` (thread-safe) must outlive
// the work.
class WhatIfWork {
public:
    WhatIfWork(const Plan& plan, const ModelReport& model, std::uint64_t peakBytes,
               ScheduleMemo* schedules = nullptr, int largestFittingMicroBatch = 0);
    WhatIfWork(const WhatIfWork&) = delete;
    WhatIfWork& operator=(const WhatIfWork&) = delete;

    // Works out candidates until none is left; from any number of threads at once.
    void help();
    // The hints, once every help() has returned; when none of them fits, the best pairs of
    // changes after them (worked out on the calling thread, once).
    [[nodiscard]] std::vector<WhatIf> hints();

private:
    [[nodiscard]] std::optional<WhatIf> hintFor(const WhatIfCandidate& candidate);
    // True when `plan` has an error or a layout warning the plan itself does not.
    [[nodiscard]] bool addsAnError(const Plan& plan) const;
    // The changed plan's step, throughput and global batch into `hint`.
    void time(const Plan& plan, WhatIf& hint);
    [[nodiscard]] std::vector<WhatIf> pairs();

    const Plan& plan_;
    const ModelReport& model_;
    std::uint64_t peakBytes_;
    bool reference_;
    std::uint64_t fullPeak_ = 0;
    std::set<std::string> knownProblems_;  // the plan's own error paths and layout warnings
    ScheduleMemo own_;
    ScheduleMemo& memo_;
    std::vector<WhatIfCandidate> candidates_;
    std::vector<std::optional<WhatIf>> hints_;  // by candidate, each written by one thread
    std::optional<std::vector<WhatIf>> pairs_;
    std::atomic<std::size_t> next_{0};
};
// Whether a memory report lists what-ifs: a plan that does not fit (then whatIfs(plan, model,
// report.peakBytes, ...) gives them).
[[nodiscard]] bool needsWhatIfs(const MemoryReport& report);

}  // namespace fourfold::core::detail

namespace fourfold::core {

// estimateMemory (core/memory/memory.h) with the what-ifs of a plan that does not fit. Their
// step times reuse the schedule shapes in `schedules` when one is given.
[[nodiscard]] MemoryReport estimateMemoryWithWhatIfs(const Plan& plan, const ModelReport& model,
                                                     ScheduleMemo* schedules = nullptr);

// Times the what-ifs `plan` would list if it did not fit (its peak is `peakBytes`), so the
// schedule shapes they need are compiled in `schedules` before an edit that stops the plan
// fitting asks for them: compiling them was most of that edit's time. The figures are dropped.
// `schedules` may be in use by another thread meanwhile.
void prepareWhatIfs(const Plan& plan, const ModelReport& model, std::uint64_t peakBytes,
                    ScheduleMemo& schedules);

}  // namespace fourfold::core
