// SPDX-License-Identifier: MIT
// Which parts of an evaluation a plan's errors block. Each part reads some fields of the plan;
// an error under one of them (a JSON pointer prefix) leaves that part uncomputed, and the parts
// that need it too. An invalid plan still evaluates as far as it can (DESIGN.md).
#pragma once

#include "core/text/diagnostic.h"

#include <string_view>
#include <vector>

namespace fourfold::core::detail {

struct BlockedParts {
    bool model = false;     // parameter counts and FLOPs
    bool topology = false;  // the rank map
    bool schedule = false;  // the pipeline and the step time (needs the model)
    bool memory = false;    // the estimate and its what-ifs (needs the model)
};

[[nodiscard]] BlockedParts blockedParts(const std::vector<Diagnostic>& diagnostics);

}  // namespace fourfold::core::detail
