// SPDX-License-Identifier: MIT
// When a search stops before the end: the caller's cancel flag (SearchOptions::cancel), or the
// wall-clock budget (SearchOptions::timeLimitSeconds) running out. Every thread asks between
// validation groups, between timed layouts and between the blocks it takes, so a search stops
// within a few milliseconds of either (and within one layout's timing, at most a pipeline of
// 2 million ops, ~10 ms).
#pragma once

#include <atomic>
#include <chrono>
#include <optional>

namespace fourfold::core::detail {

class SearchStop {
public:
    SearchStop(const std::atomic<bool>* cancel, double timeLimitSeconds);

    // True once the search is cancelled or past its deadline.
    [[nodiscard]] bool requested() const;
    // True once past the deadline, whatever the cancel flag says.
    [[nodiscard]] bool pastDeadline() const;
    // True when it was the deadline that stopped it.
    [[nodiscard]] bool timedOut() const { return timedOut_.load(std::memory_order_relaxed); }

private:
    const std::atomic<bool>* cancel_;
    std::optional<std::chrono::steady_clock::time_point> deadline_;
    mutable std::atomic<bool> timedOut_{false};
};

}  // namespace fourfold::core::detail
