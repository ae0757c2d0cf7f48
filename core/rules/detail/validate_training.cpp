// SPDX-License-Identifier: MIT
// /training rules: batch sizes, the global batch identity B = micro-batch x accumulation x dp
// (the source article; TP, PP and CP never multiply it), and precision choices that lose accuracy
// or speed (FP16 without an FP32 master copy: Micikevicius et al. 2018; FP8 on GPUs without it).
#include "core/plan/plan_enums.h"
#include "core/rules/validate_parts.h"

#include <cmath>
#include <string>

namespace fourfold::core::detail {
namespace {

void checkGlobalBatch(const Plan& plan, DiagnosticSink& sink, bool factorsOk) {
    if (!plan.training.globalBatch) return;
    const std::int64_t typed = *plan.training.globalBatch;
    const std::int64_t micro = plan.training.microBatch;
    const std::int64_t accumulation = plan.training.gradAccumulation;
    const std::int64_t dp = plan.parallel.dp;
    if (!checkRange(sink, "/training/global_batch", static_cast<double>(typed))) return;
    if (!factorsOk || dp < 1 || static_cast<double>(dp) > kMaxRanks) return;  // reported elsewhere
    const std::int64_t derived = micro * accumulation * dp;
    if (typed == derived) return;
    DiagnosticArgs args = {{"global_batch", typed},
                           {"micro_batch", micro},
                           {"grad_accumulation", accumulation},
                           {"dp", dp},
                           {"derived", derived}};
    // In double: the degrees have not been bounded yet and their product may not fit.
    const double otherRanks =
        static_cast<double>(plan.parallel.tp) * plan.parallel.pp * plan.parallel.cp;
    if (otherRanks > 1 && static_cast<double>(typed) == static_cast<double>(derived) * otherRanks) {
        args.emplace_back("tp", plan.parallel.tp);
        args.emplace_back("pp", plan.parallel.pp);
        args.emplace_back("cp", plan.parallel.cp);
    }
    if (typed % (micro * dp) == 0) {
        args.emplace_back("suggested_accumulation", typed / (micro * dp));
    } else {
        args.emplace_back("micro_times_dp", micro * dp);
    }
    sink.error("/training/global_batch", "training.global_batch_mismatch", std::move(args));
}

// Tokens one step consumes, in double: beyond the limit the byte and token counts downstream
// could overflow 64 bits.
void checkTokensPerStep(const Plan& plan, DiagnosticSink& sink) {
    const double batch = static_cast<double>(plan.training.microBatch) *
                         plan.training.gradAccumulation * plan.parallel.dp;
    const double tokens = batch * plan.model.sequence;
    if (tokens <= kMaxTokensPerStep) return;
    sink.error("/training", "training.tokens_per_step_too_large",
               {{"global_batch", batch},
                {"sequence", plan.model.sequence},
                {"tokens", tokens},
                {"limit", kMaxTokensPerStep}});
}

// An upper bound, in double, on the activation bytes any stage can hold: every layer of every
// micro-batch of the step (Korthikanti et al. 2022, eq. 1: s·b·h·(34 + 5·a·s/h) per layer, the
// 5·a·s² score term gone with flash attention) plus the logits. Keeping it below
// kMaxActivationBytes keeps every activation figure downstream far from 2^63.
void checkActivationBound(const Plan& plan, DiagnosticSink& sink) {
    const ModelSpec& m = plan.model;
    const double tokens = static_cast<double>(plan.training.microBatch) * m.sequence;
    const double scores =
        plan.training.flashAttention ? 0.0 : 5.0 * m.heads * static_cast<double>(m.sequence);
    const double perLayer = tokens * (34.0 * m.hidden + scores);
    const double logits = tokens * m.vocab * 6.0;
    const double bound =
        (perLayer * m.layers + logits) * static_cast<double>(plan.training.gradAccumulation);
    if (bound <= kMaxActivationBytes) return;
    sink.error("/training", "training.activations_too_large",
               {{"micro_batch", plan.training.microBatch},
                {"sequence", m.sequence},
                {"layers", m.layers},
                {"bytes", bound},
                {"limit", kMaxActivationBytes}});
}

void checkPrecision(const Plan& plan, DiagnosticSink& sink) {
    const TrainingSpec& training = plan.training;
    if (training.precision == Precision::Fp16 && !training.masterWeights) {
        sink.warning("/training/master_weights", "training.fp16_without_master_weights");
    }
    if (training.precision == Precision::Fp32 && training.masterWeights) {
        sink.info("/training/master_weights", "training.fp32_master_weights");
    }
    const PeakTflops& peak = plan.cluster.gpu.peakTflops;
    if (training.precision == Precision::Fp8 && peak.fp8 == 0 && peak.bf16 > 0) {
        sink.warning("/training/precision", "training.fp8_without_fp8_peak",
                     {{"gpu", plan.cluster.gpu.name}, {"bf16_tflops", peak.bf16}});
    }
}

}  // namespace

void validateTraining(const Plan& plan, DiagnosticSink& sink) {
    const bool microOk = checkRange(sink, "/training/micro_batch", plan.training.microBatch);
    const bool accumulationOk =
        checkRange(sink, "/training/grad_accumulation", plan.training.gradAccumulation);
    checkGlobalBatch(plan, sink, microOk && accumulationOk);
    if (microOk && accumulationOk && plan.parallel.dp >= 1 && plan.model.sequence >= 1) {
        checkTokensPerStep(plan, sink);
        const ModelSpec& m = plan.model;
        if (m.layers >= 1 && m.hidden >= 1 && m.heads >= 1 && m.vocab >= 1) {
            checkActivationBound(plan, sink);
        }
    }
    checkPrecision(plan, sink);
}

}  // namespace fourfold::core::detail
