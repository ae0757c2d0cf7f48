// SPDX-License-Identifier: MIT
// Expert-parallel rules: the ranges of ep and etp, then the layout rules of
// core/rules/layout_rules.h (Megatron-Core carves the expert layers out of a stage's dense ranks:
// etp x ep divides tp x cp x dp, and every EP rank holds experts / ep whole experts).
#include "core/rules/layout_rules.h"
#include "core/rules/validate_parts.h"

#include <string>

namespace fourfold::core::detail {

void validateExperts(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const bool epOk = checkRange(sink, "/parallel/ep", p.ep);
    if (!checkRange(sink, "/parallel/etp", p.etp) || !epOk) return;
    checkExpertParallel(plan, sink);
    checkExpertTensorParallel(plan, sink);
    checkExpertPipeline(plan, sink);
}

}  // namespace fourfold::core::detail
