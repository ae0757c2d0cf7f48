// SPDX-License-Identifier: MIT
// Pipeline rules: pp against the layer count, interleaved virtual stages (Narayanan et al. 2021,
// Sec. 2.2.2; Megatron-LM requires layers divisible by pp x v and, for its interleaved schedule,
// micro-batches divisible by pp) and enough micro-batches to fill the pipeline (GPipe bubble
// (p - 1) / (m + p - 1), Huang et al. 2019).
#include "core/plan/plan_enums.h"
#include "core/rules/layout_rules.h"
#include "core/rules/validate_parts.h"
#include "core/text/format.h"

#include <string>

namespace fourfold::core::detail {

void validatePipeline(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const int layers = plan.model.layers;
    const int microBatches = plan.training.gradAccumulation;
    const bool interleaved = p.schedule == ScheduleKind::Interleaved1F1B;
    if (p.pp < 1 || p.pp > kMaxRanks || layers < 1 || layers > kMaxLayers) return;

    checkPipelineLayers(plan, sink);
    checkUnevenLayers(plan, sink);

    const bool chunksInRange = checkRange(sink, "/parallel/virtual_stages", p.virtualStages);
    if (!chunksInRange) {
        // reported with its range
    } else if (p.virtualStages > 1) {
        checkVirtualStages(plan, sink);
    } else if (interleaved && p.pp > 1) {
        sink.info("/parallel/schedule", "pipeline.interleaved_single_chunk",
                  {{"virtual_stages", p.virtualStages}});
    }

    checkInterleavedMicroBatches(plan, sink);
    checkDualPipe(plan, sink);
    if (chunksInRange) validatePipelineSplit(plan, sink);
    // With interleaving, fewer micro-batches than stages already breaks the rule above.
    const bool grouped = interleaved && p.virtualStages > 1;
    if (p.pp > 1 && !grouped && microBatches >= 1 && microBatches < p.pp) {
        const double bubble = static_cast<double>(p.pp - 1) / (microBatches + p.pp - 1);
        sink.warning("/training/grad_accumulation", "pipeline.never_fills",
                     {{"grad_accumulation", microBatches}, {"pp", p.pp}, {"bubble", bubble}});
    }
}

}  // namespace fourfold::core::detail
