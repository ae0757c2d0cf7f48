// SPDX-License-Identifier: MIT
#include "core/search/detail/search_stop.h"

namespace fourfold::core::detail {

SearchStop::SearchStop(const std::atomic<bool>* cancel, double timeLimitSeconds) : cancel_(cancel) {
    // A limit beyond thirty years is no limit (and would overflow the clock's duration).
    if (timeLimitSeconds > 0 && timeLimitSeconds < 1e9) {
        deadline_ = std::chrono::steady_clock::now() +
                    std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                        std::chrono::duration<double>(timeLimitSeconds));
    }
}

bool SearchStop::requested() const {
    if (cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) return true;
    return pastDeadline();
}

bool SearchStop::pastDeadline() const {
    if (timedOut()) return true;
    if (deadline_ && std::chrono::steady_clock::now() >= *deadline_) {
        timedOut_.store(true, std::memory_order_relaxed);
        return true;
    }
    return false;
}

}  // namespace fourfold::core::detail
