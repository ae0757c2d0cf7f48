// SPDX-License-Identifier: MIT
// A torchtitan TOML job config back into the plan's parallel and training sections (and the
// sequence length). Data parallel = replicate x shard; a shard degree of -1 ("the rest")
// takes what the world size leaves, which a job config alone does not fix, so the base
// plan's data parallel is kept then.
#include "core/frameworks/detail/framework_parts.h"
#include "core/frameworks/detail/framework_table.h"
#include "core/frameworks/detail/toml_document.h"
#include "core/plan/plan_json_text.h"

#include <algorithm>
#include <optional>

namespace fourfold::core::detail {
namespace {

using Json = nlohmann::json;

// A value as a message quotes it: TOML's strings, numbers and arrays read much as JSON writes them.
std::string shown(const Json& value) {
    return shortenUtf8(value.dump(-1, ' ', false, Json::error_handler_t::replace), 60);
}

// The job config's values by dotted name ("parallelism.tensor_parallel_degree"), wherever the
// file wrote them: under a [parallelism] header, as a dotted key or in an inline table. A value
// of the wrong type is an error giving the name and the line and column it stands at.
class TomlReader final : public ConfigValues {
public:
    TomlReader(const TomlDocument& document, ImportBuilder& builder)
        : ConfigValues(builder), document_(document) {}

    [[nodiscard]] bool has(std::string_view name) const override {
        return lookup(name, nullptr) != nullptr;
    }

    std::optional<std::string> text(std::string_view name) {
        const Json* value = lookup(name, nullptr);
        if (value == nullptr) return std::nullopt;
        if (value->is_string()) return value->get<std::string>();
        fail(name, {"import_problem.string_expected", {{"name", name}, {"found", shown(*value)}}});
        return std::nullopt;
    }

    [[nodiscard]] bool flag(std::string_view name) const {
        const Json* value = lookup(name, nullptr);
        return value != nullptr && value->is_boolean() && value->get<bool>();
    }

private:
    [[nodiscard]] std::optional<Found> find(std::string_view name) const override {
        const Json* value = lookup(name, nullptr);
        if (value == nullptr) return std::nullopt;
        Found found;
        found.shown = shown(*value);
        // toml++ reads integers as int64 and refuses larger ones as a syntax error.
        if (value->is_number_integer()) {
            found.kind = Found::Kind::Integer;
            found.value = value->get<std::int64_t>();
        }
        return found;
    }

    // The value at a dotted name, and its JSON pointer in the document.
    [[nodiscard]] const Json* lookup(std::string_view name, std::string* pointer) const {
        const Json* node = &document_.root;
        while (!name.empty()) {
            const std::size_t dot = std::min(name.find('.'), name.size());
            const std::string key(name.substr(0, dot));
            if (!node->is_object() || !node->contains(key)) return nullptr;
            node = &(*node)[key];
            if (pointer != nullptr) *pointer += "/" + escapePointerToken(key);
            name.remove_prefix(std::min(dot + 1, name.size()));
        }
        return node;
    }

    void fail(std::string_view name, const CodedText& problem) override {
        std::string pointer;
        (void)lookup(name, &pointer);
        Diagnostic& error = builder_.error("", problem);
        if (const auto at = document_.positions.find(pointer); at != document_.positions.end()) {
            error.line = at->second.line;
            error.column = at->second.column;
        }
    }

