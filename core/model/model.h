// SPDX-License-Identifier: MIT
// Model arithmetic from the shape: parameter counts per layer and per pipeline stage, and FLOPs.
// Counts are whole-model (unsharded); memory.h divides them by TP/EP/ZeRO.
// Sources: Narayanan et al. 2021 (Megatron-LM, eq. 2–3 for FLOPs); Llama/GPT-3 papers for shapes.
#pragma once

#include "core/model/pipeline_layout.h"
#include "core/plan/plan.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fourfold::core {

// Parameters of one transformer layer by part (whole layer, before any parallel split).
struct LayerParameters {
    std::uint64_t attention = 0;  // q, k, v, o projections (+ biases where the family has them)
    std::uint64_t mlp = 0;        // dense MLP, or all experts of an MoE layer
    std::uint64_t router = 0;     // MoE gate
    std::uint64_t norms = 0;
    std::uint64_t total = 0;

    bool operator==(const LayerParameters&) const = default;
};

// What one pipeline stage holds (every rank of the stage holds the same, before TP/EP splits).
struct StageParameters {
    int stage = 0;
    int firstLayer = 0;  // index of the first transformer layer on the stage (its first chunk)
    int layerCount = 0;
    bool hasEmbedding = false;
    bool hasHead = false;  // final norm + LM head (a tied embedding copy when pp > 1)
    std::uint64_t parameters = 0;
    double forwardFlopsPerMicroBatch = 0;  // whole stage, whole micro-batch, before TP split

    bool operator==(const StageParameters&) const = default;
};

struct ModelReport {
    std::uint64_t parameters = 0;       // the count model-state memory uses
    std::uint64_t shapeParameters = 0;  // what the shape itself counts to
    double flopsPerToken = 0;           // forward + backward, model FLOPs (no recompute, no MTP)
    LayerParameters layer;
    std::uint64_t embedding = 0;
    std::uint64_t head = 0;  // final norm + LM head (0 for the head matrix when tied)
    std::vector<StageParameters> stages;
    PipelineLayout layout;               // layers, embedding and loss per model chunk
    std::string formula;                 // "P = 32 × 202.4M + 2 × 131.1M = 6.74B"
    std::uint64_t finalNorm = 0;         // part of head
    std::uint64_t tiedHeadCopy = 0;      // vocab × hidden copy the last stage keeps (tied, pp > 1)
    std::uint64_t activeParameters = 0;  // what one token passes through (top-k experts)
    std::uint64_t largestModule = 0;     // largest single module (DeepSpeed's largest layer)
    double forwardFlopsPerToken = 0;     // flopsPerToken / 3
    double scale = 1;                    // parameters / shapeParameters (a given count)
    // DeepSeek-V3 multi-token-prediction modules: trained beside the model and held by the
    // last stage, but outside `parameters` (the papers' totals leave them out too).
    std::uint64_t mtpParameters = 0;
    double mtpForwardFlopsPerToken = 0;

    bool operator==(const ModelReport&) const = default;
};

// Expects a plan whose /model and pp pass validation.
[[nodiscard]] ModelReport analyzeModel(const Plan& plan);

}  // namespace fourfold::core
