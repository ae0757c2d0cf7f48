// SPDX-License-Identifier: MIT
// Evaluation: everything the engine computes for one Plan, as one immutable value.
// It carries the Plan it came from; a part is absent when the plan's errors prevent it.
#pragma once

#include "core/memory/activation_timeline.h"
#include "core/memory/memory.h"
#include "core/model/model.h"
#include "core/performance/checkpoint.h"
#include "core/performance/measured.h"
#include "core/performance/performance.h"
#include "core/plan/plan.h"
#include "core/schedule/schedule.h"
#include "core/text/diagnostic.h"
#include "core/text/explained.h"
#include "core/topology/topology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fourfold::core {

struct BatchFigures {
    std::int64_t globalBatch = 0;    // micro × accumulation × dp
    std::int64_t tokensPerStep = 0;  // globalBatch × sequence
    std::string formula;             // "64 = 1 × 8 × 8"
    ExplainedFigure explain;         // B = b × a × dp with its terms

    bool operator==(const BatchFigures&) const = default;
};

struct Evaluation {
    Plan plan;
    std::vector<Diagnostic> diagnostics;
    std::int64_t worldSize = 0;
    BatchFigures batch;
    std::optional<ModelReport> model;
    std::optional<MemoryReport> memory;
    std::optional<ScheduleResult> schedule;
    std::optional<TopologyReport> topology;
    MeasuredComparison measured;  // empty when the plan carries no measurements
    // Activation memory over the step per pipeline rank: present with a complete schedule,
    // in bytes when memory is estimated too.
    std::optional<ActivationTimelines> activations;
    std::optional<PerformanceReport> performance;  // step time, MFU (needs the schedule)
    std::optional<CheckpointReport> checkpoint;
    // Strong and weak scaling of this plan over a handful of data-parallel degrees (with the
    // performance model).
    std::optional<ScalingCurves> scaling;

    bool operator==(const Evaluation&) const = default;
};

}  // namespace fourfold::core
