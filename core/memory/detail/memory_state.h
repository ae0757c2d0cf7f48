// SPDX-License-Identifier: MIT
// Model state per GPU under the full accounting: weights, master weights, gradients and
// optimizer states, each split by TP/EP and sharded by the ZeRO stage, or moved off the GPU.
// Units: bytes. Sources: ZeRO (Rajbhandari et al. 2020, §5: P_os, P_g, P_p); ZeRO-Offload
// (Ren et al. 2021); ZeRO-Infinity (Rajbhandari et al. 2021); Adafactor (Shazeer & Stern 2018).
#pragma once

#include "core/memory/memory_common.h"

namespace fourfold::core::detail {

struct ModelStateBytes {
    MemoryItem weights;
    MemoryItem masterWeights;
    MemoryItem gradients;
    MemoryItem optimizerStates;
    double hostBytes = 0;  // per GPU, moved to CPU memory
    double nvmeBytes = 0;  // per GPU, moved to NVMe
};

// The four states of one GPU of a stage, placed together; the categories' builders
// (weightsItem, ... in core/memory/memory_category.h) hand out each one.
[[nodiscard]] ModelStateBytes modelStateBytes(const MemoryInputs& in, const StageShare& share);

}  // namespace fourfold::core::detail
