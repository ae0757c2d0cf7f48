// SPDX-License-Identifier: MIT
// /training rules: batch sizes, the global batch identity B = micro-batch x accumulation x dp
// (the source article; TP, PP and CP never multiply it), and precision choices that lose accuracy
// or speed (FP16 without an FP32 master copy: Micikevicius et al. 2018; FP8 on GPUs without it).
#include "core/detail/validate/validate_common.h"
#include "core/plan_enums.h"

#include <cmath>
#include <string>

namespace fourfold::core::detail {
namespace {

bool checkFactor(DiagnosticSink& sink, const std::string& path, const std::string& what,
                 int value) {
    if (value < 1) {
        sink.error(path, what + " is " + numberText(value) + "; it must be at least 1.");
        return false;
    }
    if (value > kMaxBatchFactor) {
        sink.error(path, what + " " + numberText(value) + " is absurd (more than " +
                             numberText(kMaxBatchFactor) + "); check for a typo.");
        return false;
    }
    return true;
}

void checkGlobalBatch(const Plan& plan, DiagnosticSink& sink, bool factorsOk) {
    if (!plan.training.globalBatch) return;
    const std::int64_t typed = *plan.training.globalBatch;
    const std::int64_t micro = plan.training.microBatch;
    const std::int64_t accumulation = plan.training.gradAccumulation;
    const std::int64_t dp = plan.parallel.dp;
    if (typed < 1) {
        sink.error("/training/global_batch", "global batch " + numberText(typed) +
                                                 " must be at least 1; it is micro-batch x "
                                                 "accumulation x data-parallel.");
        return;
    }
    if (!factorsOk || dp < 1 || static_cast<double>(dp) > kMaxRanks) return;  // reported elsewhere
    const std::int64_t derived = micro * accumulation * dp;
    if (typed == derived) return;

    // Each message starts from a std::string: `"text" + std::string&&` inserts at the front,
    // where g++ 12 at -O3 reports a false -Wrestrict overlap (GCC bug 105651).
    std::string message = "global batch ";
    message += numberText(typed) + " does not equal micro-batch " + numberText(micro) +
               " × accumulation " + numberText(accumulation) + " × data-parallel " +
               numberText(dp) + " = " + numberText(derived) +
               "; tensor and pipeline parallel never multiply the batch.";
    // In double: the degrees have not been bounded yet and their product may not fit.
    const double otherRanks =
        static_cast<double>(plan.parallel.tp) * plan.parallel.pp * plan.parallel.cp;
    if (otherRanks > 1 && static_cast<double>(typed) == static_cast<double>(derived) * otherRanks) {
        message.append(" ").append(
            numberText(typed) + " counts every GPU (× tp " + numberText(plan.parallel.tp) +
            " × pp " + numberText(plan.parallel.pp) + " × cp " + numberText(plan.parallel.cp) +
            "), but those ranks share one replica's samples.");
    }
    if (typed % (micro * dp) == 0) {
        message.append(" Set global_batch to ")
            .append(numberText(derived) + ", or grad_accumulation to " +
                    numberText(typed / (micro * dp)) + ".");
    } else {
        message.append(" Set global_batch to ")
            .append(numberText(derived) +
                    ", or choose one divisible by micro-batch × data-parallel = " +
                    numberText(micro * dp) + ".");
    }
    sink.error("/training/global_batch", message);
}

void checkPrecision(const Plan& plan, DiagnosticSink& sink) {
    const TrainingSpec& training = plan.training;
    if (training.precision == Precision::Fp16 && !training.masterWeights) {
        sink.warning("/training/master_weights",
                     "fp16 training without master weights applies updates in fp16, where small "
                     "updates round to zero; set master_weights to true (an fp32 copy, 4 bytes "
                     "per parameter) or train in bf16.");
    }
    if (training.precision == Precision::Fp32 && training.masterWeights) {
        sink.info("/training/master_weights",
                  "master_weights has no effect with fp32 training: the weights already are "
                  "fp32.");
    }
    const PeakTflops& peak = plan.cluster.gpu.peakTflops;
    if (training.precision == Precision::Fp8 && peak.fp8 == 0 && peak.bf16 > 0) {
        sink.warning("/training/precision",
                     "precision fp8 on " + plan.cluster.gpu.name +
                         ", which has no fp8 peak (peak_tflops.fp8 is 0): matrix products run at "
                         "the bf16 rate of " +
                         numberText(peak.bf16) +
                         " TFLOP/s; use bf16, or a GPU with FP8 tensor cores (Hopper, Ada, "
                         "Blackwell, MI300X).");
    }
}

}  // namespace

void validateTraining(const Plan& plan, DiagnosticSink& sink) {
    const bool microOk =
        checkFactor(sink, "/training/micro_batch", "micro_batch", plan.training.microBatch);
    const bool accumulationOk = checkFactor(sink, "/training/grad_accumulation",
                                            "grad_accumulation", plan.training.gradAccumulation);
    checkGlobalBatch(plan, sink, microOk && accumulationOk);
    checkPrecision(plan, sink);
}

}  // namespace fourfold::core::detail
