// SPDX-License-Identifier: MIT
// Memory of fine-tuning and of today's memory savers under the full accounting:
// - LoRA (Hu et al. 2021): the base frozen in training.base_precision, low-rank adapters A (r × in)
//   and B (out × r) beside the chosen linear layers, and the gradients, master weights and
//   optimizer states of the adapters alone;
// - QLoRA (Dettmers et al. 2023, §3): the base's linear weights in 4-bit NF4 with block-wise
//   constants (4 + 32/64 bits per weight, or 4 + 8/64 + 32/(64·256) = 4.127 with double
//   quantisation), the embeddings, head and norms in base_precision; a paged optimizer whose
//   states unified memory evicts to the host while the activations are held;
// - the stored tensors a frozen base no longer needs (docs/memory.md, "Fine-tuning");
// - activation offloading (Megatron-LM fine-grained activation offloading, torchtune / torchtitan
//   CPU offload of saved tensors): every layer's saved tensors but the two a GPU computes and
//   prefetches move to host memory;
// - chunked cross-entropy (Liger-Kernel's fused linear cross-entropy, Apple's Cut Cross-Entropy):
//   only one chunk's logits live at once.
// Units: bytes and parameter counts as doubles.
#pragma once

#include "core/memory/detail/memory_state.h"
#include "core/memory/memory_common.h"

#include <vector>

namespace fourfold::core::detail {

struct StageBuild;

// Whether the run trains adapters beside a frozen base (LoRA or QLoRA).
[[nodiscard]] bool trainsAdapters(const TrainingSpec& training);
// Bytes of one NF4 weight with its quantisation constants (QLoRA §3: 4 bits, plus 32/64 bits
// of fp32 absmax per 64-weight block, or 8/64 + 32/(64·256) bits with double quantisation).
[[nodiscard]] double nf4BytesPerParameter(bool doubleQuant);

// One linear layer LoRA may adapt: its input and output widths on one GPU, and whether TP
// splits its output (column-parallel: q, k, v, gate, up) or its input (row-parallel: o, down).
struct AdaptedLinear {
    unsigned target = 0;  // LoraTarget bit
    double in = 0;
    double out = 0;
    double copies = 1;         // on this GPU per layer (local experts; a mean over the layers)
    double tokensPerCopy = 1;  // tokens each copy sees, as a share of the micro-batch's
};

// Parameters of the adapters of one transformer layer on one GPU: r × (in + out) per targeted
// linear, TP splitting B of a column-parallel layer and A of a row-parallel one.
[[nodiscard]] double adapterParametersPerLayer(const Plan& plan);
// The targeted linears of one layer on one GPU (after the TP / EP splits).
[[nodiscard]] std::vector<AdaptedLinear> adaptedLinears(const Plan& plan);
// Parameters of the base's transformer-layer linears on one GPU of the stage (what QLoRA
// quantises; the embeddings, head, norms and router stay in base_precision).
[[nodiscard]] double quantisableParameters(const MemoryInputs& in, const StageShare& share,
                                           const StageParameters& stage);

// The four model states of one GPU of a stage, as modelStateBytes (memory_state.h) counts them
// for full training, and as fine-tuning and the paged optimizer change them; activations moved
// to host memory are added to the host bytes.
[[nodiscard]] ModelStateBytes fineTuneStateBytes(const MemoryInputs& in, const StageShare& share,
                                                 const StageParameters& stage, int inFlight);

// Stored bytes of one layer and one micro-batch that the frozen base no longer needs, less the
// adapters' own intermediates (x·A, r wide, per target); 0 under full training or recompute.
[[nodiscard]] double frozenBaseSavingPerLayer(const MemoryInputs& in);
// Bytes of layer activations this stage's GPUs hold in host memory under activation offloading
// (keptActivationsItem, memory_category.h, leaves the rest on the GPU).
[[nodiscard]] double offloadedActivationBytes(const StageBuild& build);
// Layer activations of one micro-batch that activation offloading moves to host memory (all
// layers of the stage but two), as the host link carries them each way.
[[nodiscard]] double offloadedActivationBytesPerMicroBatch(const Plan& plan,
                                                           const ModelReport& model,
                                                           const StageParameters& stage);

}  // namespace fourfold::core::detail
