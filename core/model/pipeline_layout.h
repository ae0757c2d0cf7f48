// SPDX-License-Identifier: MIT
// Which transformer layers, and where the embedding and the loss, each pipeline chunk holds.
// A plan places them as Megatron-LM does: an even split over pp × virtual_stages chunks (the
// first L mod (pp·v) chunks one layer more), first and last stage layer counts
// (--decoder-first/last-pipeline-num-layers), the embedding and loss counted as layers
// (--account-for-embedding/loss-in-pipeline-split), or an explicit layout string
// (--pipeline-model-parallel-layout, megatron/core/transformer/pipeline_parallel_layer_layout.py).
#pragma once

#include "core/plan/plan.h"

#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

// One model chunk: a virtual stage of one pipeline rank.
struct LayoutChunk {
    int layers = 0;
    bool embedding = false;
    bool loss = false;  // final norm, LM head and loss

    bool operator==(const LayoutChunk&) const = default;
};

// Chunks in model order: chunk c runs on pipeline rank c mod stages, as its virtual stage
// c / stages (Megatron-Core's interleaved order).
struct PipelineLayout {
    int stages = 1;
    int virtualStages = 1;
    std::vector<LayoutChunk> chunks;

    bool operator==(const PipelineLayout&) const = default;
};

// A layout string read: its chunks in model order, or the offset of the first character it
// cannot read. E embedding, L loss, t transformer layer, | ends a chunk, x*n and (...)*n
// repeat, commas are cosmetic.
struct ParsedLayout {
    std::vector<LayoutChunk> chunks;
    int embeddings = 0;
    int losses = 0;
    bool embeddingFirst = false;  // the first symbol is E
    bool lossLast = false;        // the last symbol is L
    int errorAt = -1;             // >= 0: the text is not a layout

    [[nodiscard]] int layers() const;
};

[[nodiscard]] ParsedLayout parseLayoutString(std::string_view text);
// A layout in Megatron-LM's syntax, runs of equal chunks folded ("Et|(tt|)*62,tL").
[[nodiscard]] std::string layoutString(const std::vector<LayoutChunk>& chunks);

// The plan's placement; a setting validation refuses falls back to the even split.
[[nodiscard]] PipelineLayout pipelineLayout(const Plan& plan);
// Layers each pipeline rank holds, summed over its chunks.
[[nodiscard]] std::vector<int> stageLayerCounts(const PipelineLayout& layout);
// Every chunk holds as many layers, the embedding sits on the first and the loss on the last:
// the schedule then gives every chunk of a rank an equal share of its time.
[[nodiscard]] bool hasEqualChunks(const PipelineLayout& layout);
// The plan sets one of the uneven-pipeline keys.
[[nodiscard]] bool setsPipelineSplit(const ParallelSpec& parallel);

}  // namespace fourfold::core
