// SPDX-License-Identifier: MIT
// Memory per GPU, per pipeline stage, by category, each figure with its formula.
// Sources: ZeRO (Rajbhandari et al. 2020, §3 and Fig. 1); Korthikanti et al. 2022 (activations,
// Table 2); Megatron-LM theoretical memory; DeepSpeed ZeRO-2/3 estimators.
#pragma once

#include "core/explained.h"
#include "core/model.h"
#include "core/plan.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace fourfold::core {

enum class MemoryCategory {
    Weights,
    MasterWeights,
    Gradients,
    OptimizerStates,
    Activations,
    CommBuffers,
    Framework,
    Fragmentation,
};
inline constexpr int kMemoryCategoryCount = 8;

// PLAN_FORMAT.md's key for a category ("optimizer_states").
[[nodiscard]] std::string_view categoryKey(MemoryCategory category);

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

    bool operator==(const StageMemory&) const = default;
};

// One obvious change re-evaluated in full ("ZeRO stage 2", "full recompute", ...).
struct WhatIf {
    std::string change;
    std::uint64_t peakBytes = 0;
    std::int64_t savedBytes = 0;  // peak before − peak after
    bool fits = false;

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
    int largestFittingMicroBatch = 0;    // 0: none fits
    std::uint64_t nvmeBytesPerNode = 0;  // offloaded state on NVMe
    std::uint64_t hostBytesPerGpu = 0;   // offloaded state in CPU memory, per GPU

    bool operator==(const MemoryReport&) const = default;
};

// Expects a plan that passes validation for /model, /training, /parallel and /memory.
[[nodiscard]] MemoryReport estimateMemory(const Plan& plan, const ModelReport& model);

}  // namespace fourfold::core
