// SPDX-License-Identifier: MIT
// What every part of the memory estimate reads, derived once from the plan: parallel degrees,
// ZeRO sharding groups, bytes per element, and the parameters one GPU of a stage holds.
// Units: bytes and parameter counts as doubles here; the report stores integers.
// Sources: ZeRO (Rajbhandari et al. 2020) for the state sizes; Megatron-Core for the groups.
#pragma once

#include "core/memory/memory.h"
#include "core/model/model.h"
#include "core/plan/plan.h"

#include <string>

namespace fourfold::core::detail {

struct MemoryInputs {
    const Plan* plan = nullptr;
    const ModelReport* model = nullptr;
    int tp = 1, pp = 1, cp = 1, ep = 1, etp = 1, dp = 1, chunks = 1, microBatches = 1;
    double denseShards = 1;      // ZeRO group of dense parameters (dp × cp, or the sharding group)
    double expertShards = 1;     // ZeRO group of expert parameters (expert data parallel)
    double weightBytes = 2;      // per parameter, training precision
    double gradBytes = 4;        // per parameter, grad dtype
    double masterBytes = 0;      // 4 with fp32 master weights, else 0
    double activationBytes = 2;  // per stored activation element
    bool explain = true;         // false: figures only, no formula text (what-ifs, search)
};

// Parameters one GPU of a stage holds after the TP / EP splits (scaled to a given count).
struct StageShare {
    double tensorSplit = 0;    // attention, dense MLP, embedding, LM head: divided by tp
    double replicated = 0;     // norms, router, final norm: whole on every TP rank
    double expert = 0;         // expert MLPs: divided by ep × etp
    double layer = 0;          // one transformer layer (ZeRO-3 gathers this much at a time)
    double factoredState = 0;  // Adafactor's factored row + column elements
    [[nodiscard]] double dense() const { return tensorSplit + replicated; }
    [[nodiscard]] double total() const { return dense() + expert; }
};

[[nodiscard]] MemoryInputs memoryInputs(const Plan& plan, const ModelReport& model,
                                        bool explain = true);
[[nodiscard]] StageShare stageShare(const MemoryInputs& in, const StageParameters& stage);
[[nodiscard]] double precisionBytes(Precision precision);

// The byte rules every engine that counts training state shares (memory, step costs,
// checkpoints), one home each.
// The working weights: 2 B in 16-bit training, and in FP8 training too (Transformer Engine
// keeps 16-bit weights and casts per matmul); 4 B in fp32.
[[nodiscard]] double weightBytesPerParameter(Precision precision);
// The fp32 master copy of mixed-precision training (Micikevicius et al. 2018): 4 B when kept
// beside lower-precision weights, else 0.
[[nodiscard]] double masterBytesPerParameter(const TrainingSpec& training);
// A stored activation element: 4 B in fp32 training, else 2 B.
[[nodiscard]] double activationBytesPerElement(Precision precision);
// Whether the offload setting moves the optimizer state off the GPU (every setting but none).
[[nodiscard]] bool offloadsOptimizer(Offload offload);
// Whether it also moves the parameters (ZeRO-Infinity: to CPU memory or NVMe).
[[nodiscard]] bool offloadsParameters(Offload offload);
// Whether the parameters are off the GPU: parameter offload moves ZeRO-3's weight shards, so
// it needs ZeRO stage 3 (core/rules rejects it below).
[[nodiscard]] bool parametersOffloaded(const ParallelSpec& parallel);
// Optimizer state bytes per parameter (Adafactor: 0 here, it is counted per matrix).
[[nodiscard]] double optimizerBytesPerParameter(OptimizerKind kind);
[[nodiscard]] std::string optimizerName(OptimizerKind kind);

// An item of `bytes` explained by `figure` (its value set to the stored integer bytes).
[[nodiscard]] MemoryItem makeItem(double bytes, ExplainedFigure figure = {});
// A zero item that says why it is zero ("not counted by …"), without terms.
[[nodiscard]] MemoryItem zeroItem(bool explain, std::string note, std::string source = {});
[[nodiscard]] double itemBytes(const StageMemory& stage, MemoryCategory category);
[[nodiscard]] MemoryItem& categoryItem(StageMemory& stage, MemoryCategory category);

}  // namespace fourfold::core::detail
