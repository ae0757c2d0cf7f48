// SPDX-License-Identifier: MIT
// The reference conventions: the same inputs counted the way a published estimator counts
// them, so the figures equal that reference's own numbers (memory_conventions.cpp,
// memory_deepspeed.cpp, memory_megatron.cpp).
// - ZeRO paper (Rajbhandari et al. 2020, §3.1 and Fig. 1): (2 + 2 + K)Ψ, K = 12, per stage.
// - DeepSpeed: estimate_zero2_model_states_mem_needs / estimate_zero3_model_states_mem_needs
//   (deepspeed/runtime/zero/stage_1_and_2.py and stage3.py), additional_buffer_factor 1.5.
// - Megatron-LM: megatron/training/theoretical_memory_usage.py (18 or 6 + 12/dp bytes per
//   parameter; Korthikanti et al. 2022 activations for the first pipeline stage).
#pragma once

#include "core/memory/memory_common.h"

#include <string>

namespace fourfold::core::detail {

// Each fills the stage's items; categories the reference leaves out are 0 with a note.
void zeroPaperStage(const MemoryInputs& in, const StageShare& share, StageMemory& stage);
// Returns DeepSpeed's "per CPU" host memory (per node) for this stage.
[[nodiscard]] double deepSpeedStage(const MemoryInputs& in, const StageShare& share,
                                    StageMemory& stage);
void megatronStage(const MemoryInputs& in, const StageParameters& parameters, int inFlight,
                   StageMemory& stage);

// Megatron-LM's own parameter count of the model (no biases, no learned positions).
[[nodiscard]] double megatronParameterCount(const ModelSpec& spec);

// The categories a reference does not count (all but the model states): 0, with a note naming
// the reference.
void leaveOut(bool explain, StageMemory& stage, const std::string& reference);

}  // namespace fourfold::core::detail
