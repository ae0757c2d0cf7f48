// SPDX-License-Identifier: MIT
// Published training runs the performance model is validated against, written out from the
// papers: Narayanan et al. 2021 ("Efficient Large-Scale Language Model Training on GPU Clusters
// Using Megatron-LM", SC'21) Table 1, and Korthikanti et al. 2022 ("Reducing Activation
// Recomputation in Large Transformer Models") Tables 3 and 5. Both ran GPT models (vocabulary
// 51,200, sequence 2048, ffn 4h) on Selene: DGX A100 80 GB nodes, NVLink 3 inside a node, eight
// 200 Gb/s HDR InfiniBand adapters per node. Beside them, MosaicML's measured MPT throughput
// (FSDP, flash attention, larger micro-batches, A100 and H100), below.
#pragma once

#include "core/evaluate/evaluate.h"
#include "core/plan/catalog.h"
#include "core/plan/plan.h"

#include <array>
#include <string>

namespace fourfold::test {

struct MegatronRun {
    const char* name;
    int heads, hidden, layers, tp, pp, gpus, globalBatch;
    double measured;  // Table 1: achieved TFLOP/s per GPU (eq. 3 FLOPs); Table 5: seconds
};

// Narayanan et al. 2021, Table 1 (weak scaling, full recompute): heads, hidden, layers, TP,
// PP, GPUs, global batch, achieved teraFLOP/s per GPU.
inline constexpr std::array<MegatronRun, 10> kNarayanan2021Table1 = {{
    {"narayanan21-table1-1.7B", 24, 2304, 24, 1, 1, 32, 512, 137},
    {"narayanan21-table1-3.6B", 32, 3072, 30, 2, 1, 64, 512, 138},
    {"narayanan21-table1-7.5B", 32, 4096, 36, 4, 1, 128, 512, 142},
    {"narayanan21-table1-18.4B", 48, 6144, 40, 8, 1, 256, 1024, 135},
    {"narayanan21-table1-39.1B", 64, 8192, 48, 8, 2, 512, 1536, 138},
    {"narayanan21-table1-76.1B", 80, 10240, 60, 8, 4, 1024, 1792, 140},
    {"narayanan21-table1-145.6B", 96, 12288, 80, 8, 8, 1536, 2304, 148},
    {"narayanan21-table1-310.1B", 128, 16384, 96, 8, 16, 1920, 2160, 155},
    {"narayanan21-table1-529.6B", 128, 20480, 105, 8, 35, 2520, 2520, 163},
    {"narayanan21-table1-1008.0B", 160, 25600, 128, 8, 64, 3072, 3072, 163},
}};

// Korthikanti et al. 2022, Table 3 (configurations, data parallel 1) and Table 5 (iteration
// time in seconds): full recompute, and "present work" = selective recompute + sequence
// parallelism.
inline constexpr std::array<MegatronRun, 4> kKorthikanti2022Table5Full = {{
    {"korthikanti22-table5-22B-full", 64, 6144, 48, 8, 1, 8, 4, 1.42},
    {"korthikanti22-table5-175B-full", 96, 12288, 96, 8, 8, 64, 64, 18.13},
    {"korthikanti22-table5-530B-full", 128, 20480, 105, 8, 35, 280, 280, 49.05},
    {"korthikanti22-table5-1T-full", 160, 25600, 128, 8, 64, 512, 512, 94.42},
}};
inline constexpr std::array<MegatronRun, 4> kKorthikanti2022Table5Selective = {{
    {"korthikanti22-table5-22B-selective-sp", 64, 6144, 48, 8, 1, 8, 4, 1.10},
    {"korthikanti22-table5-175B-selective-sp", 96, 12288, 96, 8, 8, 64, 64, 13.75},
    {"korthikanti22-table5-530B-selective-sp", 128, 20480, 105, 8, 35, 280, 280, 37.83},
    {"korthikanti22-table5-1T-selective-sp", 160, 25600, 128, 8, 64, 512, 512, 71.49},
}};

// The run as a plan: GPT shape, A100 80 GB, micro-batch 1, 1F1B, no flash attention (neither
// paper had it), Megatron-LM's defaults of the time (no gradient-reduction overlap, 16-bit
// gradient all-reduce).
inline fourfold::core::Plan megatronPlan(const MegatronRun& run,
                                         fourfold::core::Recompute recompute,
                                         bool sequenceParallel) {
    using namespace fourfold::core;
    Plan plan = defaultPlan();
    plan.name = run.name;
    ModelSpec& m = plan.model;
    m = ModelSpec{};
    m.layers = run.layers;
    m.hidden = run.hidden;
    m.heads = run.heads;
    m.kvHeads = run.heads;
    m.ffnHidden = 4 * run.hidden;
    m.vocab = 51200;
    m.sequence = 2048;
    m.mlp = MlpKind::Gelu;
    m.tiedEmbeddings = true;
    plan.training.precision = Precision::Fp16;
    plan.training.gradDtype = Precision::Fp16;
    plan.training.recompute = recompute;
    plan.training.flashAttention = false;
    plan.training.microBatch = 1;
    plan.parallel.tp = run.tp;
    plan.parallel.pp = run.pp;
    plan.parallel.dp = run.gpus / (run.tp * run.pp);
    plan.parallel.sequenceParallel = sequenceParallel;
    plan.parallel.schedule = ScheduleKind::OneFOneB;
    plan.training.gradAccumulation = run.globalBatch / plan.parallel.dp;
    plan.training.globalBatch.reset();
    plan.cluster.gpu = findGpuPreset("a100-sxm-80gb")->spec;
    plan.cluster.gpusPerNode = 8;
    plan.cluster.nodes = (run.gpus + 7) / 8;
    plan.cluster.intraNode = findLinkPreset("nvlink3")->spec;
    plan.cluster.interNode = findLinkPreset("ib-200g")->spec;
    plan.performance.overlapGradReduce = false;
    return plan;
}

// MosaicML LLM Foundry, scripts/train/benchmarking/README.md ("MPT Training Benchmarks"),
// measured throughput of MPT models under PyTorch FSDP (FULL_SHARD, so ZeRO-3), bf16, flash
// attention, sequence 2048, tables "A100 80GB with 1600 Gbps node-node interconnect (RoCE)" and
// "H100 80GB BF16". MPT shapes from scripts/train/yamls/pretrain/mpt-*.yaml: GELU MLP of 4h,
// no biases, vocabulary 50,368, tied embeddings. Rows named by table and model / GPUs.
struct FoundryRun {
    const char* name;
    const char* gpu;  // catalog preset
    int layers, hidden, heads, gpus, microBatch, gradAccumulation;
    bool checkpointing;               // activation checkpointing (full recompute)
    double measuredTokensPerSPerGpu;  // "Throughput (T/s/GPU)"
    double reportedMfu;               // "MFU" (their FLOP count: 6·N + attention per token)
};

inline constexpr std::array<FoundryRun, 8> kMosaicMptThroughput = {{
    {"foundry-a100-7b-8gpu", "a100-sxm-80gb", 32, 4096, 32, 8, 6, 2, false, 4641, 0.6423},
    {"foundry-a100-13b-8gpu", "a100-sxm-80gb", 40, 5120, 40, 8, 2, 3, false, 2262, 0.5957},
    {"foundry-a100-30b-8gpu", "a100-sxm-80gb", 48, 7168, 56, 8, 3, 21, true, 916, 0.5530},
    {"foundry-a100-70b-64gpu", "a100-sxm-80gb", 80, 8192, 64, 64, 8, 4, true, 410, 0.5333},
    {"foundry-h100-7b-8gpu", "h100-sxm-80gb", 32, 4096, 32, 8, 6, 1, false, 10643, 0.4644},
    {"foundry-h100-13b-8gpu", "h100-sxm-80gb", 40, 5120, 40, 8, 2, 1, false, 4792, 0.3979},
    {"foundry-h100-30b-8gpu", "h100-sxm-80gb", 48, 7168, 56, 8, 3, 21, true, 2002, 0.3811},
    {"foundry-h100-70b-64gpu", "h100-sxm-80gb", 80, 8192, 64, 64, 8, 4, true, 1039, 0.4257},
}};

// The run as a plan: MPT shape, FSDP full shard (ZeRO-3, gradients reduced in fp32 as
// Composer's default mixed precision does), flash attention, data parallel only, nodes of
// eight with NVLink 3 (A100) or 4 (H100) and 8 × 200 Gb/s (the A100 table's 1,600 Gb/s) or
// 8 × 400 Gb/s (H100; the table does not say) between nodes.
inline fourfold::core::Plan foundryPlan(const FoundryRun& run) {
    using namespace fourfold::core;
    Plan plan = defaultPlan();
    plan.name = run.name;
    ModelSpec& m = plan.model;
    m = ModelSpec{};
    m.layers = run.layers;
    m.hidden = run.hidden;
    m.heads = run.heads;
    m.kvHeads = run.heads;
    m.ffnHidden = 4 * run.hidden;
    m.vocab = 50368;
    m.sequence = 2048;
    m.mlp = MlpKind::Gelu;
    m.tiedEmbeddings = true;
    plan.training.precision = Precision::Bf16;
    plan.training.gradDtype = Precision::Fp32;
    plan.training.recompute = run.checkpointing ? Recompute::Full : Recompute::None;
    plan.training.flashAttention = true;
    plan.training.microBatch = run.microBatch;
    plan.training.gradAccumulation = run.gradAccumulation;
    plan.training.globalBatch.reset();
    plan.parallel = ParallelSpec{};
    plan.parallel.dp = run.gpus;
    plan.parallel.zeroStage = 3;
    const bool hopper = std::string(run.gpu).rfind("h100", 0) == 0;
    plan.cluster.gpu = findGpuPreset(run.gpu)->spec;
    plan.cluster.gpusPerNode = 8;
    plan.cluster.nodes = (run.gpus + 7) / 8;
    plan.cluster.intraNode = findLinkPreset(hopper ? "nvlink4" : "nvlink3")->spec;
    plan.cluster.interNode = findLinkPreset(hopper ? "ib-400g" : "ib-200g")->spec;
    return plan;
}

// The evaluation's performance report, empty when the plan has none.
inline core::PerformanceReport performanceOf(const core::Plan& plan) {
    const core::Evaluation evaluation = core::evaluate(plan);
    if (!evaluation.performance) return {};
    return *evaluation.performance;
}

// Signed error of a prediction against a measurement, as a fraction of the measurement.
inline double relativeError(double predicted, double measured) {
    return (predicted - measured) / measured;
}

}  // namespace fourfold::test
