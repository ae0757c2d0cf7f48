// SPDX-License-Identifier: MIT
// Published training runs the performance model is validated against, written out from the
// papers: Narayanan et al. 2021 ("Efficient Large-Scale Language Model Training on GPU Clusters
// Using Megatron-LM", SC'21) Table 1, and Korthikanti et al. 2022 ("Reducing Activation
// Recomputation in Large Transformer Models") Tables 3 and 5. Both ran GPT models (vocabulary
// 51,200, sequence 2048, ffn 4h) on Selene: DGX A100 80 GB nodes, NVLink 3 inside a node, eight
// 200 Gb/s HDR InfiniBand adapters per node.
#pragma once

#include "core/catalog.h"
#include "core/plan.h"

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

}  // namespace fourfold::test
