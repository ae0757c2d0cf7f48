// SPDX-License-Identifier: MIT
// Checkpoints and failures: what a checkpoint holds (model, optimizer, RNG, data cursor,
// parallel layout), how long writing it takes at the store's bandwidth, how often to write it
// (Young 1974 / Daly 2006: τ = √(2δM) − δ, with M the cluster's MTBF = per-GPU MTBF / GPUs),
// and the share of time left for useful work (goodput).
// Units: bytes as std::uint64_t, seconds as double.
#pragma once

#include "core/model/model.h"
#include "core/plan/plan.h"
#include "core/text/coded_text.h"

#include <cstdint>
#include <string>

namespace fourfold::core {

struct CheckpointContents {
    std::uint64_t model = 0;       // working weights in the training precision
    std::uint64_t optimizer = 0;   // fp32 master weights + optimizer states
    std::uint64_t rng = 0;         // CPU + CUDA generator states, per rank
    std::uint64_t dataCursor = 0;  // sampler position, per data-parallel replica
    std::uint64_t layout = 0;      // parallel layout, LR schedule, loss scale: per-rank metadata

    [[nodiscard]] std::uint64_t total() const {
        return model + optimizer + rng + dataCursor + layout;
    }
    bool operator==(const CheckpointContents&) const = default;
};

struct CheckpointReport {
    CheckpointContents contents;
    std::uint64_t bytes = 0;
    double writeS = 0;        // bytes / storage bandwidth
    double clusterMtbfS = 0;  // per-GPU MTBF / world size
    double intervalS = 0;     // Young/Daly optimum
    double goodput = 0;       // share of wall time doing useful steps
    double stepsPerInterval = 0;
    std::string intervalFormula;  // "τ = √(2 × 41 s × 3.1 h) − 41 s = 16.7 min"
    std::string goodputFormula;
    // The two formulas as codes and args (core/text/coded_text.h), to render in any language.
    CodedText intervalText;
    CodedText goodputText;

    bool operator==(const CheckpointReport&) const = default;
};

// `stepTimeS` (0 when unknown) rounds the interval to whole steps in stepsPerInterval.
[[nodiscard]] CheckpointReport analyzeCheckpoint(const Plan& plan, const ModelReport& model,
                                                 double stepTimeS);

// Young/Daly interval for write time δ and MTBF M (Daly 2006, first-order: √(2δM) − δ, and
// M when δ ≥ M/2).
[[nodiscard]] double youngDalyInterval(double writeS, double mtbfS);
// 1 − δ/τ − (τ/2 + R)/M, clamped to [0, 1]: time lost to writing and, per failure, half an
// interval of redone work plus the restart.
[[nodiscard]] double expectedGoodput(double intervalS, double writeS, double mtbfS,
                                     double restartS);

}  // namespace fourfold::core
