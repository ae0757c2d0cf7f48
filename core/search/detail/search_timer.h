// SPDX-License-Identifier: MIT
// Times layouts of one plan the way evaluate() does — stage costs, the pipeline simulated (or
// costed in closed form beyond evaluate's limit), the step's figures — keeping what repeats
// between layouts: the model per (pp, micro-batch), each schedule shape's compiled program and
// the makespan per set of stage costs. One per thread.
#pragma once

#include "core/model/model.h"
#include "core/performance/performance.h"
#include "core/performance/performance_stage.h"
#include "core/schedule/schedule_program.h"
#include "core/search/search.h"
#include "core/topology/topology.h"

#include <cstdint>
#include <map>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace fourfold::core::detail {

// Copies a step's figures (time, tokens/s, MFU, bubble, training time and cost) into the point
// and marks it timed: the one place a search point takes them from a performance report.
void copyStepFigures(const PerformanceReport& figures, SearchPoint& point);

// Sets the layout's fields on `plan` (what applyLayout does to a copy).
void setLayout(Plan& plan, const SearchLayout& layout, std::int64_t globalBatch);

struct ScheduleCostsHash {
    std::size_t operator()(const ScheduleCosts& costs) const noexcept;
};

class LayoutTimer {
public:
    LayoutTimer(const Plan& base, std::int64_t globalBatch);

    [[nodiscard]] const Plan& plan() const { return plan_; }
    void setLayout(const SearchLayout& layout);
    // analyzeModel(plan()), kept per (pp, micro-batch), the only fields of a layout it reads.
    [[nodiscard]] const ModelReport& model();
    // evaluate(plan()).performance's step time, tokens/s, MFU, bubble and training cost.
    void time(const TopologyReport* topology, SearchPoint& point);
    // A lower bound on that step time without simulating: the step is the makespan plus the
    // critical stage's after-step work, and no rank finishes before its own busy time.
    [[nodiscard]] double stepTimeBound(const TopologyReport* topology);

private:
    struct Shape {
        CompiledSchedule compiled;
        std::unordered_map<ScheduleCosts, double, ScheduleCostsHash> makespans;
    };
    [[nodiscard]] double makespan(const StepCosts& costs);

    Plan plan_;
    std::int64_t globalBatch_ = 0;
    std::map<std::pair<int, int>, ModelReport> models_;
    std::map<std::tuple<ScheduleKind, int, int, int>, Shape> shapes_;
    std::size_t shapeSteps_ = 0;  // program steps held in shapes_
    std::vector<double> ends_, scratch_;
};

}  // namespace fourfold::core::detail
