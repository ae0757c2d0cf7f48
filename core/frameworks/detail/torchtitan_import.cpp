// SPDX-License-Identifier: MIT
// A torchtitan TOML job config back into the plan's parallel and training sections (and the
// sequence length). Data parallel = replicate x shard; a shard degree of -1 ("the rest")
// takes what the world size leaves, which a job config alone does not fix, so the base
// plan's data parallel is kept then.
#include "core/frameworks/detail/framework_parts.h"
#include "core/frameworks/detail/toml_lite.h"

#include <optional>

namespace fourfold::core::detail {
namespace {

// A value as a message quotes it: strings in quotes, numbers and booleans as written.
std::string shown(const TomlValue& value) {
    if (const auto* text = std::get_if<std::string>(&value)) return "\"" + *text + "\"";
    if (const auto* integer = std::get_if<std::int64_t>(&value)) return std::to_string(*integer);
    if (const auto* real = std::get_if<double>(&value)) return std::to_string(*real);
    return std::get<bool>(value) ? "true" : "false";
}

class TomlReader {
public:
    TomlReader(const TomlDocument& document, ImportBuilder& builder)
        : document_(document), builder_(builder) {}

    [[nodiscard]] bool has(const std::string& key) const { return document_.values.contains(key); }

    std::optional<std::int64_t> integer(const std::string& key, bool allowMinusOne = false) {
        const auto it = document_.values.find(key);
        if (it == document_.values.end()) return std::nullopt;
        const auto* value = std::get_if<std::int64_t>(&it->second);
        if (value != nullptr && *value > kMaxConfigInteger) {
            builder_.error("",
                           {"import_problem.integer_too_large",
                            {{"name", key}, {"maximum", kMaxConfigInteger}, {"found", *value}}});
            return std::nullopt;
        }
        if (value == nullptr || (*value <= 0 && !(allowMinusOne && *value == -1))) {
            builder_.error("", {"import_problem.positive_integer",
                                {{"name", key}, {"found", shown(it->second)}}});
            return std::nullopt;
        }
        return *value;
    }

    std::optional<std::string> text(const std::string& key) {
        const auto it = document_.values.find(key);
        if (it == document_.values.end()) return std::nullopt;
        if (const auto* value = std::get_if<std::string>(&it->second)) return *value;
        builder_.error(
            "", {"import_problem.string_expected", {{"name", key}, {"found", shown(it->second)}}});
        return std::nullopt;
    }

