// SPDX-License-Identifier: MIT
// What a batch of pipeline predictions keeps between plans: each schedule shape (schedule, p, m,
// v) compiled once, since the op order depends only on the shape, then timed again for each
// plan's stage costs without building op lists. The what-ifs share one among all their changes,
// and an editor keeps one across edits. Safe to use from several threads at once.
#pragma once

#include "core/schedule/schedule.h"

#include <cstddef>
#include <memory>

namespace fourfold::core {

namespace detail {
struct ScheduleMemoState;
}

class ScheduleMemo {
public:
    ScheduleMemo();
    ~ScheduleMemo();
    ScheduleMemo(const ScheduleMemo&) = delete;
    ScheduleMemo& operator=(const ScheduleMemo&) = delete;

    // Schedule shapes compiled so far.
    [[nodiscard]] std::size_t shapes() const;

    struct Makespan {
        double seconds = 0;
        bool complete = true;  // false: the shape could not be compiled (see simulateSchedule)
    };
    // The makespan simulateSchedule would give for these costs, from the shape's compiled
    // program (compiled here the first time the shape is asked for).
    [[nodiscard]] Makespan makespan(ScheduleKind kind, int stages, int microBatches,
                                    int virtualStages, const ScheduleCosts& costs);

private:
    friend ScheduleResult simulateSchedule(ScheduleKind, int, int, int, const ScheduleCosts&,
                                           ScheduleMemo&);
    std::unique_ptr<detail::ScheduleMemoState> state_;
};

}  // namespace fourfold::core
