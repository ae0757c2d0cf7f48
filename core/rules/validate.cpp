// SPDX-License-Identifier: MIT
#include "core/rules/validate.h"

#include "core/rules/validate_parts.h"

namespace fourfold::core {

namespace detail {

void validateAll(const Plan& plan, DiagnosticSink& sink) {
    validateModel(plan, sink);
    validateTraining(plan, sink);
    validateFineTuning(plan, sink);
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

bool rejectsLayout(const Diagnostic& diagnostic) {
    if (diagnostic.severity == Severity::Error) return true;
    if (diagnostic.severity != Severity::Warning) return false;
    const std::string_view path = diagnostic.path;
    // Every key under /parallel is a layout field or follows one (the sharding group, the
    // rank order); of /training, these three.
    return path.starts_with("/parallel/") || path == "/training/micro_batch" ||
           path == "/training/grad_accumulation" || path == "/training/recompute";
}

bool isTensorPlacementWarning(const Diagnostic& diagnostic) {
    return diagnostic.severity == Severity::Warning &&
           (diagnostic.code == "parallel.tp_crosses_nodes" ||
            diagnostic.code == "topology.tp_divides_node");
}

}  // namespace fourfold::core
