// SPDX-License-Identifier: MIT
// Pipeline rules: pp against the layer count, interleaved virtual stages (Narayanan et al. 2021,
// Sec. 2.2.2; Megatron-LM requires layers divisible by pp x v and, for its interleaved schedule,
// micro-batches divisible by pp) and enough micro-batches to fill the pipeline (GPipe bubble
// (p - 1) / (m + p - 1), Huang et al. 2019).
#include "core/plan/plan_enums.h"
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

    if (p.pp > layers) {
        sink.error("/parallel/pp", "pipeline.pp_above_layers", {{"pp", p.pp}, {"layers", layers}});
    } else if (layers % p.pp != 0) {
        sink.info("/parallel/pp", "pipeline.uneven_layers",
                  {{"layers", layers},
                   {"pp", p.pp},
                   {"most_layers", layers / p.pp + 1},
                   {"fewest_layers", layers / p.pp}});
    }

    if (!checkRange(sink, "/parallel/virtual_stages", p.virtualStages)) {
        // reported with its range
    } else if (p.virtualStages > 1) {
        if (!interleaved) {
            sink.error("/parallel/virtual_stages", "pipeline.virtual_stages_need_interleaving",
                       {{"virtual_stages", p.virtualStages}, {"schedule", toString(p.schedule)}});
        }
        if (p.pp == 1) {
            sink.error("/parallel/virtual_stages", "pipeline.virtual_stages_need_pipeline",
                       {{"virtual_stages", p.virtualStages}, {"pp", p.pp}});
        } else if (p.pp <= layers) {
            const std::int64_t chunks = std::int64_t{p.pp} * p.virtualStages;
            if (layers % chunks != 0) {
                sink.error("/parallel/virtual_stages", "pipeline.chunks_divide_layers",
                           {{"layers", layers},
                            {"pp", p.pp},
                            {"virtual_stages", p.virtualStages},
                            {"chunks", chunks}});
            }
        }
    } else if (interleaved && p.pp > 1) {
        sink.info("/parallel/schedule", "pipeline.interleaved_single_chunk",
                  {{"virtual_stages", p.virtualStages}});
    }

    if (p.pp > 1 && microBatches >= 1 && microBatches <= kMaxBatchFactor) {
        if (interleaved && p.virtualStages > 1 && microBatches % p.pp != 0) {
            sink.error("/training/grad_accumulation", "pipeline.interleaved_micro_batches",
                       {{"grad_accumulation", microBatches}, {"pp", p.pp}});
        } else if (microBatches < p.pp) {
            const double bubble = static_cast<double>(p.pp - 1) / (microBatches + p.pp - 1);
            sink.warning("/training/grad_accumulation", "pipeline.never_fills",
                         {{"grad_accumulation", microBatches}, {"pp", p.pp}, {"bubble", bubble}});
        }
    }
}

}  // namespace fourfold::core::detail
