// SPDX-License-Identifier: MIT
// A DeepSpeed ds_config.json back into the plan's training and parallel sections. Data
// parallel follows from DeepSpeed's batch identity, train_batch_size = micro x accumulation x
// data parallel; tp, pp and cp are not in a ds_config and keep the base plan's values.
#include "core/frameworks/detail/framework_parts.h"
#include "core/frameworks/detail/framework_table.h"
#include "core/model/model.h"
#include "core/plan/plan_enums.h"
#include "core/plan/plan_json_text.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <optional>

namespace fourfold::core::detail {
namespace {

using Json = nlohmann::json;

// A positive integer at key within the range of the plan field it sets (`field`; `maximum`
// instead when given); std::nullopt when absent or "auto", an error naming the key's JSON
// pointer (`path`), the value and the range when it is something else.
std::optional<std::int64_t> positive(const Json& object, const char* key, const std::string& path,
                                     ImportBuilder& builder, std::string_view field,
                                     std::optional<std::int64_t> maximum = std::nullopt) {
    if (!object.contains(key)) return std::nullopt;
    const Json& value = object[key];
    if (value.is_string() && value.get<std::string>() == "auto") {
        builder.note(std::string(field), {"import_note.auto_kept", {{"key", key}}});
        return std::nullopt;
    }
    // Whole numbers written as 8.0 or 8e3 count; the comparison is in double, so no value of
    // any size can wrap on the way.
    const bool whole = value.is_number_integer() ||
                       (value.is_number_float() && std::isfinite(value.get<double>()) &&
                        value.get<double>() == std::floor(value.get<double>()));
    const bool positive = value.is_number() && value.get<double>() > 0;
    if (!whole || !positive) {
        builder.error(std::string(field),
                      {"import_problem.positive_integer",
                       {{"name", path}, {"found", shortenUtf8(value.dump(), 60)}}});
        return std::nullopt;
    }
    const std::int64_t top = maximum.value_or(fieldRange(field).maximum);
    if (value.get<double>() > static_cast<double>(top)) {
        builder.error(std::string(field),
                      outOfRangeProblem(path, shortenUtf8(value.dump(), 60), field, top));
        return std::nullopt;
    }
    return value.is_number_float() ? static_cast<std::int64_t>(value.get<double>())
                                   : value.get<std::int64_t>();
}

bool enabled(const Json& config, const char* section) {
    return config.contains(section) && config[section].is_object() &&
           config[section].value("enabled", false);
}

std::string device(const Json& zero, const char* key) {
    if (!zero.contains(key) || !zero[key].is_object()) return "none";
    return zero[key].value("device", std::string("none"));
}

void readBatch(const Json& config, ImportBuilder& builder) {
    TrainingSpec& training = builder.plan.training;
    const auto total = positive(config, "train_batch_size", "/train_batch_size", builder,
                                "/training/global_batch");
    const auto micro =
        positive(config, "train_micro_batch_size_per_gpu", "/train_micro_batch_size_per_gpu",
                 builder, "/training/micro_batch");
    const auto steps =
        positive(config, "gradient_accumulation_steps", "/gradient_accumulation_steps", builder,
                 "/training/grad_accumulation");
    training.globalBatch.reset();
    if (micro) {
        training.microBatch = static_cast<int>(*micro);
        builder.carry("/training/micro_batch");
    }
    if (total && micro && steps) {
        // Each within its range (10^6), so the product fits 64 bits.
        const std::int64_t perReplica = *micro * *steps;
        if (*total % perReplica != 0) {
            builder.error("/training/global_batch",
                          {"import_problem.deepspeed_batch",
                           {{"total", *total}, {"micro", *micro}, {"steps", *steps}}});
            return;
        }
        training.gradAccumulation = static_cast<int>(*steps);
        builder.carry("/training/grad_accumulation");
        (void)builder.setDerived(builder.plan.parallel.dp, *total / perReplica, "/parallel/dp",
                                 "train_batch_size / (train_micro_batch_size_per_gpu × "
                                 "gradient_accumulation_steps)");
    } else if (total) {
        setBatchFromGlobal(builder, *total, "/training/global_batch", "train_batch_size");
    } else if (steps) {
        training.gradAccumulation = static_cast<int>(*steps);
        builder.carry("/training/grad_accumulation");
    }
}

void readPrecision(const Json& config, ImportBuilder& builder) {
    TrainingSpec& training = builder.plan.training;
    if (enabled(config, "bf16")) {
        training.precision = Precision::Bf16;
    } else if (enabled(config, "fp16")) {
        training.precision = Precision::Fp16;
    } else {
        training.precision = Precision::Fp32;
    }
    training.masterWeights = training.precision != Precision::Fp32;
    training.gradDtype = Precision::Fp32;
    if (config.contains("data_types") && config["data_types"].is_object()) {
        const std::string name = config["data_types"].value("grad_accum_dtype", "fp32");
        if (const auto dtype = enumFromString<Precision>(name)) {
            training.gradDtype = *dtype;
        } else {
            builder.error("/training/grad_dtype",
                          {"import_problem.grad_dtype",
                           {{"name", name}, {"choices", acceptedNames<Precision>()}}});
        }
    }
    for (const char* pointer :
         {"/training/precision", "/training/master_weights", "/training/grad_dtype"}) {
        builder.carry(pointer);
    }
    if (config.contains("optimizer") && config["optimizer"].is_object()) {
        const std::string type = config["optimizer"].value("type", std::string());
        bool decoupled = true;
        if (config["optimizer"].contains("params") && config["optimizer"]["params"].is_object()) {
            decoupled = config["optimizer"]["params"].value("adam_w_mode", true);
        }
        if (type == "AdamW" || type == "adamw" || (type == "Adam" && decoupled)) {
            training.optimizer = OptimizerKind::AdamW;
        } else if (type == "Adam" || type == "adam") {
            training.optimizer = OptimizerKind::Adam;
        } else if (type == "Lion" || type == "lion") {
            training.optimizer = OptimizerKind::Lion;
        } else {
            builder.note("/training/optimizer",
                         {"import_note.optimizer_kept", {{"optimizer", type}}});
            return;
        }
        builder.carry("/training/optimizer");
    }
}

void readZero(const Json& config, ImportBuilder& builder) {
    ParallelSpec& parallel = builder.plan.parallel;
    parallel.zeroStage = 0;
    parallel.offload = Offload::None;
    parallel.shardingGroup = 0;
    for (const char* pointer : {"/parallel/zero_stage", "/parallel/offload"}) {
        builder.carry(pointer);
    }
    if (!config.contains("zero_optimization") || !config["zero_optimization"].is_object()) {
        return;
    }
    const Json& zero = config["zero_optimization"];
    const Json stage = zero.value("stage", Json(0));
    if (!stage.is_number_integer() || stage.get<std::int64_t>() < 0 ||
        stage.get<std::int64_t>() > 3) {
        builder.error("/parallel/zero_stage",
                      {"import_problem.zero_stage", {{"found", stage.dump()}}});
        return;
    }
    parallel.zeroStage = static_cast<int>(stage.get<std::int64_t>());
    const std::string optimizerDevice = device(zero, "offload_optimizer");
    const std::string paramDevice = device(zero, "offload_param");
    if (optimizerDevice == "nvme" || paramDevice == "nvme") {
        parallel.offload = Offload::Nvme;
    } else if (optimizerDevice == "cpu" && paramDevice == "cpu") {
        parallel.offload = Offload::OptimizerAndParamsCpu;
    } else if (optimizerDevice == "cpu") {
        parallel.offload = Offload::OptimizerCpu;
    }
    if (const auto shard = positive(zero, "mics_shard_size", "/zero_optimization/mics_shard_size",
                                    builder, "/parallel/sharding_group")) {
        parallel.shardingGroup = static_cast<int>(*shard);
    }
    builder.carry("/parallel/sharding_group");
    const std::int64_t gradBytes = builder.plan.training.gradDtype == Precision::Fp32 ? 4 : 2;
    // Buckets count elements of the gradient dtype; their bytes stay within the range of
    // memory.ddp_bucket_bytes. ZeRO-2/3 and ZeRO-Offload reduce through DeepSpeed's own bucket
    // (the memory's zero bucket); below them the bucket stands for the plan's DDP bucket.
    if (const auto bucket =
            positive(zero, "reduce_bucket_size", "/zero_optimization/reduce_bucket_size", builder,
                     "/memory/ddp_bucket_bytes",
                     fieldRange("/memory/ddp_bucket_bytes").maximum / gradBytes)) {
        const auto elements = static_cast<std::uint64_t>(*bucket);
        if (parallel.zeroStage >= 2 || parallel.offload != Offload::None) {
            builder.plan.memory.zeroBucketElements =
                elements == kDeepSpeedBucketElements ? 0 : elements;
        } else {
            builder.plan.memory.ddpBucketBytes = elements * static_cast<std::uint64_t>(gradBytes);
        }
    }
    // overlap_comm hides the gradient reduction behind backward; DeepSpeed turns it on by
    // default only for stage 3 (DeepSpeedZeroConfig's overlap_comm validator).
    builder.plan.performance.overlapGradReduce =
        zero.value("overlap_comm", Json(parallel.zeroStage == 3)) == true;
    builder.carry("/performance/overlap_grad_reduce");
}

}  // namespace

PlanImport importDeepSpeed(const Plan& base, std::string_view text) {
    ImportBuilder builder{base, {}, {}};
    const Json config = Json::parse(text, nullptr, false, true);
    if (!config.is_object()) {
        builder.error("", {"import_problem.deepspeed_not_object", {}});
        return std::move(builder).finish();
    }
    readPrecision(config, builder);
    readBatch(config, builder);
    readZero(config, builder);
    return std::move(builder).finish();
}

}  // namespace fourfold::core::detail
