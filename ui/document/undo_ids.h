// SPDX-License-Identifier: GPL-3.0-or-later
// The plan fields an edit can change, one id each: consecutive edits of the same field within
// one gesture (one slider drag) merge into one undo step (QUndoCommand::id / mergeWith).
#pragma once

#include "core/topology/parallel_axis.h"

namespace fourfold::ui {

enum class EditField {
    None = 0,  // never merges (presets, whole-plan changes, file operations)
    Name,
    ModelPreset,
    ModelSize,
    Layers,
    Hidden,
    Heads,
    KvHeads,
    FfnHidden,
    Vocab,
    Sequence,
    MlpKind,
    TiedEmbeddings,
    Experts,
    TopK,
    Precision,
    MasterWeights,
    GradDtype,
    Optimizer,
    MicroBatch,
    GradAccumulation,
    GlobalBatch,
    Recompute,
    FlashAttention,
    FineTune,
    LoraRank,
    BasePrecision,
    PagedOptimizer,
    ActivationOffload,
    LossChunks,
    SequenceParallel,
    ZeroStage,
    Offload,
    RankOrder,
    Schedule,
    Gpu,
    GpusPerNode,
    Nodes,
    IntraNodeLink,
    InterNodeLink,
    Convention,
    Fragmentation,
    SafetyMargin,
    FrameworkBytes,
    CommBuffers,
    MeasuredPeak,
    MeasuredStepTime,
    MeasuredThroughput,
    // One id per parallel axis follows: see editField(core::ParallelAxis).
    FirstParallelAxis = 1000,
};

// The id of a parallel degree's edits (DP, TP, PP, CP, EP, virtual stages, sharding group):
// one per row of core::kParallelAxes, so a new axis needs no entry here.
[[nodiscard]] constexpr EditField editField(core::ParallelAxis axis) {
    return static_cast<EditField>(static_cast<int>(EditField::FirstParallelAxis) +
                                  static_cast<int>(axis));
}

}  // namespace fourfold::ui
