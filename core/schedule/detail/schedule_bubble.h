// SPDX-License-Identifier: MIT
// The bubble of a simulated schedule explained, beside its simulated value: the closed form
// (p − 1)/(m + p − 1), or (p − 1)/(v·m + p − 1) when interleaved (Huang et al. 2019; Narayanan et
// al. 2021 §2.2 and §2.2.1), or, for a schedule with no single closed form, the simulated idle
// share with the paper's idle time per rank as its note. Each schedule's row in
// core/schedule/schedule_kinds.h names the one it uses.
#pragma once

#include "core/schedule/schedule.h"

#include <string_view>

namespace fourfold::core::detail {

// GPipe, 1F1B and interleaved 1F1B; notes the fallback to whole stages when interleaving was
// asked for (requestedChunks > 1) but m is not a multiple of p.
void describeClosedFormBubble(ScheduleResult& result, int requestedChunks);
// The simulated fraction as idle time / (p × makespan); `code` is the coded text quoting it
// ("bubble.zb_h1") and `note` the idle time per rank the source gives.
void describeSimulatedBubble(ScheduleResult& result, std::string_view code, std::string_view note);

}  // namespace fourfold::core::detail
