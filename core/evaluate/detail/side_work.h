// SPDX-License-Identifier: MIT
// The parts of an evaluation that run beside it: the memory estimate (the plan alone decides
// it), then the what-ifs of a plan that does not fit (the slowest part of such a plan), then the
// scaling curves unless the evaluation took them meanwhile. The evaluation's own thread
// simulates the schedule, takes the curves itself if the other is still busy when it gets to
// them, works the estimate out itself if the other has not begun it (waking a thread can take
// longer than the estimate), then helps with the what-ifs until none is left; and it calls the
// side work off rather than wait for a thread that has not begun with nothing left to do.
#pragma once

#include "core/advice/what_ifs.h"
#include "core/evaluate/side_worker.h"
#include "core/memory/memory.h"
#include "core/performance/performance.h"
#include "core/plan/plan.h"

#include <atomic>
#include <future>
#include <memory>
#include <optional>
#include <vector>

namespace fourfold::core::detail {

class SideClaim;

class SideWork {
public:
    // `model` is null when the memory estimate is not wanted; `wantScaling` false when the curves
    // are not. Runs on `worker` when given, else on a thread of its own, else when asked.
    SideWork(const Plan& plan, const ModelReport* model, ScheduleMemo& schedules, bool wantScaling,
             SideWorker* worker);
    // Waits for the side thread unless it can still be called off: the work refers to the
    // evaluation's plan and model.
    ~SideWork();
    SideWork(const SideWork&) = delete;
    SideWork& operator=(const SideWork&) = delete;

    // The curves, computed here unless the side thread took them (then finish() hands them over).
    [[nodiscard]] std::optional<ScalingCurves> scalingHere();
    // The estimate, computed here unless the side thread began it; nullopt when not wanted.
    [[nodiscard]] std::optional<MemoryReport> memory();
    // Works out what-ifs here until none is left.
    void helpWithWhatIfs();
    // Calls the side thread off if it has not begun, else waits for it; its curves, if it took
    // them. After this, whatIfs() holds every hint.
    [[nodiscard]] std::optional<ScalingCurves> finish();
    [[nodiscard]] bool hasWhatIfs() const { return whatIfs_.has_value(); }
    [[nodiscard]] std::vector<WhatIf> whatIfs() { return whatIfs_->hints(); }

private:
    struct SideResults {
        std::optional<ScalingCurves> scaling;
    };
    void estimateMemory();
    [[nodiscard]] SideResults runBeside();

    const Plan& plan_;
    const ModelReport* model_;
    ScheduleMemo& schedules_;
    std::atomic<bool> scalingTaken_;
    std::atomic<bool> memoryTaken_;
    // The estimate is published by a signal without a value, so that the evaluation takes the
    // report itself rather than a copy of it (a shared future hands out only copies).
    std::optional<MemoryReport> estimated_;
    std::promise<void> memoryPromise_;
    std::shared_future<void> memoryEstimate_;
    std::optional<WhatIfWork> whatIfs_;  // set before the estimate is published
    // Shared with the work, which may begin after the evaluation is over when called off: it
    // then touches nothing else it refers to.
    std::shared_ptr<SideClaim> claim_;
    std::future<SideResults> side_;
};

}  // namespace fourfold::core::detail
