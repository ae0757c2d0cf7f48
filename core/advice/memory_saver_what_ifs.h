// SPDX-License-Identifier: MIT
// The what-ifs of today's memory savers (docs/memory.md): activation offloading and chunked
// cross-entropy for any plan, and QLoRA's 4-bit base for a LoRA plan.
#pragma once

#include "core/advice/what_ifs.h"

#include <vector>

namespace fourfold::core::detail {

// Appends the candidates that apply to `plan`.
void addMemorySaverCandidates(const Plan& plan, std::vector<WhatIfCandidate>& out);

}  // namespace fourfold::core::detail
