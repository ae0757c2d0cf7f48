// SPDX-License-Identifier: MIT
#include "core/validate.h"

#include "core/detail/validate/validate_common.h"

namespace fourfold::core {

std::vector<Diagnostic> validate(const Plan& plan) {
    detail::DiagnosticSink sink;
    detail::validateModel(plan, sink);
    detail::validateTraining(plan, sink);
    detail::validateParallel(plan, sink);
    detail::validatePipeline(plan, sink);
    detail::validateExperts(plan, sink);
    detail::validateCluster(plan, sink);
    detail::validateMemory(plan, sink);
    return sink.take();
}

}  // namespace fourfold::core
