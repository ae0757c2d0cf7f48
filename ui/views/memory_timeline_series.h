// SPDX-License-Identifier: GPL-3.0-or-later
// Activation sets a pipeline rank holds over time, read off its simulated op list: a set is
// taken when a forward op starts and given back when the last backward op of that
// (micro-batch, chunk) ends (W when the schedule splits it from B, else B).
#pragma once

#include "core/schedule.h"

#include <vector>

namespace fourfold::ui {

struct ActivationStep {
    double timeS = 0;
    int sets = 0;  // held from timeS until the next step
};

// Steps in time order, starting at (0, 0); empty when the rank has no ops.
[[nodiscard]] std::vector<ActivationStep> activationSetsOverTime(const core::RankTimeline& rank);

// The largest `sets` in `steps` and the first time it is reached.
struct ActivationPeak {
    double timeS = 0;
    int sets = 0;
};
[[nodiscard]] ActivationPeak activationPeak(const std::vector<ActivationStep>& steps);

}  // namespace fourfold::ui
