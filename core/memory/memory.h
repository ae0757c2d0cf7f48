// SPDX-License-Identifier: MIT
// Memory per GPU, per pipeline stage, by category (core/memory/memory_category.h), each figure
// with its formula.
// Sources: ZeRO (Rajbhandari et al. 2020, §3 and Fig. 1); Korthikanti et al. 2022 (activations,
// Table 2); Megatron-LM theoretical memory; DeepSpeed ZeRO-2/3 estimators.
#pragma once

#include "core/memory/memory_category.h"
#include "core/model/model.h"
#include "core/plan/plan.h"
#include "core/text/coded_text.h"
#include "core/text/explained.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace fourfold::core {

struct MemoryItem {
    std::uint64_t bytes = 0;
    ExplainedFigure explain;  // value == bytes; empty when estimated without explanations

    bool operator==(const MemoryItem&) const = default;
};

struct StageMemory {
    int stage = 0;
    std::uint64_t parameters = 0;  // parameters one GPU of this stage holds (after TP/EP)
    int inFlightMicroBatches = 0;  // from inFlightActivationSets (schedule.h)
    std::array<MemoryItem, kMemoryCategoryCount> items;  // index = MemoryCategory
    std::uint64_t totalBytes = 0;
    bool fits = true;
    // Weights + master weights + gradients + optimizer states (ZeRO's "model states",
    // Rajbhandari et al. 2020 §3), and that sum over `parameters` (16 for mixed-precision Adam
    // without sharding); 0 bytes per parameter when the stage holds none.
    std::uint64_t modelStateBytes = 0;
    double bytesPerParameter = 0;
    // Activation bytes of one (micro-batch, chunk) set: the activations category shared evenly
    // over the inFlightMicroBatches sets the stage holds at its peak, so in-flight × this is the
    // category (to the byte when it divides). 0 when the stage holds no set.
    std::uint64_t activationBytesPerMicroBatch = 0;
    std::uint64_t bytesOverUsable = 0;  // totalBytes − usable when the stage does not fit

    bool operator==(const StageMemory&) const = default;
};

// One obvious change re-evaluated in full ("ZeRO stage 2", "full recompute", ...). Only
// changes that validation accepts and that change the memory are offered.
struct WhatIf {
    std::string change;  // "tensor parallel 1 → 2 (dp 8 → 4)"
    // The same change as a code ("what_if.tensor_parallel") and the numbers it quotes, which
    // renderCodedText() writes in any language; its English rendering is `change`.
    CodedText changeText;
    std::string patch;           // JSON merge patch giving exactly the plan evaluated
    std::int64_t worldSize = 0;  // GPUs the changed plan uses
    std::uint64_t peakBytes = 0;
    std::int64_t savedBytes = 0;  // peak before − peak after
    bool fits = false;
    bool modelled = true;  // false: the convention cannot represent this change (peak unchanged)
    double stepTimeS = 0;  // the step the changed plan takes (performance model; 0: unknown)

    bool operator==(const WhatIf&) const = default;
};

struct MemoryReport {
    std::uint64_t capacityBytes = 0;
    std::uint64_t usableBytes = 0;  // capacity × (1 − safety margin)
    std::uint64_t peakBytes = 0;    // largest stage total
    bool fits = true;
    std::vector<StageMemory> stages;
    std::uint64_t hostBytesPerNode = 0;  // offloaded state in CPU memory
    std::vector<WhatIf> whatIfs;         // only when the plan does not fit
    int largestFittingMicroBatch = 0;    // 0: none fits (meaningless when !countsActivations)
    bool largestFittingMicroBatchAtLeast = false;  // the search stopped at its limit
    bool countsActivations = true;  // false under conventions that count model state only
    // The change to the largest fitting micro-batch (accumulation kept), when it differs from
    // the plan's: its merge patch and the peak it gives. Empty patch: nothing to offer.
    std::string largestFittingMicroBatchPatch;
    std::uint64_t largestFittingMicroBatchPeakBytes = 0;
    std::uint64_t nvmeBytesPerNode = 0;  // offloaded state on NVMe
    std::uint64_t hostBytesPerGpu = 0;   // offloaded state in CPU memory, per GPU
    // The figure that passed 2^64 bytes ("stage 0 total"); empty when every figure is exact.
    // Such a report does not fit and its figures are clamped: evaluate() reports an error.
    std::string overflow;

    bool operator==(const MemoryReport&) const = default;
};

// Expects a plan that passes validation for /model, /training, /parallel and /memory. The
// report lists no what-ifs: estimateMemoryWithWhatIfs (core/advice/what_ifs.h) adds them.
[[nodiscard]] MemoryReport estimateMemory(const Plan& plan, const ModelReport& model);

}  // namespace fourfold::core
