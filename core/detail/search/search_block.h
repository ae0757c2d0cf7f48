// SPDX-License-Identifier: MIT
// One block of the search (one factorisation of the world size), evaluated on one thread: each
// layout validated with validate(), its peak memory from the memory estimate and its step from
// the stage costs and the timed schedule program, as evaluate() computes them but without
// explanations, op lists or group lists. Work that does not change within a loop is done once
// outside it: validation once per (schedule, micro-batch, sequence parallel, ZeRO, offload),
// since it reads neither recompute nor the overlap options; memory once per recompute, since
// it does not read the overlap options (tst_search checks both); the model once per
// micro-batch; the rank map once per block; the schedule's op order once per shape.
#pragma once

#include "core/detail/performance/performance_stage.h"
#include "core/detail/schedule/schedule_program.h"
#include "core/detail/search/search_space.h"
#include "core/model.h"
#include "core/search.h"
#include "core/topology.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace fourfold::core::detail {

// Sets the layout's fields on `plan` (what applyLayout does to a copy).
void setLayout(Plan& plan, const SearchLayout& layout, std::int64_t globalBatch);

struct BlockResult {
    SearchCounts counts;
    std::vector<SearchPoint> points;  // the layouts that fit
    std::string firstPruneCode;       // the first validation error met, for notes
};

struct ScheduleCostsHash {
    std::size_t operator()(const ScheduleCosts& costs) const noexcept;
};

class BlockEvaluator {
public:
    BlockEvaluator(const Plan& base, std::int64_t globalBatch, bool timeEveryLayout,
                   const std::atomic<bool>* cancel);

    // Evaluates every layout of the block; layout indices start at `firstIndex`. Returns false
    // when cancelled part way (the counts then cover what was done).
    bool run(const Factorisation& factors, const BlockAxes& axes, std::int64_t firstIndex,
             BlockResult& out);

private:
    [[nodiscard]] bool cancelled() const;
    // Peak memory and step of the current plan; false when the memory estimate overflows.
    void timeLayout(const ModelReport& model, SearchPoint& point);
    [[nodiscard]] double makespan(const StepCosts& costs);

    Plan plan_;
    std::int64_t globalBatch_ = 0;
    bool timeEveryLayout_ = false;
    const std::atomic<bool>* cancel_ = nullptr;
    std::optional<TopologyReport> topology_;
    bool topologyErrors_ = false;
    std::optional<CompiledSchedule> compiled_;  // for the current (schedule, micro-batch)
    std::unordered_map<ScheduleCosts, double, ScheduleCostsHash> makespans_;
    std::vector<double> ends_, rankFree_;
};

}  // namespace fourfold::core::detail
