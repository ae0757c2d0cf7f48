// SPDX-License-Identifier: MIT
// Runs made from known parameters: plans of several shapes and layouts on one to eight nodes of
// H100s, in BF16 and FP8, each "measured" as the model predicts it under a known profile, times
// 1 + a deterministic noise. The calibration tests fit them back; bench_calibrate times it.
#pragma once

#include "core/calibrate/runs_file.h"
#include "core/memory/memory_estimate.h"
#include "core/model/model.h"
#include "core/performance/performance.h"
#include "core/plan/calibration_profile.h"
#include "core/plan/catalog.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace fourfold::test {

// The profile the synthetic runs are measured under.
inline core::CalibrationProfile syntheticTruth() {
    core::CalibrationProfile truth;
    truth.gpu = "h100-sxm-80gb";
    truth.efficiency.gemm = 0.62;
    truth.efficiency.gemmFp8 = 0.50;
    truth.efficiency.flashAttention = 0.38;
    truth.interNode = core::LinkSpec{"ib-400g", 38.0, 14.0};
    truth.overlapContention = 0.35;
    truth.frameworkBytes = 2'600'000'000;
    truth.fragmentation = 0.09;
    return truth;
}

// A noise in [−amplitude, amplitude] for run `index`, the same on every machine.
inline double syntheticNoise(std::size_t index, double amplitude) {
    std::uint32_t state = 2463534242u + static_cast<std::uint32_t>(index) * 2654435761u;
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return amplitude * (2.0 * (state % 10001u) / 10000.0 - 1.0);
}

struct SyntheticLayout {
    const char* model;
    int nodes, tp, pp, cp, virtualStages, microBatch, globalBatch;
    core::Precision precision;
    int zeroStage;
};

// Thirty layouts: every model on one node and on several, TP inside a node, PP across nodes.
inline std::vector<SyntheticLayout> syntheticLayouts() {
    using core::Precision;
    return {
        {"llama2-7b", 1, 1, 1, 1, 1, 1, 64, Precision::Bf16, 1},
        {"llama2-7b", 1, 2, 1, 1, 1, 2, 64, Precision::Fp8, 1},
        {"llama2-7b", 2, 1, 1, 1, 1, 1, 128, Precision::Bf16, 1},
        {"llama2-7b", 4, 2, 1, 1, 1, 2, 256, Precision::Fp8, 1},
        {"llama2-7b", 8, 1, 2, 1, 1, 1, 256, Precision::Bf16, 1},
        {"llama2-13b", 1, 2, 1, 1, 1, 1, 64, Precision::Bf16, 1},
        {"llama2-13b", 2, 4, 1, 1, 1, 1, 64, Precision::Fp8, 1},
        {"llama2-13b", 2, 1, 4, 1, 5, 1, 64, Precision::Bf16, 1},
        {"llama2-13b", 4, 2, 2, 1, 1, 2, 128, Precision::Fp8, 1},
        {"llama2-13b", 8, 2, 4, 1, 2, 1, 256, Precision::Bf16, 1},
        {"llama3-8b", 1, 1, 1, 2, 1, 1, 64, Precision::Bf16, 1},
        {"llama3-8b", 1, 2, 1, 1, 1, 1, 64, Precision::Fp8, 1},
        {"llama3-8b", 2, 1, 1, 1, 1, 1, 128, Precision::Bf16, 3},
        {"llama3-8b", 4, 2, 2, 1, 1, 1, 128, Precision::Fp8, 1},
        {"llama3-8b", 8, 1, 1, 2, 1, 1, 256, Precision::Bf16, 1},
        {"llama2-70b", 2, 8, 2, 1, 1, 1, 32, Precision::Bf16, 1},
        {"llama2-70b", 4, 8, 4, 1, 1, 1, 64, Precision::Fp8, 1},
        {"llama2-70b", 4, 4, 4, 1, 5, 1, 64, Precision::Bf16, 1},
        {"llama2-70b", 8, 8, 4, 1, 1, 1, 128, Precision::Fp8, 1},
        {"llama2-70b", 8, 4, 8, 1, 2, 1, 64, Precision::Bf16, 1},
        {"gpt3-6.7b", 1, 1, 1, 1, 1, 2, 64, Precision::Bf16, 1},
        {"gpt3-6.7b", 1, 4, 1, 1, 1, 4, 64, Precision::Fp8, 1},
        {"gpt3-6.7b", 2, 2, 1, 1, 1, 2, 128, Precision::Bf16, 1},
        {"gpt3-6.7b", 4, 1, 2, 1, 1, 1, 128, Precision::Fp8, 1},
        {"gpt3-6.7b", 8, 2, 2, 1, 1, 2, 256, Precision::Bf16, 1},
        {"gpt3-13b", 1, 4, 1, 1, 1, 1, 32, Precision::Bf16, 1},
        {"gpt3-13b", 2, 4, 2, 1, 1, 1, 64, Precision::Fp8, 1},
        {"gpt3-13b", 4, 2, 4, 1, 5, 1, 64, Precision::Bf16, 1},
        {"gpt3-13b", 8, 4, 2, 1, 1, 1, 128, Precision::Fp8, 1},
        {"gpt3-13b", 8, 8, 1, 1, 1, 2, 256, Precision::Bf16, 1},
    };
}

