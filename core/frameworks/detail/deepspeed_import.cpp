// SPDX-License-Identifier: MIT
// A DeepSpeed ds_config.json back into the plan's training and parallel sections. Data
// parallel follows from DeepSpeed's batch identity, train_batch_size = micro x accumulation x
// data parallel; tp, pp and cp are not in a ds_config and keep the base plan's values.
#include "core/frameworks/detail/framework_parts.h"
#include "core/model/model.h"
#include "core/plan/plan_enums.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace fourfold::core::detail {
namespace {

using Json = nlohmann::json;

// A positive integer at key; std::nullopt when absent or "auto", an error when malformed.
std::optional<std::int64_t> positive(const Json& object, const char* key, const std::string& path,
                                     ImportBuilder& builder) {
    if (!object.contains(key)) return std::nullopt;
    const Json& value = object[key];
    if (value.is_string() && value.get<std::string>() == "auto") {
        builder.note(path, std::string(key) + " is \"auto\": kept from the plan");
        return std::nullopt;
    }
    if (value.is_number_integer() && value.get<std::int64_t>() > 0) {
        return value.get<std::int64_t>();
    }
    if (value.is_number_float() && value.get<double>() > 0 &&
        value.get<double>() ==
            static_cast<double>(static_cast<std::int64_t>(value.get<double>()))) {
        return static_cast<std::int64_t>(value.get<double>());
    }
    builder.error(path, std::string(key) + " must be a positive integer, got " + value.dump());
    return std::nullopt;
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
    const auto total = positive(config, "train_batch_size", "/training/global_batch", builder);
    const auto micro =
        positive(config, "train_micro_batch_size_per_gpu", "/training/micro_batch", builder);
    const auto steps =
        positive(config, "gradient_accumulation_steps", "/training/grad_accumulation", builder);
    training.globalBatch.reset();
    if (micro) {
        training.microBatch = static_cast<int>(*micro);
        builder.carry("/training/micro_batch");
    }
    if (total && micro && steps) {
        const std::int64_t perReplica = *micro * *steps;
        if (*total % perReplica != 0) {
            builder.error("/training/global_batch",
                          "train_batch_size " + std::to_string(*total) +
                              " is not train_micro_batch_size_per_gpu " + std::to_string(*micro) +
                              " × gradient_accumulation_steps " + std::to_string(*steps) +
                              " × data parallel");
            return;
        }
        training.gradAccumulation = static_cast<int>(*steps);
        builder.plan.parallel.dp = static_cast<int>(*total / perReplica);
        builder.carry("/training/grad_accumulation");
        builder.carry("/parallel/dp");
    } else if (total) {
        setBatchFromGlobal(builder, *total, "/training/global_batch");
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
            builder.error("/training/grad_dtype", "data_types.grad_accum_dtype \"" + name +
                                                      "\" is not one of " +
                                                      acceptedNames<Precision>());
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
            builder.note("/training/optimizer", "optimizer \"" + type +
                                                    "\" has no plan "
                                                    "equivalent: kept from the plan");
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
    if (!stage.is_number_integer() || stage.get<int>() < 0 || stage.get<int>() > 3) {
        builder.error("/parallel/zero_stage",
                      "zero_optimization.stage must be 0, 1, 2 or 3, got " + stage.dump());
        return;
    }
    parallel.zeroStage = stage.get<int>();
    const std::string optimizerDevice = device(zero, "offload_optimizer");
    const std::string paramDevice = device(zero, "offload_param");
    if (optimizerDevice == "nvme" || paramDevice == "nvme") {
        parallel.offload = Offload::Nvme;
    } else if (optimizerDevice == "cpu" && paramDevice == "cpu") {
        parallel.offload = Offload::OptimizerAndParamsCpu;
    } else if (optimizerDevice == "cpu") {
        parallel.offload = Offload::OptimizerCpu;
    }
    if (const auto shard = positive(zero, "mics_shard_size", "/parallel/sharding_group", builder)) {
        parallel.shardingGroup = static_cast<int>(*shard);
    }
    builder.carry("/parallel/sharding_group");
    const std::uint64_t gradBytes = builder.plan.training.gradDtype == Precision::Fp32 ? 4 : 2;
    if (const auto bucket = positive(zero, "reduce_bucket_size", "", builder)) {
        builder.plan.memory.ddpBucketBytes = static_cast<std::uint64_t>(*bucket) * gradBytes;
    }
}

}  // namespace

PlanImport importDeepSpeed(const Plan& base, std::string_view text) {
    ImportBuilder builder{base, {}, {}};
    const Json config = Json::parse(text, nullptr, false, true);
    if (!config.is_object()) {
        builder.error("", "a ds_config.json must be a JSON object");
        return std::move(builder).finish(ImportKind::DeepSpeedConfig);
    }
    readPrecision(config, builder);
    readBatch(config, builder);
    readZero(config, builder);
    return std::move(builder).finish(ImportKind::DeepSpeedConfig);
}

}  // namespace fourfold::core::detail
