// SPDX-License-Identifier: MIT
// Activations one GPU keeps for the backward pass: per layer per micro-batch, then per stage
// with the in-flight micro-batches the schedule holds.
// Units: bytes. Source: Korthikanti et al. 2022, eq. 1–2 and Table 2 (sbh(34 + 5as/h) and its
// TP, SP, selective and full-recompute forms), adapted for flash attention, GQA, SwiGLU, MoE
// and context parallelism as docs/memory.md explains.
#pragma once

#include "core/memory/memory_common.h"

namespace fourfold::core::detail {

struct LayerActivations {
    double bytes = 0;           // one layer, one micro-batch, one GPU
    double perTokenHidden = 0;  // bytes / (tokens × hidden): Korthikanti's bracket (34 + …)
    const char* note = "";      // what the figure assumes ("flash attention", ...)
};

[[nodiscard]] LayerActivations layerActivations(const MemoryInputs& in, Recompute recompute);

// activationsItem (core/memory/memory_category.h) is the stage's: all its activations with
// the (micro-batch, chunk) sets the schedule holds at once.

}  // namespace fourfold::core::detail
