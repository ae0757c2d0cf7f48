// SPDX-License-Identifier: MIT
// Plans the search's tests and benchmark share: GPT-3 175B on 1,024 A100s, the layout space
// bench_search times and the performance references rank, and a small model on 8 GPUs whose
// space is searched in well under a second; and the large plans the views are checked and
// timed with.
#pragma once

#include "core/plan/catalog.h"
#include "core/plan/plan.h"

namespace fourfold::test {

// Brown et al. 2020's GPT-3 175B (global batch 1,536 of 2,048 tokens) on 128 DGX A100 nodes,
// in the layout of Narayanan et al. 2021 (TP 8 × PP 16 × DP 8).
inline core::Plan gpt3OnA100s() {
    core::Plan plan = core::defaultPlan();
    plan.name = "GPT-3 175B on 1,024 A100";
    plan.model = core::findModelPreset("gpt3-175b")->spec;
    plan.cluster.gpu = core::findGpuPreset("a100-sxm-80gb")->spec;
    plan.cluster.gpusPerNode = 8;
    plan.cluster.nodes = 128;
    plan.cluster.intraNode = core::findLinkPreset("nvlink3")->spec;
    plan.cluster.interNode = core::findLinkPreset("ib-200g")->spec;
    plan.training.globalBatch = 1536;
    plan.training.microBatch = 1;
    plan.parallel.tp = 8;
    plan.parallel.pp = 16;
    plan.parallel.dp = 8;
    plan.training.gradAccumulation = 192;
    return plan;
}

// GPT-3 175B on 1,024 GPUs of the default cluster (TP 8 × PP 16 × DP 8, ZeRO-1, 32
// micro-batches): the large plan the views are checked with.
inline core::Plan gpt3OnDefaultCluster() {
    core::Plan plan = core::defaultPlan();
    plan.name = "GPT-3 175B on 1,024 GPUs";
    plan.model = core::findModelPreset("gpt3-175b")->spec;
    plan.training.gradAccumulation = 32;
    plan.parallel.tp = 8;
    plan.parallel.pp = 16;
    plan.parallel.dp = 8;
    plan.parallel.zeroStage = 1;
    plan.cluster.nodes = 128;
    return plan;
}

// A 405B-class model on 16,384 GPUs in 64 pipeline stages (TP 8 × PP 64 × DP 32): large enough
// to be evaluated off the GUI thread, and 64 Gantt rows and memory stages.
inline core::Plan sixtyFourStagesOn16kGpus() {
    core::Plan plan = core::defaultPlan();
    plan.name = "16,384 GPUs, 64 stages";
    plan.model.layers = 128;
    plan.model.hidden = 16384;
    plan.model.heads = 128;
    plan.model.kvHeads = 8;
    plan.model.ffnHidden = 53248;
    plan.model.vocab = 128256;
    plan.model.sequence = 8192;
    plan.training.gradAccumulation = 128;
    plan.parallel.tp = 8;
    plan.parallel.pp = 64;
    plan.parallel.dp = 32;
    plan.parallel.zeroStage = 1;
    plan.cluster.nodes = 2048;
    return plan;
}

// A 4-layer model on 8 GPUs: a few thousand layouts.
inline core::Plan smallSearchPlan() {
    core::Plan plan = core::defaultPlan();
    plan.name = "small";
    plan.model.layers = 4;
    plan.model.hidden = 1024;
    plan.model.heads = 8;
    plan.model.kvHeads = 8;
    plan.model.ffnHidden = 4096;
    plan.model.vocab = 32000;
    plan.model.sequence = 1024;
    plan.parallel = {};
    plan.parallel.dp = 8;
    plan.training.microBatch = 1;
    plan.training.gradAccumulation = 2;
    plan.training.globalBatch = 16;
    return plan;
}

}  // namespace fourfold::test
