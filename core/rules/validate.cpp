// SPDX-License-Identifier: MIT
#include "core/rules/validate.h"

#include "core/rules/validate_parts.h"

namespace fourfold::core {

namespace detail {

void validateAll(const Plan& plan, DiagnosticSink& sink) {
    validateModel(plan, sink);
    validateTraining(plan, sink);
    validateParallel(plan, sink);
    validatePipeline(plan, sink);
    validateExperts(plan, sink);
    validateCluster(plan, sink);
    validateMemory(plan, sink);
}

}  // namespace detail

std::vector<Diagnostic> validate(const Plan& plan) {
    detail::DiagnosticSink sink;
    detail::validateAll(plan, sink);
    return sink.take();
}

}  // namespace fourfold::core