    void read(const std::string& key, int& field, std::string_view pointer) {
        if (const auto value = integer(key)) {
            field = static_cast<int>(*value);
            builder_.carry(pointer);
        }
    }

private:
    const TomlDocument& document_;
    ImportBuilder& builder_;
};

void readParallel(TomlReader& in, ImportBuilder& builder) {
    ParallelSpec& parallel = builder.plan.parallel;
    parallel.tp = 1;
    parallel.pp = 1;
    parallel.cp = 1;
    parallel.ep = 1;
    in.read("parallelism.tensor_parallel_degree", parallel.tp, "/parallel/tp");
    in.read("parallelism.pipeline_parallel_degree", parallel.pp, "/parallel/pp");
    in.read("parallelism.context_parallel_degree", parallel.cp, "/parallel/cp");
    in.read("parallelism.expert_parallel_degree", parallel.ep, "/parallel/ep");
    // torchtitan's default expert tensor parallel degree is 1.
    const std::int64_t etp = in.integer("parallelism.expert_tensor_parallel_degree").value_or(1);
    parallel.etp = etp == parallel.tp ? 0 : static_cast<int>(etp);
    parallel.sequenceParallel = parallel.tp > 1;  // torchtitan's TP plan always shards sequence

    const std::int64_t replicate =
        in.integer("parallelism.data_parallel_replicate_degree").value_or(1);
    const std::int64_t shard =
        in.integer("parallelism.data_parallel_shard_degree", true).value_or(-1);
    parallel.offload = Offload::None;
    parallel.order = "tp-cp-ep-dp-pp";
    if (shard == -1) {
        builder.note("/parallel/dp", {"import_note.shard_degree_rest", {{"dp", parallel.dp}}});
        parallel.zeroStage = 3;
        parallel.shardingGroup = 0;
    } else {
        parallel.dp = static_cast<int>(replicate * shard);
        parallel.zeroStage = shard > 1 ? 3 : 0;
        parallel.shardingGroup = replicate > 1 && shard > 1 ? static_cast<int>(shard) : 0;
        builder.carry("/parallel/dp");
    }

    const std::string schedule = in.text("parallelism.pipeline_parallel_schedule").value_or("1F1B");
    parallel.virtualStages = 1;
    if (schedule == "GPipe") {
        parallel.schedule = ScheduleKind::Gpipe;
    } else if (schedule == "1F1B") {
        parallel.schedule = ScheduleKind::OneFOneB;
    } else if (schedule == "Interleaved1F1B") {
        parallel.schedule = ScheduleKind::Interleaved1F1B;
        parallel.virtualStages = 2;  // torchtitan's default split: two stages per rank
    } else {
        builder.note("/parallel/schedule",
                     {"import_note.schedule_assumed", {{"schedule", schedule}}});
        parallel.schedule = ScheduleKind::OneFOneB;
    }
    if (const auto perStage = in.integer("parallelism.pipeline_parallel_layers_per_stage")) {
        const std::int64_t stages = std::int64_t{parallel.pp} * *perStage;
        if (builder.plan.model.layers % stages == 0) {
            parallel.virtualStages = static_cast<int>(builder.plan.model.layers / stages);
        }
    }
    for (const char* pointer :
         {"/parallel/tp", "/parallel/pp", "/parallel/cp", "/parallel/ep", "/parallel/etp",
          "/parallel/sequence_parallel", "/parallel/zero_stage", "/parallel/sharding_group",
          "/parallel/schedule", "/parallel/virtual_stages", "/parallel/offload",
          "/parallel/order"}) {
        builder.carry(pointer);
    }
}

void readTraining(TomlReader& in, ImportBuilder& builder) {
    TrainingSpec& training = builder.plan.training;
    in.read("training.seq_len", builder.plan.model.sequence, "/model/sequence");
    // "batch_size" is the name before torchtitan's local/global split.
    const std::string localKey =
        in.has("training.local_batch_size") ? "training.local_batch_size" : "training.batch_size";
    const auto local = in.integer(localKey);
    const auto pipelineMicro = in.integer("parallelism.pipeline_parallel_microbatch_size");
    const bool pipelined = builder.plan.parallel.pp > 1;
    if (pipelined && pipelineMicro) {
        training.microBatch = static_cast<int>(*pipelineMicro);
    } else if (local) {
        training.microBatch = static_cast<int>(*local);
    }
    builder.carry("/training/micro_batch");
    training.globalBatch.reset();
    const auto global = in.integer("training.global_batch_size", true);
    if (global && *global > 0) {
        setBatchFromGlobal(builder, *global, "/training/global_batch");
    } else if (local) {
        // Without a global batch torchtitan takes local x dp: one step, no accumulation.
        training.gradAccumulation = pipelined ? static_cast<int>(*local / training.microBatch) : 1;
        builder.carry("/training/grad_accumulation");
    }

    const std::string param = in.text("training.mixed_precision_param").value_or("bfloat16");
    training.precision = param == "float32" ? Precision::Fp32 : Precision::Bf16;
    training.masterWeights = training.precision != Precision::Fp32;
    training.gradDtype = Precision::Fp32;  // mixed_precision_reduce is float32 only
    const std::string mode = in.text("activation_checkpoint.mode").value_or("selective");
    training.recompute = mode == "full"        ? Recompute::Full
                         : mode == "selective" ? Recompute::Selective
                                               : Recompute::None;
    if (const auto name = in.text("optimizer.name")) {
        if (*name == "AdamW") {
            training.optimizer = OptimizerKind::AdamW;
            builder.carry("/training/optimizer");
        } else if (*name == "Adam") {
            training.optimizer = OptimizerKind::Adam;
            builder.carry("/training/optimizer");
        }
    }
    for (const char* pointer : {"/training/precision", "/training/master_weights",
                                "/training/grad_dtype", "/training/recompute"}) {
        builder.carry(pointer);
    }
}

}  // namespace

PlanImport importTorchtitan(const Plan& base, std::string_view text) {
    ImportBuilder builder{base, {}, {}};
    const TomlDocument document = parseTomlLite(text);
    if (!document.error.empty()) {
        Diagnostic problem =
            makeDiagnostic(Severity::Error, "", "import.toml_syntax", {{"reason", document.error}});
        problem.line = document.errorLine;
        builder.diagnostics.push_back(std::move(problem));
        return std::move(builder).finish(ImportKind::TorchtitanJobConfig);
    }
    TomlReader in(document, builder);
    readParallel(in, builder);
    readTraining(in, builder);
    const auto found = document.values.find("training.enable_cpu_offload");
    if (found != document.values.end()) {
        const auto* on = std::get_if<bool>(&found->second);
        if (on != nullptr && *on) builder.plan.parallel.offload = Offload::OptimizerAndParamsCpu;
    }
    return std::move(builder).finish(ImportKind::TorchtitanJobConfig);
}

}  // namespace fourfold::core::detail
