// SPDX-License-Identifier: MIT
// Published runs for calibration: NVIDIA NeMo's performance summary for the NeMo 24.07 container
// on DGX-H100, FP8 pre-training, every row of its table ("Performance Benchmarks", "Pretraining",
// https://github.com/NVIDIA/NeMo/blob/070a0bb168d405d653b9734c0017cf5078e77c0d/docs/source/
// performance/performance_summary.md).
// Columns as the table gives them: GPUs, global batch, micro-batch, sequence, TP, PP, CP, VP and
// the measured tokens/s per GPU (the model TFLOP/s per GPU beside it, counted NeMo's way).
// Shapes: the presets where the model is one (GPT-3 175B, Llama 2 and Llama 3), else NeMo's own
// configs (nemo/collections/llm/gpt/model: GPTConfig5B and 20B, Nemotron3Config8B and 22B,
// Nemotron4Config340B; vocabulary 50,304 for GPT-3, 256,000 for Nemotron; squared-ReLU is a
// two-matrix MLP like GELU). The runs as NeMo's recipes of the time set them: sequence parallel
// with TP, TP communication overlapped with the GEMMs (ub_tp_comm_overlap), the distributed
// optimizer (ZeRO-1) with gradient and parameter overlap, gradients reduced in bf16, fused
// attention, no recompute, 8 GPUs per node on NVLink 4 and 8 × 400 Gb/s InfiniBand.
#pragma once

#include "core/calibrate/runs_file.h"
#include "core/plan/catalog.h"

#include <string>
#include <vector>

namespace fourfold::test {

struct NemoRow {
    const char* name;
    const char* preset;  // "" for a shape of its own
    int layers, hidden, heads, kvHeads, ffnHidden, vocab;
    int gpus, globalBatch, microBatch, sequence, tp, pp, cp, vp;
    double tokensPerSPerGpu;
    double modelTflopsPerGpu;
};

// clang-format off
inline constexpr NemoRow kNemoH100Fp8[] = {
    {"GPT3-5B",       "",           24,  4096, 32, 32, 16384,  50304,   64, 2048, 4, 2048, 1, 1, 1, 1,  22521, 736},
    {"GPT3-20B",      "",           44,  6144, 48, 48, 24576,  50304,   64,  256, 2, 2048, 2, 1, 1, 1,   5851, 750},
    {"GPT3-175B-128", "gpt3-175b",   0,     0,  0,  0,     0,      0,  128,  256, 1, 2048, 4, 8, 1, 6,    726, 782},
    {"GPT3-175B-512", "gpt3-175b",   0,     0,  0,  0,     0,      0,  512, 2048, 2, 2048, 4, 8, 1, 6,    782, 842},
    {"LLAMA2-7B",     "llama2-7b",   0,     0,  0,  0,     0,      0,    8,  128, 1, 4096, 1, 1, 1, 1,  16847, 776},
    {"LLAMA2-13B",    "llama2-13b",  0,     0,  0,  0,     0,      0,   16,  128, 1, 4096, 1, 4, 1, 10,  8646, 754},
    {"LLAMA2-70B",    "llama2-70b",  0,     0,  0,  0,     0,      0,   64,  128, 1, 4096, 4, 4, 1, 20,  1707, 759},
    {"Nemotron-8B",   "",           32,  4096, 32, 32, 16384, 256000,   64,  256, 4, 4096, 2, 1, 1, 1,  12701, 653},
    {"Nemotron-22B",  "",           40,  6144, 48, 48, 24576, 256000,   64,  256, 2, 4096, 2, 4, 1, 10,  4256, 554},
    {"Nemotron-340B", "",           96, 18432, 96,  8, 73728, 256000,  128,   32, 1, 4096, 8, 8, 1, 12,   322, 678},
    {"LLAMA3-8B",     "llama3-8b",   0,     0,  0,  0,     0,      0,    8,  128, 1, 8192, 1, 1, 2, 1,  12036, 697},
    {"LLAMA3-70B",    "llama3-70b",  0,     0,  0,  0,     0,      0,   64,  128, 1, 8192, 4, 4, 2, 5,   1533, 738},
};
// clang-format on

// The rows calibration is fitted on, chosen before any fit by size alone: the smallest Llama
// (8 GPUs), a 64-GPU Llama and the 128-GPU GPT-3 (TP, PP and interleaving, several nodes).
inline const char* const kNemoFitRows[] = {"LLAMA2-7B", "LLAMA2-70B", "GPT3-175B-128"};

inline core::Plan nemoPlan(const NemoRow& row) {
    core::Plan plan = core::defaultPlan();
    plan.name = row.name;
    if (row.preset[0] != '\0') {
        plan.model = core::findModelPreset(row.preset)->spec;
        plan.model.preset = row.preset;
    } else {
        plan.model.preset.clear();
        plan.model.layers = row.layers;
        plan.model.hidden = row.hidden;
        plan.model.heads = row.heads;
        plan.model.kvHeads = row.kvHeads;
        plan.model.ffnHidden = row.ffnHidden;
        plan.model.vocab = row.vocab;
        plan.model.mlp = core::MlpKind::Gelu;
    }
    plan.model.sequence = row.sequence;
    plan.training.precision = core::Precision::Fp8;
    plan.training.gradDtype = core::Precision::Bf16;
    plan.training.microBatch = row.microBatch;
    plan.parallel.tp = row.tp;
    plan.parallel.pp = row.pp;
    plan.parallel.cp = row.cp;
    plan.parallel.dp = row.gpus / (row.tp * row.pp * row.cp);
    plan.training.gradAccumulation = row.globalBatch / (row.microBatch * plan.parallel.dp);
    plan.parallel.virtualStages = row.vp;
    plan.parallel.schedule =
        row.vp > 1 ? core::ScheduleKind::Interleaved1F1B : core::ScheduleKind::OneFOneB;
    plan.parallel.sequenceParallel = row.tp > 1;
    plan.parallel.zeroStage = 1;
    plan.performance.overlapTpComm = row.tp > 1;
    plan.cluster.gpu = core::findGpuPreset("h100-sxm-80gb")->spec;
    plan.cluster.gpusPerNode = 8;
    plan.cluster.nodes = row.gpus / 8;
    plan.cluster.intraNode = core::findLinkPreset("nvlink4")->spec;
    plan.cluster.interNode = core::findLinkPreset("ib-400g")->spec;
    return plan;
}

inline core::CalibrationRun nemoRun(const NemoRow& row, std::size_t index) {
    core::CalibrationRun run;
    run.pointer = "/runs/" + std::to_string(index);
    run.source = "NeMo 24.07 performance summary, DGX-H100 FP8";
    run.plan = nemoPlan(row);
    run.measured.tokensPerSPerGpu = row.tokensPerSPerGpu;
    run.plan.measured = run.measured;
    return run;
}

}  // namespace fourfold::test
