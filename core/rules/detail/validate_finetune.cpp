// SPDX-License-Identifier: MIT
// /training fine-tuning rules: the adapter rank and the loss chunks in range, LoRA with at least
// one target module, a 16- or 32-bit frozen base (QLoRA's NF4 base dequantises to it), and the
// reference conventions, which count full training whatever the mode (docs/memory.md).
#include "core/plan/plan_enums.h"
#include "core/rules/validate_parts.h"
#include "core/text/coded_text.h"

#include <string>

namespace fourfold::core::detail {

void validateFineTuning(const Plan& plan, DiagnosticSink& sink) {
    const TrainingSpec& training = plan.training;
    checkRange(sink, "/training/lora_rank", training.loraRank);
    checkRange(sink, "/training/loss_chunks", training.lossChunks);
    if (training.finetune == FineTune::Full) return;
    const std::string mode(toString(training.finetune));
    if ((training.loraTargets & kAllLoraTargets) == 0) {
        sink.error("/training/lora_targets", "training.lora_without_targets",
                   {{"mode", mode}, {"choices", loraTargetNames()}});
    }
    if (training.basePrecision == Precision::Fp8) {
        sink.error("/training/base_precision", "training.base_precision_fp8", {{"mode", mode}});
    }
    if (plan.memory.convention != MemoryConvention::Fourfold) {
        // Named by the catalogues' words, so the sentence reads in the reader's language.
        DiagnosticArgs args;
        appendCodedArgs(args, "convention",
                        {"plan_value.convention." + std::string(toString(plan.memory.convention))});
        appendCodedArgs(args, "mode", {"plan_value.finetune." + mode});
        sink.warning("/memory/convention", "memory.convention_counts_full_training",
                     std::move(args));
    }
}

}  // namespace fourfold::core::detail
