// SPDX-License-Identifier: MIT
// Pipeline rules: pp against the layer count, interleaved virtual stages (Narayanan et al. 2021,
// Sec. 2.2.2; Megatron-LM requires layers divisible by pp x v and, for its interleaved schedule,
// micro-batches divisible by pp) and enough micro-batches to fill the pipeline (GPipe bubble
// (p - 1) / (m + p - 1), Huang et al. 2019).
#include "core/detail/validate/validate_common.h"
#include "core/format.h"
#include "core/plan_enums.h"

#include <string>

namespace fourfold::core::detail {

void validatePipeline(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const int layers = plan.model.layers;
    const int microBatches = plan.training.gradAccumulation;
    const bool interleaved = p.schedule == ScheduleKind::Interleaved1F1B;
    if (p.pp < 1 || p.pp > kMaxRanks || layers < 1 || layers > kMaxLayers) return;

    if (p.pp > layers) {
        sink.error("/parallel/pp", "pp " + numberText(p.pp) + " is more than layers " +
                                       numberText(layers) +
                                       "; every pipeline stage needs at least one layer, so use "
                                       "pp at most " +
                                       numberText(layers) + ".");
    } else if (layers % p.pp != 0) {
        sink.info("/parallel/pp", "layers " + numberText(layers) + " do not split evenly over pp " +
                                      numberText(p.pp) + ": some stages hold " +
                                      numberText(layers / p.pp + 1) + " layers, others " +
                                      numberText(layers / p.pp) +
                                      ", and the fullest stage sets the pace.");
    }

    if (p.virtualStages < 1 || p.virtualStages > kMaxLayers) {
        sink.error("/parallel/virtual_stages",
                   "virtual_stages is " + numberText(p.virtualStages) +
                       "; use 1, or the model chunks per pipeline rank for interleaving.");
    } else if (p.virtualStages > 1) {
        if (!interleaved) {
            sink.error("/parallel/virtual_stages",
                       "virtual_stages " + numberText(p.virtualStages) +
                           " needs schedule "
                           "interleaved_1f1b; schedule " +
                           std::string(toString(p.schedule)) +
                           " runs one model chunk per rank, so set virtual_stages to 1.");
        }
        if (p.pp == 1) {
            sink.error("/parallel/virtual_stages",
                       "virtual_stages " + numberText(p.virtualStages) +
                           " interleaves chunks across pipeline ranks, and pp 1 has none; "
                           "raise pp or set virtual_stages to 1.");
        } else if (p.pp <= layers) {
            const std::int64_t chunks = std::int64_t{p.pp} * p.virtualStages;
            if (layers % chunks != 0) {
                sink.error("/parallel/virtual_stages",
                           "layers " + numberText(layers) + " are not divisible by pp " +
                               numberText(p.pp) + " × virtual_stages " +
                               numberText(p.virtualStages) + " = " + numberText(chunks) +
                               "; every model chunk needs the same number of layers (choose "
                               "virtual_stages with pp × virtual_stages dividing layers).");
            }
        }
    } else if (interleaved && p.pp > 1) {
        sink.info("/parallel/schedule",
                  "interleaved_1f1b with virtual_stages 1 is plain 1F1B; set virtual_stages to "
                  "2 or more to shrink the bubble.");
    }

    if (p.pp > 1 && microBatches >= 1 && microBatches <= kMaxBatchFactor) {
        if (interleaved && p.virtualStages > 1 && microBatches % p.pp != 0) {
            sink.error("/training/grad_accumulation",
                       "interleaved_1f1b runs micro-batches in groups of pp: grad_accumulation " +
                           numberText(microBatches) + " is not divisible by pp " +
                           numberText(p.pp) + " (Megatron-LM's rule); use a multiple of " +
                           numberText(p.pp) + ".");
        } else if (microBatches < p.pp) {
            const double bubble = static_cast<double>(p.pp - 1) / (microBatches + p.pp - 1);
            sink.warning("/training/grad_accumulation",
                         "grad_accumulation " + numberText(microBatches) +
                             " gives fewer "
                             "micro-batches than pp " +
                             numberText(p.pp) +
                             " stages, so the pipeline never fills: the bubble is (p − 1)/(m + p "
                             "− 1) = " +
                             formatPercent(bubble) + "; use at least " + numberText(p.pp) +
                             " (ideally several times pp).");
        }
    }
}

}  // namespace fourfold::core::detail
