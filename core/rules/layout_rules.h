// SPDX-License-Identifier: MIT
// The parallel-layout rules, one function per fact, each reporting coded diagnostics. validate()
// reports them all; a slider for a parallel degree offers a value only when the rules of its
// axis raise nothing for it, and tells why from the same diagnostic. Sources: Megatron-LM
// (Shoeybi et al. 2019; Narayanan et al. 2021) for TP, PP and interleaving; Megatron-Core for
// context parallelism's 2 × CP chunks and its expert rank generator; DeepSpeed ZeRO for the
// sharding group.
#pragma once

#include "core/plan/plan.h"
#include "core/rules/validate_parts.h"
#include "core/text/diagnostic.h"
#include "core/topology/parallel_axis.h"

#include <span>
#include <string_view>

namespace fourfold::core {

namespace detail {

using LayoutCheck = void (*)(const Plan& plan, DiagnosticSink& sink);

// One rule: what it checks, and the slider axes it constrains. A slider refuses a value of an
// axis for which one of that axis' rules reports anything (a note included: such a value is
// possible but not what the slider steps through).
struct LayoutRule {
    std::string_view fact;  // "the world fits the cluster"
    LayoutCheck check;
    unsigned axes;  // bit 1 << ParallelAxis for each axis the rule constrains
};

[[nodiscard]] constexpr unsigned axisBit(ParallelAxis axis) {
    return 1u << static_cast<unsigned>(axis);
}

// Every layout rule; validate() runs them in its own order (validate_parallel.cpp,
// validate_pipeline.cpp, validate_experts.cpp).
[[nodiscard]] std::span<const LayoutRule> layoutRules();

// The rules themselves, for validate().
void checkWorldFits(const Plan& plan, DiagnosticSink& sink);
void checkWorldTiles(const Plan& plan, DiagnosticSink& sink);
void checkIdleGpus(const Plan& plan, DiagnosticSink& sink);
void checkPartialNode(const Plan& plan, DiagnosticSink& sink);
void checkTensorParallel(const Plan& plan, DiagnosticSink& sink);
void checkTensorPlacement(const Plan& plan, DiagnosticSink& sink);
void checkPipelineLayers(const Plan& plan, DiagnosticSink& sink);
void checkUnevenLayers(const Plan& plan, DiagnosticSink& sink);
void checkContextParallel(const Plan& plan, DiagnosticSink& sink);
void checkVirtualStages(const Plan& plan, DiagnosticSink& sink);
void checkInterleavedMicroBatches(const Plan& plan, DiagnosticSink& sink);
void checkDualPipe(const Plan& plan, DiagnosticSink& sink);
void checkExpertParallel(const Plan& plan, DiagnosticSink& sink);
void checkExpertTensorParallel(const Plan& plan, DiagnosticSink& sink);
void checkExpertPipeline(const Plan& plan, DiagnosticSink& sink);
void checkShardingGroup(const Plan& plan, DiagnosticSink& sink);

}  // namespace detail

// The first diagnostic the rules of `axis` report for `plan` with that axis set to `value`
// (for TP, PP and CP with DP at 1, since a slider's DP follows them); an empty code when the
// rules raise nothing. Its code, args and severity are validate()'s for the same fact, so the
// slider's tooltip and the Diagnostics list say the same thing in any language.
[[nodiscard]] Diagnostic axisProblem(const Plan& plan, ParallelAxis axis, int value);
// True when axisProblem would be empty (cheaper: no sentence is written).
[[nodiscard]] bool axisAccepts(const Plan& plan, ParallelAxis axis, int value);

}  // namespace fourfold::core
