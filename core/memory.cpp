// SPDX-License-Identifier: MIT
#include "core/memory.h"

namespace fourfold::core {

std::string_view categoryKey(MemoryCategory category) {
    switch (category) {
        case MemoryCategory::Weights:
            return "weights";
        case MemoryCategory::MasterWeights:
            return "master_weights";
        case MemoryCategory::Gradients:
            return "gradients";
        case MemoryCategory::OptimizerStates:
            return "optimizer_states";
        case MemoryCategory::Activations:
            return "activations";
        case MemoryCategory::CommBuffers:
            return "comm_buffers";
        case MemoryCategory::Framework:
            return "framework";
        case MemoryCategory::Fragmentation:
            return "fragmentation";
    }
    return "weights";
}

MemoryReport estimateMemory(const Plan& /*plan*/, const ModelReport& /*model*/) {
    return {};  // placeholder
}

}  // namespace fourfold::core
