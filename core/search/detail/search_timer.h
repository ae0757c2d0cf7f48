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

// Calls visit(layoutField, planField) for every field of a layout and the plan field it stands
// for, so that setting a plan from a layout (setLayout) and reading a layout from a plan
// (layoutOf) walk one list. Either side may be const.
template <typename Layout, typename PlanLike, typename Visit>
void forEachLayoutField(Layout& layout, PlanLike& plan, Visit&& visit) {
    auto& p = plan.parallel;
    visit(layout.dp, p.dp);
    visit(layout.tp, p.tp);
    visit(layout.pp, p.pp);
    visit(layout.cp, p.cp);
    visit(layout.ep, p.ep);
    visit(layout.etp, p.etp);
    visit(layout.virtualStages, p.virtualStages);
    visit(layout.schedule, p.schedule);
    visit(layout.embeddingInSplit, p.embeddingInSplit);
    visit(layout.lossInSplit, p.lossInSplit);
    visit(layout.zeroStage, p.zeroStage);
    visit(layout.offload, p.offload);
    visit(layout.sequenceParallel, p.sequenceParallel);
    auto& t = plan.training;
    visit(layout.recompute, t.recompute);
    visit(layout.microBatch, t.microBatch);
    visit(layout.gradAccumulation, t.gradAccumulation);
    auto& o = plan.performance;
    visit(layout.overlapGradReduce, o.overlapGradReduce);
    visit(layout.overlapParamGather, o.overlapParamGather);
    visit(layout.overlapTpComm, o.overlapTpComm);
    visit(layout.overlapP2p, o.overlapP2p);
}

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
    // analyzeModel(plan()), kept per (pp, micro-batch, chunks, embedding and loss in the split),
    // the only fields of a layout it reads.
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
    std::map<std::tuple<int, int, int, bool>, ModelReport> models_;
    std::map<std::tuple<ScheduleKind, int, int, int>, Shape> shapes_;
    std::size_t shapeSteps_ = 0;  // program steps held in shapes_
    std::vector<double> ends_, scratch_;
};

}  // namespace fourfold::core::detail
