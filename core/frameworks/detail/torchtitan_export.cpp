// SPDX-License-Identifier: MIT
// A torchtitan TOML job config. Sections and keys follow torchtitan's JobConfig of the TOML
// era (torchtitan/config/job_config.py, releases v0.2.x; main moved to Python configs in
// February 2026): [training] local_batch_size / global_batch_size / seq_len /
// mixed_precision_param, [parallelism] degrees and pipeline_parallel_schedule,
// [activation_checkpoint] mode. Mapping: docs/frameworks.md.
#include "core/frameworks/detail/framework_table.h"

#include <sstream>

namespace fourfold::core::detail {
namespace {

const char* scheduleName(ScheduleKind schedule) {
    // torch.distributed.pipelining's schedule names; the zero-bubble H1/H2 schedules of
    // Qi et al. have no exact torchtitan counterpart (listed as unexpressed).
    switch (schedule) {
        case ScheduleKind::Gpipe:
            return "GPipe";
        case ScheduleKind::Interleaved1F1B:
            return "Interleaved1F1B";
        default:
            return "1F1B";
    }
}

const char* checkpointMode(Recompute recompute) {
    switch (recompute) {
        case Recompute::Full:
            return "full";
        case Recompute::Selective:
        case Recompute::SelectiveOp:
            return "selective";
        case Recompute::None:
            break;
    }
    return "none";
}

// FSDP (ZeRO-3) shards over data_parallel_shard_degree and replicates across
// data_parallel_replicate_degree (HSDP); without ZeRO-3 the data-parallel ranks replicate (DDP).
std::pair<int, int> replicateAndShard(const ParallelSpec& parallel) {
    if (parallel.zeroStage < 3) return {parallel.dp, 1};
    const int group = parallel.shardingGroup > 0 && parallel.dp % parallel.shardingGroup == 0
                          ? parallel.shardingGroup
                          : parallel.dp;
    return {parallel.dp / group, group};
}

}  // namespace

std::string torchtitanJobConfig(const Plan& plan, const std::vector<std::string>& unexpressed) {
    const ParallelSpec& parallel = plan.parallel;
    const TrainingSpec& training = plan.training;
    const auto [replicate, shard] = replicateAndShard(parallel);
    // With pipelining, one optimizer step's micro-batches are a pipeline's local batch, split
    // into pipeline_parallel_microbatch_size pieces; without it, torchtitan accumulates
    // gradients until global_batch_size = local_batch_size x dp x accumulation.
    const bool pipelined = parallel.pp > 1;
    const std::int64_t localBatch =
        pipelined ? std::int64_t{training.microBatch} * training.gradAccumulation
                  : training.microBatch;

    std::ostringstream out;
    out << "# torchtitan job config for the plan \"" << plan.name << "\", written by Fourfold.\n"
        << "# Global batch " << derivedGlobalBatch(plan) << " = micro-batch " << training.microBatch
        << " x gradient accumulation " << training.gradAccumulation << " x data parallel "
        << parallel.dp << " (data parallel = replicate " << replicate << " x shard " << shard
        << ").\n";
    if (!unexpressed.empty()) {
        out << "#\n# Not expressed by this job config (kept in the Fourfold plan):\n";
        for (const std::string& line : unexpressed) out << "#   " << line << "\n";
    }
    out << "# The model itself is chosen by [model] name/flavor; Fourfold's shape is listed "
           "above.\n"
        << "# Planner-only settings (GPU, links, memory options, measurements) are not job "
           "settings.\n\n";

    out << "[training]\n"
        << "local_batch_size = " << localBatch << "\n"
        << "global_batch_size = " << derivedGlobalBatch(plan) << "\n"
        << "seq_len = " << plan.model.sequence << "\n"
        << "mixed_precision_param = \""
        << (training.precision == Precision::Fp32 ? "float32" : "bfloat16") << "\"\n"
        << "mixed_precision_reduce = \"float32\"\n";
    if (parallel.offload == Offload::OptimizerAndParamsCpu) out << "enable_cpu_offload = true\n";

    out << "\n[parallelism]\n"
        << "data_parallel_replicate_degree = " << replicate << "\n"
        << "data_parallel_shard_degree = " << shard << "\n"
        << "tensor_parallel_degree = " << parallel.tp << "\n"
        << "pipeline_parallel_degree = " << parallel.pp << "\n"
        << "pipeline_parallel_schedule = \"" << scheduleName(parallel.schedule) << "\"\n";
    if (pipelined) {
        out << "pipeline_parallel_microbatch_size = " << training.microBatch << "\n";
    }
    if (parallel.virtualStages > 1 && parallel.pp > 0 &&
        plan.model.layers % (parallel.pp * parallel.virtualStages) == 0) {
        out << "pipeline_parallel_layers_per_stage = "
            << plan.model.layers / (parallel.pp * parallel.virtualStages) << "\n";
    }
    out << "context_parallel_degree = " << parallel.cp << "\n"
        << "expert_parallel_degree = " << parallel.ep << "\n"
        << "expert_tensor_parallel_degree = " << expertTensorParallel(parallel) << "\n";

    if (training.optimizer == OptimizerKind::AdamW || training.optimizer == OptimizerKind::Adam) {
        out << "\n[optimizer]\n"
            << "name = \"" << (training.optimizer == OptimizerKind::AdamW ? "AdamW" : "Adam")
            << "\"\n";
    }

    out << "\n[activation_checkpoint]\n"
        << "mode = \"" << checkpointMode(training.recompute) << "\"\n";
    // torchtitan's selective checkpointing is op-level; Korthikanti's attention-core recompute
    // is written as it and comes back as op-level, so the export lists it as unexpressed.
    if (training.recompute == Recompute::Selective ||
        training.recompute == Recompute::SelectiveOp) {
        out << "selective_ac_option = \"op\"\n";
    }
    return out.str();
}

}  // namespace fourfold::core::detail
