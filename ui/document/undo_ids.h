// SPDX-License-Identifier: GPL-3.0-or-later
// The plan fields an edit can change, one id each: consecutive edits of the same field within
// one gesture (one slider drag) merge into one undo step (QUndoCommand::id / mergeWith).
#pragma once

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
    DataParallel,
    TensorParallel,
    PipelineParallel,
    ContextParallel,
    ExpertParallel,
    VirtualStages,
    SequenceParallel,
    ZeroStage,
    ShardingGroup,
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
};

}  // namespace fourfold::ui