    const TomlDocument& document_;
};

void readParallel(TomlReader& in, ImportBuilder& builder) {
    ParallelSpec& parallel = builder.plan.parallel;
    // torchtitan's default expert tensor parallel degree is 1.
    readDegrees(in, builder,
                {"parallelism.tensor_parallel_degree", "parallelism.pipeline_parallel_degree",
                 "parallelism.context_parallel_degree", "parallelism.expert_parallel_degree",
                 "parallelism.expert_tensor_parallel_degree", 1});
    parallel.sequenceParallel = parallel.tp > 1;  // torchtitan's TP plan always shards sequence

    const std::int64_t replicate =
        in.integer("parallelism.data_parallel_replicate_degree", "/parallel/dp").value_or(1);
    const std::int64_t shard =
        in.integer("parallelism.data_parallel_shard_degree", "/parallel/dp", true).value_or(-1);
    parallel.offload =
        in.flag("training.enable_cpu_offload") ? Offload::OptimizerAndParamsCpu : Offload::None;
    if (shard == -1) {
        builder.note("/parallel/dp", {"import_note.shard_degree_rest", {{"dp", parallel.dp}}});
        parallel.zeroStage = 3;
        parallel.shardingGroup = 0;
    } else if (builder.setDerived(parallel.dp, replicate * shard, "/parallel/dp",
                                  "data_parallel_replicate_degree × data_parallel_shard_degree")) {
        // Each degree within its range (10^6), so the product above fits 64 bits.
        parallel.zeroStage = shard > 1 ? 3 : 0;
        parallel.shardingGroup = replicate > 1 && shard > 1 ? static_cast<int>(shard) : 0;
    }
    builder.carry("/parallel/sharding_group");

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
    if (const auto perStage =
            in.integer("parallelism.pipeline_parallel_layers_per_stage", "/model/layers")) {
        // pp is the base plan's when the file has none (any int): the product fits 64 bits.
        const std::int64_t stages = std::int64_t{std::max(1, parallel.pp)} * *perStage;
        if (builder.plan.model.layers % stages == 0) {
            (void)builder.setDerived(parallel.virtualStages, builder.plan.model.layers / stages,
                                     "/parallel/virtual_stages",
                                     "layers / (pipeline_parallel_degree × "
                                     "pipeline_parallel_layers_per_stage)");
        }
    }
}

void readTraining(TomlReader& in, ImportBuilder& builder) {
    TrainingSpec& training = builder.plan.training;
    in.read("training.seq_len", builder.plan.model.sequence, "/model/sequence");
    // "batch_size" is the name before torchtitan's local/global split. The local batch is
    // micro-batch × accumulation under a pipeline, so it takes the global batch's range; the
    // figures it gives are checked against their own.
    const std::string localKey =
        in.has("training.local_batch_size") ? "training.local_batch_size" : "training.batch_size";
    const auto local = in.integer(localKey, "/training/global_batch");
    const auto pipelineMicro =
        in.integer("parallelism.pipeline_parallel_microbatch_size", "/training/micro_batch");
    const bool pipelined = builder.plan.parallel.pp > 1;
    if (pipelined && pipelineMicro) {
        training.microBatch = static_cast<int>(*pipelineMicro);
    } else if (local) {
        (void)builder.setDerived(training.microBatch, *local, "/training/micro_batch", localKey);
    }
    builder.carry("/training/micro_batch");
    training.globalBatch.reset();
    const auto global = in.integer("training.global_batch_size", "/training/global_batch", true);
    if (global && *global > 0) {
        setBatchFromGlobal(builder, *global, "/training/global_batch",
                           "training.global_batch_size");
    } else if (local) {
        // Without a global batch torchtitan takes local x dp: one step, no accumulation.
        const std::int64_t steps = pipelined ? *local / std::max(1, training.microBatch) : 1;
        (void)builder.setDerived(training.gradAccumulation, steps, "/training/grad_accumulation",
                                 localKey + " / parallelism.pipeline_parallel_microbatch_size");
    }

    const std::string param = in.text("training.mixed_precision_param").value_or("bfloat16");
    training.precision = param == "float32" ? Precision::Fp32 : Precision::Bf16;
    training.masterWeights = training.precision != Precision::Fp32;
    training.gradDtype = Precision::Fp32;  // mixed_precision_reduce is float32 only
    const std::string mode = in.text("activation_checkpoint.mode").value_or("selective");
    // selective_ac_option "op" is op-level selective checkpointing; a number (checkpoint every
    // n-th layer) has no plan counterpart and is read as attention-core selective recompute.
    const bool opLevel =
        in.text("activation_checkpoint.selective_ac_option").value_or("op") == "op";
    training.recompute = mode == "full"        ? Recompute::Full
                         : mode != "selective" ? Recompute::None
                         : opLevel             ? Recompute::SelectiveOp
                                               : Recompute::Selective;
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
    const TomlDocument document = readToml(text);
    if (document.problem) {
        builder.diagnostics.push_back(*document.problem);
        return std::move(builder).finish();
    }
    TomlReader in(document, builder);
    readParallel(in, builder);
    readTraining(in, builder);
    return std::move(builder).finish();
}

}  // namespace fourfold::core::detail
