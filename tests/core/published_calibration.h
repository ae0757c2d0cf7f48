// SPDX-License-Identifier: MIT
// Published runs (tests/core/published_runs.h) as calibration runs: NVIDIA NeMo's 24.07
// DGX-H100 FP8 pre-training table, one source on one GPU generation. The dataset gives each row's
// shape, GPUs, batch and layout; what the page leaves out is taken as NeMo's recipes of the time
// set it: sequence parallel with TP, TP communication overlapped with the GEMMs
// (ub_tp_comm_overlap), the distributed optimizer (ZeRO-1), gradients reduced in bf16, no
// recompute, eight GPUs a node on NVLink 4 and 8 × 400 Gb/s InfiniBand. Squared ReLU
// (Nemotron) has GELU's two matrices.
#pragma once

#include "tests/core/published_runs.h"

#include "core/calibrate/runs_file.h"
#include "core/plan/catalog.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace fourfold::test {

inline const auto& kNemoRuns = published::kNemo2407DgxH100Fp8;

// The three rows calibration is fitted on, chosen by size before any fit: the smallest Llama
// (8 GPUs, one node), the dataset's calibration row (Llama 2 70B, 64 GPUs, TP × interleaved PP)
// and the 128-GPU GPT-3 (another family, 16 nodes).
inline const char* const kNemoFitIds[] = {"nemo2407-llama2-7b-8gpu", "nemo2407-llama2-70b-64gpu",
                                          "nemo2407-gpt3-175b-128gpu"};

inline bool isNemoFitRow(const published::PublishedRun& run) {
    return std::any_of(std::begin(kNemoFitIds), std::end(kNemoFitIds),
                       [&](const char* id) { return std::strcmp(id, run.id) == 0; });
}

inline core::Plan nemoPlan(const published::PublishedRun& run) {
    const published::Shape& shape = run.shape;
    const published::Layout& layout = run.layout;
    core::Plan plan = core::defaultPlan();
    plan.name = run.source.row;
    plan.model.preset.clear();
    plan.model.layers = shape.layers;
    plan.model.hidden = shape.hidden;
    plan.model.heads = shape.heads;
    plan.model.kvHeads = shape.kvHeads;
    plan.model.ffnHidden = shape.ffnHidden;
    plan.model.vocab = shape.vocab;
    plan.model.sequence = shape.sequence;
    plan.model.mlp =
        shape.mlp == published::Mlp::Swiglu ? core::MlpKind::Swiglu : core::MlpKind::Gelu;
    plan.model.tiedEmbeddings = shape.tiedEmbeddings == published::Known::Yes;
    plan.training.precision = core::Precision::Fp8;
    plan.training.gradDtype = core::Precision::Bf16;
    plan.training.microBatch = run.training.microBatch;
    plan.parallel.tp = layout.tp;
    plan.parallel.pp = layout.pp;
    plan.parallel.cp = layout.cp;
    plan.parallel.dp = layout.dp;
    plan.training.gradAccumulation =
        run.training.globalBatch / (run.training.microBatch * layout.dp);
    plan.parallel.virtualStages = std::max(1, layout.vp);
    plan.parallel.schedule =
        layout.vp > 1 ? core::ScheduleKind::Interleaved1F1B : core::ScheduleKind::OneFOneB;
    plan.parallel.sequenceParallel = layout.tp > 1;
    plan.parallel.zeroStage = 1;
    plan.performance.overlapTpComm = layout.tp > 1;
    plan.cluster.gpu = core::findGpuPreset(run.hardware.preset)->spec;
    plan.cluster.gpusPerNode = run.hardware.gpusPerNode;
    plan.cluster.nodes = run.hardware.gpus / run.hardware.gpusPerNode;
    plan.cluster.intraNode = core::findLinkPreset("nvlink4")->spec;
    plan.cluster.interNode = core::findLinkPreset("ib-400g")->spec;
    return plan;
}

inline core::CalibrationRun nemoRun(const published::PublishedRun& row, std::size_t index) {
    core::CalibrationRun run;
    run.pointer = "/runs/" + std::to_string(index);
    run.source = std::string(row.source.title) + ", " + row.source.row;
    run.plan = nemoPlan(row);
    run.measured.tokensPerSPerGpu = row.measured.tokensPerSPerGpu;
    run.plan.measured = run.measured;
    return run;
}

}  // namespace fourfold::test
