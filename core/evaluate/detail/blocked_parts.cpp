// SPDX-License-Identifier: MIT
#include "core/evaluate/detail/blocked_parts.h"

#include <algorithm>
#include <span>

namespace fourfold::core::detail {
namespace {

// The fields each part reads.
constexpr std::string_view kModelInputs[] = {"/model", "/parallel/pp", "/parallel/virtual_stages"};
constexpr std::string_view kTopologyInputs[] = {
    "/parallel/dp", "/parallel/tp",  "/parallel/pp",    "/parallel/cp",
    "/parallel/ep", "/parallel/etp", "/parallel/order", "/cluster/gpus_per_node"};
constexpr std::string_view kScheduleInputs[] = {
    "/parallel/pp", "/parallel/virtual_stages",    "/parallel/schedule",    "/parallel/tp",
    "/parallel/cp", "/training/grad_accumulation", "/training/micro_batch", "/cluster/gpu"};
constexpr std::string_view kMemoryInputs[] = {"/training", "/parallel", "/memory", "/cluster/gpu",
                                              "/model"};
// Read by no estimate: the global batch only checks micro-batch × accumulation × dp.
constexpr std::string_view kMemoryIgnores[] = {"/training/global_batch"};

bool startsWithAny(std::string_view path, std::span<const std::string_view> prefixes) {
    return std::any_of(prefixes.begin(), prefixes.end(), [path](std::string_view prefix) {
        return path.substr(0, prefix.size()) == prefix;
    });
}

bool blocks(const std::vector<Diagnostic>& diagnostics, std::span<const std::string_view> inputs,
            std::span<const std::string_view> ignored = {}) {
    return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) {
        return d.severity == Severity::Error && startsWithAny(d.path, inputs) &&
               !startsWithAny(d.path, ignored);
    });
}

}  // namespace

BlockedParts blockedParts(const std::vector<Diagnostic>& diagnostics) {
    BlockedParts blocked;
    blocked.model = blocks(diagnostics, kModelInputs);
    blocked.topology = blocks(diagnostics, kTopologyInputs);
    blocked.schedule = blocked.model || blocks(diagnostics, kScheduleInputs);
    blocked.memory = blocked.model || blocks(diagnostics, kMemoryInputs, kMemoryIgnores);
    return blocked;
}

}  // namespace fourfold::core::detail
