// SPDX-License-Identifier: MIT
// A DeepSpeed ds_config.json. Keys follow DeepSpeed's configuration reference
// (deepspeed.ai/docs/config-json): the batch triple, bf16/fp16, data_types.grad_accum_dtype,
// the optimizer and zero_optimization (stage, offload, bucket sizes in elements, MiCS shard
// size). JSON has no comments, so what the file cannot say is listed under the top-level key
// "_fourfold_unexpressed" (DeepSpeed ignores top-level keys it does not know).
#include "core/frameworks/detail/framework_table.h"
#include "core/model/model.h"
#include "core/plan/plan_enums.h"

#include <nlohmann/json.hpp>

namespace fourfold::core::detail {
namespace {

using OrderedJson = nlohmann::ordered_json;

std::uint64_t bytesPerElement(Precision precision) {
    switch (precision) {
        case Precision::Fp32:
            return 4;
        case Precision::Fp8:
            return 1;
        default:
            return 2;
    }
}

OrderedJson zeroSection(const Plan& plan) {
    const ParallelSpec& parallel = plan.parallel;
    OrderedJson zero = OrderedJson::object();
    zero["stage"] = parallel.zeroStage;
    // overlap_comm hides the gradient reduction behind backward, as the step time assumes
    // with overlap_grad_reduce.
    zero["overlap_comm"] = plan.performance.overlapGradReduce;
    zero["contiguous_gradients"] = true;
    // DeepSpeed sizes its buckets in elements. ZeRO-2/3 and ZeRO-Offload reduce through the
    // bucket the memory figure counts (memory.zero_bucket_elements, DeepSpeed's 5e8 when 0);
    // below them the plan's DDP bucket, in bytes of the gradient dtype.
    const bool zeroBuckets = parallel.zeroStage >= 2 || parallel.offload != Offload::None;
    const std::uint64_t bucket =
        zeroBuckets ? zeroBucketElements(plan.memory)
                    : plan.memory.ddpBucketBytes / bytesPerElement(plan.training.gradDtype);
    zero["reduce_bucket_size"] = bucket;
    if (parallel.zeroStage <= 2) zero["allgather_bucket_size"] = bucket;
    if (parallel.zeroStage == 3) {
        // Prefetch as many layers' parameters as the plan gathers ahead.
        const std::uint64_t layer = analyzeModel(plan).layer.total;
        zero["stage3_prefetch_bucket_size"] =
            layer * static_cast<std::uint64_t>(std::max(1, plan.memory.zero3PrefetchLayers));
        if (parallel.shardingGroup > 0) zero["mics_shard_size"] = parallel.shardingGroup;
    }
    switch (parallel.offload) {
        case Offload::None:
            break;
        case Offload::OptimizerCpu:
            zero["offload_optimizer"] = {{"device", "cpu"}, {"pin_memory", true}};
            break;
        case Offload::OptimizerAndParamsCpu:
            zero["offload_optimizer"] = {{"device", "cpu"}, {"pin_memory", true}};
            zero["offload_param"] = {{"device", "cpu"}, {"pin_memory", true}};
            break;
        case Offload::Nvme:
            zero["offload_optimizer"] = {{"device", "nvme"}, {"nvme_path", "/local_nvme"}};
            zero["offload_param"] = {{"device", "nvme"}, {"nvme_path", "/local_nvme"}};
            break;
    }
    return zero;
}

OrderedJson optimizerSection(OptimizerKind optimizer) {
    switch (optimizer) {
        case OptimizerKind::AdamW:
            return {{"type", "AdamW"}};
        case OptimizerKind::Adam:
            // DeepSpeed's "Adam" decouples weight decay unless told otherwise.
            return {{"type", "Adam"}, {"params", {{"adam_w_mode", false}}}};
        case OptimizerKind::Lion:
            return {{"type", "Lion"}};
        default:
            return nullptr;
    }
}

}  // namespace

std::string deepSpeedConfig(const Plan& plan, const std::vector<std::string>& unexpressed) {
    const TrainingSpec& training = plan.training;
    OrderedJson out = OrderedJson::object();
    out["_fourfold"] = "plan \"" + plan.name + "\": train_batch_size " +
                       std::to_string(derivedGlobalBatch(plan)) + " = micro-batch " +
                       std::to_string(training.microBatch) + " x accumulation " +
                       std::to_string(training.gradAccumulation) + " x data parallel " +
                       std::to_string(plan.parallel.dp);
    if (!unexpressed.empty()) out["_fourfold_unexpressed"] = unexpressed;
    // DeepSpeed's batch identity: train_batch_size = micro x accumulation x data parallel.
    out["train_batch_size"] = derivedGlobalBatch(plan);
    out["train_micro_batch_size_per_gpu"] = training.microBatch;
    out["gradient_accumulation_steps"] = training.gradAccumulation;
    const bool bf16 = training.precision == Precision::Bf16 || training.precision == Precision::Fp8;
    out["bf16"] = {{"enabled", bf16}};
    out["fp16"] = {{"enabled", training.precision == Precision::Fp16}};
    out["data_types"] = {{"grad_accum_dtype", std::string(toString(training.gradDtype))}};
    if (OrderedJson optimizer = optimizerSection(training.optimizer); !optimizer.is_null()) {
        out["optimizer"] = std::move(optimizer);
    }
    out["zero_optimization"] = zeroSection(plan);
    return out.dump(2) + "\n";
}

}  // namespace fourfold::core::detail
