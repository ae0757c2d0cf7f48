// SPDX-License-Identifier: MIT
// Per-stage costs of one step: forward, backward and weight-gradient time per micro-batch with
// the exposed TP / CP / EP / ZeRO-3 communication folded in (what the pipeline simulation
// runs), and the once-per-step work after it: DP gradient reduction, ZeRO parameter gathers,
// the optimizer step and offload traffic. Collectives are charged where Megatron-LM and
// PyTorch issue them (docs/performance.md lists each).
#pragma once

#include "core/model/model.h"
#include "core/plan/plan.h"
#include "core/schedule/schedule.h"
#include "core/topology/topology.h"

#include <vector>

namespace fourfold::core::detail {

// One pipeline rank; per-micro-batch figures cover the whole stage (all its chunks).
struct StageCost {
    double forwardS = 0;  // compute + exposed communication, one micro-batch
    double backwardS = 0;
    double weightGradS = 0;
    double computeS = 0;  // compute only, forward + backward, one micro-batch
    double tpCommS = 0;   // exposed, one micro-batch
    double cpCommS = 0;
    double epCommS = 0;
    double zeroCommS = 0;     // exposed ZeRO-3 gathers and per-micro-batch gradient reduction
    double zeroTrafficS = 0;  // the same before overlap, one micro-batch
    double offloadS = 0;      // parameter streaming over PCIe, one micro-batch
    double dpCommS = 0;       // once-per-step gradient reduction and parameter gathers
    double dpExposedS = 0;    // the part not hidden behind backward / forward
    double optimizerS = 0;    // the optimizer step (on the CPU when offloaded)
    double modelFlops = 0;    // per micro-batch on one GPU of the stage
    double hardwareFlops = 0;

    bool operator==(const StageCost&) const = default;
};

struct StepCosts {
    ScheduleCosts schedule;
    std::vector<StageCost> stages;

    bool operator==(const StepCosts&) const = default;
};

// Expects a plan whose model and parallel sizes pass validation.
[[nodiscard]] StepCosts stepCosts(const Plan& plan, const ModelReport& model,
                                  const TopologyReport* topology);

}  // namespace fourfold::core::detail
