// SPDX-License-Identifier: MIT
// What a category's builder reads (core/memory/memory_category.h): the plan's derived inputs,
// the stage's parameters and the share one GPU holds, the activation sets the schedule keeps in
// flight, the four model states (placed together: ZeRO's sharding and offload decide them as
// one) and the stage's categories built so far.
#pragma once

#include "core/memory/detail/memory_state.h"
#include "core/memory/memory_common.h"

namespace fourfold::core::detail {

struct StageBuild {
    const MemoryInputs& in;
    const StageShare& share;
    const StageParameters& parameters;
    int inFlight = 0;
    const ModelStateBytes& state;
    const StageMemory& stage;  // the categories before the one being built are filled
};

}  // namespace fourfold::core::detail
