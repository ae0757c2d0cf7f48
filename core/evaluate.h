// SPDX-License-Identifier: MIT
// evaluate(plan): validation, model, schedule, memory and topology composed into one value.
#pragma once

#include "core/evaluation.h"
#include "core/plan.h"

namespace fourfold::core {

// A documented share of dense peak a well-tuned transformer step reaches (used for stage
// compute times until a performance model exists; MFU ~40–55 % in Narayanan et al. 2021).
inline constexpr double kAchievableFlopsFraction = 0.45;

[[nodiscard]] Evaluation evaluate(const Plan& plan);

// Per-rank, per-chunk stage costs for the schedule simulation, from the model's FLOPs. The
// point-to-point transfer rides the inter-node link when the topology says a pipeline group
// crosses nodes (without a topology: when the job is larger than one node).
[[nodiscard]] ScheduleCosts scheduleCosts(const Plan& plan, const ModelReport& model,
                                          const TopologyReport* topology = nullptr);

}  // namespace fourfold::core