inline core::Plan syntheticPlan(const SyntheticLayout& layout) {
    core::Plan plan = core::defaultPlan();
    plan.model = core::findModelPreset(layout.model)->spec;
    plan.model.preset = layout.model;
    plan.training.precision = layout.precision;
    plan.training.microBatch = layout.microBatch;
    plan.cluster.nodes = layout.nodes;
    plan.parallel.tp = layout.tp;
    plan.parallel.pp = layout.pp;
    plan.parallel.cp = layout.cp;
    plan.parallel.virtualStages = layout.virtualStages;
    plan.parallel.schedule = layout.virtualStages > 1 ? core::ScheduleKind::Interleaved1F1B
                                                      : core::ScheduleKind::OneFOneB;
    plan.parallel.sequenceParallel = layout.tp > 1;
    plan.parallel.zeroStage = layout.zeroStage;
    plan.parallel.dp =
        layout.nodes * plan.cluster.gpusPerNode / (layout.tp * layout.pp * layout.cp);
    plan.training.gradAccumulation = layout.globalBatch / (layout.microBatch * plan.parallel.dp);
    plan.name = std::string(layout.model) + " on " + std::to_string(layout.nodes) + " nodes, TP " +
                std::to_string(layout.tp) + " PP " + std::to_string(layout.pp);
    return plan;
}

// The runs, the first `count` layouts, measured under `truth` with noise of ±`noise`: step
// times, and the peak of the fullest stage.
inline std::vector<core::CalibrationRun> syntheticRuns(const core::CalibrationProfile& truth,
                                                       double noise, std::size_t count = 30) {
    std::vector<core::CalibrationRun> runs;
    const std::vector<SyntheticLayout> layouts = syntheticLayouts();
    for (std::size_t i = 0; i < std::min(count, layouts.size()); ++i) {
        core::CalibrationRun run;
        run.pointer = "/runs/" + std::to_string(i);
        run.source = "synthetic";
        run.plan = syntheticPlan(layouts[i]);
        const core::Plan measured = core::applyProfile(run.plan, truth);
        const double step = core::predictPerformance(measured).stepTimeS;
        run.measured.stepTimeS = step * (1 + syntheticNoise(i, noise));
        const core::MemoryReport memory =
            core::detail::estimateStages(measured, core::analyzeModel(measured), false);
        run.measured.peakBytes = static_cast<std::uint64_t>(static_cast<double>(memory.peakBytes) *
                                                            (1 + syntheticNoise(i + 100, noise)));
        run.plan.measured = run.measured;
        runs.push_back(std::move(run));
    }
    return runs;
}

}  // namespace fourfold::test
